package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// gccKind says how a random global_cardinality instance is drawn.
type gccKind int

const (
	gccConstCounts gccKind = iota // constant counts, distinct list variables
	gccVarCounts                  // variable counts too
	gccShared                     // variables repeated, counts among the list
)

func gccInstance(rng *rand.Rand, m *Model, kind gccKind) Global {
	n := rng.Intn(5)
	list := randomVars(rng, m, "x", n, 0, 3)
	for i := range list {
		if rng.Intn(6) == 0 {
			list[i] = NewConst(int64(rng.Intn(4)))
		}
	}
	// Distinct values among 0..4: 4 is in no domain; some domain values
	// are left out.
	var values []int64
	for _, v := range rng.Perm(5)[:rng.Intn(4)] {
		values = append(values, int64(v))
	}
	counts := make([]Expr, len(values))
	var cvars []Expr
	if kind != gccConstCounts {
		cvars = randomVars(rng, m, "c", len(values), 0, 3)
	}
	for k := range counts {
		switch {
		case kind == gccConstCounts || rng.Intn(4) == 0:
			counts[k] = NewConst(int64(rng.Intn(3)))
		case kind == gccShared && n > 0 && rng.Intn(2) == 0:
			counts[k] = list[rng.Intn(n)]
		default:
			counts[k] = cvars[k]
		}
	}
	if kind == gccShared && n > 1 && rng.Intn(2) == 0 {
		list[0] = list[n-1]
	}
	g, err := NewGCC(list, values, counts)
	if err != nil {
		panic(err)
	}
	return g
}

// gccChecks are the harness tests of global_cardinality: constant counts
// (domain consistent), variable counts, shared variables.
func gccChecks() []globalCheck {
	var cs []globalCheck
	for _, kind := range []gccKind{gccConstCounts, gccVarCounts, gccShared} {
		cs = append(cs, globalCheck{
			name:      fmt.Sprintf("global_cardinality kind %d", kind),
			instances: 100,
			dc:        kind == gccConstCounts,
			make:      func(rng *rand.Rand, m *Model) Global { return gccInstance(rng, m, kind) },
		})
	}
	return cs
}

func TestGCC(t *testing.T) {
	for _, c := range gccChecks() {
		c.run(t)
	}
}

func TestGCCErrors(t *testing.T) {
	if _, err := NewGCC(nil, []int64{1, 2}, []Expr{NewConst(0)}); err == nil {
		t.Error("values and counts of different lengths accepted")
	}
	if _, err := NewGCC(nil, []int64{1, 2, 1}, []Expr{NewConst(0), NewConst(0), NewConst(0)}); err == nil {
		t.Error("a repeated value accepted")
	}
}

// TestGCCStrength checks the flow on a case the counting misses: three
// elements over {1, 2}, {1, 2}, {1, 2, 3, 7}, with 1 and 2 each taken
// once: the first two take them (a Hall set), so the third is 3 or 7.
func TestGCCStrength(t *testing.T) {
	m := NewModel()
	var list []Expr
	for i, d := range [][]int64{{1, 2}, {1, 2}, {1, 2, 3, 7}} {
		x, _ := m.NewVar(fmt.Sprint("x", i), d)
		list = append(list, m.Ref(x))
	}
	c, _ := m.NewVar("c", []int64{0, 1, 2, 3})
	g, _ := NewGCC(list, []int64{1, 2, 3}, []Expr{NewConst(1), NewConst(1), m.Ref(c)})
	d := lexRoot(t, m, g)
	want := [][]int64{{1, 2}, {1, 2}, {3, 7}, {0, 1}}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Fatalf("domains %v, want %v", d, want)
	}

	// The sum of the counts: three elements in 1..2, one of them 2, so
	// two are 1; the count of 3 is 0.
	m = NewModel()
	list = lexRangeVars(m, "z", [2]int64{1, 2}, [2]int64{1, 2}, [2]int64{1, 2})
	cs := lexRangeVars(m, "c", [2]int64{0, 3}, [2]int64{0, 3})
	g, _ = NewGCC(list, []int64{1, 2, 3}, []Expr{cs[0], NewConst(1), cs[1]})
	d = lexRoot(t, m, g)
	want = [][]int64{{1, 2}, {1, 2}, {1, 2}, {2}, {0}}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Fatalf("domains %v, want %v", d, want)
	}

	// Counting under forward checking: count 0 removes the value, a count
	// equal to the possible elements fixes them.
	m = NewModel()
	list = lexRangeVars(m, "y", [2]int64{0, 2}, [2]int64{0, 2}, [2]int64{1, 2})
	g, _ = NewGCC(list, []int64{0, 2}, []Expr{NewConst(0), NewConst(3)})
	m.Post(g)
	s, err := NewSolver(m, Options{Prop: PropFC})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Propagate() {
		t.Fatal("root propagation failed")
	}
	for x := range 3 {
		if d := s.Domain(Var(x)); fmt.Sprint(d) != "[2]" {
			t.Fatalf("y%d: %v, want [2]", x, d)
		}
	}
}

// TestGCCMagic solves magic sequences, where every count is an element
// of the list: n = 4 has two, 7 one, 6 none.
func TestGCCMagic(t *testing.T) {
	for _, c := range []struct{ n, sols int }{{4, 2}, {5, 1}, {6, 0}, {7, 1}} {
		m := NewModel()
		s := make([]Expr, c.n)
		values := make([]int64, c.n)
		for i := range s {
			x, _ := m.NewVar(fmt.Sprint("s", i), gccRange(0, int64(c.n-1)))
			s[i] = m.Ref(x)
			values[i] = int64(i)
		}
		g, _ := NewGCC(s, values, s)
		m.Post(g)
		for _, o := range allOptions() {
			if o.Prop == PropNone && c.n > 5 || testing.Short() && o.Prop != PropAC {
				continue // n^n assignments
			}
			sv, err := NewSolver(m, o)
			if err != nil {
				t.Fatal(err)
			}
			if got := countSolutions(sv); got != c.sols {
				t.Fatalf("n = %d %+v: %d solutions, want %d", c.n, o, got, c.sols)
			}
		}
	}
}

func gccRange(lo, hi int64) []int64 {
	var vs []int64
	for v := lo; v <= hi; v++ {
		vs = append(vs, v)
	}
	return vs
}

// TestLexGCCInverseNoAlloc checks that a run of each propagator, after
// the root fixpoint, allocates nothing.
func TestLexGCCInverseNoAlloc(t *testing.T) {
	m := NewModel()
	x := lexRangeVars(m, "x", [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{2, 5}, [2]int64{1, 6})
	y := lexRangeVars(m, "y", [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{1, 6}, [2]int64{1, 6})
	c := lexRangeVars(m, "c", [2]int64{0, 2}, [2]int64{0, 2}, [2]int64{1, 2})
	lex, _ := NewLex(x, y, true)
	gcc, _ := NewGCC(x, []int64{1, 2, 3}, c)
	inv, _ := NewInverse(x, y, 1, 1)
	m.Post(lex)
	m.Post(gcc)
	m.Post(inv)
	s, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Propagate() {
		t.Fatal("root propagation failed")
	}
	runs := 0
	for _, p := range s.props {
		r, ok := p.(*globalRun)
		if !ok {
			continue
		}
		runs++
		if a := testing.AllocsPerRun(20, func() { r.p.propagate(&s.st, modeAC) }); a != 0 {
			t.Errorf("%s: %v allocations per run", r.g.Name(), a)
		}
	}
	if runs != 3 {
		t.Fatalf("%d global propagators, want 3", runs)
	}
}
