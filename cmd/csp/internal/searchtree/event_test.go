package searchtree

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Event sequences and the tree they record: the stored nodes (depth,
// label, mark) and the counts kept past the budget.
func TestEvents(t *testing.T) {
	node := func(d int, x engine.Var, v int64, eq bool) engine.TraceEvent {
		return engine.TraceEvent{Kind: engine.TraceNode, Depth: d, Var: x, Value: v, Eq: eq, OK: true, Constraint: -1}
	}
	fail := func(d int) engine.TraceEvent {
		return engine.TraceEvent{Kind: engine.TraceFail, Depth: d, Var: 1, Constraint: -1}
	}
	sol := func(d int) engine.TraceEvent {
		return engine.TraceEvent{Kind: engine.TraceSolution, Depth: d, Var: -1, Constraint: -1}
	}
	restart := engine.TraceEvent{Kind: engine.TraceRestart, Var: -1, Constraint: -1}
	prune := engine.TraceEvent{Kind: engine.TracePrune, Depth: 1, Var: 1, Values: []int64{2}, Constraint: 0}
	for _, c := range []struct {
		name   string
		max    int
		events []engine.TraceEvent
		want   string // the stored nodes
		hidden string // the counts past the budget, by node
		totals [3]int64
	}{
		{"branch and dead end", 0, []engine.TraceEvent{node(1, 0, 1, true), prune, node(2, 1, 2, true), fail(2), node(2, 1, 3, true), sol(2)},
			"1 x=1 ·, 2 y=2 ✗, 2 y=3 ✓", "", [3]int64{3, 1, 1}},
		{"binary branching", 0, []engine.TraceEvent{node(1, 0, 1, true), fail(1), node(1, 0, 1, false), node(2, 1, 2, true), sol(2)},
			"1 x=1 ✗, 1 x≠1 ·, 2 y=2 ✓", "", [3]int64{3, 1, 1}},
		{"restart", 0, []engine.TraceEvent{node(1, 0, 1, true), node(2, 1, 1, true), fail(2), restart, node(1, 0, 2, true), sol(1)},
			"1 x=1 ·, 2 y=1 ✗, 1 x=2 ✓", "", [3]int64{3, 1, 1}},
		{"solved at the root", 0, []engine.TraceEvent{sol(0)}, "", "", [3]int64{0, 0, 1}},
		{"past the budget", 2, []engine.TraceEvent{node(1, 0, 1, true), node(2, 1, 1, true), fail(2), node(2, 1, 2, true), fail(2), node(2, 1, 3, true), sol(2), node(1, 0, 2, true), node(2, 1, 1, true), sol(2)},
			"1 x=1 ·, 2 y=1 ✗", "0: 2 nodes 1 ✗ 1 ✓; -1: 2 nodes 0 ✗ 1 ✓", [3]int64{6, 2, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := New(compile(t, "var x in 1..3\nvar y in 1..3"), Options{MaxNodes: c.max})
			for _, e := range c.events {
				if !r.Event(e) {
					t.Fatal("Event returned false")
				}
			}
			var got []string
			for i, n := range r.nodes {
				got = append(got, fmt.Sprintf("%d %s %s", n.depth, r.label(int32(i)), [...]string{"·", "✗", "✓"}[n.kind]))
			}
			if s := strings.Join(got, ", "); s != c.want {
				t.Errorf("stored %q, want %q", s, c.want)
			}
			var hid []string
			for _, k := range []int32{0, 1, -1} {
				if h := r.hidden[k]; h != nil {
					hid = append(hid, fmt.Sprintf("%d: %d nodes %d ✗ %d ✓", k, h.size, h.fails, h.sols))
				}
			}
			if s := strings.Join(hid, "; "); s != c.hidden {
				t.Errorf("counted %q, want %q", s, c.hidden)
			}
			if c.name == "restart" && (fmt.Sprint(r.runs) != "[2]" || r.restarts != 1) {
				t.Errorf("runs %v, %d restarts; want [2], 1", r.runs, r.restarts)
			}
			if s, f, so := r.Totals(); [3]int64{s, f, so} != c.totals {
				t.Errorf("totals %d, %d, %d; want %v", s, f, so, c.totals)
			}
		})
	}
}
