package engine

// The search.
//
// A Solver explores a depth-first tree with d-way branching. At each level
// it picks an unassigned variable (OrderInput: the first in declaration
// order; OrderMRV: see mrv.go) and tries the values of its current domain
// one after the other, ascending or descending. Each value tried is a node.
// Every variable is assigned by a decision, even one whose domain has
// already shrunk to a single value, and a node at depth n (the number of
// variables) is a solution.
//
// After the search sets x = v at a node, the propagators that watch x run
// once each, in posting order (propagator.go; classify.go says which
// propagator serves which constraint). A variable is fixed when its domain
// has one value, whether the search assigned it or forward checking left
// it so.
//
//   - PropFC: forward checking. Each propagator removes from its other
//     variables the values inconsistent with the fixed ones: for alldiff
//     and diagonal, the values that clash with v; for any other
//     constraint, when exactly one of its variables is unfixed, the values
//     of that variable that make it false (nFC0), and with none unfixed it
//     is checked. Nothing
//     cascades: a value removed, or a domain left with one value, triggers
//     nothing until the search assigns that variable. A node fails as soon
//     as a domain would become empty or a constraint is violated.
//   - PropNone: each propagator checks the pairs or the constraint it
//     enforces once all of their variables are fixed.
//
// The root does nothing but the unary filtering done when the solver is
// built, so the tree is the textbook one: the course's 4-queens example
// with forward checking has exactly 8 nodes up to its first solution.
//
// The state of the search is all in flat slices: domains as bit sets and
// reversible counters (domain.go), undone on backtrack by a trail
// (trail.go). Each node pushes a trail level before assigning, and
// backtracking pops it; nothing is copied per node and, once the slices
// have grown to the depth of the tree, nothing is allocated.
//
// The search is resumable without goroutines or recursion: frames holds,
// per level, the variable branched on and the last value tried, so Next
// can return a solution and later continue from that exact point, and so
// can stop at a limit between two nodes. Going down pushes a frame;
// the next value of a frame is the next value of its variable's domain,
// which backtracking has restored, after the last one tried.
//
// Optimisation is branch and bound within the same tree: after each
// solution the objective must be strictly better, which the objective's
// propagator (exprProp with an objBound) enforces like a generic
// constraint. The bound tightens while variables fixed above the current
// node would never trigger it again, so it runs at every node instead of
// only when one of its variables is assigned.

import (
	"errors"
	"sync/atomic"
	"time"
)

// Solver searches a Model for solutions. Its methods must be called from
// one goroutine, except Stop.
type Solver struct {
	m    *Model
	opts Options
	n    int32 // number of variables
	st   store

	props     []propagator
	watchAt   []int32 // propagators on x: watches[watchAt[x]:watchAt[x+1]]
	watches   []watch
	groupAt   []int32 // counters of the constraints on x: groups[groupAt[x]:groupAt[x+1]]
	groups    []int32
	maxGroups int       // the largest number of constraints on one variable
	obj       *exprProp // the objective, or nil
	objOn     bool      // run obj at every node

	unassigned revSet // the unassigned variables, for MRV

	frames       []frame
	phase        phase
	unsat        bool // the root is inconsistent
	propagated   bool // Propagate's level is on top of the trail
	sol          []int64
	solObj       int64
	stopFlag     atomic.Bool
	stats        Stats
	deadlineTick uint32

	trace func(depth int, x Var, v int64, ok bool) // tests: every node
}

// frame is one level of the search tree.
type frame struct {
	x     int32
	v     int64 // the last value tried
	tried bool  // false until the first value is tried
}

type phase uint8

const (
	phaseChoose   phase = iota // pick the next variable, or report a solution
	phaseBranch                // try the next value of the top frame
	phaseSolution              // a solution was returned; resume below it
	phaseDone                  // exhausted
)

// NewSolver prepares a search of m. It fails if the options are unknown
// or an expression of m was not built by its constructor over m's
// variables. m must not change while the solver is in use.
func NewSolver(m *Model, opts Options) (*Solver, error) {
	if m == nil {
		return nil, errors.New("nil model")
	}
	if opts.Order > OrderInput || opts.Values > ValuesMax || opts.Prop > PropNone {
		return nil, errors.New("unknown search option")
	}
	s := &Solver{m: m, opts: opts, n: int32(m.NumVars())}
	for v := range s.n {
		s.st.addVar(m.InitialDomain(Var(v)))
	}
	s.st.magic = 1
	b := newBuilder(s)
	for i, c := range m.Constraints() {
		if err := b.postConstraint(c, i); err != nil {
			return nil, err
		}
	}
	if err := b.postObjective(); err != nil {
		return nil, err
	}
	b.finish()
	if opts.Order == OrderMRV {
		s.unassigned = newRevSet(&s.st, s.n)
	}
	s.st.commitRoot()
	s.frames = make([]frame, 0, s.n)
	s.sol = make([]int64, s.n)
	if s.unsat {
		s.phase = phaseDone
	}
	return s, nil
}

// Next continues the search to the next solution: the first call finds the
// first one, each later call continues from the previous solution. With an
// objective, each solution is strictly better than the previous one, and
// Exhausted after a solution means the last one is optimal.
func (s *Solver) Next() Status {
	start := time.Now()
	st := s.next()
	s.stats.SearchTime += time.Since(start)
	return st
}

func (s *Solver) next() Status {
	s.dropPropagation()
	switch s.phase {
	case phaseDone:
		return Exhausted
	case phaseSolution:
		if len(s.frames) == 0 || (s.obj != nil && len(s.obj.p.vars) == 0) {
			s.phase = phaseDone // the only solution, or nothing can be better
			return Exhausted
		}
		s.st.pop() // undo the last assignment
		s.phase = phaseBranch
	}
	for {
		if s.phase == phaseChoose {
			if len(s.frames) == int(s.n) {
				return s.solution()
			}
			s.frames = append(s.frames, frame{x: s.selectVar()})
			s.phase = phaseBranch
		}
		f := &s.frames[len(s.frames)-1]
		v, ok := s.nextValue(f)
		if !ok {
			s.frames = s.frames[:len(s.frames)-1]
			if len(s.frames) == 0 {
				s.phase = phaseDone
				return Exhausted
			}
			s.st.pop() // the parent's value has no more solutions below it
			continue
		}
		if s.limitReached() {
			return Stopped // f is unchanged: the same value is tried on resume
		}
		f.v, f.tried = v, true
		if s.node(f.x, v) {
			s.phase = phaseChoose
		}
	}
}

// nextValue returns the value of f's variable to try next.
func (s *Solver) nextValue(f *frame) (int64, bool) {
	switch {
	case !f.tried && s.opts.Values == ValuesMin:
		return s.st.minOf(f.x), true
	case !f.tried:
		return s.st.maxOf(f.x), true
	case s.opts.Values == ValuesMin:
		return s.st.nextValue(f.x, f.v)
	}
	return s.st.prevValue(f.x, f.v)
}

// selectVar returns the variable to branch on.
func (s *Solver) selectVar() int32 {
	if s.opts.Order == OrderInput {
		return int32(len(s.frames)) // variables are assigned in order
	}
	return s.selectMRV()
}

// node tries x = v at a new level, which stays open if it succeeds.
func (s *Solver) node(x int32, v int64) bool {
	s.st.push()
	s.stats.Nodes++
	s.stats.MaxDepth = max(s.stats.MaxDepth, len(s.frames))
	ok := s.assign(x, v)
	if s.trace != nil {
		s.trace(len(s.frames), Var(x), v, ok)
	}
	if !ok {
		s.stats.Failures++
		s.st.pop()
	}
	return ok
}

// assign sets x = v and runs the propagators on x.
func (s *Solver) assign(x int32, v int64) bool {
	t := &s.st
	t.fixTo(x, v)
	if s.opts.Order == OrderMRV {
		s.unassigned.remove(t, x)
		for _, g := range s.groups[s.groupAt[x]:s.groupAt[x+1]] {
			t.set(g, t.cell[g]-1)
		}
	}
	fc := s.opts.Prop == PropFC
	for _, w := range s.watches[s.watchAt[x]:s.watchAt[x+1]] {
		s.stats.Propagations++
		p := s.props[w.p]
		if fc && !p.forward(t, w.l) || !fc && !p.check(t, w.l) {
			return false
		}
	}
	if s.objOn {
		s.stats.Propagations++
		if fc && !s.obj.filter(t) || !fc && !s.obj.check(t, 0) {
			return false
		}
	}
	return true
}

// solution records the current assignment and tightens the bound.
func (s *Solver) solution() Status {
	for x := range s.n {
		s.sol[x] = s.st.minOf(x)
	}
	s.stats.Solutions++
	s.phase = phaseSolution
	if o := s.obj; o != nil {
		for l, x := range o.p.vars {
			o.p.vals[l] = s.sol[x]
		}
		s.solObj, _ = o.p.eval(0) // defined: enforced while searching
		o.obj.set, o.obj.best = true, s.solObj
		s.objOn = true
	}
	return Solution
}
