package engine

import (
	"sync/atomic"
	"testing"
)

// A stop asked while the solver works inside one node, value by value
// over a wide domain, is seen within a few looks at the limits, each
// pollEvery units of work apart (poll.go): the search returns Stopped,
// not a solution found after the work was done, nor Exhausted. The stop
// comes from Progress, which the looks call every 16th time, so when it
// comes is counted in units of work, not time: each case asks for it at
// the first call and checks that the 16th look, which called it, saw it.
func TestStopInsideANode(t *testing.T) {
	defer func(f bool) { flattening = f }(flattening)
	flattening = false     // the work below is what flattening and presolve avoid
	crt := func() *Model { // x in 1..16000000 with x % d = r for seven d: filtered value by value
		m := NewModel()
		x, _ := m.NewVarRange("x", 1, 16_000_000)
		for i, d := range []int64{3, 5, 7, 11, 13, 17, 19} {
			e, _ := NewBinary(OpMod, m.Ref(x), NewConst(d))
			e, _ = NewBinary(OpEq, e, NewConst([]int64{2, 3, 2, 5, 7, 1, 4}[i]))
			m.Require(e)
		}
		m.SetObjective(Minimize, m.Ref(x))
		return m
	}
	squares := func() *Model { // x * x = y over 0..2047: arc consistency tries 4 million pairs
		m := NewModel()
		x, _ := m.NewVarRange("x", 0, 2047)
		y, _ := m.NewVarRange("y", 0, 2047)
		xx, _ := NewBinary(OpMul, m.Ref(x), m.Ref(x))
		e, _ := NewBinary(OpEq, xx, m.Ref(y))
		m.Require(e)
		return m
	}
	residue := func() *Model { // y % 1000 = x: forward checking on x = 0 tries a million values of y
		m := NewModel()
		x, _ := m.NewVarRange("x", 0, 9)
		y, _ := m.NewVarRange("y", 1, 1_000_000)
		e, _ := NewBinary(OpMod, m.Ref(y), NewConst(1000))
		e, _ = NewBinary(OpEq, e, m.Ref(x))
		m.Require(e)
		return m
	}
	for _, c := range []struct {
		name  string
		model func() *Model
		opts  Options
	}{
		{"NewSolver's filtering of one variable", crt, Default()},
		{"the root's fixpoint", squares, Options{Order: OrderInput, Prop: PropAC}},
		{"forward checking at the first node", residue, Options{Order: OrderInput, Prop: PropFC}},
		{"SolveParallel, the root's fixpoint", squares, Options{Order: OrderInput, Prop: PropAC}},
	} {
		var stop atomic.Bool
		progress := 0
		o := c.opts
		o.StopFlag = &stop
		o.Progress = func(Stats) {
			progress++
			stop.Store(true)
		}
		if c.name == "SolveParallel, the root's fixpoint" {
			st, _, err := SolveParallel(c.model(), o, 2, nil)
			if err != nil || st != Stopped || progress == 0 {
				t.Errorf("%s: %v %v after %d calls of Progress, want Stopped", c.name, st, err, progress)
			}
			continue
		}
		s, err := NewSolver(c.model(), o)
		if err != nil {
			t.Fatal(err)
		}
		st := s.Next()
		if st != Stopped || progress != 1 || s.looks != 16 || !s.Halted() {
			t.Errorf("%s: %v after %d looks and %d calls of Progress, want Stopped at the 16th look, which called it", c.name, st, s.looks, progress)
		}
		if st := s.Next(); st != Stopped {
			t.Errorf("%s: the next Next says %v, want Stopped", c.name, st)
		}
		if s.stats.Failures != 0 {
			t.Errorf("%s: %d failures counted: a stop is none", c.name, s.stats.Failures)
		}
		// Once the stop is lifted, Reset starts over and the search is
		// whole again, unless NewSolver itself was stopped.
		stop.Store(false)
		o.Progress = nil
		s.opts.Progress = nil
		s.Reset()
		st = s.Next()
		if c.name == "NewSolver's filtering of one variable" {
			if st != Stopped {
				t.Errorf("%s: after Reset %v, want Stopped: a constraint was never posted", c.name, st)
			}
			continue
		}
		if st != Solution {
			t.Errorf("%s: after Reset %v, want a solution", c.name, st)
			continue
		}
		full, _ := NewSolver(c.model(), c.opts)
		if full.Next() != Solution || full.Value(0) != s.Value(0) || full.Value(1) != s.Value(1) {
			t.Errorf("%s: after Reset the solution is x=%d y=%d, a new solver's x=%d y=%d", c.name, s.Value(0), s.Value(1), full.Value(0), full.Value(1))
		}
	}
}

// Propagate, stopped, returns false and says so with Halted: not an
// inconsistent model.
func TestPropagateStopped(t *testing.T) {
	defer func(f bool) { flattening = f }(flattening)
	flattening = false // the work below is what flattening and presolve avoid
	m := NewModel()
	x, _ := m.NewVarRange("x", 5, 5)
	y, _ := m.NewVarRange("y", 0, 1_000_000)
	e, _ := NewBinary(OpMod, m.Ref(y), NewConst(1000))
	e, _ = NewBinary(OpEq, e, m.Ref(x))
	m.Require(e)
	var stop atomic.Bool
	for _, p := range []PropLevel{PropAC, PropFC} {
		s, _ := NewSolver(m, Options{Prop: p, StopFlag: &stop})
		stop.Store(true)
		if s.Propagate() || !s.Halted() {
			t.Errorf("%v: Propagate with the stop asked: not halted", p)
		}
		stop.Store(false)
		s.Reset()
		if !s.Propagate() || s.Halted() || len(s.Domain(1)) != 1000 {
			t.Errorf("%v: Propagate after Reset failed, halted, or left %d values of y, want 1000", p, len(s.Domain(1)))
		}
	}
}

// A propagation that repeats until the bounds stop moving counts each
// round: 2x = 2y + 1 has no solution, and bounds consistency proves it
// one value a round, ten million rounds over 0..10^7. Asked to stop at
// once, the root's propagation ends within the first looks.
func TestStopInsideSlowBounds(t *testing.T) {
	defer func(f bool) { flattening = f }(flattening)
	flattening = false // the work below is what flattening and presolve avoid
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, 10_000_000)
	y, _ := m.NewVarRange("y", 0, 10_000_000)
	if _, err := m.RequireLinear([]int64{2, -2}, m.Refs([]Var{x, y}), OpEq, 1); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	stop.Store(true)
	s, _ := NewSolver(m, Options{Prop: PropAC, StopFlag: &stop})
	if st := s.Next(); st != Stopped || s.looks > 1 {
		t.Errorf("%v after %d looks, want Stopped at the first", st, s.looks)
	}
	if lo, hi := s.st.minOf(0), s.st.maxOf(0); hi-lo < 9_000_000 {
		t.Errorf("x in %d..%d: the rounds went on after the stop", lo, hi)
	}
}
