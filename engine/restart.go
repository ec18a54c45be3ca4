package engine

// Restarts (Options.Restarts), for the first solution of a satisfaction
// problem. A run ends when its failures reach the cutoff: the search
// unwinds to the root (or a subproblem's base) and starts again, dom/wdeg
// keeping its weights and ties between variables now broken at random. A
// run is a prefix of a complete depth-first search, so a run that is never
// cut off is complete; the cutoffs grow without bound, so one eventually
// is. Once a solution is found the run in progress is never cut off, so
// that later calls of Next enumerate the rest of the tree: each solution
// once. (On the optimisation examples, restarting branch and bound cost
// more nodes than it saved, so an objective disables restarts.)

// restartUnit is the cutoff of the first run, in failures. A variable
// so that tests can restart all the time.
var restartUnit int64 = 64

type restartState struct {
	failures int64 // in the current run
	run      int   // the current run, from 1
	random   bool  // ties are broken at random
	rng      uint64
}

// failed counts a failed node and reports whether the run must end.
func (s *Solver) failed() bool {
	r := &s.restart
	r.failures++
	if !s.opts.Restarts || s.cutDepth > 0 || s.group != nil || s.obj != nil || s.stats.Solutions > 0 {
		return false
	}
	return r.failures >= restartUnit*luby(r.run)
}

// restartSearch unwinds to the base and starts a new run.
func (s *Solver) restartSearch() {
	t := &s.st
	keep := 1 + s.base // the root's level and the subproblem's
	if t.lost <= keep {
		for len(t.marks) > keep {
			t.pop()
		}
	} else {
		t.restore()
		for i := range s.base {
			s.replay(&s.frames[i]) // succeeded before, with at most the same bound
		}
	}
	s.frames = s.frames[:s.base]
	s.phase = phaseChoose
	if s.tr != nil {
		s.traceRestart()
	}
	r := &s.restart
	r.run++
	r.failures = 0
	if !r.random {
		r.random = true
		r.rng = s.opts.Seed ^ 0x9e3779b97f4a7c15
	}
}

// tie reports, for the k-th of k equally good candidates met so far (k
// >= 2), whether it replaces the current choice: with probability 1/k,
// which makes the choice uniform (reservoir sampling).
func (s *Solver) tie(k int) bool {
	r := &s.restart
	r.rng ^= r.rng << 13
	r.rng ^= r.rng >> 7
	r.rng ^= r.rng << 17
	return r.rng%uint64(k) == 0
}

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - 1<<(k-1) + 1)
		}
	}
}
