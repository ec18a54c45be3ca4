package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// randomPhases gives rm's model one to three phases over random subsets
// of its variables (some shared, some left out), with random orders.
func randomPhases(rng *rand.Rand, n int) []SearchPhase {
	var ps []SearchPhase
	for range 1 + rng.Intn(3) {
		var p SearchPhase
		for x := range n {
			if rng.Intn(2) == 0 {
				p.Vars = append(p.Vars, Var(x))
			}
		}
		rng.Shuffle(len(p.Vars), func(i, j int) { p.Vars[i], p.Vars[j] = p.Vars[j], p.Vars[i] })
		if len(p.Vars) == 0 {
			p.Vars = []Var{Var(rng.Intn(n))}
		}
		p.Order = VarOrder(rng.Intn(int(lastOrder) + 1))
		p.Values = ValueOrder(rng.Intn(int(ValueSplitMax) + 1))
		ps = append(ps, p)
	}
	return ps
}

// Phases change the order of the search, never its solutions: every
// order, in the model or as default phases, against brute force.
func TestPhasesCrossCheck(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	models := 1500
	if testing.Short() {
		models = 150
	}
	phased := 0
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		ps := randomPhases(rng, rm.m.NumVars())
		for _, p := range ps {
			if err := rm.m.AddPhase(p); err != nil {
				t.Fatal(err)
			}
		}
		opts := allOptions()
		for _, o := range []VarOrder{OrderSmallest, OrderLargest} {
			opts = append(opts, Options{Order: o, Values: ValuesMin, Prop: PropAC}, Options{Order: o, Values: ValuesMid, Prop: PropFC})
		}
		for k, o := range opts {
			switch k % 3 {
			case 1:
				o.FreeSearch = true
			case 2:
				o.FreeSearch, o.DefaultPhases = true, ps[:1]
			}
			if k%5 == 0 {
				o.Restarts, o.Seed = RestartLuby, uint64(i)
			}
			name := fmt.Sprintf("model %d %v phases %v options %+v", i, rm.desc, ps, o)
			s := newSolver(t, rm.m, o)
			if s.phases != nil {
				phased++
			}
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
		}
	}
	if phased == 0 {
		t.Error("no search used phases")
	}
}

// The first phase is decided before the second, and within a phase the
// order picks: smallest takes the least lower bound, ties to the first
// listed.
func TestPhasesOrder(t *testing.T) {
	m := NewModel()
	var xs []Var
	for i, lo := range []int64{5, 3, 3, 9, 0} {
		x, _ := m.NewVarRange(fmt.Sprintf("x%d", i), lo, lo+2)
		xs = append(xs, x)
	}
	if err := m.AddPhase(SearchPhase{Vars: []Var{xs[3], xs[2], xs[1]}, Order: OrderSmallest, Values: ValuesMax}); err != nil {
		t.Fatal(err)
	}
	if err := m.AddPhase(SearchPhase{Vars: []Var{xs[0], xs[3]}, Order: OrderLargest, Values: ValuesMin}); err != nil {
		t.Fatal(err)
	}
	for _, prop := range []PropLevel{PropFC, PropNone, PropAC} {
		s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMid, Prop: prop})
		var got []string
		s.trace = func(depth int, x Var, v int64, eq, ok bool) {
			got = append(got, fmt.Sprintf("x%d=%d", x, v))
		}
		if s.Next() != Solution {
			t.Fatal("no solution")
		}
		// x2 (lo 3, listed before x1), x1, x3, then x0 (the second phase:
		// x3 is the first's), then x4 under input order, mid values.
		want := "[x2=5 x1=5 x3=11 x0=5 x4=1]"
		if fmt.Sprint(got) != want {
			t.Errorf("%v: decisions %v, want %s", prop, got, want)
		}
	}
}

func TestAddPhaseErrors(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, 1)
	for _, p := range []SearchPhase{
		{},
		{Vars: []Var{x + 1}},
		{Vars: []Var{-1}},
		{Vars: []Var{x}, Order: lastOrder + 1},
		{Vars: []Var{x}, Values: ValueSplitMax + 1},
	} {
		if err := m.AddPhase(p); err == nil {
			t.Errorf("AddPhase(%+v): no error", p)
		}
	}
	if _, err := NewSolver(m, Options{DefaultPhases: []SearchPhase{{Vars: []Var{7}}}}); err == nil {
		t.Error("NewSolver with a default phase of another model: no error")
	}
	if len(m.Phases()) != 0 {
		t.Errorf("phases %v after errors", m.Phases())
	}
}

// A phase that follows the options ("search x" without an order) takes
// the solver's order and values: under input order and max values, its
// variables in their listed order, largest value first; under smallest
// order, the least lower bound first.
func TestPhaseFollowsOptions(t *testing.T) {
	m := NewModel()
	var xs []Var
	for i, lo := range []int64{5, 0, 3} {
		x, _ := m.NewVarRange(fmt.Sprintf("x%d", i), lo, lo+2)
		xs = append(xs, x)
	}
	if err := m.AddPhase(SearchPhase{Vars: []Var{xs[2], xs[0]}, OptionsOrder: true, OptionsValues: true}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Order: OrderInput, Values: ValuesMax, Prop: PropFC}, "[x2=5 x0=7 x1=2]"},
		{Options{Order: OrderSmallest, Values: ValuesMin, Prop: PropAC}, "[x2=3 x0=5 x1=0]"},
	} {
		s := newSolver(t, m, c.opts)
		var got []string
		s.trace = func(depth int, x Var, v int64, eq, ok bool) {
			got = append(got, fmt.Sprintf("x%d=%d", x, v))
		}
		if s.Next() != Solution {
			t.Fatal("no solution")
		}
		if fmt.Sprint(got) != c.want {
			t.Errorf("%+v: decisions %v, want %s", c.opts, got, c.want)
		}
	}
}
