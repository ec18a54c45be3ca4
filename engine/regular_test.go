package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// randomAutomaton draws a DFA of 1..5 states over a random subset of
// -1..3 (not always covering the variables' domains), with some missing
// transitions and a random accepting set.
func randomAutomaton(rng *rand.Rand) Automaton { return randomAutomatonN(rng, 1+rng.Intn(5)) }

// randomAutomatonN draws a DFA of nq states in the same way.
func randomAutomatonN(rng *rand.Rand, nq int) Automaton {
	var a Automaton
	for v := int64(-1); v <= 3; v++ {
		if rng.Intn(4) > 0 {
			a.Values = append(a.Values, v)
		}
	}
	a.Accept = make([]bool, nq)
	for q := range a.Accept {
		a.Accept[q] = rng.Intn(2) == 0
	}
	a.Next = make([]int32, nq*len(a.Values))
	for i := range a.Next {
		a.Next[i] = int32(rng.Intn(nq+1)) - 1
		if a.Next[i] < 0 && rng.Intn(2) == 0 {
			a.Next[i] = int32(rng.Intn(nq))
		}
	}
	a.Start = int32(rng.Intn(nq))
	return a
}

func regularMaker(repeats bool) globalMaker {
	return regularMakerN(repeats, func(rng *rand.Rand) int { return 1 + rng.Intn(5) })
}

func regularMakerN(repeats bool, states func(*rand.Rand) int) globalMaker {
	return func(rng *rand.Rand, m *Model) Global {
		a := randomAutomatonN(rng, states(rng))
		list := randomVars(rng, m, "x", 1+rng.Intn(5), -1, 3)
		if rng.Intn(3) == 0 {
			k := rng.Intn(len(list) + 1)
			list = slices.Insert(list, k, NewConst(int64(rng.Intn(5)-1)))
		}
		if repeats {
			list = append(list, list[rng.Intn(len(list))])
		}
		g, err := NewRegular(list, a)
		if err != nil {
			panic(err)
		}
		return g
	}
}

func TestRegularGlobal(t *testing.T) {
	globalCheck{name: "regular", instances: 200, dc: true, make: regularMaker(false)}.run(t)
}

// TestRegularGlobalLarge: more than 64 states, past the bit-set layers.
func TestRegularGlobalLarge(t *testing.T) {
	globalCheck{name: "regular with 65..80 states", instances: 60, dc: true,
		make: regularMakerN(false, func(rng *rand.Rand) int { return 65 + rng.Intn(16) })}.run(t)
}

func TestRegularGlobalRepeats(t *testing.T) {
	globalCheck{name: "regular with a variable twice", instances: 100, make: regularMaker(true)}.run(t)
}

// TestRegularGlobalExtra adds a second constraint, so that propagation
// under AC interleaves with another propagator (and backtracks through
// the regular propagator's runs).
func TestRegularGlobalExtra(t *testing.T) {
	globalCheck{
		name: "regular with a sum", instances: 80, make: regularMaker(false),
		extra: func(rng *rand.Rand, m *Model) {
			var xs []Expr
			for x := range m.NumVars() {
				xs = append(xs, m.Ref(Var(x)))
			}
			s, err := NewNary(OpSum, xs)
			if err != nil {
				panic(err)
			}
			e, err := NewBinary(OpLe, s, NewConst(int64(rng.Intn(8))))
			if err != nil {
				panic(err)
			}
			m.Require(e)
		},
	}.run(t)
}

// 0* 1 1 0* over {0, 1}: states 0 (before), 1 (one 1), 2 (two 1s, done).
func twoOnes() Automaton {
	return Automaton{
		Values: []int64{0, 1},
		Next:   []int32{0, 1, -1, 2, 2, -1},
		Start:  0,
		Accept: []bool{false, false, true},
	}
}

// TestRegularStrength checks by hand a propagation that needs the whole
// layered graph: a block of two 1s in x0..x3 with x1 = 1 forces x3 = 0
// and leaves x0, x2 open; with x0 = 0 too, x2 must be 1.
func TestRegularStrength(t *testing.T) {
	m := NewModel()
	var xs []Expr
	for i := range 4 {
		x, _ := m.NewVar("x"+string(rune('0'+i)), []int64{0, 1})
		xs = append(xs, m.Ref(x))
	}
	g, err := NewRegular(xs, twoOnes())
	if err != nil {
		t.Fatal(err)
	}
	m.Post(g)
	for _, prop := range []PropLevel{PropFC, PropAC} {
		s, err := NewSolver(m, Options{Prop: prop})
		if err != nil {
			t.Fatal(err)
		}
		if !s.st.fixTo(1, 1) || !s.st.fixTo(0, 0) {
			t.Fatal("fix failed")
		}
		if !s.Propagate() {
			t.Fatalf("%v: propagation failed", prop)
		}
		for x, want := range [][]int64{{0}, {1}, {1}, {0}} {
			if got := s.Domain(Var(x)); !slices.Equal(got, want) {
				t.Errorf("%v: x%d = %v, want %v", prop, x, got, want)
			}
		}
	}
}

func TestRegularHoldsAndErrors(t *testing.T) {
	g, err := NewRegular([]Expr{NewConst(0), NewConst(1)}, twoOnes())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w    []int64
		want bool
	}{{[]int64{1, 1}, true}, {[]int64{0, 1, 1, 0}, true}, {[]int64{1}, false}, {[]int64{1, 1, 1}, false}, {[]int64{1, 0, 1}, false}, {[]int64{2}, false}, {nil, false}} {
		if got := g.Holds(c.w); got != c.want {
			t.Errorf("Holds(%v) = %v, want %v", c.w, got, c.want)
		}
	}
	bad := []Automaton{
		{},
		{Values: []int64{1, 0}, Next: []int32{0, 0}, Accept: []bool{true}},
		{Values: []int64{0}, Next: []int32{1}, Accept: []bool{true}},
		{Values: []int64{0}, Next: []int32{0, 0}, Accept: []bool{true}},
		{Values: []int64{0}, Next: []int32{0}, Start: 1, Accept: []bool{true}},
	}
	for i, a := range bad {
		if _, err := NewRegular(nil, a); err == nil {
			t.Errorf("automaton %d: no error", i)
		}
	}
}
