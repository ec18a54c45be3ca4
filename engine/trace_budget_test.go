package engine

import "testing"

// A traced search keeps a copy of the domains per level of its branch:
// past the budget tracing ends and the search stops, as a limit does,
// before the copy is made; Reset forgets it, and a budget that fits lets
// the same search run to its end, traced all along.
func TestTraceBudget(t *testing.T) {
	m, _ := queens(t, 8)
	for _, o := range []Options{Default(), {Order: OrderInput, Values: ValuesMin, Prop: PropFC}} {
		s := newSolver(t, m, o)
		one := int64(8*len(s.st.words) + 4*len(s.st.cell))
		events := 0
		s.SetTracer(&Tracer{Event: func(TraceEvent) bool { events++; return true }, Domains: true})
		s.SetTraceBudget(5 * one) // the root and two levels
		if st := s.Next(); st != Stopped || !s.TraceOverBudget() {
			t.Fatalf("%+v: %v, over budget %v; want stopped over budget", o, st, s.TraceOverBudget())
		}
		if s.tr != nil || len(s.frames) > 4 {
			t.Errorf("%+v: tracing on %v, depth %d after the stop", o, s.tr != nil, len(s.frames))
		}
		traced := events
		s.Reset()
		if s.TraceOverBudget() {
			t.Errorf("%+v: Reset kept the budget's stop", o)
		}
		s.SetTracer(&Tracer{Event: func(TraceEvent) bool { events++; return true }, Domains: true})
		s.SetTraceBudget(20 * one)
		if st := s.Next(); st != Solution || s.TraceOverBudget() || s.tr == nil || events <= 2*traced {
			t.Errorf("%+v: with room, %v, over budget %v, tracing %v, events %d then %d", o, st, s.TraceOverBudget(), s.tr != nil, traced, events-traced)
		}
	}
	// Under the default budget no copy of a small model comes near it.
	s := newSolver(t, m, Default())
	s.SetTracer(&Tracer{Event: func(TraceEvent) bool { return true }})
	if st := s.Next(); st != Solution || s.TraceOverBudget() {
		t.Errorf("default budget: %v, over %v", st, s.TraceOverBudget())
	}
}
