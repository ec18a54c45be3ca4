package engine

import "time"

// Stopping inside propagation. The search looks at its limits (Stop,
// StopFlag, Deadline, and through Progress the caller's memory check)
// before each node; but one node can be long: NewSolver filters the
// domain of a variable in 1..16000000 by a constraint over it value by
// value, the root's fixpoint runs many propagators, a propagator tries
// every value of a wide domain. So the work itself is counted, in units
// of about one evaluation of a constraint (a value tried, a propagator
// run, a few dozen steps of a propagator's own loop), and every
// pollEvery units the limits are looked at again: the stop is seen
// within about a millisecond wherever the solver is.
//
// The count is a countdown in the store (store.tick): a subtraction and a
// test where the work is done, the look itself (atomic loads, a clock
// read, now and then Progress) once per pollEvery units. The search's own
// hot path, a node of forward checking or of the kernels, is not counted:
// its limitReached per node is enough.
//
// When a look says stop, the store is halted: tick reports true from
// then on, and the propagator that asked returns false, as if it had
// failed. Whoever runs propagators (the fixpoint, forward checking,
// NewSolver's filtering, Restrict) checks halted when one returns false,
// or when it is done, and reports a stop instead of a failure: no
// propagator's word is trusted once the store is halted, so a
// propagator may return whatever is convenient after tick said stop. The
// search then returns Stopped, and goes on returning it until Reset (a
// level left half propagated cannot be resumed), or for ever if NewSolver
// itself was stopped (a constraint was never posted).

// pollEvery is the number of work units between two looks at the limits.
const pollEvery = 1 << 10

// tick counts n units of work and reports whether the search must stop:
// a look at the limits, every pollEvery units, said so.
func (t *store) tick(n int32) bool {
	if t.poll -= n; t.poll >= 0 {
		return false
	}
	return t.pollLimits()
}

// pollLimits looks at the limits; once one says stop, the store stays
// halted and every tick reports it.
func (t *store) pollLimits() bool {
	if t.halted {
		t.poll = 0
		return true
	}
	t.poll = pollEvery
	if t.limits != nil && t.limits() {
		t.halted, t.poll = true, 0
	}
	return t.halted
}

// lookAtLimits is the store's look at the solver's limits: the stop
// flags, the deadline, and every 16th look, Progress, where a caller
// checks memory (and shows progress) and may set StopFlag.
func (s *Solver) lookAtLimits() bool {
	s.looks++
	if s.flagged() {
		return true
	}
	if !s.opts.Deadline.IsZero() && time.Now().After(s.opts.Deadline) {
		s.timedOut = true
		return true
	}
	if s.opts.Progress != nil && s.looks&15 == 0 {
		s.opts.Progress(s.stats)
		return s.flagged()
	}
	return false
}

// flagged reports whether a stop was asked: Stop, StopFlag, another
// worker, a passed deadline, the trace budget.
func (s *Solver) flagged() bool {
	return s.timedOut || s.traceOver || s.stopFlag.Load() || s.opts.StopFlag != nil && s.opts.StopFlag.Load() || s.group != nil && s.group.Load()
}

// Halted reports whether a limit stopped the solver inside propagation:
// then a false from Propagate says nothing about the model, and Next
// returns Stopped until Reset.
func (s *Solver) Halted() bool { return s.st.halted }
