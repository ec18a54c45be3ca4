package engine

import "time"

// Stop asks the search to stop: the running or next call of Next returns
// Stopped, and so does every later call. It is safe to call from another
// goroutine, such as a signal handler.
func (s *Solver) Stop() { s.stopFlag.Store(true) }

// SetDeadline replaces Options.Deadline: the search stops when t is
// reached (never, for the zero time), and a deadline that had passed no
// longer stops it. A batch sets one per instance on a solver it reuses
// with Reset.
func (s *Solver) SetDeadline(t time.Time) {
	s.opts.Deadline = t
	s.timedOut = false
}

// SetProgress replaces Options.Progress, as SetDeadline does the
// deadline: a REPL shows progress only for the searches it runs to the
// end.
func (s *Solver) SetProgress(f func(Stats)) { s.opts.Progress = f }

// Stats returns the statistics of the search so far.
func (s *Solver) Stats() Stats { return s.stats }

// limitReached reports whether Stop was called or the deadline passed. The
// flag is an atomic load, cheap enough for every node; the clock is read
// every 256 calls, and Progress is called every 4096.
func (s *Solver) limitReached() bool {
	if s.timedOut || s.traceOver || s.st.halted || s.stopFlag.Load() || s.opts.StopFlag != nil && s.opts.StopFlag.Load() || s.group != nil && s.group.Load() {
		return true
	}
	if s.st.poll < 0 && s.st.pollLimits() {
		return true // the work since the last look (poll.go)
	}
	if s.nodeLimit > 0 && s.stats.Nodes >= s.nodeLimit || s.failLimit > 0 && s.stats.Failures >= s.failLimit {
		s.nodeHit = true
		return true
	}
	s.deadlineTick++
	if s.opts.Progress != nil && s.deadlineTick&4095 == 0 {
		s.opts.Progress(s.stats)
	}
	if s.opts.Deadline.IsZero() || s.deadlineTick&255 != 1 {
		return false
	}
	if time.Now().After(s.opts.Deadline) {
		s.timedOut = true // later calls stop at once, until Reset
		return true
	}
	return false
}

// assignedDepth is the number of x = v decisions on the current branch
// of PropAC's search, the subproblem's fixed ones included (eqDepth
// leaves those out): the count the top frame keeps (frame.eqs).
func (s *Solver) assignedDepth() int {
	if len(s.frames) == 0 {
		return 0
	}
	return int(s.frames[len(s.frames)-1].eqs)
}

// nodeHook, when set (by tests), is called at every node of PropAC's
// search once the decision's level is open, from every worker: it sees
// the frames as nodeAC does.
var nodeHook func(s *Solver)
