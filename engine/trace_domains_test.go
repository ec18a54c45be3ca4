package engine

import (
	"slices"
	"testing"
)

// TraceRootDomain gives the domains root propagation left, whatever the
// search has done since: those Propagate leaves on a fresh solver. It is
// nil without a tracer.
func TestTraceRootDomain(t *testing.T) {
	m, q := queens(t, 5)
	opts := Options{Order: OrderInput, Values: ValuesMin, Prop: PropAC}
	solver := func() *Solver {
		s, err := NewSolver(m, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Restrict(q[0], []int64{1}) { // AC at the root then narrows the others
			t.Fatal("restrict failed")
		}
		return s
	}
	ref := solver()
	if !ref.Propagate() {
		t.Fatal("root propagation failed")
	}
	s := solver()
	if d := s.TraceRootDomain(q[1]); d != nil {
		t.Errorf("without a tracer: %v, want nil", d)
	}
	nodes := 0
	s.SetTracer(&Tracer{Event: func(e TraceEvent) bool {
		if e.Kind == TraceNode {
			nodes++
			for _, x := range q {
				if got, want := s.TraceRootDomain(x), ref.Domain(x); !slices.Equal(got, want) {
					t.Errorf("node %d: %s after root propagation: %v, want %v", nodes, m.VarName(x), got, want)
				}
			}
		}
		return true
	}})
	for s.Next() == Solution {
	}
	if nodes == 0 || len(ref.Domain(q[1])) == 5 {
		t.Errorf("%d nodes, q2 in %v at the root: the test shows nothing", nodes, ref.Domain(q[1]))
	}
}
