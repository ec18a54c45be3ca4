package searchtree

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// A decision on a variable declared in an enum is labelled with the
// value's name; a split's bound, and other variables, keep numbers.
func TestLabelEnumNames(t *testing.T) {
	r := New(compile(t, "enum N = {A, B, C}\nvar x in N\nvar y[N] in 1..3"), Options{})
	events := []engine.TraceEvent{
		{Kind: engine.TraceNode, Depth: 1, Var: 0, Value: 2, Eq: true, OK: true, Constraint: -1},
		{Kind: engine.TraceNode, Depth: 2, Var: 2, Value: 3, Eq: false, OK: true, Constraint: -1},
	}
	for _, e := range events {
		if !r.Event(e) {
			t.Fatal("Event returned false")
		}
	}
	if got := r.label(0) + " " + r.label(1); got != "x=B y[B]≠3" {
		t.Errorf("labels %q, want %q", got, "x=B y[B]≠3")
	}
}
