package engine

// TraceRootDomain returns x's domain as propagation at the root left it,
// ascending, while a tracer is set and the search has passed the root
// (from the first event on), or nil. A recorder of the search tree reads
// it to tell what root propagation fixed from what the search decided;
// Domain, read before the first Next, gives the domains before it.
func (s *Solver) TraceRootDomain(x Var) []int64 {
	if s.tr == nil || len(s.tr.levels) == 0 {
		return nil
	}
	return s.copyValues(&s.tr.levels[0], int32(x), nil)
}

// TraceRootIntervals is TraceRootDomain as maximal intervals, which a
// wide domain needs: TraceRootDomain lists at most MaxTraceValues values.
func (s *Solver) TraceRootIntervals(x Var) []Interval {
	if s.tr == nil || len(s.tr.levels) == 0 {
		return nil
	}
	return s.copyIntervals(&s.tr.levels[0], int32(x), nil)
}
