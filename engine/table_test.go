package engine

import (
	"math/rand"
	"slices"
	"testing"
	"time"
)

// randomTable makes a random table instance: a tuple of one to four
// positions over one to three variables (so a variable may stand twice),
// sometimes a constant, and up to maxRows rows of values around the
// domains (some outside them), with blanks if blanks is set.
func randomTable(rng *rand.Rand, m *Model, hi int64, maxRows int, blanks, negated bool) Global {
	xs := randomVars(rng, m, "x", 1+rng.Intn(3), 0, hi)
	k := 1 + rng.Intn(4)
	args := make([]Expr, k)
	for i := range args {
		if rng.Intn(8) == 0 {
			args[i] = NewConst(int64(rng.Intn(int(hi) + 1)))
		} else {
			args[i] = xs[min(i, len(xs)-1)]
			if rng.Intn(4) == 0 {
				args[i] = xs[rng.Intn(len(xs))]
			}
		}
	}
	rows := rng.Intn(maxRows + 1)
	cells := make([]int64, rows*k)
	var blank []bool
	if blanks {
		blank = make([]bool, len(cells))
	}
	for i := range cells {
		cells[i] = int64(rng.Intn(int(hi)+2)) - int64(rng.Intn(2)) // -1..hi+1
		if blanks && rng.Intn(4) == 0 {
			blank[i] = true
		}
	}
	g, err := NewTable(args, rows, cells, blank, negated)
	if err != nil {
		panic(err)
	}
	return g
}

func TestTablePositive(t *testing.T) {
	globalCheck{
		name:      "table",
		instances: 200,
		dc:        true,
		make: func(rng *rand.Rand, m *Model) Global {
			return randomTable(rng, m, 3, 10, false, false)
		},
	}.run(t)
}

func TestTablePositiveBlanks(t *testing.T) {
	globalCheck{
		name:      "table with blanks",
		instances: 200,
		dc:        true,
		make: func(rng *rand.Rand, m *Model) Global {
			return randomTable(rng, m, 3, 8, true, false)
		},
	}.run(t)
}

func TestTableNegative(t *testing.T) {
	globalCheck{
		name:      "table not in",
		instances: 200,
		dc:        true, // counting without blanks is domain consistent
		make: func(rng *rand.Rand, m *Model) Global {
			return randomTable(rng, m, 2, 16, false, true)
		},
	}.run(t)
}

func TestTableNegativeBlanks(t *testing.T) {
	globalCheck{
		name:      "table not in with blanks",
		instances: 200,
		make: func(rng *rand.Rand, m *Model) Global {
			return randomTable(rng, m, 2, 10, true, true)
		},
	}.run(t)
}

// TestTableInSearch runs tables beside other constraints, so that the
// propagators are woken by changes they did not make, deep in the tree.
func TestTableInSearch(t *testing.T) {
	for _, negated := range []bool{false, true} {
		globalCheck{
			name:      "table with a sum",
			instances: 100,
			make: func(rng *rand.Rand, m *Model) Global {
				return randomTable(rng, m, 3, 14, rng.Intn(2) == 0, negated)
			},
			extra: func(rng *rand.Rand, m *Model) {
				args := make([]Expr, m.NumVars())
				for i := range args {
					args[i] = m.Ref(Var(i))
				}
				s, _ := NewNary(OpSum, args)
				e, _ := NewBinary(OpLe, s, NewConst(int64(rng.Intn(3*len(args)+1))))
				m.Require(e)
			},
		}.run(t)
	}
}

func TestTableStrength(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, 9)
	y, _ := m.NewVarRange("y", 0, 9)
	z, _ := m.NewVarRange("z", 0, 9)
	args := []Expr{m.Ref(x), m.Ref(y), m.Ref(z)}
	// rows (1 2 .) (3 . 4) (5 6 7): x in {1,3,5}, y anything through row 2,
	// z anything through row 1.
	g, _ := NewTable(args, 3, []int64{1, 2, 0, 3, 0, 4, 5, 6, 7}, []bool{false, false, true, false, true, false, false, false, false}, false)
	m.Post(g)
	d := rootDomains(t, m)
	if !slices.Equal(d[0], []int64{1, 3, 5}) || len(d[1]) != 10 || len(d[2]) != 10 {
		t.Fatalf("positive with blanks: domains %v", d)
	}

	// Negative: every y with x = 1 is forbidden except through blanks.
	m = NewModel()
	x, _ = m.NewVarRange("x", 1, 2)
	y, _ = m.NewVarRange("y", 1, 3)
	cells := []int64{1, 1, 1, 2, 1, 3, 2, 0}
	g, _ = NewTable([]Expr{m.Ref(x), m.Ref(y)}, 4, cells, nil, true)
	m.Post(g)
	if d := rootDomains(t, m); !slices.Equal(d[0], []int64{2}) {
		t.Fatalf("negative counting: domains %v, want x = 2", d)
	}

	// Negative with a blank: (1 .) forbids x = 1 whatever y is.
	m = NewModel()
	x, _ = m.NewVarRange("x", 1, 2)
	y, _ = m.NewVarRange("y", 1, 3)
	g, _ = NewTable([]Expr{m.Ref(x), m.Ref(y)}, 1, []int64{1, 0}, []bool{false, true}, true)
	m.Post(g)
	if d := rootDomains(t, m); !slices.Equal(d[0], []int64{2}) {
		t.Fatalf("negative with a blank: domains %v, want x = 2", d)
	}

	// A row of blanks only forbids everything.
	m = NewModel()
	x, _ = m.NewVarRange("x", 1, 2)
	g, _ = NewTable([]Expr{m.Ref(x)}, 1, []int64{0}, []bool{true}, true)
	m.Post(g)
	if d := rootDomains(t, m); d != nil {
		t.Fatalf("negative all-blank row: domains %v, want failure", d)
	}
}

// TestRevBitset drives the reversible bit set with random intersections,
// pushes and pops, on a trailing and on a copying store, against a stack
// of plain copies.
func TestRevBitset(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for round := range 60 {
		var st store
		st.magic = 1
		st.copying = round%2 == 1
		n := 1 + rng.Intn(300)
		b := newRevBitset(&st, n)
		words := (n + 63) / 64
		ref := [][]uint64{make([]uint64, words)}
		for w := range words {
			ref[0][w] = b.word(&st, int32(w))
		}
		if got := b.count(&st, n); got != n {
			t.Fatalf("round %d: a new set of %d bits has %d", round, n, got)
		}
		for step := range 200 {
			top := ref[len(ref)-1]
			switch op := rng.Intn(6); {
			case op == 0 && len(ref) < 20:
				st.push()
				ref = append(ref, slices.Clone(top))
			case op == 1 && len(ref) > 1:
				st.pop()
				ref = ref[:len(ref)-1]
			default:
				invert := rng.Intn(2) == 0
				b.clearMask(&st)
				for _, w := range b.active(&st) {
					b.mask[w] = rng.Uint64() | rng.Uint64() // mostly ones: the set shrinks slowly
				}
				left := b.intersectWithMask(&st, invert)
				anyLeft := false
				for w := range top {
					m := b.mask[w]
					if invert {
						m = ^m
					}
					if top[w] != 0 {
						top[w] &= m
					}
					anyLeft = anyLeft || top[w] != 0
				}
				if left != anyLeft {
					t.Fatalf("round %d step %d: intersect says %v, reference %v", round, step, left, anyLeft)
				}
			}
			top = ref[len(ref)-1]
			nonzero := 0
			for w := range top {
				if got := b.word(&st, int32(w)); got != top[w] {
					t.Fatalf("round %d step %d: word %d is %x, want %x", round, step, w, got, top[w])
				}
				if top[w] != 0 {
					nonzero++
				}
			}
			if len(b.active(&st)) != nonzero {
				t.Fatalf("round %d step %d: %d active words, want %d", round, step, len(b.active(&st)), nonzero)
			}
		}
	}
}

// TestTableLarge builds a table of 10^5 rows of arity 5 (a word's
// number and four letters) and checks the size of the compiled form and
// a propagation over it. BenchmarkTableLargeBuild measures the build.
func TestTableLarge(t *testing.T) {
	const rows, k = 100000, 5
	rng := rand.New(rand.NewSource(3))
	cells := make([]int64, rows*k)
	for r := range rows {
		cells[r*k] = int64(r)
		for i := 1; i < k; i++ {
			cells[r*k+i] = int64(rng.Intn(26))
		}
	}
	m := NewModel()
	id, _ := m.NewVarRange("id", 0, rows-1)
	args := []Expr{m.Ref(id)}
	for i := 1; i < k; i++ {
		v, _ := m.NewVarRange("l", 0, 25)
		args = append(args, m.Ref(v))
	}
	g, err := NewTable(args, rows, cells, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	m.Post(g)
	start := time.Now()
	s, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	build := time.Since(start)
	d := g.data.d
	if len(d.ew) > rows*k {
		t.Errorf("%d entries for %d cells", len(d.ew), rows*k)
	}
	t.Logf("build %v, %d entries, %d words", build, len(d.ew), d.words)
	if !s.Propagate() {
		t.Fatal("root propagation failed")
	}
	// Fix the first letters to those of row 777: the id keeps the rows
	// that share them, among them 777.
	want := cells[777*k : 777*k+k]
	for i := 1; i < 3; i++ {
		if !s.Restrict(Var(i), []int64{want[i]}) {
			t.Fatal("Restrict failed")
		}
	}
	if !s.Propagate() {
		t.Fatal("propagation failed")
	}
	ids := s.Domain(id)
	n := 0
	for r := range rows {
		if cells[r*k+1] == want[1] && cells[r*k+2] == want[2] {
			n++
		}
	}
	if len(ids) != n || !slices.Contains(ids, 777) {
		t.Fatalf("id keeps %d values, want %d with 777", len(ids), n)
	}
	if !g.Holds(want) || g.Holds([]int64{777, -1, 0, 0, 0}) {
		t.Fatal("Holds is wrong on the large table")
	}
}

// TestTableIdempotent runs the positive propagator twice in a row on
// random instances after random removals: the second run must change
// nothing, as its idem flag promises the fixpoint loop.
func TestTableIdempotent(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	checked := 0
	for i := range 600 {
		m := NewModel()
		g := randomTable(rng, m, 4, 12, rng.Intn(2) == 0, false)
		m.Post(g)
		s, err := NewSolver(m, Options{Prop: PropFC})
		if err != nil {
			t.Fatal(err)
		}
		var run *globalRun
		for _, p := range s.props {
			if r, ok := p.(*globalRun); ok {
				run = r
			}
		}
		if run == nil {
			continue // only constants: no propagator
		}
		st := &s.st
		for _, x := range run.xs {
			if v := int64(rng.Intn(5)); rng.Intn(3) == 0 && st.size(x) > 1 {
				st.remove(x, v)
			}
		}
		if !run.p.propagate(st, modeFC) {
			continue
		}
		before := st.changes
		if !run.p.propagate(st, modeFC) || st.changes != before {
			t.Fatalf("instance %d: a second run changed the domains", i)
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d instances reached a second run", checked)
	}
}

// TestTableLargeNegative builds a negative table of 10^5 rows of arity 5
// (sorted and without duplicates for counting) and propagates it.
func TestTableLargeNegative(t *testing.T) {
	const rows, k = 100000, 5
	rng := rand.New(rand.NewSource(4))
	cells := make([]int64, rows*k)
	for i := range cells {
		cells[i] = int64(rng.Intn(10))
	}
	m := NewModel()
	var args []Expr
	for range k {
		v, _ := m.NewVarRange("d", 0, 9)
		args = append(args, m.Ref(v))
	}
	g, _ := NewTable(args, rows, cells, nil, true)
	m.Post(g)
	s, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[[k]int64]bool{}
	for r := range rows {
		distinct[[k]int64(cells[r*k:r*k+k])] = true
	}
	if got := g.data.d.rows; got != len(distinct) {
		t.Fatalf("%d rows kept, want the %d distinct ones", got, len(distinct))
	}
	if !s.Propagate() {
		t.Fatal("root propagation failed")
	}
	// Fix four digits: the fifth loses exactly the values that complete a
	// forbidden row.
	for i := range 4 {
		s.Restrict(Var(i), []int64{cells[i]})
	}
	if !s.Propagate() {
		t.Fatal("propagation failed")
	}
	for v := range int64(10) {
		tuple := [k]int64{cells[0], cells[1], cells[2], cells[3], v}
		if slices.Contains(s.Domain(Var(4)), v) == distinct[tuple] {
			t.Fatalf("the last digit keeps %v, but %v forbidden is %v", s.Domain(Var(4)), tuple, distinct[tuple])
		}
	}
}

// BenchmarkTableLargeBuild builds the solver of TestTableLarge's table
// of 10^5 rows: the time its build takes (a test measures no time).
func BenchmarkTableLargeBuild(b *testing.B) {
	const rows, k = 100000, 5
	rng := rand.New(rand.NewSource(3))
	cells := make([]int64, rows*k)
	for r := range rows {
		cells[r*k] = int64(r)
		for i := 1; i < k; i++ {
			cells[r*k+i] = int64(rng.Intn(26))
		}
	}
	m := NewModel()
	id, _ := m.NewVarRange("id", 0, rows-1)
	args := []Expr{m.Ref(id)}
	for i := 1; i < k; i++ {
		v, _ := m.NewVarRange("l", 0, 25)
		args = append(args, m.Ref(v))
	}
	g, err := NewTable(args, rows, cells, nil, false)
	if err != nil {
		b.Fatal(err)
	}
	m.Post(g)
	b.ResetTimer()
	for range b.N {
		if _, err := NewSolver(m, Options{Prop: PropAC}); err != nil {
			b.Fatal(err)
		}
	}
}
