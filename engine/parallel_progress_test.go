package engine

import (
	"fmt"
	"testing"
)

// During a parallel count, Progress sees the solutions of the subproblems
// still being searched, not only of the finished ones. Every leaf of 16
// free 0/1 variables is a solution, so each worker finds some in the
// thousands of nodes between two of its Progress calls: each call must
// see a larger total than the one before (past the decomposition, whose
// calls see none yet). Summing finished subproblems alone repeats totals
// while the workers are inside long subproblems.
func TestSolveParallelProgressCountsLive(t *testing.T) {
	m := NewModel()
	const n = 16
	for i := range n {
		if _, err := m.NewVarRange(fmt.Sprintf("x%d", i), 0, 1); err != nil {
			t.Fatal(err)
		}
	}
	var seen []int64
	o := Options{Order: OrderInput, Values: ValuesMin, Prop: PropAC}
	o.Progress = func(st Stats) { seen = append(seen, st.Solutions) } // calls are serialised
	status, st, err := SolveParallel(m, o, 2, nil)
	if err != nil || status != Exhausted || st.Solutions != 1<<n {
		t.Fatalf("%v %v %d solutions, want %d", status, err, st.Solutions, 1<<n)
	}
	if len(seen) < 5 {
		t.Fatalf("only %d progress calls", len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] > 0 && seen[i] <= seen[i-1] || seen[i] > st.Solutions {
			t.Fatalf("progress call %d saw %d solutions after %d (total %d): %v", i, seen[i], seen[i-1], st.Solutions, seen)
		}
	}
}
