package engine

import (
	"math/rand"
	"testing"
)

// randomSuccs draws 1 to 5 successors with random domains around the
// nodes base..base+n-1 (one value below and above too), sometimes with a
// constant or a variable repeated.
func randomSuccs(rng *rand.Rand, m *Model) ([]Expr, int64) {
	n := 1 + rng.Intn(5)
	base := int64(rng.Intn(4) - 1)
	succ := randomVars(rng, m, "s", n, base-1, base+int64(n))
	if n > 1 && rng.Intn(5) == 0 {
		succ[rng.Intn(n)] = NewConst(base + int64(rng.Intn(n)))
	}
	if n > 2 && rng.Intn(12) == 0 {
		succ[0] = succ[n-1]
	}
	return succ, base
}

// circuitCheck and subcircuitCheck are the harness's tests of the two
// globals (global_test.go).
var circuitCheck = globalCheck{
	name:      "circuit",
	instances: 200,
	make: func(rng *rand.Rand, m *Model) Global {
		succ, base := randomSuccs(rng, m)
		g, err := NewCircuit(succ, base)
		if err != nil {
			panic(err)
		}
		return g
	},
}

var subcircuitCheck = globalCheck{
	name:      "subcircuit",
	instances: 200,
	make: func(rng *rand.Rand, m *Model) Global {
		succ, base := randomSuccs(rng, m)
		g, err := NewSubcircuit(succ, base)
		if err != nil {
			panic(err)
		}
		return g
	},
}

func TestCircuitGlobal(t *testing.T) { circuitCheck.run(t) }

func TestSubcircuitGlobal(t *testing.T) { subcircuitCheck.run(t) }

// The globals beside other constraints: a successor pinned or excluded
// leaves the propagator to meet fixed values it did not fix itself.
func TestCircuitGlobalWithOthers(t *testing.T) {
	pin := func(rng *rand.Rand, m *Model) {
		x := Var(rng.Intn(m.NumVars()))
		vs := m.InitialDomain(x)
		e, _ := NewBinary(OpNe, m.Ref(x), NewConst(vs[rng.Intn(len(vs))]))
		m.Require(e)
	}
	for _, sub := range []bool{false, true} {
		globalCheck{
			name:      "circuit with others",
			instances: 50,
			make: func(rng *rand.Rand, m *Model) Global {
				succ, base := randomSuccs(rng, m)
				if sub {
					g, _ := NewSubcircuit(succ, base)
					return g
				}
				g, _ := NewCircuit(succ, base)
				return g
			},
			extra: pin,
		}.run(t)
	}
}

func TestCircuitHolds(t *testing.T) {
	c, _ := NewCircuit(make([]Expr, 4), 1)
	s, _ := NewSubcircuit(make([]Expr, 4), 1)
	for _, tc := range []struct {
		vals      []int64
		circ, sub bool
	}{
		{[]int64{2, 3, 4, 1}, true, true},
		{[]int64{2, 1, 4, 3}, false, false}, // two cycles
		{[]int64{2, 1, 3, 4}, false, true},  // one cycle and two fixed points
		{[]int64{1, 2, 3, 4}, false, true},  // the empty subcircuit
		{[]int64{2, 3, 1, 4}, false, true},
		{[]int64{2, 2, 4, 1}, false, false}, // not a permutation
		{[]int64{2, 3, 4, 5}, false, false}, // out of range
		{[]int64{1, 3, 4, 2}, false, true},
		{[]int64{0, 3, 4, 2}, false, false},
	} {
		if got := c.Holds(tc.vals); got != tc.circ {
			t.Errorf("circuit %v: %v, want %v", tc.vals, got, tc.circ)
		}
		if got := s.Holds(tc.vals); got != tc.sub {
			t.Errorf("subcircuit %v: %v, want %v", tc.vals, got, tc.sub)
		}
	}
	one, _ := NewCircuit(make([]Expr, 1), 5)
	if !one.Holds([]int64{5}) || one.Holds([]int64{6}) {
		t.Error("circuit of one node")
	}
	none, _ := NewCircuit(nil, 0)
	if !none.Holds(nil) {
		t.Error("circuit of no node")
	}
}

// rootModel builds n successors with the given domains (nil: all
// nodes 0..n-1), posts the global and propagates at the root under prop.
func circuitRoot(t *testing.T, doms [][]int64, sub bool, prop PropLevel) ([][]int64, bool) {
	t.Helper()
	m := NewModel()
	n := len(doms)
	succ := make([]Expr, n)
	for i, d := range doms {
		if d == nil {
			for v := range n {
				d = append(d, int64(v))
			}
		}
		x, err := m.NewVar("s", d)
		if err != nil {
			t.Fatal(err)
		}
		succ[i] = m.Ref(x)
	}
	if sub {
		g, _ := NewSubcircuit(succ, 0)
		m.Post(g)
	} else {
		g, _ := NewCircuit(succ, 0)
		m.Post(g)
	}
	s, err := NewSolver(m, Options{Order: OrderMRV, Values: ValuesMin, Prop: prop})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Propagate() {
		return nil, false
	}
	out := make([][]int64, n)
	for i := range n {
		out[i] = s.Domain(Var(i))
	}
	return out, true
}

func TestCircuitChainRule(t *testing.T) {
	// 0 -> 1 -> 2 fixed: 2 may not go back to 0 while 3 and 4 are out.
	for _, prop := range []PropLevel{PropFC, PropAC} {
		doms, ok := circuitRoot(t, [][]int64{{1}, {2}, nil, nil, nil}, false, prop)
		if !ok {
			t.Fatalf("prop %v: failed", prop)
		}
		if got := doms[2]; len(got) != 2 || got[0] != 3 || got[1] != 4 {
			t.Errorf("prop %v: succ[2] = %v, want [3 4]", prop, got)
		}
		for i := 3; i < 5; i++ {
			for _, v := range doms[i] {
				if v == 1 || v == 2 || v == int64(i) {
					t.Errorf("prop %v: succ[%d] keeps %d: %v", prop, i, v, doms[i])
				}
			}
		}
	}
	// Two fixed 2-cycles fail; a chain through every node closes.
	if _, ok := circuitRoot(t, [][]int64{{1}, {0}, nil, nil}, false, PropFC); ok {
		t.Error("circuit: a cycle of two out of four nodes passed")
	}
	doms, ok := circuitRoot(t, [][]int64{{1}, {2}, {3}, nil}, false, PropFC)
	if !ok || len(doms[3]) != 1 || doms[3][0] != 0 {
		t.Errorf("circuit: the last node of a full chain: %v %v", doms, ok)
	}
}

func TestSubcircuitRules(t *testing.T) {
	// 0 -> 1 -> 0 fixed: everything else points to itself.
	doms, ok := circuitRoot(t, [][]int64{{1}, {0}, nil, nil}, true, PropFC)
	if !ok || len(doms[2]) != 1 || doms[2][0] != 2 || len(doms[3]) != 1 || doms[3][0] != 3 {
		t.Errorf("subcircuit after a closed cycle: %v %v", doms, ok)
	}
	// 0 -> 1 fixed and 3 must move: 1 may not close the cycle on 0.
	doms, ok = circuitRoot(t, [][]int64{{1}, nil, nil, {0, 1, 2}}, true, PropFC)
	if !ok {
		t.Fatal("subcircuit: failed")
	}
	for _, v := range doms[1] {
		if v == 0 || v == 1 {
			t.Errorf("subcircuit: succ[1] keeps %d: %v", v, doms[1])
		}
	}
	// Without a node that must move, closing is allowed.
	doms, ok = circuitRoot(t, [][]int64{{1}, nil, nil, nil}, true, PropFC)
	if !ok || len(doms[1]) != 3 || doms[1][0] != 0 {
		t.Errorf("subcircuit: closing a cycle of two: %v %v", doms, ok)
	}
	// Two fixed cycles fail.
	if _, ok := circuitRoot(t, [][]int64{{1}, {0}, {3}, {2}}, true, PropFC); ok {
		t.Error("subcircuit: two cycles passed")
	}
}

// Under PropAC the alldiff part is domain consistent: a node that is the
// only possible successor... of one node is removed from the others, and
// a value only one node can take is given to it.
func TestCircuitACAlldiff(t *testing.T) {
	doms, ok := circuitRoot(t, [][]int64{{1, 2}, {0, 2}, {0, 1}, {0, 1, 2}}, false, PropAC)
	if ok {
		t.Fatalf("three nodes share three values, the fourth must take one: %v", doms)
	}
	doms, ok = circuitRoot(t, [][]int64{{1, 2}, {2, 3}, {1, 3}, nil}, false, PropAC)
	if !ok {
		t.Fatal("failed")
	}
	// Values 1, 2, 3 are taken by nodes 0, 1, 2: node 3 goes to 0.
	if len(doms[3]) != 1 || doms[3][0] != 0 {
		t.Errorf("succ[3] = %v, want [0]", doms[3])
	}
}

// The decompositions stay polynomial: circuit's is n² nodes, subcircuit's
// n³.
func TestCircuitDecomposeSize(t *testing.T) {
	m := NewModel()
	n := 30
	succ := make([]Expr, n)
	for i := range succ {
		x, _ := m.NewVarRange("s", 0, int64(n-1))
		succ[i] = m.Ref(x)
	}
	c, _ := NewCircuit(succ, 0)
	s, _ := NewSubcircuit(succ, 0)
	for _, g := range []Global{c, s} {
		e, err := g.Decompose()
		if err != nil {
			t.Fatal(err)
		}
		if k := exprNodes(e); k > 6*n*n*n {
			t.Errorf("%s of %d: %d nodes", g.Name(), n, k)
		}
	}
}

func exprNodes(e Expr) int {
	switch e := e.(type) {
	case *Unary:
		return 1 + exprNodes(e.X)
	case *Binary:
		return 1 + exprNodes(e.X) + exprNodes(e.Y)
	case *Nary:
		k := 1
		for _, a := range e.Args {
			k += exprNodes(a)
		}
		return k
	case *IfThenElse:
		return 1 + exprNodes(e.Cond) + exprNodes(e.Then) + exprNodes(e.Else)
	case *Element:
		k := 1 + exprNodes(e.Index)
		for _, a := range e.Items {
			k += exprNodes(a)
		}
		return k
	}
	return 1
}

// Two groups of nodes that can only reach each other one way have no
// cycle through all: under PropAC the root fails (Régin alone cannot
// see it), under PropFC it does not.
func TestCircuitConnected(t *testing.T) {
	doms := [][]int64{{1, 2}, {0, 2}, {0, 1, 3}, {4, 5}, {3, 5}, {3, 4}}
	if _, ok := circuitRoot(t, doms, false, PropAC); ok {
		t.Error("PropAC: two groups passed")
	}
	if _, ok := circuitRoot(t, doms, false, PropFC); !ok {
		t.Error("PropFC: failed at the root")
	}
	// Subcircuit may take the one group as its cycle.
	if _, ok := circuitRoot(t, doms, true, PropAC); !ok {
		t.Error("subcircuit: failed at the root")
	}
}
