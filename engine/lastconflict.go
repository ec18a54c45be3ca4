package engine

// Last conflict (Options.LastConflict; Lecoutre, Saïs, Tabary and Vidal
// 2009). When a decision x = v fails, x is the variable the search
// branches on next, for as long as it has two values or more: its other
// values are tried at once, and if they all fail the search backtracks
// to a decision above, after which it comes back to x again. The
// decisions it backtracks over until x can be decided are those that
// took x's values away: the culprit of the failure is found without a
// nogood, and the variable order decides the rest. Under PropAC only:
// under PropFC and PropNone every value of a variable is tried in its
// frame anyway.
//
// Within search phases, x is chosen first only while its phase is the
// one being decided (it may be a later phase's, after a backtrack).

// noteConflict records x as the last conflict after x = v failed.
func (s *Solver) noteConflict(x int32) {
	if s.opts.LastConflict {
		s.lastConflict = x
	}
}

// conflictFirst returns the last conflict's variable when the search
// branches on it again, given the variable x the order chose (-1: every
// variable is fixed); x otherwise.
func (s *Solver) conflictFirst(x int32) int32 {
	lc := s.lastConflict
	if lc < 0 || x < 0 {
		return x
	}
	if s.st.fixed(lc) || s.phases != nil && s.phaseOf[lc] > s.phaseOf[x] {
		s.lastConflict = -1
		return x
	}
	return lc
}
