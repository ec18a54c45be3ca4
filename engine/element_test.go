package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// elementMaker draws result = items[index...] instances: one or two
// dimensions with small index sets somewhere in -2..4, index domains that
// reach one past each end (an index out of range makes the constraint
// false there), items over 0..3 and a result over -1..3. items says what
// the items are:
//
//	"const"  constants only
//	"var"    distinct variables and constants
//	"repeat" variables that appear in several cells
//	"alias"  also the index or result variables themselves
func elementMaker(items string) globalMaker {
	return func(rng *rand.Rand, m *Model) Global {
		var dims []Interval
		if rng.Intn(2) == 0 {
			lo := int64(rng.Intn(4) - 2)
			dims = []Interval{{lo, lo + int64(rng.Intn(4))}}
		} else {
			for range 2 {
				lo := int64(rng.Intn(4) - 2)
				dims = append(dims, Interval{lo, lo + int64(rng.Intn(2))})
			}
		}
		cells := 1
		var index []Expr
		for d, dim := range dims {
			cells *= int(dim.Hi - dim.Lo + 1)
			if len(dims) == 2 && rng.Intn(8) == 0 {
				index = append(index, NewConst(dim.Lo-1+int64(rng.Intn(int(dim.Hi-dim.Lo+3)))))
				continue
			}
			index = append(index, randomVars(rng, m, fmt.Sprintf("i%d_", d), 1, dim.Lo-1, dim.Hi+1)[0])
		}
		var result Expr
		if items != "alias" && rng.Intn(6) == 0 {
			result = NewConst(int64(rng.Intn(5) - 1))
		} else {
			result = randomVars(rng, m, "r", 1, -1, 3)[0]
		}
		pool := randomVars(rng, m, "y", min(cells, 2), 0, 3)
		if items == "alias" {
			pool = append(pool, result)
			for _, x := range index {
				if _, ok := x.(*VarExpr); ok {
					pool = append(pool, x)
				}
			}
		}
		list := make([]Expr, cells)
		for k := range list {
			switch {
			case items == "const" || rng.Intn(3) == 0:
				list[k] = NewConst(int64(rng.Intn(4)))
			case items == "var":
				list[k] = randomVars(rng, m, fmt.Sprintf("y%d_", k), 1, 0, 3)[0]
			default:
				list[k] = pool[rng.Intn(len(pool))]
			}
		}
		g, err := NewElementConstraint(index, dims, list, result)
		if err != nil {
			panic(err)
		}
		return g
	}
}

func TestElementGlobalConst(t *testing.T) {
	globalCheck{name: "element const", make: elementMaker("const"), instances: 150, dc: true}.run(t)
}

func TestElementGlobalVar(t *testing.T) {
	globalCheck{name: "element var", make: elementMaker("var"), instances: 100, dc: true}.run(t)
}

// With a variable in two cells, an item can be narrowed while the index
// has two values; the propagator promises domain consistency on the
// indices and the result only.
func TestElementGlobalRepeated(t *testing.T) {
	globalCheck{name: "element repeated", make: elementMaker("repeat"), instances: 150, dc: true,
		dcVar: func(name string) bool { return name[0] == 'i' || name[0] == 'r' }}.run(t)
}

// An index or the result among the items: sound, no strength promised.
func TestElementGlobalAliased(t *testing.T) {
	globalCheck{name: "element aliased", make: elementMaker("alias"), instances: 150}.run(t)
}

// boundsMaker is maker with the result bounds consistent (Bounds), as
// FlatZinc posts it: over one dimension the bounds propagator
// (element_bounds.go), over two the general one.
func boundsMaker(maker globalMaker) globalMaker {
	return func(rng *rand.Rand, m *Model) Global {
		g := maker(rng, m).(*ElementConstraint)
		g.Bounds = true
		return g
	}
}

// The bounds propagator over distinct variables: every bound supported
// within the others' bounds (Gecode's strength), every index value
// checked against the result's bounds.
func TestElementBoundsGlobal(t *testing.T) {
	for _, kind := range []string{"const", "var"} {
		globalCheck{name: "element bounds " + kind, make: boundsMaker(elementMaker(kind)), instances: 150, bc: true}.run(t)
	}
	for _, kind := range []string{"repeat", "alias"} {
		globalCheck{name: "element bounds " + kind, make: boundsMaker(elementMaker(kind)), instances: 150}.run(t)
	}
}

func mustElement(t *testing.T, index []Expr, dims []Interval, items []Expr, result Expr) *ElementConstraint {
	t.Helper()
	g, err := NewElementConstraint(index, dims, items, result)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func consts(vs ...int64) []Expr {
	out := make([]Expr, len(vs))
	for i, v := range vs {
		out[i] = NewConst(v)
	}
	return out
}

func TestElementConstStrength(t *testing.T) {
	m := NewModel()
	i, _ := m.NewVarRange("i", 0, 7)
	r, _ := m.NewVar("r", []int64{1, 5, 9})
	// a[1..5] = [3 1 4 1 5]: r in {1, 5} picks positions 2, 4 and 5.
	m.Post(mustElement(t, []Expr{m.Ref(i)}, []Interval{{1, 5}}, consts(3, 1, 4, 1, 5), m.Ref(r)))
	d := rootDomains(t, m)
	if !slices.Equal(d[i], []int64{2, 4, 5}) || !slices.Equal(d[r], []int64{1, 5}) {
		t.Fatalf("i in %v, r in %v; want [2 4 5] and [1 5]", d[i], d[r])
	}
}

func TestElementMatrixStrength(t *testing.T) {
	m := NewModel()
	v, _ := m.NewVarRange("v", 1, 3)
	b, _ := m.NewVarRange("b", 0, 1)
	r, _ := m.NewVarRange("r", 6, 9)
	// q[1..3, 0..1] = [1 2; 3 8; 5 6]: r >= 6 leaves cells (2, 1) and (3, 1).
	m.Post(mustElement(t, []Expr{m.Ref(v), m.Ref(b)}, []Interval{{1, 3}, {0, 1}}, consts(1, 2, 3, 8, 5, 6), m.Ref(r)))
	d := rootDomains(t, m)
	if !slices.Equal(d[v], []int64{2, 3}) || !slices.Equal(d[b], []int64{1}) || !slices.Equal(d[r], []int64{6, 8}) {
		t.Fatalf("v in %v, b in %v, r in %v; want [2 3], [1], [6 8]", d[v], d[b], d[r])
	}
}

func TestElementVarItems(t *testing.T) {
	m := NewModel()
	i, _ := m.NewVarRange("i", 1, 3)
	x, _ := m.NewVarRange("x", 0, 9)
	y, _ := m.NewVar("y", []int64{20, 30})
	z, _ := m.NewVarRange("z", 4, 6)
	r, _ := m.NewVar("r", []int64{5, 6, 7, 8, 30})
	m.Post(mustElement(t, []Expr{m.Ref(i)}, []Interval{{1, 3}}, []Expr{m.Ref(x), m.Ref(y), m.Ref(z)}, m.Ref(r)))
	d := rootDomains(t, m)
	// Every index has a support; r keeps what some item can take; items
	// are untouched while i has several values.
	if !slices.Equal(d[i], []int64{1, 2, 3}) || !slices.Equal(d[r], []int64{5, 6, 7, 8, 30}) || len(d[x]) != 10 {
		t.Fatalf("i in %v, r in %v, x in %v", d[i], d[r], d[x])
	}
	m.Require(mustBinary(t, OpNe, m.Ref(i), NewConst(2)))
	m.Require(mustBinary(t, OpNe, m.Ref(i), NewConst(3)))
	d = rootDomains(t, m)
	// i = 1: x and r become equal, domain by domain.
	if !slices.Equal(d[x], []int64{5, 6, 7, 8}) || !slices.Equal(d[r], []int64{5, 6, 7, 8}) {
		t.Fatalf("with i = 1: x in %v, r in %v; want [5 6 7 8] both", d[x], d[r])
	}
}

func mustBinary(t *testing.T, op BinOp, x, y Expr) Expr {
	t.Helper()
	e, err := NewBinary(op, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestElementFails(t *testing.T) {
	m := NewModel()
	i, _ := m.NewVarRange("i", 4, 9)
	r, _ := m.NewVarRange("r", 0, 9)
	m.Post(mustElement(t, []Expr{m.Ref(i)}, []Interval{{1, 3}}, consts(1, 2, 3), m.Ref(r)))
	if rootDomains(t, m) != nil {
		t.Fatal("an index that is never in range: propagation should fail")
	}
	m = NewModel()
	i, _ = m.NewVarRange("i", 1, 3)
	r, _ = m.NewVarRange("r", 4, 9)
	m.Post(mustElement(t, []Expr{m.Ref(i)}, []Interval{{1, 3}}, consts(1, 2, 3), m.Ref(r)))
	if rootDomains(t, m) != nil {
		t.Fatal("no item can be the result: propagation should fail")
	}
}

func TestElementHolds(t *testing.T) {
	g := mustElement(t, []Expr{NewConst(0), NewConst(0)}, []Interval{{1, 2}, {0, 2}}, consts(1, 2, 3, 4, 5, 6), NewConst(0))
	for _, c := range []struct {
		vals []int64
		want bool
	}{
		{[]int64{1, 0, 1, 2, 3, 4, 5, 6, 1}, true},
		{[]int64{2, 1, 1, 2, 3, 4, 5, 6, 5}, true},
		{[]int64{2, 1, 1, 2, 3, 4, 5, 6, 4}, false},
		{[]int64{0, 1, 1, 2, 3, 4, 5, 6, 2}, false}, // row out of range: undefined
		{[]int64{1, 3, 1, 2, 3, 4, 5, 6, 4}, false}, // column out of range, although 1*3+... would hit
	} {
		if got := g.Holds(c.vals); got != c.want {
			t.Errorf("Holds(%v) = %v, want %v", c.vals, got, c.want)
		}
	}
}

func TestElementConstructorErrors(t *testing.T) {
	x := NewConst(1)
	for _, c := range []struct {
		index []Expr
		dims  []Interval
		items int
	}{
		{nil, nil, 3},
		{[]Expr{x}, []Interval{{1, 3}, {1, 1}}, 3},
		{[]Expr{x}, []Interval{{1, 4}}, 3},
		{[]Expr{x}, []Interval{{3, 1}}, 3},
		{[]Expr{x}, []Interval{{1, 3}}, 0},
		{[]Expr{x, x}, []Interval{{1, 2}, {1, 2}}, 3},
		{[]Expr{x}, []Interval{{-1 << 63, 1<<63 - 1}}, 3},
	} {
		if _, err := NewElementConstraint(c.index, c.dims, consts(make([]int64, c.items)...), x); err == nil {
			t.Errorf("NewElementConstraint(%v, %v, %d items): no error", c.index, c.dims, c.items)
		}
	}
}

// Indices with bounds far beyond int32 still decompose: the position is
// computed from indices clamped into their dimensions.
func TestElementDecomposeWideIndex(t *testing.T) {
	m := NewModel()
	a, _ := m.NewVarRange("a", -3, 3)
	b, _ := m.NewVarRange("b", 0, 2)
	wide := mustBinary(t, OpMul, m.Ref(a), NewConst(1<<61))
	r, _ := m.NewVarRange("r", 0, 9)
	g := mustElement(t, []Expr{wide, m.Ref(b)}, []Interval{{0, 0}, {0, 2}}, consts(4, 5, 6), m.Ref(r))
	e, err := g.Decompose()
	if err != nil {
		t.Fatal(err)
	}
	m.Require(e)
	sols := bruteSolutions(m)
	if len(sols) != 3 { // a = 0, b any, r = the item
		t.Fatalf("%d solutions, want 3: %v", len(sols), sols)
	}
	// The global itself, with an argument that is not a variable, is
	// posted as that decomposition.
	m2 := NewModel()
	a2, _ := m2.NewVarRange("a", -3, 3)
	b2, _ := m2.NewVarRange("b", 0, 2)
	r2, _ := m2.NewVarRange("r", 0, 9)
	wide2 := mustBinary(t, OpMul, m2.Ref(a2), NewConst(1<<61))
	m2.Post(mustElement(t, []Expr{wide2, m2.Ref(b2)}, []Interval{{0, 0}, {0, 2}}, consts(4, 5, 6), m2.Ref(r2)))
	if got := solveAll(t, "wide", m2, Options{Prop: PropAC}, 1); len(got) != 3 {
		t.Fatalf("posted: %d solutions, want 3", len(got))
	}
}

// A second run right after the root fixpoint changes nothing when the
// variables of the indices, items and result are distinct (idem).
func TestElementIdempotent(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for k, mk := range []globalMaker{elementMaker("var"), boundsMaker(elementMaker("var"))} {
		for seed := range n {
			elementIdempotent(t, k, seed, mk)
		}
	}
}

func elementIdempotent(t *testing.T, k, seed int, mk globalMaker) {
	t.Helper()
	{
		m := NewModel()
		m.Post(mk(rand.New(rand.NewSource(int64(seed))), m))
		s, err := NewSolver(m, Options{Order: OrderMRV, Values: ValuesMin, Prop: PropAC})
		if err != nil {
			t.Fatal(err)
		}
		if !s.Propagate() {
			return
		}
		before := s.st.changes
		var run *globalRun
		for _, p := range s.ac.props {
			if r, ok := p.(*globalRun); ok {
				run = r
			}
		}
		if run == nil {
			return // every variable fixed at post
		}
		if !run.opts.idem {
			t.Fatalf("maker %d instance %d: distinct variables, but not idempotent", k, seed)
		}
		if !run.p.propagate(&s.st, modeFC) || s.st.changes != before {
			t.Fatalf("maker %d instance %d: a second run changed the domains", k, seed)
		}
	}
}

// TestElementBoundsSearch: prize-collecting's shape (a position read
// through a successor, result = pos[next]) searched twice, the second
// time after Reset: no allocation in the search, and the same search.
func TestElementBoundsSearch(t *testing.T) {
	m := NewModel()
	const n = 6
	var pos []Expr
	for i := range n {
		x, _ := m.NewVarRange(fmt.Sprintf("pos%d", i), 0, n)
		pos = append(pos, m.Ref(x))
	}
	for i := range n {
		next, _ := m.NewVarRange(fmt.Sprintf("next%d", i), 1, n)
		r, _ := m.NewVar(fmt.Sprintf("r%d", i), []int64{1, 2, 4, 5})
		g := mustElement(t, []Expr{m.Ref(next)}, []Interval{{1, n}}, pos, m.Ref(r))
		g.Bounds = true
		m.Post(g)
		d, _ := NewBinary(OpNe, m.Ref(r), pos[i]) // a position other than its own
		m.Require(d)
	}
	s := newSolver(t, m, Options{Order: OrderInput, Prop: PropAC})
	s.nodeLimit = 3000
	sols := countSolutions(s)
	st := s.Stats()
	if sols == 0 || st.Failures == 0 {
		t.Fatalf("%d solutions, %d failures: the instance tests too little", sols, st.Failures)
	}
	if a := testing.AllocsPerRun(3, func() { s.Reset(); countSolutions(s) }); a != 0 {
		t.Errorf("%v allocations per search", a)
	}
	s.Reset()
	n2 := countSolutions(s)
	st2 := s.Stats()
	st2.SearchTime = st.SearchTime
	if n2 != sols || st2 != st {
		t.Errorf("after Reset: %d solutions, %+v; first search %d, %+v", n2, s.Stats(), sols, st)
	}
}
