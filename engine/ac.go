package engine

// PropAC: propagation to a fixpoint.
//
// Under PropAC the solver keeps, besides the forward-checking propagators
// the builder makes for every constraint (propagator.go), a second list of
// propagators (acProp) that narrow domains as far as their consistency
// level allows, whatever is fixed:
//
//   - alldiff: a value propagator, woken when one of its variables
//     becomes fixed, which removes that value from the others (cheap,
//     cascading), and, when the constraint is small enough (regin.go),
//     Régin's matching-based domain consistency, woken by any change.
//     The alldiffs over small domains (values within 64 of each other)
//     that share variables, as a sudoku's or a latin square's, get one
//     propagator for the whole group instead (diffNet, diffnet.go): the
//     same fixpoint, computed on words.
//   - diagonal: the same value propagator, and diagPairs, woken when a
//     variable is left with two values: together, arc consistency on each
//     pair |a_i - a_j| != |p_i - p_j| (diagonal.go). (Régin on the two
//     families of diagonals, alldiff(a_i - p_i) and alldiff(a_i + p_i),
//     was measured: on n-queens it costs twice what it saves.)
//   - linear comparisons: bounds consistency (<=, =), with binary
//     equalities over small domains made domain consistent; != removes the
//     value left to the last unfixed variable.
//   - any other constraint over two variables of small spans: arc
//     consistency (acBinary). Any other is flattened (flatten.go): each
//     operator gets a hidden variable and a primitive propagator, which
//     together carry a change through every level of the expression, in
//     both directions; it also keeps generalised arc consistency by
//     enumerating the tuples of its current domains when their number
//     is at most gacLimit, and forward checking of its one unfixed
//     variable when that is small (acExpr). A constraint that cannot be
//     flattened keeps acExpr alone.
//   - linear equalities are presolved together (presolve.go), and bounds
//     that creep are capped (creep.go).
//   - the objective, once there is a solution: the bound "strictly better
//     than the incumbent" by bounds consistency when the objective is
//     linear or a maximum of linear terms to minimise (a minimum to
//     maximise), over the hidden variables of its flattened parts when
//     it is not linear in the model's variables, by forward checking
//     when it cannot be flattened.
//
// The store records which variables changed (store.touched). The loop
// takes the next propagator from a queue, runs it, and wakes the
// propagators of every variable it changed: those that watch any change,
// those that watch fixing if the variable now has one value, and those
// that watch two values if it has two (wakeOn). A propagator that wants
// to know which of its variables changed gets their local numbers in its
// events. A
// propagator is in the queue at most once (queued flag), and one that
// reaches its own fixpoint in one run (idem) is not woken by its own
// changes. There are two queues: the slow propagators (Régin, generic
// enumeration) run only when no fast one is waiting. A failure empties
// the queues and the touched list. Every propagator is monotone, so the
// fixpoint, and therefore the search tree, does not depend on the order
// in which they run.

// acProp is a propagator of PropAC. propagate narrows the domains of its
// variables and reports false if one would become empty or the constraint
// is violated.
type acProp interface {
	propagate(s *Solver) bool
}

type acInfo struct {
	idem bool  // reaches its own fixpoint in one run
	slow bool  // expensive: runs after the fast ones
	cons int32 // the model constraint, for dom/wdeg (-1: the objective)
}

type acState struct {
	props  []acProp
	info   []acInfo
	anyAt  []int32   // propagators woken by any change of x: anyW[anyAt[x]:anyAt[x+1]]
	anyW   []acWatch // with x's local number
	fixAt  []int32   // propagators woken when x becomes fixed
	fixW   []acWatch
	twoAt  []int32 // propagators woken when x is left with two values
	twoW   []acWatch
	ev     []*events // per propagator: where it hears which variables changed, or nil
	queued []bool
	fast   ring
	slow   ring
	cur    int32 // the running propagator, -1 between runs
	cursor int32 // OrderInput: a cell, every variable below it is fixed
	obj    int32 // the objective's propagator, -1 if none
	root   bool  // propagateAll is running (diffNet.spreadRoot)
	creep  creepState

	links    []link // builder scratch: (variable, propagator, local number) by wakeOn
	fixLinks []link
	twoLinks []link
}

// ring is a FIFO of propagator indices; each is queued at most once, so
// a capacity of the number of propagators suffices.
type ring struct {
	buf        []int32
	head, size int
}

func (r *ring) push(p int32) {
	i := r.head + r.size
	if i >= len(r.buf) {
		i -= len(r.buf)
	}
	r.buf[i] = p
	r.size++
}

func (r *ring) pop() int32 {
	p := r.buf[r.head]
	r.head++
	if r.head == len(r.buf) {
		r.head = 0
	}
	r.size--
	return p
}

// events is the list of the local numbers of the variables that changed
// (or became fixed) since a propagator last ran, for those that want to
// know.
//
// A quiet propagator does not hear its own changes: it is idempotent and
// keeps no state they would update, so they would only make it redo
// work at its next run.
type events struct {
	pending []int32
	quiet   bool
}

// acWatch is a propagator woken by a variable, with the variable's local
// number and the propagator's events (nil if it wants none), kept here so
// that waking it reads one record.
type acWatch struct {
	ev   *events
	p, l int32
}

// addAC registers an AC propagator watching any change of vars, or only
// their fixing. If ev is not nil, each event also appends the variable's
// local number (its index in vars) to ev.
func (b *builder) addAC(p acProp, vars []int32, on wakeOn, info acInfo, ev *events) {
	a := &b.s.ac
	i := int32(len(a.props))
	a.props = append(a.props, p)
	a.info = append(a.info, info)
	a.ev = append(a.ev, ev)
	for l, x := range vars {
		k := link{x: x, p: i, l: int32(l)}
		switch on {
		case onChange:
			a.links = append(a.links, k)
		case onFix:
			a.fixLinks = append(a.fixLinks, k)
		default:
			a.twoLinks = append(a.twoLinks, k)
		}
	}
}

// wakeOn says which changes of a variable wake a propagator.
type wakeOn uint8

const (
	onChange wakeOn = iota // any change
	onFix                  // the variable is left with one value
	onTwo                  // the variable is left with two values
)

// finishAC builds the PropAC propagators from the forward-checking ones.
func (b *builder) finishAC() {
	s := b.s
	a := &s.ac
	group, first := b.spreadGroups()
	nets := b.diffNets(group)
	for i, p := range s.props {
		cons := s.propCons[i]
		if nets[i] {
			continue // a diffNet stands for it
		}
		if ms := group[i]; ms != nil && first[i] {
			b.addAC(ms, ms.xs, onFix, acInfo{cons: cons}, &ms.events)
		}
		switch p := p.(type) {
		case *allDiffProp:
			if group[i] == nil {
				sp := &acSpread{argVars: &p.argVars, spread: p.spread}
				b.addAC(sp, p.xs, onFix, acInfo{cons: cons}, &sp.events)
			}
			if r := newRegin(p.argX, p.off, s); r != nil {
				b.addAC(r, p.xs, onChange, acInfo{idem: r.distinct, slow: true, cons: cons}, nil)
			}
		case *diagonalProp:
			if group[i] == nil {
				sp := &acSpread{argVars: &p.argVars, spread: p.spread}
				b.addAC(sp, p.xs, onFix, acInfo{cons: cons}, &sp.events)
			}
			if dp := newDiagPairs(p); dp != nil {
				b.addAC(dp, p.xs, onTwo, acInfo{cons: cons}, &dp.events)
			}
		case *linearProp:
			on := onChange
			if p.rel == linNE {
				on = onFix // forward checking: nothing to do before one variable is left
			}
			p.orderBySpan(&s.st)
			if l := newLinearIncr(p, &s.st); l != nil {
				b.addAC(l, p.xs, on, acInfo{idem: true, cons: cons}, &l.ev)
				break
			}
			b.addAC(&acLinear{p: p}, p.xs, on, acInfo{idem: true, cons: cons}, nil)
		case *globalRun:
			b.addGlobalAC(p, cons)
		case *exprProp:
			b.addExprAC(p, cons)
		}
	}
	b.addFlatAllDiffs()
	b.presolve()
	a.obj = -1
	if s.obj != nil {
		a.obj = int32(len(a.props))
		p, vars := acProp(newACExpr(s.obj)), s.obj.p.vars
		if l := b.linearObjective(); l != nil {
			p = l
		} else if b.plan != nil && b.plan.obj != nil {
			b.plan.obj.obj = s.obj.obj
			p, vars = b.plan.obj, b.plan.objVars
		}
		b.addAC(p, vars, onChange, acInfo{idem: true, cons: -1}, nil)
	}
	n := s.st.numVars()
	w := func(k link) acWatch { return acWatch{ev: a.ev[k.p], p: k.p, l: k.l} }
	a.anyAt, a.anyW = groupByVar(n, a.links, w)
	a.fixAt, a.fixW = groupByVar(n, a.fixLinks, w)
	a.twoAt, a.twoW = groupByVar(n, a.twoLinks, w)
	a.links, a.fixLinks, a.twoLinks = nil, nil, nil
	a.queued = make([]bool, len(a.props))
	a.fast.buf = make([]int32, len(a.props))
	a.slow.buf = make([]int32, len(a.props))
	a.cur = -1
	if s.opts.Order == OrderInput {
		a.cursor = s.st.newCell(0)
	}
	s.st.tmark = make([]bool, n)
	s.st.track = true
	a.creep.init(&s.st)
}

// enqueue schedules propagator p.
func (a *acState) enqueue(p int32) {
	if a.queued[p] || p == a.cur && a.info[p].idem {
		return
	}
	a.queued[p] = true
	if a.info[p].slow {
		a.slow.push(p)
	} else {
		a.fast.push(p)
	}
}

// schedule wakes the propagators of the variables changed since the last
// call.
func (s *Solver) schedule() {
	t := &s.st
	a := &s.ac
	for _, x := range t.touched {
		t.tmark[x] = false
		creeping := a.creep.on && a.creep.step(x) && t.size(x) > 1
		for _, w := range a.anyW[a.anyAt[x]:a.anyAt[x+1]] {
			if creeping && w.ev == nil {
				continue // creep.go
			}
			if w.ev != nil && !(w.ev.quiet && w.p == a.cur) {
				w.ev.pending = append(w.ev.pending, w.l)
			}
			if !a.queued[w.p] {
				a.enqueue(w.p)
			}
		}
		switch t.size32(x) { // exact for small sizes
		case 1:
			for _, w := range a.fixW[a.fixAt[x]:a.fixAt[x+1]] {
				if w.ev != nil {
					w.ev.pending = append(w.ev.pending, w.l)
				}
				a.enqueue(w.p)
			}
			s.fixedAC(x)
		case 2:
			for _, w := range a.twoW[a.twoAt[x]:a.twoAt[x+1]] {
				if w.ev != nil {
					w.ev.pending = append(w.ev.pending, w.l)
				}
				a.enqueue(w.p)
			}
		}
	}
	t.touched = t.touched[:0]
}

// fixedAC records that x has one value: MRV and dom/wdeg no longer see
// it, and its constraints count one unfixed variable less.
func (s *Solver) fixedAC(x int32) {
	if !s.tracked || x >= s.n { // a hidden variable: never branched on
		return
	}
	t := &s.st
	u := &s.unassigned
	if u.pos[x] >= t.cell[u.size] {
		return // already removed (Propagate after the search started)
	}
	u.remove(t, x)
	for _, g := range s.groups[s.groupAt[x]:s.groupAt[x+1]] {
		t.set(g, t.cell[g]-1)
	}
}

// fixpoint runs the queued propagators until none is left, or one fails.
func (s *Solver) fixpoint() bool {
	t := &s.st
	a := &s.ac
	a.creep.gen++
	for {
		if len(t.touched) > 0 {
			s.schedule()
		}
		var p int32
		switch {
		case a.fast.size > 0:
			p = a.fast.pop()
		case a.slow.size > 0:
			p = a.slow.pop()
		default:
			a.cur = -1
			if t.halted { // a propagator went on after its tick said stop
				return false
			}
			return true
		}
		a.queued[p] = false
		a.cur = p
		if t.tick(1) {
			s.clearAC(p)
			return false
		}
		s.stats.Propagations++
		ok := a.props[p].propagate(s)
		if !ok && t.halted {
			s.clearAC(p)
			return false
		}
		if s.tr != nil {
			s.traceRan(s.acCons(p), t.touched, a.props[p])
		}
		if !ok {
			s.failAC(p)
			return false
		}
	}
}

// acCons is the model constraint of propagator p (-1: the objective).
func (s *Solver) acCons(p int32) int32 {
	if f, ok := s.ac.props[p].(interface{ failedCons() int32 }); ok {
		return f.failedCons() // a propagator shared by several constraints
	}
	return s.ac.info[p].cons
}

// failAC empties the queues after propagator p failed.
func (s *Solver) failAC(p int32) {
	c := s.acCons(p)
	if c >= 0 && s.weight != nil {
		s.weight[c]++
	}
	if s.tr != nil && c >= 0 {
		s.tr.failCon = int(c)
	}
	s.clearAC(p)
}

// clearAC empties the queues, the events and the touched list, p being
// the propagator that ran last.
func (s *Solver) clearAC(p int32) {
	a := &s.ac
	t := &s.st
	for a.fast.size > 0 {
		q := a.fast.pop()
		a.queued[q] = false
		if ev := a.ev[q]; ev != nil {
			ev.pending = ev.pending[:0]
		}
	}
	for a.slow.size > 0 {
		q := a.slow.pop()
		a.queued[q] = false
		if ev := a.ev[q]; ev != nil {
			ev.pending = ev.pending[:0]
		}
	}
	if ev := a.ev[p]; ev != nil {
		ev.pending = ev.pending[:0]
	}
	for _, x := range t.touched {
		t.tmark[x] = false
	}
	t.touched = t.touched[:0]
	a.cur = -1
}

// propagateAll runs every propagator to a fixpoint, treating every
// variable as changed.
func (s *Solver) propagateAll() bool {
	t := &s.st
	for _, x := range t.touched { // in the order of the variables, below
		t.tmark[x] = false
	}
	t.touched = t.touched[:0]
	for x := range t.numVars() {
		t.touch(x)
	}
	for p := range s.ac.props {
		if int32(p) != s.ac.obj || s.objOn {
			s.ac.enqueue(int32(p))
		}
	}
	if s.objOn {
		s.syncBound()
	}
	s.ac.root = true
	ok := s.fixpoint()
	s.ac.root = false
	// Where a diffNet's sweeps stand decides which unit the search's
	// failures are charged to; how the root got to its fixpoint must not
	// (spreadRoot), so the search starts them from the first unit.
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			p.reset()
		}
	}
	return ok
}

// rootAC propagates the root before the first node.
func (s *Solver) rootAC() bool {
	return s.propagateAll()
}

// nodeAC tries the decision op of x at v (x = v, x != v, x <= v or
// x > v) at a new level, which stays open if it succeeds.
func (s *Solver) nodeAC(x int32, v int64, op DecisionOp) bool {
	t := &s.st
	t.push()
	s.stats.Nodes++
	s.stats.MaxDepth = max(s.stats.MaxDepth, len(s.frames))
	if nodeHook != nil {
		nodeHook(s)
	}
	eq := op == DecideEq
	if eq {
		s.stats.MaxAssigned = max(s.stats.MaxAssigned, s.assignedDepth())
	}
	t.apply(x, v, op) // x has two values or more, on each side of a split

	if s.tr != nil {
		s.traceDecided()
	}
	if s.objOn {
		s.syncBound()
		s.ac.enqueue(s.ac.obj)
		if s.tr != nil {
			s.traceRan(-1, t.touched, nil)
		}
	}
	ok := s.fixpoint()
	if t.halted {
		// Not a failure: the search stops, and the level stays until
		// Reset (undoing ten million removals is a wait after a stop).
		return false
	}
	if s.trace != nil {
		s.trace(len(s.frames), Var(x), v, eq, ok)
	}
	if !ok {
		s.stats.Failures++
		t.pop()
	}
	return ok
}

// selectVarAC returns the unfixed variable to branch on, or -1 if every
// variable is fixed.
func (s *Solver) selectVarAC() int32 {
	if s.lastConflict >= 0 {
		return s.conflictFirst(s.selectOrderAC())
	}
	return s.selectOrderAC()
}

// selectOrderAC is the variable the order chooses.
func (s *Solver) selectOrderAC() int32 {
	t := &s.st
	if s.phases != nil {
		return s.selectPhased()
	}
	for _, x := range s.objFirst {
		if !t.fixed(x) {
			return x
		}
	}
	switch s.opts.Order {
	case OrderInput:
		c := t.cell[s.ac.cursor]
		x := c
		for x < s.n && t.fixed(x) {
			x++
		}
		if x != c {
			t.set(s.ac.cursor, x)
		}
		if x == s.n {
			return -1
		}
		return x
	case OrderDomWdeg:
		return s.selectDomWdeg()
	}
	return s.selectMRVAC()
}

// acSpread is the value propagator of alldiff and diagonal: each variable
// that becomes fixed has its value spread to the others. The fixing events
// are queued in pending by schedule; argVars.live holds the variables not
// yet spread. Spreading may fix another variable, whose event comes back
// through schedule: the propagator is not idempotent.
type acSpread struct {
	*argVars
	spread func(t *store, l int32, targets []int32) bool
	events // the variables fixed since the last run
}

func (p *acSpread) propagate(s *Solver) bool {
	t := &s.st
	live := &p.live
	for len(p.pending) > 0 {
		l := p.pending[len(p.pending)-1]
		p.pending = p.pending[:len(p.pending)-1]
		if live.pos[l] >= t.cell[live.size] || !t.fixed(p.xs[l]) {
			continue // spread already
		}
		targets := live.remove(t, l)
		if t.tick(int32(len(targets)/64)) || !p.spread(t, l, targets) {
			return false
		}
	}
	return true
}

// acLinear is bounds consistency for a linear comparison.
type acLinear struct{ p *linearProp }

func (a *acLinear) propagate(s *Solver) bool { return a.p.bounds(&s.st) }

// binaryEq makes a·x + b·y + k = 0 domain consistent: each value of x has
// at most one support in y and conversely, so one pass over each suffices.
func (p *linearProp) binaryEq(t *store) bool {
	if ok, done := shiftedPair(t, p.xs[0], p.xs[1], p.coef[0], p.coef[1], p.k); done {
		return ok
	}
	for i := range 2 {
		x, y := p.xs[i], p.xs[1-i]
		a, b := p.coef[i], p.coef[1-i]
		if t.tick(t.size32(x) / 16) {
			return false
		}
		for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
			r := -p.k - a*v // b·y = r; bounded by the magnitude check
			if r%b != 0 || !t.contains(y, r/b) {
				if !t.remove(x, v) {
					return false
				}
			}
		}
	}
	return true
}

// gacLimit bounds the work of a generic constraint of three variables or
// more that enumerates tuples to reach arc consistency: the number of
// tuples times the number of nodes of its expression.
const gacLimit = 1 << 13

// binaryACWidth is the largest span of the initial domains of the two
// variables of a generic binary constraint for which it is made arc
// consistent.
const binaryACWidth = 1 << 12

// acBinary is arc consistency for a generic constraint over two variables
// (AC-3 with residual supports): a value of one variable stays if some
// value of the other satisfies the constraint with it. The last support
// found for each value is remembered (as its offset + 1, 0 for none) and
// checked first, since the constraint never changes; supports are
// recorded both ways. One pass over each variable reaches the fixpoint:
// a value that supports a kept value is itself supported.
type acBinary struct {
	e   *exprProp
	res [2][]int32 // per variable, per offset of its initial span
}

func newACBinary(e *exprProp, t *store) *acBinary {
	if e.obj != nil || len(e.p.vars) != 2 {
		return nil
	}
	b := &acBinary{e: e}
	for i, x := range e.p.vars {
		w := t.vi[x].width
		if w > binaryACWidth {
			return nil
		}
		b.res[i] = make([]int32, w)
	}
	return b
}

func (b *acBinary) propagate(s *Solver) bool {
	t := &s.st
	p := b.e.p
	for i := range 2 {
		x, y := p.vars[i], p.vars[1-i]
		lx, ly := t.vi[x].lo, t.vi[y].lo
		rx, ry := b.res[i], b.res[1-i]
		for a, ok := t.minOf(x), true; ok; a, ok = t.nextValue(x, a) {
			oa := a - lx
			if r := rx[oa]; r > 0 && t.contains(y, ly+int64(r)-1) {
				continue
			}
			p.vals[i] = a
			found := false
			for v, more := t.minOf(y), true; more; v, more = t.nextValue(y, v) {
				if t.tick(1) {
					return false
				}
				p.vals[1-i] = v
				if p.holds(0) {
					rx[oa], ry[v-ly] = int32(v-ly)+1, int32(oa)+1
					found = true
					break
				}
			}
			if !found && !t.remove(x, a) {
				return false
			}
		}
	}
	return true
}

// acExpr is arc consistency for a generic constraint: the tuples of the
// current domains are enumerated when their number times the size of the
// expression is at most gacLimit, and every value without a satisfying
// tuple is removed; with more, it is forward checking. The objective's
// bound, when not a linear one (acObjective), is forward checking.
type acExpr struct {
	e     *exprProp
	flat  bool    // the constraint is flattened too: see wideFC
	free  []int32 // local numbers of the unfixed variables
	vals  []int64 // their values, variable after variable
	at    []int32 // free[j]'s values: vals[at[j]:at[j+1]]
	sup   []bool  // per entry of vals: in a satisfying tuple
	digit []int32 // the odometer: an index into each variable's values
}

func newACExpr(e *exprProp) *acExpr {
	n := len(e.p.vars)
	return &acExpr{e: e, free: make([]int32, 0, n), at: make([]int32, 0, n+1), digit: make([]int32, n)}
}

func (a *acExpr) propagate(s *Solver) bool {
	t := &s.st
	e := a.e
	p := e.p
	a.free = a.free[:0]
	tuples := len(p.nodes) // the work: tuples times nodes
	for l, x := range p.vars {
		if t.fixed(x) {
			p.vals[l] = t.minOf(x)
			continue
		}
		a.free = append(a.free, int32(l))
		if tuples <= gacLimit {
			tuples *= int(min(t.size(x), gacLimit+1)) // no overflow
		}
	}
	if len(a.free) <= 1 || tuples > gacLimit || e.obj != nil {
		if a.flat && len(a.free) == 1 && t.size(p.vars[a.free[0]]) > smallDomain {
			return true // the primitives bound it
		}
		return e.filter(t) // an objective: forward checking only
	}
	a.vals, a.at = a.vals[:0], a.at[:0]
	for _, l := range a.free {
		a.at = append(a.at, int32(len(a.vals)))
		a.vals = t.values(a.vals, p.vars[l])
	}
	a.at = append(a.at, int32(len(a.vals)))
	if cap(a.sup) < len(a.vals) {
		a.sup = make([]bool, len(a.vals))
	}
	sup := a.sup[:len(a.vals)]
	clear(sup)
	missing := len(a.vals)
	k := len(a.free)
	for j, l := range a.free {
		a.digit[j] = 0
		p.vals[l] = a.vals[a.at[j]]
	}
	for {
		if t.tick(1) {
			return false
		}
		if e.holds() {
			for j := range k {
				if i := a.at[j] + a.digit[j]; !sup[i] {
					sup[i] = true
					missing--
				}
			}
			if missing == 0 {
				return true
			}
		}
		j := k - 1
		for ; j >= 0; j-- {
			l := a.free[j]
			a.digit[j]++
			if a.at[j]+a.digit[j] < a.at[j+1] {
				p.vals[l] = a.vals[a.at[j]+a.digit[j]]
				break
			}
			a.digit[j] = 0
			p.vals[l] = a.vals[a.at[j]]
		}
		if j < 0 {
			break
		}
	}
	for j, l := range a.free {
		x := p.vars[l]
		for i := a.at[j]; i < a.at[j+1]; i++ {
			if !sup[i] && !t.remove(x, a.vals[i]) {
				return false
			}
		}
	}
	return true
}

// acObjective is the bound of an objective that is linear, or the
// maximum of linear terms to minimise (the minimum to maximise): each part
// Σ coef·x + k <= 0 with k = k0 - sign·best + 1, sign 1 to minimise and
// -1 to maximise, and coef and k0 those of the part multiplied by sign.
// "max(e_i) < best" holds iff every e_i < best, so the parts together are
// the bound; each is made bounds consistent.
type acObjective struct {
	parts []objPart
	sign  int64
	obj   *objBound
}

type objPart struct {
	lin linearProp
	k0  int64
}

func (o *acObjective) propagate(s *Solver) bool {
	if !o.obj.set {
		return true
	}
	for i := range o.parts {
		p := &o.parts[i]
		p.lin.k = p.k0 - o.sign*o.obj.best + 1 // the builder checked the magnitude
		if !p.lin.le(&s.st) {
			return false
		}
	}
	return true
}

// linearObjective returns the bounds propagator of the objective, or nil
// if it is neither linear nor a maximum (minimum) of linear terms to
// minimise (maximise), or could overflow.
func (b *builder) linearObjective() *acObjective {
	sense, e := b.s.m.Objective()
	o := b.linearObjectiveParts(sense, e)
	if o != nil {
		o.obj = b.s.obj.obj
	}
	return o
}

// linearObjectiveOf reports whether linearObjective bounds objective e.
func (b *builder) linearObjectiveOf(sense Sense, e Expr) bool {
	return b.linearObjectiveParts(sense, e) != nil
}

// linearObjectiveParts is linearObjective without the incumbent.
func (b *builder) linearObjectiveParts(sense Sense, e Expr) *acObjective {
	o := &acObjective{sign: 1}
	if sense == Maximize {
		o.sign = -1
	}
	terms := []Expr{e}
	if n, ok := e.(*Nary); ok && (n.Op == OpMax && sense == Minimize || n.Op == OpMin && sense == Maximize) {
		terms = n.Args
	}
	for _, term := range terms {
		f := linForm{terms: b.terms[:0]}
		ok := f.add(term, 1)
		b.terms = f.terms
		if !ok {
			return nil
		}
		p := b.normalize(&f, o.sign, 0, linLE)
		if p == nil {
			return nil
		}
		// Room for k0 - sign·best + 1, where |best| <= the magnitude.
		total, _ := AbsInt(p.k)
		for i, x := range p.xs {
			lo, hi := b.s.m.InitialBounds(Var(x))
			m, _ := termMagnitude(p.coef[i], lo, hi)
			total += m // fits: normalize checked the sum
		}
		if total > 1<<61 {
			return nil
		}
		o.parts = append(o.parts, objPart{lin: *p, k0: p.k})
	}
	return o
}
