package engine

import (
	"math"
	"math/rand"
	"slices"
	"testing"
)

// refSet is a reference for a wide domain: a sorted list of disjoint,
// non-adjacent intervals, changed only by subtracting intervals.
type refSet []Interval

// minus returns s without a..b.
func (s refSet) minus(a, b int64) refSet {
	var out refSet
	for _, iv := range s {
		if b < iv.Lo || a > iv.Hi {
			out = append(out, iv)
			continue
		}
		if a > iv.Lo {
			out = append(out, Interval{iv.Lo, a - 1})
		}
		if b < iv.Hi {
			out = append(out, Interval{b + 1, iv.Hi})
		}
	}
	return out
}

func (s refSet) size() int64 {
	n := int64(0)
	for _, iv := range s {
		n += iv.Hi - iv.Lo + 1
	}
	return n
}

func (s refSet) contains(v int64) bool {
	for _, iv := range s {
		if v >= iv.Lo && v <= iv.Hi {
			return true
		}
	}
	return false
}

// next returns the least member above v.
func (s refSet) next(v int64) (int64, bool) {
	for _, iv := range s {
		if iv.Hi > v {
			return max(iv.Lo, v+1), true
		}
	}
	return 0, false
}

// prev returns the greatest member below v.
func (s refSet) prev(v int64) (int64, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].Lo < v {
			return min(s[i].Hi, v-1), true
		}
	}
	return 0, false
}

// wideCase is a random store of wide variables and its reference.
type wideCase struct {
	st    store
	stack [][]refSet // the reference domains at each level
	rng   *rand.Rand
}

// randomWide returns a domain over lo..lo+span-1 with a few gaps.
func randomWide(rng *rand.Rand, lo, span int64) []Interval {
	ivs := []Interval{{lo, lo + span - 1}}
	for range rng.Intn(4) {
		a := lo + 1 + rng.Int63n(span-2)
		b := min(a+rng.Int63n(1+span/(1+int64(rng.Intn(1000)))), lo+span-2)
		ivs = refSet(ivs).minus(a, b)
	}
	return ivs
}

func (c *wideCase) top() []refSet { return c.stack[len(c.stack)-1] }

// point returns a value worth asking about for x: a bound, a gap's edge,
// one next to them, or anywhere in the span.
func (c *wideCase) point(x int) int64 {
	d := c.top()[x]
	iv := d[c.rng.Intn(len(d))]
	vs := []int64{iv.Lo, iv.Hi, iv.Lo + (iv.Hi-iv.Lo)/2}
	if iv.Lo > math.MinInt64 {
		vs = append(vs, iv.Lo-1)
	}
	if iv.Hi < math.MaxInt64 {
		vs = append(vs, iv.Hi+1)
	}
	if c.rng.Intn(4) == 0 {
		lo, hi := d[0].Lo, d[len(d)-1].Hi
		return lo + c.rng.Int63n(hi-lo+1)
	}
	return vs[c.rng.Intn(len(vs))]
}

// step applies one random operation to the store and the reference.
func (c *wideCase) step(t *testing.T) {
	x := c.rng.Intn(len(c.st.vi))
	d := c.top()[x]
	v := c.point(x)
	keep := func(nd refSet) bool {
		if len(nd) == 0 {
			return false
		}
		c.top()[x] = nd
		return true
	}
	var got, want bool
	switch op := c.rng.Intn(12); {
	case op == 0 && c.st.level() < 40:
		c.st.push()
		c.stack = append(c.stack, slices.Clone(c.top()))
		return
	case op == 1 && c.st.level() > 0:
		c.st.pop()
		c.stack = c.stack[:len(c.stack)-1]
		return
	case op < 6:
		got, want = c.st.remove(int32(x), v), keep(d.minus(v, v))
	case op < 7:
		got = c.st.fixTo(int32(x), v)
		want = d.contains(v) && keep(refSet{{v, v}})
	case op < 8:
		got, want = c.st.removeBelow(int32(x), v), v == math.MinInt64 || keep(d.minus(math.MinInt64, v-1))
	case op < 9:
		got, want = c.st.removeAbove(int32(x), v), v == math.MaxInt64 || keep(d.minus(v+1, math.MaxInt64))
	case op < 10 && c.st.vi[x].wide != 0:
		k := c.randomSubset(d)
		got, want = c.st.wideKeep(int32(x), k), keep(k)
	default:
		span := uint64(d[len(d)-1].Hi - d[0].Lo)
		w := v + c.rng.Int63n(1+int64(span/uint64(1+c.rng.Intn(50))))
		if w < v {
			w = math.MaxInt64
		}
		got, want = c.st.removeRange(int32(x), v, w), keep(d.minus(v, w))
	}
	if got != want {
		t.Fatalf("operation on x%d = %v at %d: %v, want %v", x, d, v, got, want)
	}
}

// randomSubset returns some of d's values as wideKeep takes them: pieces
// of its intervals, sorted, disjoint and not adjacent; now and then none.
func (c *wideCase) randomSubset(d refSet) refSet {
	var out refSet
	for _, iv := range d {
		lo := iv.Lo
		for lo <= iv.Hi && c.rng.Intn(4) > 0 {
			w := uint64(iv.Hi-lo) + 1
			a := lo + int64(c.rng.Uint64()%w)
			b := a + int64(c.rng.Uint64()%(uint64(iv.Hi-a)+1))
			if c.rng.Intn(3) == 0 {
				b = a + int64(c.rng.Intn(3))
				if b > iv.Hi || b < a {
					b = iv.Hi
				}
			}
			out = append(out, Interval{a, b})
			if b >= iv.Hi-1 {
				break
			}
			lo = b + 2 // a value between: not adjacent
		}
	}
	return out
}

// check compares every variable with the reference.
func (c *wideCase) check(t *testing.T) {
	t.Helper()
	for x, d := range c.top() {
		x32 := int32(x)
		st := &c.st
		if got := st.intervals(nil, x32); !slices.Equal(got, []Interval(d)) {
			t.Fatalf("x%d = %v, want %v", x, got, d)
		}
		if st.minOf(x32) != d[0].Lo || st.maxOf(x32) != d[len(d)-1].Hi || st.size(x32) != d.size() {
			t.Fatalf("x%d: %d..%d size %d, want %v (size %d)", x, st.minOf(x32), st.maxOf(x32), st.size(x32), d, d.size())
		}
		if st.fixed(x32) != (d.size() == 1) {
			t.Fatalf("x%d: fixed %v with %d values", x, st.fixed(x32), d.size())
		}
		for range 8 {
			v := c.point(x)
			if st.contains(x32, v) != d.contains(v) {
				t.Fatalf("x%d = %v: contains(%d) = %v", x, d, v, !d.contains(v))
			}
			n, ok := st.nextValue(x32, v)
			rn, rok := d.next(v)
			p, pok := st.prevValue(x32, v)
			rp, rpok := d.prev(v)
			if n != rn && ok || ok != rok || p != rp && pok || pok != rpok {
				t.Fatalf("x%d = %v around %d: next %d %v, prev %d %v", x, d, v, n, ok, p, pok)
			}
		}
	}
}

// Wide domains against the reference under random changes, pushes and
// pops, over spans of 10^9 and 10^15 (and a span of 2^63-1), trailing
// and copying.
func TestWideDomainAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	spans := []struct{ lo, span int64 }{
		{0, 1_000_000_001}, {-1_000_000_000_000_000 / 2, 1_000_000_000_000_000}, {-1 << 62, math.MaxInt64}, {math.MaxInt64 - 5_000_000, 5_000_001},
	}
	for round := range 300 {
		c := &wideCase{rng: rng}
		c.stack = [][]refSet{nil}
		n := 1 + rng.Intn(3)
		for k := 0; k < n; {
			sp := spans[rng.Intn(len(spans))]
			d, run := randomWide(rng, sp.lo, sp.span), 1+rng.Intn(n-k)
			c.st.addVars(d, ivSize(d), run)
			for range run {
				c.stack[0] = append(c.stack[0], refSet(d))
			}
			k += run
		}
		c.st.magic = 1
		c.st.copying = round%2 == 1
		for range 400 {
			c.step(t)
			c.check(t)
		}
		for c.st.level() > 0 { // every level undone: the start again
			c.st.pop()
			c.stack = c.stack[:len(c.stack)-1]
			c.check(t)
		}
	}
}

// ivSize is the number of values of sorted disjoint intervals.
func ivSize(ivs []Interval) int64 {
	n := int64(0)
	for _, iv := range ivs {
		n += iv.Hi - iv.Lo + 1
	}
	return n
}
