package engine

import "slices"

// Batch solving: many instances of one model, each fixing some variables
// (the givens of a sudoku), can share one Solver. Restrict narrows the
// root before the search starts, and Reset brings the solver back to the
// state NewSolver left it in, so the next instance can be restricted and
// searched without building anything.
//
// The root is a trail level of its own, opened by NewSolver: Restrict
// and PropAC's root propagation write into it, and Reset pops it.

// Restrict narrows the domain of v to the values it has among values,
// before the search starts: it must be called before the first Next (or
// after Reset). It reports false if no value is left, and then the
// search finds no solution, or if a limit stopped it (Halted), and then
// the search stops. Restricting v to one value is what a unary
// constraint v = value in the model would do: under PropFC and PropNone it
// changes the domain and nothing else, so the search tree is the one of
// the model with that constraint.
func (s *Solver) Restrict(v Var, values []int64) bool {
	if s.phase != phaseStart {
		panic("engine: Restrict called after the search started; call Reset first")
	}
	s.dropPropagation()
	if s.unsat {
		return false
	}
	t := &s.st
	x := int32(v)
	ok := true
	switch {
	case len(values) == 1:
		ok = t.fixTo(x, values[0])
	default:
		sorted := values
		if !slices.IsSorted(values) {
			sorted = slices.Sorted(slices.Values(values))
		}
		if !t.bitset(x) {
			ok = t.keepOnly(x, sorted)
			break
		}
		keep := false
		for w, more := t.minOf(x), true; more && ok; w, more = t.nextValue(x, w) {
			if t.tick(1) {
				return false // halted: Next says Stopped
			}
			if _, found := slices.BinarySearch(sorted, w); found {
				keep = true
			} else if t.size(x) == 1 {
				ok = false
			} else {
				t.remove(x, w)
			}
		}
		ok = ok && keep
	}
	if !ok {
		s.unsat = true // until Reset: the root has no solution
	}
	return ok
}

// Reset returns the solver to the state NewSolver left it in: the root
// domains without restrictions, no solution found, no statistics, no
// objective bound, dom/wdeg weights back to 1, a passed deadline and a
// stop inside propagation forgotten (unless NewSolver itself was
// stopped). Stop stays in effect.
// Reset costs time proportional to what the search changed since (a
// trailing store) or to the depth it reached (a copying one), not to the
// size of the model.
func (s *Solver) Reset() {
	t := &s.st
	s.propagated = false
	s.rooted = false
	s.inputNext = nil
	s.nodeHit = false
	if t.lost > 0 {
		t.restore()
	}
	for len(t.marks) > 0 {
		t.pop()
	}
	t.budget, t.lost = 0, 0
	t.push()
	for _, x := range t.touched {
		t.tmark[x] = false
	}
	t.touched = t.touched[:0]
	// The sets' permutations as NewSolver made them, so that the search
	// runs exactly as in a new solver, propagation order included.
	s.unassigned.identity()
	for _, p := range s.props {
		switch p := p.(type) {
		case *allDiffProp:
			p.live.identity()
		case *diagonalProp:
			p.live.identity()
		case *globalRun:
			if r, ok := p.p.(interface{ reset() }); ok {
				r.reset()
			}
		}
	}
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			p.reset()
		}
	}
	s.frames = s.frames[:0]
	s.base = 0
	s.phase = phaseStart
	s.unsat = s.unsat0
	s.stats = Stats{}
	s.deadlineTick = 0
	s.timedOut = false
	s.st.halted, s.st.poll = s.builtHalted, pollEvery
	s.traceOver = false
	s.objOn = s.objOn0
	s.solObj = 0
	clear(s.sol)
	if s.obj != nil {
		s.obj.obj.set = false
	}
	for i := range s.weight {
		s.weight[i] = 1
	}
	s.restart = restartState{run: 1}
	s.lastConflict, s.guided = -1, false
}
