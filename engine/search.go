package engine

// The search.
//
// Under PropFC and PropNone a Solver explores a depth-first tree with
// d-way branching. At each level it picks an unassigned variable
// (OrderInput: the first in declaration order; OrderMRV and OrderDomWdeg:
// see mrv.go) and tries the values of its current domain one after the
// other, in the value order (ascending, descending, or from the middle
// out). Each value tried is a node. Every variable is assigned by a
// decision, even one whose domain has already shrunk to a single value,
// and a node at depth n (the number of variables) is a solution.
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
// built (and Restrict), so the tree is the textbook one: the course's
// 4-queens example with forward checking has exactly 8 nodes up to its
// first solution.
//
// PropAC (ac.go) propagates to a fixpoint, the root included, and
// branches only on variables with two values or more, with binary
// choices: a frame tries x = v (its "left" branch), then x != v (its
// "right" branch), each a node followed by propagation; a node where every
// variable is fixed is a solution. Variables fixed by propagation are
// never branched on.
//
// The state of the search is all in flat slices: domains as bit sets and
// reversible counters (domain.go), undone on backtrack by a trail
// (trail.go). Each node pushes a trail level before assigning, and
// backtracking pops it; nothing is copied per node and, once the slices
// have grown to the depth of the tree, nothing is allocated. Level 0 is
// the root, where Restrict and PropAC's root propagation write and which
// Reset pops (restrict.go). On very large problems the trail keeps only
// the newest levels' records and the older levels are recomputed when
// needed (store.trim, Solver.popLevel).
//
// The search is resumable without goroutines or recursion: frames holds,
// per level, the variable branched on and the last value tried (or, under
// PropAC, the branch being explored), so Next can return a solution and
// later continue from that exact point, and so can stop at a limit
// between two nodes. Going down pushes a frame; the next value of a frame
// is the next value of its variable's domain, which backtracking has
// restored, after the last one tried. Frames below base are fixed: a
// SolveParallel worker's subproblem (parallel.go).
//
// Under PropFC, a model whose constraints are all alldiffs, diagonals and
// binary linear constraints, each domain spanning at most 64 values (n-queens,
// colouring, latin squares, sudoku) is searched by the kernel of
// fcnet.go from the start of the free part on: the same tree, in the same
// order, with the same statistics, on words instead of the store.
//
// Optimisation is branch and bound within the same tree: after each
// solution the objective must be strictly better, which the objective's
// propagator (exprProp with an objBound; under PropAC, acObjective when
// the objective is linear or a max/min of linear terms) enforces like a
// generic constraint. The bound tightens while variables fixed above the
// current node would never trigger it again, so it runs at every node
// instead of only when one of its variables is assigned.

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

	// A worker of SolveParallel keeps the root's propagation from one
	// subproblem to the next (enter, toRoot): rooted says it is done, at
	// store level rootLevel.
	rooted    bool
	rootLevel int
	// nodeLimit, if positive, stops the search (Stopped, with nodeHit
	// set) after that many nodes: SolveParallel's probe.
	nodeLimit int64
	nodeHit   bool
	// failLimit, if positive, stops the search likewise after that many
	// failures: the search of an LNS neighbourhood (lns.go).
	failLimit int64

	props     []propagator
	propCons  []int32 // the model constraint of each propagator
	watchAt   []int32 // propagators on x: watches[watchAt[x]:watchAt[x+1]]
	watches   []watch
	groupAt   []int32 // counters of the constraints on x: groups[groupAt[x]:groupAt[x+1]]
	groups    []int32
	groupCons []int32   // the model constraint of each entry of groups (dom/wdeg)
	maxGroups int       // the largest number of constraints on one variable
	obj       *exprProp // the objective, or nil
	objOn     bool      // run obj at every node
	postAt    int32     // the first postponement cell, or -1
	objOn0    bool      // objOn before the first solution

	fcFuse []bool // per watch: runs with the next one (fcQueens)

	net      *fcNet // the forward-checking kernel (fcnet.go), or nil
	netBuilt bool   // net was built (or found not to apply)
	// countOnly: the caller only counts the solutions (SolveParallel
	// without onSolution), so the kernel need not return at each one; it
	// counts them in stats.Solutions and goes on.
	countOnly bool

	// inputNext: under OrderInput, the variable of each frame when a
	// subproblem's path is not the first variables in order (a job cut
	// under another order): its variables, then the others in order.
	inputNext []int32

	unassigned revSet      // the unassigned (PropAC: unfixed) variables, for MRV, dom/wdeg and phases
	tracked    bool        // unassigned is kept
	phases     []phaseList // the search phases (phases.go), or nil
	phaseOf    []int32     // with phases: the phase of each variable
	phaseAt    int32       // a cell: the phases before it have every variable decided
	weight     []int64     // dom/wdeg: per model constraint, 1 + its failures
	wdegs      wdegClasses // dom/wdeg: the variables by their constraints (domwdeg_sig.go)

	// lastConflict is the variable of the last decision x = v that
	// failed, branched on first while it is not fixed (LastConflict;
	// -1: none).
	lastConflict int32
	guided       bool // SolutionGuided, and sol holds a solution

	ac acState // PropAC

	vorder   []ValueOrder // ValuesAuto: the value order of each variable (nil: opts.Values)
	objFirst []int32      // ValuesAuto under PropAC: branched on first (objectiveFirst)
	tieRank  []int32      // dom/wdeg's ties: least rank first, or nil: least index (tierank.go)
	tieVar   []int32      // the variable of each rank

	frames       []frame
	base         int // frames below base are a subproblem's fixed decisions
	phase        phase
	unsat        bool // the root is inconsistent
	unsat0       bool // unsat as NewSolver left it
	propagated   bool // Propagate's level is on top of the trail
	sol          []int64
	solObj       int64
	stopFlag     atomic.Bool
	stats        Stats
	deadlineTick uint32
	looks        uint32       // lookAtLimits calls (poll.go), not reset: Progress every 16th
	timedOut     bool         // the deadline passed; Reset clears it, unlike Stop
	builtHalted  bool         // a limit stopped NewSolver: the solver stays halted
	traceBudget  int64        // bytes the copies of a traced search's domains may take (SetTraceBudget)
	traceOver    bool         // they would have taken more: tracing ended and the search stops; Reset clears it
	cutDepth     int          // SolveParallel's decomposition: cut the tree at this depth (0: never)
	cutLow       int          // the fewest frames since the cut last took a path: those below it are unchanged
	shared       *sharedBound // SolveParallel: the workers' best objective
	group        *atomic.Bool // SolveParallel: stops every worker

	restart restartState

	trace func(depth int, x Var, v int64, eq, ok bool) // every node: tests, and SetTracer
	tr    *tracer                                      // SetTracer (trace.go)
}

// frame is one level of the search tree.
type frame struct {
	x     int32
	c     int64 // ValuesMid: min+max of x's offsets when the frame began (midCenter)
	v     int64 // the last value tried
	tried bool  // false until the first value is tried
	right bool  // PropAC: the second branch is being tried (x != v, or the other half)
	kind  uint8 // PropAC: value branching or a split (decision.go)
	// eqs is the number of frames up to this one on their x = v branch,
	// kept by pushFrame and branchRight. A frame below the top never
	// changes branch, so the count stays right however frames are
	// dropped; nodeAC reads it instead of walking the branch, which cost
	// Theta(depth) per node of a dive (a twentieth of 10000-queens).
	eqs int32
}

// pushFrame adds f on top of the branch, with its count of x = v frames.
func (s *Solver) pushFrame(f frame) {
	f.eqs = 0
	if n := len(s.frames); n > 0 {
		f.eqs = s.frames[n-1].eqs
	}
	if !f.right || f.kind != branchValue { // both halves of a split count
		f.eqs++
	}
	s.frames = append(s.frames, f)
}

// branchRight turns the top frame f to its second branch.
func (s *Solver) branchRight(f *frame) {
	if !f.right {
		f.right = true
		if f.kind == branchValue {
			f.eqs--
		}
	}
}

type phase uint8

const (
	phaseStart    phase = iota // before the first node: Restrict, then PropAC propagates the root
	phaseChoose                // pick the next variable, or report a solution
	phaseBranch                // try the next value of the top frame
	phaseSolution              // a solution was returned; resume below it
	phaseCut                   // statusCut was returned; resume below the cut node
	phaseDone                  // exhausted
	phaseNet                   // the kernel (fcnet.go) searches
)

// statusCut is next's answer at a node of depth cutDepth: the node is an
// open subproblem, left for a worker (see parallel.go).
const statusCut Status = 255

// NewSolver prepares a search of m. It fails if the options are unknown
// or an expression of m was not built by its constructor over m's
// variables. m must not change while the solver is in use.
func NewSolver(m *Model, opts Options) (*Solver, error) {
	if m == nil {
		return nil, errors.New("nil model")
	}
	if opts.Order > lastOrder || opts.Values > ValueSplitMax || opts.Prop > PropAC || opts.Restarts > lastRestart {
		return nil, errors.New("unknown search option")
	}
	if opts.RestartBase != 0 && !(opts.RestartBase > 1) || opts.RestartScale < 0 {
		return nil, errors.New("restarts: the scale must be positive and the base more than 1")
	}
	if err := checkPhases(m, opts.DefaultPhases); err != nil {
		return nil, err
	}
	s := &Solver{m: m, opts: opts, n: int32(m.NumVars())}
	words := 0
	for v := range s.n {
		if lo, hi := m.InitialBounds(Var(v)); uint64(hi-lo+1) <= bitsetSpan {
			words += int((hi-lo)/64) + 1
		}
	}
	s.st.words = newWords(words)
	s.st.vi = make([]varInfo, 0, s.n)
	s.st.cell = make([]int32, 0, 4*s.n)
	s.st.stamp = make([]uint32, 0, 4*s.n)
	for v := int32(0); v < s.n; {
		k := int32(1) // a run of variables with one domain (see addVars)
		for v+k < s.n && m.vars[v+k].dom == m.vars[v].dom {
			k++
		}
		s.st.addVars(m.InitialIntervals(Var(v)), m.InitialSize(Var(v)), int(k))
		v += k
	}
	s.st.magic = 1
	s.st.poll, s.st.limits = pollEvery, s.lookAtLimits
	// Nothing done while building is undone (commitRoot drops the log):
	// no trail records, which filtering 1..16000000 value by value made
	// 128 MB of. copyState decides after.
	s.st.copying = true
	b := newBuilder(s)
	if opts.Prop == PropAC {
		b.planFlattening() // hidden variables right after the model's (flatten_ac.go)
	}
	for i, c := range m.Constraints() {
		if err := b.postConstraint(c, i); err != nil {
			return nil, err
		}
		if s.st.halted {
			break // the rest would not be posted either: the solver only stops
		}
	}
	if opts.Prop == PropAC && !s.st.halted {
		if err := b.postImpliedNoOverlaps(taskCliques(disjunctivePairs(m))); err != nil {
			return nil, err
		}
	}
	if err := b.postObjective(); err != nil {
		return nil, err
	}
	b.finish()
	s.fcFuse = s.fcQueens()
	phases := phasesOf(m, opts)
	s.tracked = opts.Order != OrderInput || phases != nil
	if s.tracked {
		s.unassigned = newRevSet(&s.st, s.n)
	}
	if opts.Order == OrderDomWdeg && phases == nil {
		s.tieRank, s.tieVar = objectiveTieRank(m)
	}
	if opts.Order == OrderDomWdeg || usesOrder(phases, OrderDomWdeg) {
		s.weight = make([]int64, len(m.Constraints()))
		for i := range s.weight {
			s.weight[i] = 1
		}
	}
	if opts.Prop == PropAC {
		b.finishAC()
	}
	if opts.Values == ValuesAuto || usesValues(phases, ValuesAuto) {
		s.vorder = splitOrders(m, valueOrders(m))
		if opts.Prop == PropAC && opts.Order != OrderInput && phases == nil {
			s.objFirst = objectiveFirst(m)
		}
	}
	s.postAt = -1
	if phases != nil {
		s.initPhases(phases, s.vorder)
	}
	s.objOn0, s.unsat0 = s.objOn, s.unsat
	s.builtHalted = s.st.halted
	s.st.commitRoot()
	s.st.copyState()
	s.st.push() // the root: Restrict and PropAC's root propagation, undone by Reset
	s.frames = make([]frame, 0, s.n)
	s.sol = make([]int64, s.n)
	s.phase = phaseStart
	s.restart.run = 1
	s.lastConflict = -1
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

// next is Next without the clock.
func (s *Solver) next() Status {
	st := s.search()
	if s.st.halted && st != Solution {
		// A stop inside propagation looks like a failure to the search,
		// which may then run out of branches: it proves nothing.
		st = Stopped
	}
	return st
}

// search goes on from where the last call stopped.
func (s *Solver) search() Status {
	s.dropPropagation()
	if s.st.halted {
		return Stopped
	}
	switch s.phase {
	case phaseStart:
		if !s.start() {
			s.phase = phaseDone
			return Exhausted
		}
	case phaseDone:
		return Exhausted
	case phaseNet:
		return s.nextNet()
	case phaseSolution, phaseCut:
		// A cut node is not a solution: with a constant objective the
		// nodes after it may still hold the first one.
		if len(s.frames) == s.base || (s.phase == phaseSolution && s.obj != nil && len(s.obj.p.vars) == 0) {
			s.phase = phaseDone // the only solution, or nothing can be better
			return Exhausted
		}
		if !s.popLevel() { // undo the last assignment
			s.phase = phaseDone
			return Exhausted
		}
		s.phase = phaseBranch
	}
	if s.opts.Prop == PropAC {
		return s.nextAC()
	}
	if s.netUsable() {
		s.enterNet()
		return s.nextNet()
	}
	for {
		if s.phase == phaseChoose {
			if len(s.frames) == int(s.n) {
				return s.solution()
			}
			if len(s.frames)-s.base == s.cutDepth && s.cutDepth > 0 {
				s.phase = phaseCut
				return statusCut
			}
			s.pushFrame(frame{x: s.selectVar()})
			s.phase = phaseBranch
		}
		f := &s.frames[len(s.frames)-1]
		v, ok := s.nextValue(f)
		if !ok {
			if !s.leave() {
				return Exhausted
			}
			continue
		}
		if s.limitReached() {
			return Stopped // f is unchanged: the same value is tried on resume
		}
		f.v, f.tried = v, true
		if s.node(f.x, v) {
			s.phase = phaseChoose
		} else if !s.st.halted && s.failed() {
			s.restartSearch()
		}
	}
}

// start runs before the first node: PropAC's root propagation. It reports
// false if the root has no solution.
func (s *Solver) start() bool {
	s.phase = phaseChoose
	if s.unsat {
		return false
	}
	if s.shared != nil && s.obj != nil {
		s.objOn = true // the other workers' bound applies from the start
	}
	var before *domainCopy
	if s.tr != nil && !s.traceFits(3) { // before, the root's level and attributing's shadow
		s.endTrace()
	}
	if s.tr != nil && s.opts.Prop == PropAC {
		c := s.copyDomains(domainCopy{})
		before = &c
	}
	if s.tr != nil && s.opts.Prop == PropAC {
		s.traceDecided()
	}
	if s.opts.Prop == PropAC && !s.rootAC() {
		return false
	}
	if s.tr != nil {
		s.traceRoot(before)
	}
	if t := &s.st; len(t.words) >= bigDomains {
		hugeWords(t.words)
		t.budget = trailBudget
		if c := trailBudget + trailBudget/4; cap(t.log) < c {
			t.log = append(make([]entry, 0, c), t.log...)
		}
		t.snapshot()
	} else if !t.copying {
		t.reserveLog(s.n)
	}
	return true
}

// reserveLog gives the log, once, room for a removal record per value
// of the domains and a few cell records per variable: all that a path
// from the root can write before it backtracks, on forward checking, and
// about all on most searches. Growing to that size instead would bring
// on a collection at each doubling (1000-queens: four), and the
// collector's CPU was a third of the search's. The pages are only touched
// as the records are written.
func (t *store) reserveLog(n int32) {
	want := 4 * int(n)
	for x := range n {
		want += int(t.size(x))
	}
	want = min(want, trailBudget+trailBudget/4)
	if cap(t.log) < want {
		t.log = append(make([]entry, 0, want), t.log...)
	}
}

// A search whose domains take bigDomains words or more has its trail
// bounded to trailBudget records (see store.trim). Variables, so that
// tests can make every search trim.
var (
	bigDomains  = 1 << 16
	trailBudget = 1 << 20
)

// popLevel undoes the top level of the search, recomputing the levels
// below it from the snapshot if its records were dropped. If replaying a
// decision fails, which only a tighter objective bound can cause, the
// frames above it are dropped: the search resumes with that frame's next
// branch, the decision having no better solution below it. It reports
// false if that decision is one of a subproblem's fixed ones (below
// base): then the subproblem has no better solution left at all.
func (s *Solver) popLevel() bool {
	t := &s.st
	if t.poppable() {
		t.pop()
		return true
	}
	keep := len(t.marks) - 1 // levels 0..keep-1 stay open
	t.restore()
	for i := 0; i < keep-1; i++ {
		if !s.replay(&s.frames[i]) {
			if i < s.base {
				return false
			}
			s.frames = s.frames[:i+1]
			s.cutLow = min(s.cutLow, len(s.frames))
			return true
		}
	}
	return true
}

// replay reapplies the decision of f at a new level; false if it fails
// (the level is then closed). The domains can be smaller than when the
// decision was first made, if the objective bound has tightened since, so
// that x = v can fail at once.
func (s *Solver) replay(f *frame) bool {
	t := &s.st
	t.push()
	var ok bool
	switch {
	case f.op() == DecideEq && !t.contains(f.x, f.v):
		ok = false
	case s.opts.Prop != PropAC:
		ok = s.assign(f.x, f.v)
	default:
		ok = t.apply(f.x, f.v, f.op())
		if ok && s.objOn {
			s.syncBound()
			s.ac.enqueue(s.ac.obj)
		}
		ok = ok && s.fixpoint()
	}
	if !ok && !t.halted { // halted: the level stays until Reset, as in nodeAC
		t.pop()
	}
	return ok
}

// nextAC is the search loop of PropAC: binary branching, x = v then
// x != v or one half of the domain then the other (decision.go), over the
// variables with two or more values.
func (s *Solver) nextAC() Status {
	for {
		if s.phase == phaseChoose {
			x := s.selectVarAC()
			if x < 0 {
				return s.solution()
			}
			if s.cutDepth > 0 && s.eqDepth() == s.cutDepth {
				s.phase = phaseCut
				return statusCut
			}
			kind, v := s.branchOf(x)
			s.pushFrame(frame{x: x, v: v, kind: kind})
			s.phase = phaseBranch
		}
		f := &s.frames[len(s.frames)-1]
		if f.right {
			if !s.leave() {
				return Exhausted
			}
			continue
		}
		if s.limitReached() {
			return Stopped // f is unchanged: the same branch is tried on resume
		}
		first := !f.tried // the left branch: x = v, or x <= m for a split
		if first {
			f.tried = true
		} else {
			s.branchRight(f)
		}
		if s.nodeAC(f.x, f.v, f.op()) {
			if !first && f.kind == branchValue {
				s.postpone(f.x) // set times (settimes.go)
			}
			s.phase = phaseChoose
			continue
		}
		if first {
			s.noteConflict(f.x)
		}
		if !s.st.halted && s.failed() {
			s.restartSearch()
		}
	}
}

// leave backtracks from the top frame, every branch of which has been
// tried: it drops the frame and undoes the parent's decision. It reports
// false, the search being exhausted, when there is no parent (or it is one
// of a subproblem's fixed decisions, which has no solutions left below it).
func (s *Solver) leave() bool {
	f := &s.frames[len(s.frames)-1]
	if s.tr != nil {
		s.emit(TraceEvent{Kind: TraceBacktrack, Depth: len(s.frames), Var: Var(f.x), Value: f.v, Constraint: -1})
	}
	s.frames = s.frames[:len(s.frames)-1]
	s.cutLow = min(s.cutLow, len(s.frames))
	if len(s.frames) == s.base || !s.popLevel() {
		s.phase = phaseDone
		return false
	}
	return true
}

// eqDepth is the depth SolveParallel cuts PropAC's tree at: the number of
// frames on their x = v branch, so that a subproblem assigns that many
// variables, whatever the x != v branches in between. (A cut by frames
// would leave one huge subproblem, the one of x != v all the way.)
func (s *Solver) eqDepth() int {
	// From the frames' counts, not a walk of the branch: a cut near the
	// right spine under PropAC has branches of thousands of x != v frames
	// and asks at each of its nodes.
	n := len(s.frames)
	if n == s.base {
		return 0
	}
	d := s.frames[n-1].eqs
	if s.base > 0 {
		d -= s.frames[s.base-1].eqs
	}
	return int(d)
}

// valuesOf returns the value order of x. Under PropFC and PropNone, whose
// search tries values one by one, the splits are their first halves'
// orders: ascending and descending.
func (s *Solver) valuesOf(x int32) ValueOrder {
	vo := s.opts.Values
	switch {
	case s.vorder != nil:
		vo = s.vorder[x]
	case vo == ValuesAuto:
		return ValuesMid
	}
	switch {
	case s.opts.Prop == PropAC:
	case vo == ValueSplit:
		return ValuesMin
	case vo == ValueSplitMax:
		return ValuesMax
	}
	return vo
}

// firstValue returns the value PropAC tries first for x.
func (s *Solver) firstValue(x int32) int64 {
	if s.guided && s.st.contains(x, s.sol[x]) {
		return s.sol[x]
	}
	switch s.valuesOf(x) {
	case ValuesMax:
		return s.st.maxOf(x)
	case ValuesMid:
		return s.st.midFirst(x, s.st.midCenter(x))
	}
	return s.st.minOf(x)
}

// nextValue returns the value of f's variable to try next.
func (s *Solver) nextValue(f *frame) (int64, bool) {
	vo := s.valuesOf(f.x)
	if vo == ValuesMid {
		if !f.tried {
			f.c = s.st.midCenter(f.x)
			return s.st.midFirst(f.x, f.c), true
		}
		return s.st.midNext(f.x, f.v, f.c)
	}
	switch {
	case !f.tried && vo == ValuesMin:
		return s.st.minOf(f.x), true
	case !f.tried:
		return s.st.maxOf(f.x), true
	case vo == ValuesMin:
		return s.st.nextValue(f.x, f.v)
	}
	return s.st.prevValue(f.x, f.v)
}

// selectVar returns the variable to branch on.
func (s *Solver) selectVar() int32 {
	if s.phases != nil {
		return s.selectPhased()
	}
	switch s.opts.Order {
	case OrderInput:
		if s.inputNext != nil {
			return s.inputNext[len(s.frames)]
		}
		return int32(len(s.frames)) // variables are assigned in order
	case OrderDomWdeg:
		return s.selectDomWdeg()
	}
	return s.selectMRV()
}

// node tries x = v at a new level, which stays open if it succeeds.
func (s *Solver) node(x int32, v int64) bool {
	s.st.push()
	s.stats.Nodes++
	s.stats.MaxDepth = max(s.stats.MaxDepth, len(s.frames))
	s.stats.MaxAssigned = s.stats.MaxDepth // every decision is x = v
	ok := s.assign(x, v)
	if s.st.halted {
		// Not a failure: the search stops, and the level stays until
		// Reset (undoing ten million removals is a wait after a stop).
		return false
	}
	if s.trace != nil {
		s.trace(len(s.frames), Var(x), v, true, ok)
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
	if s.tr != nil {
		s.traceDecided()
	}
	if s.tracked {
		s.unassigned.remove(t, x)
		for _, g := range s.groups[s.groupAt[x]:s.groupAt[x+1]] {
			t.set(g, t.cell[g]-1)
		}
	}
	fc := s.opts.Prop == PropFC
	lo, hi := s.watchAt[x], s.watchAt[x+1]
	t.poll -= hi - lo // the runs below, counted (poll.go); a long one ticks itself
	for i := lo; i < hi; i++ {
		w := s.watches[i]
		if s.fcFuse != nil && s.fcFuse[i] && s.tr == nil {
			if !s.forwardQueens(i) {
				return false
			}
			i++ // the diagonal ran too
			continue
		}
		s.stats.Propagations++
		p := s.props[w.p]
		ok := fc && p.forward(t, w.l) || !fc && p.check(t, w.l)
		if s.tr != nil {
			s.traceRan(s.propCons[w.p], p.vars(), p)
		}
		if !ok {
			if s.weight != nil {
				s.weight[s.propCons[w.p]]++
			}
			if s.tr != nil {
				s.tr.failCon = int(s.propCons[w.p])
			}
			return false
		}
	}
	if s.objOn {
		s.stats.Propagations++
		s.syncBound()
		ok := fc && s.obj.filter(t) || !fc && s.obj.check(t, 0)
		if s.tr != nil {
			s.traceRan(-1, s.obj.p.vars, nil)
		}
		if !ok {
			return false
		}
	}
	return true
}

// forwardQueens runs the fused alldiff and diagonal of watch i and i+1
// (see fcQueens), counted and charged as the two would be.
func (s *Solver) forwardQueens(i int32) bool {
	w, w2 := s.watches[i], s.watches[i+1]
	ok, diag := forwardQueens(&s.st, s.props[w.p].(*allDiffProp), s.props[w2.p].(*diagonalProp), w.l)
	s.stats.Propagations++
	if ok || diag {
		s.stats.Propagations++
	}
	if !ok && s.weight != nil {
		c := s.propCons[w.p]
		if diag {
			c = s.propCons[w2.p]
		}
		s.weight[c]++
	}
	return ok
}

// solution records the current assignment and tightens the bound.
func (s *Solver) solution() Status {
	for x := range s.n {
		s.sol[x] = s.st.minOf(x)
	}
	s.stats.Solutions++
	s.guided = s.opts.SolutionGuided
	if s.obj != nil {
		s.restart.failures = 0 // a run of branch and bound ends after cutoff failures without a better solution
	}
	s.phase = phaseSolution
	if s.tr != nil {
		s.emit(TraceEvent{Kind: TraceSolution, Depth: len(s.frames), Var: -1, Constraint: -1})
	}
	if o := s.obj; o != nil {
		for l, x := range o.p.vars {
			o.p.vals[l] = s.sol[x]
		}
		s.solObj, _ = o.p.eval(0) // defined: enforced while searching
		o.obj.set, o.obj.best = true, s.solObj
		s.objOn = true // from now on, at every node (nodeAC, assign)
	}
	return Solution
}
