package engine

import (
	"sync"
	"sync/atomic"
)

// LNS beside the complete search (Options.LNS). With two workers or
// more, the search first runs on one worker, as SolveParallel's probe;
// if it does not end within the probe, one worker runs the large
// neighbourhood search (lns.go) while the others run the complete
// search, and once LNS has gone lnsPatience neighbourhoods without a
// better solution, that worker joins the others (a model whose optimum
// is found early and whose proof takes long loses little). With one
// worker, the two take turns on it, lnsSlice nodes each. They share the bound: each
// improving solution, whoever finds it, is reported once and tightens
// the other's search, and LNS starts its next neighbourhood from the best
// solution reported. The run ends when the complete search does, which
// proves the optimum, or when LNS finds that nothing is better than its
// incumbent at the root.

// lnsPatience is how many neighbourhoods in a row without a better
// solution make the LNS worker give up LNS and help the complete search
// prove the optimum.
const lnsPatience = 100

// lnsSlice is how many nodes each of the two searches runs at a time on
// one worker.
var lnsSlice int64 = 2000 // a var for the tests

// newLNS prepares the LNS of the run, reporting its progress in slot i.
func (r *parallelRun) newLNS(i int) (*lnsSearch, error) {
	l, err := newLNS(r.m, r.workerOptions(i))
	if err != nil {
		return nil, err
	}
	l.s.group = &r.stop
	l.s.shared = &r.bound
	l.slot = i
	return l, nil
}

// lnsEnded, if set, sees each LNS when its run ends: for the tests.
var lnsEnded func(*lnsSearch)

// searchWithLNS runs the complete search on the solvers and LNS on l.
func (r *parallelRun) searchWithLNS(solvers []*Solver, l *lnsSearch) {
	if lnsEnded != nil {
		defer lnsEnded(l)
	}
	if r.turns {
		r.interleave(solvers[0], l)
		return
	}
	if r.probe(solvers[0]) {
		return // a short search: done before LNS could help
	}
	subs := r.decompose(solvers[0], len(solvers)+1)
	var next atomic.Int64
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for !done.Load() && r.lnsStep(l) && l.fruitless < lnsPatience {
		}
		r.finish(l.slot, l.s)
		if l.fruitless >= lnsPatience && !done.Load() && !r.stop.Load() {
			r.help(l.slot, subs, &next) // LNS has stopped finding better solutions: help prove
		}
	}()
	r.runWorkersFrom(solvers, subs, &next)
	done.Store(true)
	wg.Wait()
}

// help has worker i, which ran LNS, search subproblems of subs beside
// the others, on a solver of its own.
func (r *parallelRun) help(i int, subs *Paths, next *atomic.Int64) {
	s, err := NewSolver(r.m, r.workerOptions(i))
	if err != nil {
		return // the others' solvers were built from the same model and options
	}
	s.group = &r.stop
	s.shared = &r.bound
	r.work(i, s, subs, next)
}

// interleave runs the complete search on s and LNS on l by turns.
func (r *parallelRun) interleave(s *Solver, l *lnsSearch) {
	defer r.finish(l.slot, l.s)
	for {
		s.nodeLimit = s.stats.Nodes + lnsSlice
		st := s.Next()
		switch {
		case st == Solution:
			if r.report(s) {
				continue
			}
		case st == Stopped && s.nodeHit:
			s.nodeHit = false
			for goal := l.nodes + lnsSlice; l.nodes < goal; {
				if !r.lnsStep(l) {
					break
				}
			}
			if !r.stop.Load() {
				continue
			}
		case st == Stopped:
			r.stopped()
		}
		s.nodeLimit = 0
		r.finish(0, s)
		return
	}
}

// lnsStep runs one step of LNS: a neighbourhood of the best solution
// reported, or the search for a first one while there is none. It
// reports false when LNS has nothing more to do: the run stops, or LNS
// proved the incumbent optimal (and stopped the run).
func (r *parallelRun) lnsStep(l *lnsSearch) bool {
	if r.stop.Load() {
		return false
	}
	r.takeBest(l)
	if !l.haveInc {
		return r.lnsFirst(l)
	}
	out := l.step(r.report)
	l.nodes += l.s.stats.Nodes
	r.collect(l.slot, l.s, false)
	switch out {
	case lnsStopped:
		return false
	case lnsOptimal:
		r.proven()
		return false
	}
	return true
}

// takeBest makes the best solution reported LNS's incumbent, if it is
// better than LNS's own.
func (r *parallelRun) takeBest(l *lnsSearch) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.best) == 0 {
		return
	}
	b := r.bound.best.Load()
	if !l.haveInc || l.incObj != b {
		l.setIncumbent(r.best, b)
	}
}

// lnsFirst searches for a first solution on LNS's solver, lnsSlice
// nodes at a time, until it finds one or the complete search reports
// one; false if there is none to be had or the run stops.
func (r *parallelRun) lnsFirst(l *lnsSearch) bool {
	s := l.s
	if l.firstStarted {
		s.nodeHit = false
	} else {
		l.reset()
		l.firstStarted = true
	}
	s.nodeLimit = s.stats.Nodes + lnsSlice
	defer func() { s.nodeLimit = 0 }()
	switch s.Next() {
	case Solution:
		l.setIncumbent(s.sol, s.solObj)
		ok := r.report(s)
		l.nodes += s.stats.Nodes
		r.collect(l.slot, s, false)
		return ok
	case Stopped:
		l.nodes += s.stats.Nodes
		r.collect(l.slot, s, false)
		return s.nodeHit // past the slice: again, unless a solution came meanwhile
	}
	r.collect(l.slot, s, false)
	return false // no solution at all: the complete search says so too
}

// proven ends the run as exhausted: LNS found that no solution is better
// than the best reported.
func (r *parallelRun) proven() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stop.Store(true) // before limitHit could be set: the run is complete
}
