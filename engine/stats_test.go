package engine

import "testing"

// TestMaxDepthCounts: MaxDepth counts every decision on a branch and
// MaxAssigned the x = v ones, as a walk of the nodes the search visits
// counts them; under PropFC the two are the same.
func TestMaxDepthCounts(t *testing.T) {
	for _, prop := range []PropLevel{PropAC, PropFC} {
		m, _ := queens(t, 8)
		s := newSolver(t, m, Options{Order: OrderDomWdeg, Values: ValuesMid, Prop: prop})
		var path []bool // path[i]: decision i+1 of the branch is x = v
		depth, assigned := 0, 0
		s.trace = func(d int, _ Var, _ int64, eq, _ bool) {
			path = append(path[:d-1], eq)
			n := 0
			for _, e := range path {
				if e {
					n++
				}
			}
			depth, assigned = max(depth, d), max(assigned, n)
		}
		for s.Next() == Solution {
		}
		st := s.Stats()
		if st.MaxDepth != depth || st.MaxAssigned != assigned {
			t.Errorf("prop %d: max depth %d, max assigned %d; the nodes say %d and %d", prop, st.MaxDepth, st.MaxAssigned, depth, assigned)
		}
		if prop == PropAC && !(st.MaxAssigned < st.MaxDepth && st.MaxAssigned <= 8) {
			t.Errorf("AC: %d decisions deep, %d x = v: the x != v branches should make the difference", st.MaxDepth, st.MaxAssigned)
		}
		if prop == PropFC && st.MaxAssigned != st.MaxDepth {
			t.Errorf("FC: every decision is x = v, yet %d deep and %d assigned", st.MaxDepth, st.MaxAssigned)
		}
	}
}

// TestMaxAssignedParallel: the workers' deepest branches are combined.
func TestMaxAssignedParallel(t *testing.T) {
	m, _ := queens(t, 8)
	_, st, err := SolveParallel(m, Options{Prop: PropAC, Order: OrderDomWdeg, Values: ValuesMid}, 2, func([]int64) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if st.MaxAssigned < 1 || st.MaxAssigned > 8 || st.MaxAssigned > st.MaxDepth {
		t.Errorf("parallel: max depth %d, max assigned %d", st.MaxDepth, st.MaxAssigned)
	}
}
