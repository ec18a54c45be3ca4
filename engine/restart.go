package engine

import "math"

// Restarts (Options.Restarts). A run ends when its failures reach the
// cutoff: the search unwinds to the root (or a subproblem's base) and
// starts again, dom/wdeg keeping its weights and ties between variables
// now broken at random. A run is a prefix of a complete depth-first
// search, so a run that is never cut off is complete; the cutoffs grow
// without bound, so one eventually is. Once a satisfaction search has
// found a solution the run in progress is never cut off, so that later
// calls of Next enumerate the rest of the tree: each solution once.
// Branch and bound goes on restarting after its solutions, each run
// under the bound of the best so far, and a run ends when it has failed
// cutoff times since its last better solution: a search that keeps
// improving is not cut off (the job shop ft06 is proven in the same
// nodes as without restarts; la01 in about 1,200 where the search
// without restarts needs minutes). A run proves nothing about what a
// cutoff left out, so only a run that ends without one proves the
// optimum.

// RestartPolicy says whether and how a search restarts.
type RestartPolicy uint8

// Restart policies.
const (
	RestartNone RestartPolicy = iota
	// RestartLuby: the k-th run's cutoff is the scale times the k-th term
	// of the Luby sequence, 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (Luby,
	// Sinclair and Zuckerman 1993): short runs most of the time, a long
	// one now and then, optimal within a constant factor when nothing is
	// known of how long a run needs.
	RestartLuby
	// RestartGeometric: the k-th run's cutoff is the scale times
	// base^(k-1), rounded up, where base is Options.RestartBase (1.5 by
	// default).
	RestartGeometric

	lastRestart = RestartGeometric
)

var restartNames = [...]string{"none", "luby", "geometric"}

func (r RestartPolicy) String() string {
	if int(r) < len(restartNames) {
		return restartNames[r]
	}
	return "RestartPolicy(" + itoa(int64(r)) + ")"
}

// DefaultRestartScale is the cutoff of the first run, in failures, when
// Options.RestartScale is 0.
const DefaultRestartScale = 64

// restartUnit is the default cutoff of the first run. A variable so
// that tests can restart all the time.
var restartUnit int64 = DefaultRestartScale

type restartState struct {
	failures int64 // in the current run
	run      int   // the current run, from 1
	cutoff   int64 // failures that end the current run
	random   bool  // ties are broken at random
	rng      uint64
}

// failed counts a failed node and reports whether the run must end.
func (s *Solver) failed() bool {
	r := &s.restart
	r.failures++
	if s.opts.Restarts == RestartNone || s.cutDepth > 0 || s.obj == nil && s.stats.Solutions > 0 {
		return false
	}
	if r.cutoff == 0 {
		r.cutoff = s.cutoff(r.run)
	}
	return r.failures >= r.cutoff
}

// cutoff returns the failures that end run k (from 1).
func (s *Solver) cutoff(k int) int64 {
	scale := s.opts.RestartScale
	if scale <= 0 {
		scale = restartUnit
	}
	if s.opts.Restarts != RestartGeometric {
		if c, ok := MulInt(scale, luby(k)); ok {
			return c
		}
		return 1 << 62
	}
	base := s.opts.RestartBase
	if base == 0 {
		base = defaultRestartBase
	}
	c := float64(scale)
	for range k - 1 {
		if c > 1<<61 {
			return 1 << 62 // far beyond any search: as good as no cutoff
		}
		c *= base
	}
	return int64(math.Ceil(c))
}

// defaultRestartBase is the growth of RestartGeometric's cutoffs when
// Options.RestartBase is 0.
const defaultRestartBase = 1.5

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
	r.failures, r.cutoff = 0, 0
	s.lastConflict = -1
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
