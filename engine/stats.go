package engine

import "time"

// Stop asks the search to stop: the running or next call of Next returns
// Stopped, and so does every later call. It is safe to call from another
// goroutine, such as a signal handler.
func (s *Solver) Stop() { s.stopFlag.Store(true) }

// Stats returns the statistics of the search so far.
func (s *Solver) Stats() Stats { return s.stats }

// limitReached reports whether Stop was called or the deadline passed. The
// flag is an atomic load, cheap enough for every node; the clock is read
// every 256 calls.
func (s *Solver) limitReached() bool {
	if s.stopFlag.Load() {
		return true
	}
	if s.opts.Deadline.IsZero() {
		return false
	}
	s.deadlineTick++
	if s.deadlineTick&255 != 1 {
		return false
	}
	if time.Now().After(s.opts.Deadline) {
		s.stopFlag.Store(true) // later calls stop at once
		return true
	}
	return false
}
