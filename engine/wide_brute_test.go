package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// Wide domains against brute force: the random models of the
// cross-check, each variable declared over a wide domain (a span of
// 2·10^9 or 2·10^15, sometimes with gaps) and restricted to a few values
// by a constraint of its own, which the builder reads as intervals
// (unary.go). Every search then starts from wide domains (bounds and
// gaps, domain_wide.go), splits them under the default value order, and
// must give the solutions, or the optimum, that enumerating the few
// values gives.

// randomWideModel returns a random model over wide variables restricted
// to small sets, which enumerate walks (rm.small).
func randomWideModel(rng *rand.Rand) *randModel {
	rm := &randModel{m: NewModel()}
	g := &gen{rng: rng, rm: rm}
	w := []int64{1_000_000_000, 1_000_000_000_000_000}[g.n(2)]
	// The few values lie near 0, or near an end of the span.
	base := []int64{0, 0, w - 8, -w + 5}[g.n(4)]
	for i := range 2 + g.n(3) {
		ivs := []Interval{{-w, w}}
		if g.n(3) == 0 { // gaps in the declared domain, away from the values
			ivs = []Interval{{-w, -w / 2}, {-w/2 + 3, base - 20}, {base - 10, w}}
			if base < -w/2+30 {
				ivs = []Interval{{-w, base + 20}, {base + 30, w/2 - 3}, {w / 2, w}}
			}
		}
		x, err := rm.m.NewVarIntervals(fmt.Sprintf("x%d", i), ivs)
		if err != nil {
			panic(err)
		}
		ref := rm.m.Ref(x)
		rm.refs = append(rm.refs, ref)
		lo := base + int64(g.n(6)-3)
		var vs []int64
		for v := lo; v < lo+int64(1+g.n(5)); v++ {
			if g.n(5) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		rm.small = append(rm.small, vs)
		// The restriction: membership, or bounds when the values are a
		// range, or a disjunction of ranges.
		var e Expr
		switch {
		case g.n(3) == 0 && vs[len(vs)-1]-vs[0]+1 == int64(len(vs)):
			ge, _ := NewBinary(OpGe, ref, NewConst(vs[0]))
			le, _ := NewBinary(OpLe, ref, NewConst(vs[len(vs)-1]))
			rm.m.Require(ge)
			e = le
		case g.n(2) == 0:
			var parts []Expr
			for _, r := range appendRuns(nil, vs) {
				ge, _ := NewBinary(OpGe, ref, NewConst(r.Lo))
				le, _ := NewBinary(OpLe, ref, NewConst(r.Hi))
				both, _ := NewBinary(OpAnd, ge, le)
				parts = append(parts, both)
			}
			e, _ = NewNary(OpAny, parts)
		default:
			e = NewInSet(ref, vs, false)
		}
		rm.m.Require(e)
	}
	for range 1 + g.n(4) {
		g.constraint()
	}
	if g.n(3) == 0 {
		rm.m.SetObjective(Minimize+Sense(g.n(2)), g.num(2))
	}
	return rm
}

func TestWideBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	models := 800
	if testing.Short() {
		models = 100
	}
	defer func(l int) { copyLimit = l }(copyLimit)
	sat := 0
	for i := range models {
		rm := randomWideModel(rng)
		want := rm.enumerate()
		if len(want) > 0 {
			sat++
		}
		copyLimit = []int{0, 1 << 20}[i%2]
		for k, o := range append(allOptions(), Options{Order: OrderDomWdeg, Values: ValueSplitMax, Prop: PropAC}) {
			name := fmt.Sprintf("model %d %v options %+v", i, rm.desc, o)
			s, err := NewSolver(rm.m, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if k%3 == 0 {
				checkPropagate(t, name, s, rm, want)
			}
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
		}
	}
	if sat < models/10 {
		t.Errorf("only %d of %d models have solutions: the test checks little", sat, models)
	}
}

// Splitting reaches values of a span of 10^15 in about 50 levels, and
// the halves are the decisions: every node under ValueSplit is x <= m or
// x > m, never x = v.
func TestSplitDecisions(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", -1_000_000_000_000_000, 1_000_000_000_000_000)
	y, _ := m.NewVarRange("y", 0, 1_000_000_000)
	sum, _ := NewBinary(OpAdd, m.Ref(x), m.Ref(y))
	eq, _ := NewBinary(OpEq, sum, NewConst(123_456_789_012_345))
	m.Require(eq)
	gt, _ := NewBinary(OpGe, m.Ref(y), NewConst(999_999_000))
	m.Require(gt)
	for _, vo := range []ValueOrder{ValueSplit, ValueSplitMax, ValuesAuto} {
		s := newSolver(t, m, Options{Order: OrderDomWdeg, Values: vo, Prop: PropAC})
		var ops []DecisionOp
		s.SetTracer(&Tracer{Event: func(e TraceEvent) bool {
			if e.Kind == TraceNode {
				ops = append(ops, e.Op)
			}
			return true
		}})
		if s.Next() != Solution {
			t.Fatalf("%v: no solution", vo)
		}
		if v := s.Value(x) + s.Value(y); v != 123_456_789_012_345 || s.Value(y) < 999_999_000 {
			t.Fatalf("%v: x = %d, y = %d", vo, s.Value(x), s.Value(y))
		}
		if len(ops) == 0 || len(ops) > 200 || slices.Contains(ops, DecideEq) || slices.Contains(ops, DecideNe) {
			t.Fatalf("%v: decisions %v", vo, ops)
		}
		want := DecideLe
		if vo == ValueSplitMax {
			want = DecideGt
		}
		if ops[0] != want {
			t.Errorf("%v: first decision %v, want %v", vo, ops[0], want)
		}
	}
}

// The optimisation: bisecting the objective's variable from its
// improving side finds the bounded optimum at the first solution and
// proves it, in a few dozen nodes.
func TestObjectiveBisection(t *testing.T) {
	m := NewModel()
	var xs []Expr
	for i := range 10 {
		v, _ := m.NewVarRange(fmt.Sprint("x", i), 0, 100000)
		xs = append(xs, m.Ref(v))
	}
	if _, err := m.RequireSum(xs, OpEq, 314159); err != nil {
		t.Fatal(err)
	}
	for i := range 9 {
		l, _ := NewBinary(OpAdd, xs[i], NewConst(7))
		le, _ := NewBinary(OpLe, l, xs[i+1])
		m.Require(le)
	}
	m.SetObjective(Maximize, xs[0])
	s := newSolver(t, m, Default())
	var sols []int64
	for s.Next() == Solution {
		sols = append(sols, s.Objective())
	}
	if !slices.Equal(sols, []int64{31384}) {
		t.Fatalf("solutions %v, want the optimum 31384 only", sols)
	}
	if n := s.Stats().Nodes; n > 200 {
		t.Errorf("%d nodes", n)
	}
}
