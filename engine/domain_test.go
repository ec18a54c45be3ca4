package engine

import (
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// refDomains is a copying reference for the store: a stack of snapshots.
type refDomains struct{ stack [][][]int64 }

func (r *refDomains) top() [][]int64 { return r.stack[len(r.stack)-1] }

func (r *refDomains) push() {
	cp := make([][]int64, len(r.top()))
	for i, d := range r.top() {
		cp[i] = slices.Clone(d)
	}
	r.stack = append(r.stack, cp)
}

func (r *refDomains) pop() { r.stack = r.stack[:len(r.stack)-1] }

// apply keeps the values of x for which keep holds, unless that leaves
// none, and reports whether it did.
func (r *refDomains) apply(x int, keep func(int64) bool) bool {
	var out []int64
	for _, v := range r.top()[x] {
		if keep(v) {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return false
	}
	r.top()[x] = out
	return true
}

func randomDomain(rng *rand.Rand) []int64 {
	lo := int64(rng.Intn(400) - 200)
	width := 1 + rng.Intn(200)
	if rng.Intn(8) == 0 {
		lo = math.MaxInt64 - int64(width) + 1 // near the edge of int64
	} else if rng.Intn(8) == 0 {
		lo = math.MinInt64
	}
	var vs []int64
	for o := 0; o < width; o++ {
		if o == 0 || o == width-1 || rng.Intn(3) > 0 {
			vs = append(vs, lo+int64(o))
		}
	}
	return vs
}

func TestStoreAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	defer func(b uint64) { bitsetSpan = b }(bitsetSpan)
	for round := 0; round < 300; round++ {
		// Every third round keeps the domains wide (domain_wide.go)
		// however small they are.
		bitsetSpan = []uint64{1 << 16, 64, 0}[round%3]
		var st store
		ref := &refDomains{stack: [][][]int64{nil}}
		n := 1 + rng.Intn(4)
		for k := 0; k < n; {
			// Now and then a run of variables with one domain, whose
			// words interleave when it is wider than a word.
			d, run := randomDomain(rng), 1+rng.Intn(n-k)
			st.addValues(d, run)
			for range run {
				ref.stack[0] = append(ref.stack[0], d)
			}
			k += run
		}
		st.magic = 1
		if round%7 == 0 {
			st.magic = math.MaxUint32 - 20 // exercise the stamp wrap-around
		}
		st.copying = round%2 == 1 // every other round copies instead of trailing
		for step := 0; step < 300; step++ {
			randomStoreOp(t, rng, &st, ref)
			for x := range n {
				compareDomain(t, &st, int32(x), ref.top()[x])
			}
		}
	}
}

func randomStoreOp(t *testing.T, rng *rand.Rand, st *store, ref *refDomains) {
	x := rng.Intn(len(st.vi))
	d := ref.top()[x]
	v := d[rng.Intn(len(d))] + int64(rng.Intn(5)-2)
	if rng.Intn(10) == 0 {
		v = []int64{math.MinInt64, math.MaxInt64, 0}[rng.Intn(3)]
	}
	var got, want bool
	switch op := rng.Intn(10); {
	case op == 0 && st.level() < 30:
		st.push()
		ref.push()
		return
	case op == 1 && st.level() > 0:
		st.pop()
		ref.pop()
		return
	case op < 5:
		got, want = st.remove(int32(x), v), ref.apply(x, func(w int64) bool { return w != v })
	case op < 7:
		got, want = st.fixTo(int32(x), v), ref.apply(x, func(w int64) bool { return w == v })
	case op < 8:
		got, want = st.removeBelow(int32(x), v), ref.apply(x, func(w int64) bool { return w >= v })
	default:
		got, want = st.removeAbove(int32(x), v), ref.apply(x, func(w int64) bool { return w <= v })
	}
	if got != want {
		t.Fatalf("operation on x%d with %d returned %v, want %v", x, v, got, want)
	}
}

func compareDomain(t *testing.T, st *store, x int32, want []int64) {
	t.Helper()
	got := st.values(nil, x)
	if !slices.Equal(got, want) {
		t.Fatalf("x%d = %v, want %v", x, got, want)
	}
	if int(st.size(x)) != len(want) || st.minOf(x) != want[0] || st.maxOf(x) != want[len(want)-1] {
		t.Fatalf("x%d: size %d min %d max %d, want %v", x, st.size(x), st.minOf(x), st.maxOf(x), want)
	}
	for _, v := range []int64{want[0] - 1, want[0], want[len(want)-1], want[len(want)-1] + 1} {
		if st.contains(x, v) != slices.Contains(want, v) {
			t.Fatalf("x%d contains(%d) = %v", x, v, !slices.Contains(want, v))
		}
	}
	// Descending iteration too.
	var down []int64
	for v, ok := st.maxOf(x), true; ok; v, ok = st.prevValue(x, v) {
		down = append(down, v)
	}
	slices.Reverse(down)
	if !slices.Equal(down, want) {
		t.Fatalf("x%d descending = %v, want %v", x, down, want)
	}
}

func TestTrailCellsSavedOncePerLevel(t *testing.T) {
	var st store
	st.magic = 1
	c := st.newCell(5)
	st.push()
	for i := int32(0); i < 10; i++ {
		st.set(c, i)
	}
	if len(st.log) != 1 {
		t.Errorf("%d records for 10 writes at one level, want 1", len(st.log))
	}
	st.push()
	st.set(c, 42)
	st.pop()
	if st.cell[c] != 9 {
		t.Errorf("after inner pop: %d, want 9", st.cell[c])
	}
	st.set(c, 7) // the parent writes again after a pop: must still undo to 5
	st.pop()
	if st.cell[c] != 5 {
		t.Errorf("after outer pop: %d, want 5", st.cell[c])
	}
}

func TestStoreWideDomain(t *testing.T) {
	var st store
	st.magic = 1
	vs := []int64{-1 << 40, -1<<40 + MaxDomainWidth - 1}
	st.addValues(vs, 1)
	st.push()
	if !st.removeBelow(0, -1<<40+1) || st.minOf(0) != vs[1] || st.size(0) != 1 {
		t.Fatalf("removeBelow across a wide empty span: min %d size %d", st.minOf(0), st.size(0))
	}
	if st.remove(0, vs[1]) {
		t.Fatal("removing the last value succeeded")
	}
	st.pop()
	if st.size(0) != 2 || st.minOf(0) != vs[0] {
		t.Fatal("pop did not restore the domain")
	}
}

// ValuesMid: midFirst and midNext enumerate a domain in the order of
// orderValues, and keep the order of the center they were given when the
// domain loses values (shrunk bounds included).
func TestMidOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	defer func(b uint64) { bitsetSpan = b }(bitsetSpan)
	for round := range 4000 {
		bitsetSpan = []uint64{1 << 16, 0}[round%2] // bit sets, then wide domains
		d := randomDomain(rng)
		var st store
		st.addValues(d, 1)
		st.magic = 1
		if rng.Intn(3) == 0 { // remove from the bounds and inside
			st.push()
			lo, hi := d[rng.Intn(len(d))], d[rng.Intn(len(d))]
			st.removeBelow(0, min(lo, hi))
			st.removeAbove(0, max(lo, hi))
			for range rng.Intn(4) {
				st.remove(0, d[rng.Intn(len(d))])
			}
		}
		dom := st.values(nil, 0)
		c := st.midCenter(0)
		var got []int64
		for v, ok := st.midFirst(0, c), true; ok; v, ok = st.midNext(0, v, c) {
			got = append(got, v)
		}
		// The reference order, in offsets to stay clear of overflow.
		offs := make([]int64, len(dom))
		for i, v := range dom {
			offs[i] = v - st.vi[0].lo
		}
		want := orderValues(offs, ValuesMid)
		for i := range want {
			want[i] += st.vi[0].lo
		}
		if !slices.Equal(got, want) {
			t.Fatalf("domain %v: mid order %v, want %v", dom, got, want)
		}
		// With an older, wider center: every value once, the order of the
		// wider bounds.
		wide := int64(len(d)) - 1 + st.midCenter(0) - c // any center works
		got = got[:0]
		for v, ok := st.midFirst(0, wide), true; ok; v, ok = st.midNext(0, v, wide) {
			got = append(got, v)
		}
		if !slices.Equal(slices.Sorted(slices.Values(got)), dom) {
			t.Fatalf("domain %v, center %d: %v", dom, wide, got)
		}
	}
}

// Small searches copy their state at each level, large ones trail it.
func TestCopyingChosenBySize(t *testing.T) {
	for _, c := range []struct {
		n    int
		copy bool
	}{{8, true}, {13, true}, {100, false}, {1000, false}} {
		m, _ := queens(t, c.n)
		if s := newSolver(t, m, Default()); s.st.copying != c.copy {
			t.Errorf("%d-queens: copying %v, want %v", c.n, s.st.copying, c.copy)
		}
	}
	m, _ := sudoku(t, strings.Repeat(".", 81))
	if s := newSolver(t, m, Default()); !s.st.copying {
		t.Errorf("9x9 sudoku: trailing, want copying (%d cells, %d words)", len(s.st.cell), len(s.st.words))
	}
}

// addValues is addVars over a list of sorted values.
func (t *store) addValues(values []int64, count int) {
	var ivs []Interval
	for _, v := range values {
		if n := len(ivs); n > 0 && ivs[n-1].Hi == v-1 {
			ivs[n-1].Hi = v
		} else {
			ivs = append(ivs, Interval{v, v})
		}
	}
	t.addVars(ivs, int64(len(values)), count)
}
