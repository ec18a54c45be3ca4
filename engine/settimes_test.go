package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestSetTimesIsComplete: a set-times phase only orders the choices, so
// every solution is still found exactly once, with restarts too, serially
// and with two workers, on random schedules (nooverlaps and written
// disjunctions).
func TestSetTimesIsComplete(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 30
	}
	for seed := range n {
		rng := rand.New(rand.NewSource(int64(seed)))
		m := randomDisjunctiveModel(rng)
		m.SetObjective(Satisfy, nil)
		var vars []Var
		for v := range m.NumVars() {
			vars = append(vars, Var(v))
		}
		if m.NumVars() <= 4 && rng.Intn(2) == 0 {
			u := 0
			s, d := randomTasks(rng, m, 3, 6, &u)
			g, _ := NewNoOverlap(s, d)
			m.Post(g)
		}
		if err := m.AddPhase(SearchPhase{Vars: vars[:len(vars)/2+1], Order: OrderSmallest, Values: ValuesMin, SetTimes: true}); err != nil {
			t.Fatal(err)
		}
		want := solutionKeys(bruteSolutions(m))
		for _, r := range []RestartPolicy{RestartNone, RestartLuby} {
			for _, workers := range []int{1, 2} {
				o := Options{Order: OrderDomWdeg, Values: ValuesMin, Prop: PropAC, Restarts: r, RestartScale: 1, Seed: uint64(seed)}
				name := fmt.Sprintf("seed %d restarts %v workers %d", seed, r, workers)
				got := solutionKeys(solveAll(t, name, m, o, workers))
				if !slices.Equal(got, want) {
					t.Fatalf("%s: %d solutions, want %d", name, len(got), len(want))
				}
			}
		}
	}
}

// TestSetTimesWaits: after x != v, x waits while its least value stays,
// and the next choice is another task; when every task waits, one of them
// is chosen all the same.
func TestSetTimesWaits(t *testing.T) {
	m := NewModel()
	a, _ := m.NewVarRange("a", 0, 9)
	b, _ := m.NewVarRange("b", 1, 9)
	c, _ := m.NewVarRange("c", 1, 5)
	if err := m.AddPhase(SearchPhase{Vars: []Var{a, b, c}, Order: OrderSmallest, Values: ValuesMin, SetTimes: true}); err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(m, Options{Order: OrderDomWdeg, Values: ValuesMin, Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	if x := s.selectPhased(); x != int32(a) {
		t.Fatalf("first choice %d, want a (least lower bound)", x)
	}
	s.st.push()
	s.st.apply(int32(a), 0, DecideNe)
	s.postpone(int32(a))
	// a's least value is now 1, as b's and c's: a waits, and c's
	// greatest value is the least.
	if x := s.selectPhased(); x != int32(c) {
		t.Fatalf("after a != 0: choice %d, want c", x)
	}
	s.postpone(int32(b))
	s.postpone(int32(c))
	if x := s.selectPhased(); x != int32(c) {
		t.Fatalf("all waiting: choice %d, want c (least bounds)", x)
	}
	s.st.push()
	s.st.apply(int32(a), 1, DecideNe) // a's least value moves: it no longer waits
	if x := s.selectPhased(); x != int32(a) {
		t.Fatalf("a moved: choice %d, want a", x)
	}
}
