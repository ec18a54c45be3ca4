package engine

import "time"

// Propagate runs every constraint's forward-checking filter to a fixpoint
// on the current node (the root, before the search starts), treating each
// variable whose domain is a single value as assigned, and reports whether
// the domains are still consistent (false: one would become empty or a
// constraint is violated). Domain then shows the result. Under PropAC it
// runs the PropAC propagators instead, which is what the search does at
// the root.
//
// The work is done on a trail level of its own, which the next call of
// Next or Propagate undoes first: propagating never changes the search
// tree, its nodes or its statistics other than Propagations and
// SearchTime. The limits of Options stop it as they stop a search: it
// then returns false, and Halted reports true.
func (s *Solver) Propagate() bool {
	start := time.Now()
	defer func() { s.stats.SearchTime += time.Since(start) }()
	s.dropPropagation()
	s.st.push()
	s.propagated = true
	if s.unsat {
		return false
	}
	if s.opts.Prop == PropAC {
		return s.propagateAll()
	}
	for {
		before := s.st.changes
		for _, p := range s.props {
			s.stats.Propagations++
			if s.st.tick(1) || !p.filter(&s.st) {
				return false
			}
		}
		if s.objOn {
			s.stats.Propagations++
			if !s.obj.filter(&s.st) {
				return false
			}
		}
		if s.st.changes == before {
			return true
		}
	}
}

// dropPropagation undoes Propagate.
func (s *Solver) dropPropagation() {
	if s.propagated {
		s.st.pop()
		s.propagated = false
	}
}

// Domain returns the current values of v in ascending order: the initial
// domain after unary constraints before the search, what Propagate left,
// or v's value at a solution. A wide domain (0..10^9) has as many:
// DomainIntervals and DomainSize read it without listing them.
func (s *Solver) Domain(v Var) []int64 {
	if s.phase == phaseNet { // the store is at the kernel's start
		return s.net.values(int32(v))
	}
	return s.st.values(nil, int32(v))
}

// DomainIntervals returns the domain Domain returns as its maximal
// intervals, ascending: as many as the domain has gaps, plus one.
func (s *Solver) DomainIntervals(v Var) []Interval {
	if s.phase == phaseNet {
		return appendRuns(nil, s.net.values(int32(v)))
	}
	return s.st.intervals(nil, int32(v))
}

// DomainSize returns the number of values Domain returns.
func (s *Solver) DomainSize(v Var) int64 {
	if s.phase == phaseNet {
		return int64(len(s.net.values(int32(v))))
	}
	return s.st.size(int32(v))
}

// Value returns the value of v in the last solution found (0 before the
// first solution).
func (s *Solver) Value(v Var) int64 { return s.sol[v] }

// Objective returns the objective value of the last solution found (0
// before the first solution or without an objective).
func (s *Solver) Objective() int64 { return s.solObj }
