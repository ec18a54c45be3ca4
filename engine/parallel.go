package engine

import (
	"sync"
	"sync/atomic"
	"time"
)

// Embarrassingly parallel search (EPS).
//
// SolveParallel first cuts the search tree at a depth d: a solver runs the
// ordinary search with cutDepth = d, and every node it reaches at depth d
// becomes an open subproblem, the path of decisions that leads to it,
// instead of being explored. d grows from 1 until there are at least
// subproblemsPerWorker subproblems per worker (or the tree has no node
// that deep). The subproblems and the solutions above depth d partition
// the tree, so counts add up exactly, with no duplicate and no loss.
//
// Then each worker, a goroutine with a Solver of its own over the same
// model (which no one changes), takes the next subproblem, Resets its
// solver, replays the path as frames below which the search never
// backtracks (Solver.base), and runs Next to exhaustion. Subproblems far
// outnumber the workers, so an uneven split still keeps every worker busy
// until the end.

// subproblemsPerWorker is how many subproblems per worker the
// decomposition aims at.
const subproblemsPerWorker = 30

// sharedBound is the best objective value found by any worker of
// SolveParallel.
type sharedBound struct {
	set  atomic.Bool
	best atomic.Int64
}

// syncBound tightens the solver's bound to the best one shared by the
// other workers.
func (s *Solver) syncBound() {
	sb := s.shared
	if sb == nil || !sb.set.Load() {
		return
	}
	b := sb.best.Load()
	o := s.obj.obj
	if !o.set || (o.sense == Minimize && b < o.best) || (o.sense == Maximize && b > o.best) {
		o.set, o.best = true, b
	}
}

// parallelRun is what the workers of SolveParallel share.
type parallelRun struct {
	m          *Model
	opts       Options
	onSolution func([]int64) bool
	stop       atomic.Bool // a worker's onSolution returned false, or a limit was reached
	userStop   atomic.Bool // onSolution returned false
	limitHit   atomic.Bool // a deadline or StopFlag stopped a worker
	bound      sharedBound

	mu        sync.Mutex // serialises onSolution, progress and the totals below
	solutions int64
	done      Stats   // statistics of the finished solvers
	live      []Stats // the latest statistics of each worker
	// best is the last solution reported of an optimisation, for LNS.
	best []int64
	// turns: the complete search and LNS take turns on one worker.
	turns bool
	// counting marks the workers that count their subproblem's solutions
	// without reporting them: their live Solutions are not yet in
	// solutions, and progress adds them.
	counting []bool
}

// SolveParallel searches m with opts on the given number of goroutines
// and calls onSolution for each solution found: every solution of a
// satisfaction problem, and for an optimisation each solution strictly
// better than every one reported before it. Calls are serialised (never
// two at once), in no particular order; values holds the value of every
// variable, indexed by Var, and is only valid during the call. Returning
// false stops the search; onSolution may be nil.
//
// The status is Exhausted when the whole search space was explored (the
// last solution reported of an optimisation is then optimal), Solution
// when onSolution asked to stop, and Stopped when opts.Deadline or
// opts.StopFlag ended the search. The statistics are summed over the
// workers, except MaxDepth, the largest, and SearchTime, the wall-clock
// time of the call. The number and set of solutions do not depend on
// the number of workers; with workers <= 1 the search runs on the calling
// goroutine. opts.Progress, if set, is called from one worker at a time
// with the statistics summed over the workers.
//
// It returns an error, before searching, if NewSolver would.
func SolveParallel(m *Model, opts Options, workers int, onSolution func(values []int64) bool) (Status, Stats, error) {
	start := time.Now()
	workers = max(workers, 1)
	sense, _ := m.Objective()
	withLNS := opts.LNS && sense != Satisfy
	complete, slots := workers, workers
	switch {
	case withLNS && workers > 1:
		complete = workers - 1 // one worker runs LNS beside them
	case withLNS:
		slots = 2 // the two take turns on one goroutine
	}
	r, solvers, err := newParallelRun(m, opts, complete, slots, onSolution)
	if err != nil {
		return Exhausted, Stats{}, err
	}
	if withLNS && solvers[0].obj != nil {
		r.turns = workers == 1
		l, err := r.newLNS(slots - 1)
		if err != nil {
			return Exhausted, Stats{}, err
		}
		r.searchWithLNS(solvers, l)
	} else {
		r.search(solvers)
	}
	st, stats := r.result(start)
	return st, stats, nil
}

// search runs the complete search on the solvers: on one, or probed then
// split among them.
func (r *parallelRun) search(solvers []*Solver) {
	if len(solvers) == 1 || solvers[0].obj != nil && r.probe(solvers[0]) {
		if len(solvers) == 1 {
			r.runAll(solvers[0])
		}
	} else {
		r.runWorkers(solvers, r.decompose(solvers[0], len(solvers)))
	}
}

// newParallelRun prepares a run with the given number of solvers, and
// progress slots for as many workers (an LNS worker has one of its own).
func newParallelRun(m *Model, opts Options, workers, slots int, onSolution func(values []int64) bool) (*parallelRun, []*Solver, error) {
	r := &parallelRun{m: m, opts: opts, onSolution: onSolution, live: make([]Stats, slots), counting: make([]bool, slots)}
	solvers := make([]*Solver, workers)
	for i := range solvers {
		s, err := NewSolver(m, r.workerOptions(i))
		if err != nil {
			return nil, nil, err
		}
		s.group = &r.stop
		if s.obj != nil {
			s.shared = &r.bound
		}
		solvers[i] = s
	}
	return r, solvers, nil
}

// runWorkers has the solvers take the subproblems subs in turn, each on
// a goroutine of its own, until none is left or the run stops.
func (r *parallelRun) runWorkers(solvers []*Solver, subs *Paths) {
	var next atomic.Int64
	r.runWorkersFrom(solvers, subs, &next)
}

// runWorkersFrom is runWorkers where next counts the subproblems taken,
// shared with another worker.
func (r *parallelRun) runWorkersFrom(solvers []*Solver, subs *Paths, next *atomic.Int64) {
	var wg sync.WaitGroup
	for i, s := range solvers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(i, s, subs, next)
		}()
	}
	wg.Wait()
}

// result is the run's outcome and its statistics, summed.
func (r *parallelRun) result(start time.Time) (Status, Stats) {
	status := Exhausted
	switch {
	case r.userStop.Load():
		status = Solution
	case r.limitHit.Load():
		status = Stopped
	}
	st := r.done
	st.Solutions = r.solutions
	st.SearchTime = time.Since(start)
	return status, st
}

// workerOptions returns the options of worker i: progress is reported
// through the run, summed.
func (r *parallelRun) workerOptions(i int) Options {
	o := r.opts
	if p := r.opts.Progress; p != nil {
		o.Progress = func(st Stats) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.live[i] = st
			p(r.sum())
		}
	}
	return o
}

// sum returns the statistics so far, with the solutions counted in the
// subproblems still being searched; r.mu is held.
func (r *parallelRun) sum() Stats {
	t := r.done
	t.Solutions = r.solutions
	for i, st := range r.live {
		t.add(st)
		if r.counting[i] {
			t.Solutions += st.Solutions
		}
	}
	return t
}

func (t *Stats) add(st Stats) {
	t.Nodes += st.Nodes
	t.Failures += st.Failures
	t.Propagations += st.Propagations
	t.MaxDepth = max(t.MaxDepth, st.MaxDepth)
	t.MaxAssigned = max(t.MaxAssigned, st.MaxAssigned)
	t.SearchTime += st.SearchTime
}

// finish adds a solver's statistics to the totals and resets it.
func (r *parallelRun) finish(i int, s *Solver) {
	r.mu.Lock()
	r.done.add(s.stats)
	r.live[i] = Stats{}
	r.mu.Unlock()
	s.Reset()
}

// collect adds a solver's statistics to the totals and clears them, with
// the solutions it counted without reporting them, if counted: under one
// lock, so that progress never sees them twice or not at all.
func (r *parallelRun) collect(i int, s *Solver, counted bool) {
	r.mu.Lock()
	r.done.add(s.stats)
	if counted {
		r.solutions += s.stats.Solutions
	}
	r.live[i] = Stats{}
	r.mu.Unlock()
	s.stats = Stats{}
}

// report hands the solution s holds to onSolution; false stops the run.
// An optimisation reports only solutions better than the shared bound.
func (r *parallelRun) report(s *Solver) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stop.Load() {
		return false // stopping: report nothing more
	}
	if s.obj != nil {
		b := &r.bound
		if b.set.Load() && (s.obj.obj.sense == Minimize && s.solObj >= b.best.Load() ||
			s.obj.obj.sense == Maximize && s.solObj <= b.best.Load()) {
			return true // another worker found as good
		}
		b.best.Store(s.solObj)
		b.set.Store(true)
		r.best = append(r.best[:0], s.sol...)
	}
	r.solutions++
	if r.onSolution != nil && !r.onSolution(s.sol) {
		r.userStop.Store(true)
		r.stop.Store(true)
		return false
	}
	return true
}

// probeNodes is how far SolveParallel searches an optimisation on one
// worker before it splits the tree. Splitting costs the cuts and the
// replays of the subproblems' paths, and the subproblems start without
// the good bound that a search in order soon finds: on the job shop ft06,
// 324 nodes on one worker became 3,712 on two. A search that ends within
// the probe is done; a longer one is split, with the probe's bound.
var probeNodes int64 = 5000 // a var for the tests

// probe searches an optimisation on s for probeNodes nodes, reporting
// its improving solutions, and reports whether that finished the run.
func (r *parallelRun) probe(s *Solver) bool { return r.probeOn(s, false) }

// probeOn is probe; with keep, a search that does not end stays where
// it is, to be resumed, instead of going back to the root.
func (r *parallelRun) probeOn(s *Solver, keep bool) bool {
	s.nodeLimit = probeNodes
	defer func() { s.nodeLimit = 0 }()
	for {
		switch s.Next() {
		case Solution:
			if r.report(s) {
				continue
			}
		case Stopped:
			if s.nodeHit && keep {
				s.nodeHit = false
				return false
			}
			if s.nodeHit {
				r.collect(0, s, false)
				s.Reset()
				return false
			}
			r.stopped()
		}
		r.finish(0, s)
		return true
	}
}

// runAll runs the whole search on s.
func (r *parallelRun) runAll(s *Solver) {
	if r.onSolution == nil && s.obj == nil {
		r.countAll(s)
		return
	}
	for {
		switch s.Next() {
		case Solution:
			if !r.report(s) {
				r.finish(0, s)
				return
			}
			continue
		case Stopped:
			r.stopped()
		}
		r.finish(0, s)
		return
	}
}

// countAll runs the whole search on s, counting its solutions as the
// workers of a split search do (work): without taking turns, and
// without the forward-checking kernel returning from Next at each.
func (r *parallelRun) countAll(s *Solver) {
	r.mu.Lock()
	r.counting[0] = true
	r.mu.Unlock()
	s.countOnly = true
	defer func() { s.countOnly = false }()
	st := s.Next()
	for st == Solution {
		st = s.Next()
	}
	if st == Stopped {
		r.stopped()
	}
	r.collect(0, s, true)
	r.finish(0, s)
}

// stopped records that a limit stopped a worker, unless the run was
// already stopping.
func (r *parallelRun) stopped() {
	if !r.stop.Load() {
		r.limitHit.Store(true)
	}
	r.stop.Store(true)
}

// decompose cuts the tree into subproblems with solver s, reporting the
// solutions above the cut. Satisfaction solutions are reported only from
// the final cut, since a deeper cut finds them again; improving solutions
// of an optimisation are reported as they come, as they only tighten the
// bound.
func (r *parallelRun) decompose(s *Solver, workers int) *Paths {
	target := subproblemsPerWorker * workers
	subs := &Paths{}
	above := aboveCut{countOnly: r.onSolution == nil}
	for depth := 1; ; depth++ {
		s.Reset()
		s.cutDepth, s.cutLow = depth, 0
		subs.reset()
		above.reset()
		deeper := false // a node reached the cut
		for {
			st := s.next()
			if st == statusCut {
				deeper = true
				if subs.takeCut(s) != nil {
					r.stopped() // 2^31 steps: past any memory limit
					break
				}
				continue
			}
			if st == Solution {
				if s.obj != nil || above.final {
					if !r.report(s) {
						r.finish(0, s)
						return &Paths{}
					}
				} else if above.keep(s.sol) {
					if !above.flush(r, s) { // this cut is the last one
						r.finish(0, s)
						return &Paths{}
					}
				}
				continue
			}
			if st == Stopped {
				r.stopped()
			}
			break
		}
		if r.stop.Load() || above.final || !deeper || subs.Len() >= target || depth >= int(s.n)+64 {
			break
		}
		r.mu.Lock()
		r.done.add(s.stats) // the abandoned cut's work counts too
		r.mu.Unlock()
	}
	s.cutDepth = 0
	above.flush(r, s)
	r.finish(0, s)
	return subs
}

// maxAboveCut is how many values of the solutions above a cut decompose
// keeps (64 MB) before it makes that cut the last one: a model whose
// solutions lie near the root (one variable with a wide domain) would
// otherwise keep all of them.
var maxAboveCut = 1 << 23 // a var for the tests

// aboveCut holds the satisfaction solutions above a cut until the cut
// turns out to be the last: their values, one after another, or only
// their number when the run counts them.
type aboveCut struct {
	countOnly bool
	count     int64
	values    []int64
	final     bool // past maxAboveCut: the cut is the last, solutions are reported as they come
}

func (a *aboveCut) reset() { a.count, a.values = 0, a.values[:0] }

// keep keeps a solution, and reports whether they passed maxAboveCut.
func (a *aboveCut) keep(sol []int64) bool {
	a.count++
	if !a.countOnly {
		a.values = append(a.values, sol...)
	}
	return len(a.values) > maxAboveCut
}

// flush reports the solutions kept, in order, and makes the cut the last
// one; false if the run stops.
func (a *aboveCut) flush(r *parallelRun, s *Solver) bool {
	a.final = true
	if a.countOnly {
		r.mu.Lock()
		if !r.stop.Load() {
			r.solutions += a.count
		}
		r.mu.Unlock()
		a.count = 0
		return !r.stop.Load()
	}
	n := len(s.sol)
	defer func() { a.count, a.values = 0, a.values[:0] }()
	for k := range int(a.count) {
		copy(s.sol, a.values[k*n:(k+1)*n])
		if !r.report(s) {
			return false
		}
	}
	return true
}

// work solves subproblems until there are none left or the run stops.
func (r *parallelRun) work(i int, s *Solver, subs *Paths, next *atomic.Int64) {
	countOnly := r.onSolution == nil && s.obj == nil
	r.mu.Lock()
	r.counting[i] = countOnly
	r.mu.Unlock()
	s.countOnly = countOnly
	defer func() { s.countOnly = false }()
	var path []decision
	for !r.stop.Load() {
		k := next.Add(1) - 1
		if k >= int64(subs.Len()) {
			break
		}
		path = subs.appendPath(int(k), path[:0])
		if !s.enter(path) {
			r.collect(i, s, false)
			if s.Halted() { // stopped, not proven empty
				r.stopped()
				break
			}
			s.leaveSubproblem()
			continue
		}
		for {
			st := s.Next()
			if st == Solution {
				if countOnly || r.report(s) {
					continue
				}
			} else if st == Stopped {
				r.stopped()
			}
			break
		}
		r.collect(i, s, countOnly)
		s.leaveSubproblem()
	}
	r.finish(i, s)
}

// leaveSubproblem ends a subproblem but keeps the propagation of the root and of
// the subproblem's decisions, which the next subproblem would otherwise
// repeat: it shares a prefix of its path with this one (they come in the
// order of the search), and with wide domains (the start times of a job
// shop, a cost in 0..1000) the root's fixpoint alone can cost hundreds
// of nodes. What was propagated before a better bound was found stays
// valid: each decision replayed or tried below syncs the bound and wakes
// the objective's propagator. A store whose trail is bounded (it may
// have lost the records of those levels) is Reset instead.
func (s *Solver) leaveSubproblem() {
	t := &s.st
	if !s.rooted || t.budget > 0 || t.lost > 0 || t.level() != s.rootLevel+len(s.frames) {
		s.Reset()
		return
	}
	s.base = 0
}

// enter prepares a Reset solver to search the subproblem p: the root, then
// each decision at a level of its own, below which the search does not
// backtrack. False if p has no solution.
func (s *Solver) enter(p []decision) bool {
	if !s.rooted {
		if !s.start() {
			s.phase = phaseDone
			return false
		}
		s.rooted, s.rootLevel = true, s.st.level()
	}
	c := 0 // the decisions kept from the last subproblem (leaveSubproblem)
	for c < len(s.frames) && c < len(p) && s.frames[c].decision() == p[c] {
		c++
	}
	for len(s.frames) > c {
		s.st.pop()
		s.frames = s.frames[:len(s.frames)-1]
	}
	for _, d := range p[c:] {
		s.pushFrame(frameOf(d))
		if !s.replay(&s.frames[len(s.frames)-1]) {
			s.frames = s.frames[:len(s.frames)-1] // replay popped its level
			s.phase = phaseDone
			return false
		}
	}
	s.base = len(s.frames)
	s.phase = phaseChoose
	s.lastConflict = -1
	s.setInputNext()
	return true
}

// setInputNext keeps OrderInput's rule that frame k decides variable k
// true of a path that fixes other variables first, which a job cut under
// OrderMRV or OrderDomWdeg does: the rest of the search then takes the
// variables the path left free, in order.
func (s *Solver) setInputNext() {
	s.inputNext = nil
	if s.opts.Order != OrderInput || s.opts.Prop == PropAC {
		return
	}
	prefix := true
	for i, f := range s.frames {
		prefix = prefix && f.x == int32(i)
	}
	if prefix {
		return
	}
	onPath := make([]bool, s.n)
	for _, f := range s.frames {
		s.inputNext = append(s.inputNext, f.x)
		onPath[f.x] = true
	}
	for x := range int32(s.n) {
		if !onPath[x] {
			s.inputNext = append(s.inputNext, x)
		}
	}
}
