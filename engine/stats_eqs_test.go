package engine

import (
	"fmt"
	"sync"
	"testing"
)

// walkEqs counts the frames on their x = v branch, as assignedDepth did
// before the frames kept the count.
func walkEqs(s *Solver) int {
	d := 0
	for i := range s.frames {
		if !s.frames[i].right {
			d++
		}
	}
	return d
}

// TestAssignedDepthKept: at every node of PropAC's search, the count the
// top frame keeps is the walk's, under every variable and value order,
// with restarts over a trimmed trail, with a domain restricted first, in
// parallel workers and in the subproblems of a split.
func TestAssignedDepthKept(t *testing.T) {
	u0, b0, g0 := restartUnit, bigDomains, trailBudget
	defer func() { restartUnit, bigDomains, trailBudget = u0, b0, g0 }()
	defer func() { nodeHook = nil }()
	var mu sync.Mutex
	nodes, deep := 0, 0
	var bad string
	nodeHook = func(s *Solver) {
		mu.Lock()
		defer mu.Unlock()
		nodes++
		if got, want := s.assignedDepth(), walkEqs(s); got != want && bad == "" {
			bad = fmt.Sprintf("kept %d, walk %d at depth %d", got, want, len(s.frames))
		} else if want > 2 && want < len(s.frames) {
			deep++ // x != v frames below x = v ones: the count is tested
		}
	}
	check := func(name string) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		if bad != "" || nodes == 0 || deep == 0 {
			t.Fatalf("%s: %s (%d nodes, %d with a mixed branch)", name, bad, nodes, deep)
		}
		nodes, deep = 0, 0
	}
	for _, o := range allOptions() {
		if o.Prop != PropAC {
			continue
		}
		name := fmt.Sprintf("%v/%v", o.Order, o.Values)
		m, q := queens(t, 8)
		countSolutions(newSolver(t, m, o))
		check(name)

		restartUnit, bigDomains, trailBudget = 2, 0, 16
		r := o
		r.Restarts = RestartLuby
		countSolutions(newSolver(t, m, r))
		check(name + " restarts, trimmed trail")
		restartUnit, bigDomains, trailBudget = u0, b0, g0

		s := newSolver(t, m, o)
		s.Restrict(q[0], []int64{2, 4, 6})
		countSolutions(s)
		check(name + " restricted")

		if _, _, err := SolveParallel(m, o, 2, func([]int64) bool { return true }); err != nil {
			t.Fatal(err)
		}
		check(name + " parallel")

		solveSplit(t, name, m, o, 6, 2)
		check(name + " split")
	}
}
