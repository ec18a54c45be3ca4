package engine

import (
	"math"
	"slices"
)

// Tracing: the search told as it happens, for people learning how it
// works (csp's --trace, --trace=piles and --tree). It costs nothing when
// no tracer is set. With one, the solver keeps a copy of the domains at
// each level of the current branch, so that it can say which values a
// node's propagation removed and what is left to try at each level;
// tracing is meant for small searches, and a tracer can switch itself off
// (Event returns false) once it has said enough.

// TraceKind says what a TraceEvent reports.
type TraceKind uint8

// The events of a trace, in the order the search meets them: a node,
// then the values its propagation removed, then, if it failed, why.
const (
	// TraceNode: the search tried the decision Op on Var at Value, at
	// Depth (1 for the first decision): Var = Value (Eq) or, under
	// PropAC's binary branching, Var != Value, Var <= Value or
	// Var > Value. OK says whether propagation left every domain
	// non-empty.
	TraceNode TraceKind = iota
	// TracePrune: propagation removed Ranges from Var (only when
	// Tracer.Domains is set), and Values lists them when they are at
	// most MaxTraceValues (always, for a domain of at most 2^16 values).
	// Depth 0 is the propagation at the root. Constraint is the model
	// constraint whose propagator removed them, or -1 with Objective set
	// when the bound on the objective did.
	TracePrune
	// TraceFail: the node at Depth is a dead end. Var is the variable
	// left with no value, or -1 when a constraint failed without emptying
	// a domain (a check with every variable fixed, or a matching).
	// Constraint is the model constraint that failed, when known, or -1.
	TraceFail
	// TraceBacktrack: every value of Var at Depth has been tried; the
	// search goes back up.
	TraceBacktrack
	// TraceSolution: every variable is fixed; the path is a solution.
	TraceSolution
	// TraceRestart: the search went back to the root (Options.Restarts).
	TraceRestart
)

// TraceEvent is one step of the search. Values is only valid during the
// call that reports it.
type TraceEvent struct {
	Kind       TraceKind
	Depth      int
	Var        Var
	Value      int64
	Op         DecisionOp // TraceNode: the decision
	Eq         bool       // TraceNode: Op is DecideEq
	OK         bool
	Values     []int64    // TracePrune: the values removed, or nil when more than MaxTraceValues
	Ranges     []Interval // TracePrune: the values removed, as intervals
	Constraint int
	Objective  bool // TracePrune: the objective's bound removed the values
}

// Decision returns the decision of a TraceNode event: Op, or DecideNe for
// an event that says !Eq only (made before Op existed).
func (e TraceEvent) Decision() DecisionOp {
	if e.Op == DecideEq && !e.Eq {
		return DecideNe
	}
	return e.Op
}

// MaxTraceValues is the most values a TracePrune event lists one by one.
const MaxTraceValues = 1 << 16

// Tracer receives a search's events, from the goroutine that runs it.
type Tracer struct {
	// Event is called once per event. Returning false switches tracing
	// off for the rest of the search (which goes on untraced).
	Event func(TraceEvent) bool
	// Domains asks for TracePrune events.
	Domains bool
}

// tracer is a Solver's tracing state.
type tracer struct {
	Tracer
	levels  []domainCopy // levels[d]: the domains after the node at depth d (0: the root)
	removed []int64
	ranges  []Interval
	failCon int // the constraint whose propagator failed at the last node, or -1

	// With Domains, each removal is attributed to the propagator that made
	// it: shadow holds the domains as the last propagator left them, and
	// prunes what each propagator removed since the node's decision.
	attributing bool
	shadow      domainCopy
	prunes      []prune
}

// prune is values removed by propagation, lo..hi, and by what: a model
// constraint, or -1 for the objective's bound.
type prune struct {
	x      int32
	lo, hi int64
	cons   int32
}

// domainCopy is the state of every domain at one moment.
type domainCopy struct {
	words []uint64
	cell  []int32
	wide  wideState
}

// SetTracer makes the search report its events to tr (nil: stop). Set it
// before the first Next; it replaces the solver's internal node hook.
func (s *Solver) SetTracer(tr *Tracer) {
	if tr == nil || tr.Event == nil {
		s.tr = nil
		return
	}
	s.tr = &tracer{Tracer: *tr, failCon: -1}
	s.trace = func(_ int, x Var, v int64, eq, ok bool) {
		if s.tr != nil {
			s.traceNode(int32(x), v, eq, ok)
		}
	}
}

// emit reports e, switching tracing off if the tracer asks.
func (s *Solver) emit(e TraceEvent) {
	if !s.tr.Event(e) {
		s.tr = nil
	}
}

// traceRoot records the root's domains, and reports what root
// propagation removed since before (nil: nothing to compare).
func (s *Solver) traceRoot(before *domainCopy) {
	tr := s.tr
	tr.levels = tr.levels[:0]
	tr.levels = append(tr.levels, s.copyDomains(domainCopy{}))
	if before != nil && tr.Domains {
		if tr.attributing {
			s.traceAttributed(0, decision{x: -1})
		} else {
			s.tracePrunes(before, 0, decision{x: -1})
		}
	}
}

// traceRestart reports a restart: the root's domains are again the only
// level of the branch.
func (s *Solver) traceRestart() {
	s.tr.levels = s.tr.levels[:min(len(s.tr.levels), 1)]
	s.emit(TraceEvent{Kind: TraceRestart, Var: -1, Constraint: -1})
}

// traceNode reports the node just tried at the top frame: the decision,
// what its propagation removed and, if it failed, why. It runs before a
// failed node's level is popped, so the domains are as propagation left
// them.
func (s *Solver) traceNode(x int32, v int64, eq, ok bool) {
	d := len(s.frames)
	tr := s.tr
	if d-1 >= len(tr.levels) { // not traced from the root (a subproblem)
		return
	}
	op := DecideEq
	if !eq {
		op = s.frames[d-1].op()
	}
	dec := decision{x: x, v: v, op: op}
	s.emit(TraceEvent{Kind: TraceNode, Depth: d, Var: Var(x), Value: v, Op: op, Eq: eq, OK: ok, Constraint: -1})
	if s.tr != nil && tr.Domains {
		if tr.attributing {
			s.traceAttributed(d, dec)
		} else {
			s.tracePrunes(&tr.levels[d-1], d, dec)
		}
	}
	if s.tr == nil {
		return
	}
	if !ok {
		e := TraceEvent{Kind: TraceFail, Depth: d, Var: -1, Constraint: tr.failCon}
		if w := s.st.wiped; w >= 0 && w < s.n {
			e.Var = Var(w)
		}
		s.emit(e)
		tr.failCon = -1
		return
	}
	if d < len(tr.levels) {
		tr.levels = tr.levels[:d+1]
		tr.levels[d] = s.copyDomains(tr.levels[d])
	} else if s.traceFits(d + 3) { // the levels to d, before and shadow
		tr.levels = append(tr.levels, s.copyDomains(domainCopy{}))
	} else {
		s.endTrace()
	}
}

// defaultTraceBudget bounds the copies of a traced search's domains
// unless SetTraceBudget says otherwise.
const defaultTraceBudget = 1 << 30

// SetTraceBudget bounds the memory of the copies of the domains that a
// traced search keeps, one per level of its branch: a node that would
// take them past n bytes (1 GiB unless set) ends tracing and stops the
// search, as a limit does, and TraceOverBudget reports it. A search of
// large domains would otherwise copy them all at every level.
func (s *Solver) SetTraceBudget(n int64) { s.traceBudget = n }

// TraceOverBudget reports whether the copies of a traced search's domains
// would have passed the budget (SetTraceBudget), which stopped it.
func (s *Solver) TraceOverBudget() bool { return s.traceOver }

// traceFits reports whether n copies of the domains fit the budget.
func (s *Solver) traceFits(n int) bool {
	budget := s.traceBudget
	if budget <= 0 {
		budget = defaultTraceBudget
	}
	one := int64(8*len(s.st.words) + 4*len(s.st.cell))
	for i := range s.st.wide {
		one += 64 + 24*int64(len(s.st.wide[i].holes))
	}
	return one == 0 || int64(n) <= budget/one
}

// endTrace ends tracing for a copy past the budget; the search stops at
// its next node (limitReached).
func (s *Solver) endTrace() {
	s.traceOver = true
	s.tr = nil
}

// tracePrunes reports the values in before that are gone now, except
// those the decision dec itself removed (none at the root: dec.x < 0).
func (s *Solver) tracePrunes(before *domainCopy, depth int, dec decision) {
	for y := range s.n {
		if y == dec.x && dec.op == DecideEq {
			continue
		}
		var rm []Interval
		if s.st.bitset(y) {
			vs := s.tr.removed[:0]
			for _, w := range s.copyValues(before, y, nil) {
				if !s.st.contains(y, w) {
					vs = append(vs, w)
				}
			}
			s.tr.removed = vs
			rm = appendRuns(s.tr.ranges[:0], vs)
		} else {
			rm = ivsMinus(s.copyIntervals(before, y, s.tr.ranges[:0]), s.st.intervals(nil, y))
		}
		if y == dec.x {
			rm = ivsMinus(rm, dec.removes())
		}
		s.tr.ranges = rm
		if len(rm) > 0 {
			s.emitPrune(depth, y, rm, -1, false)
			if s.tr == nil {
				return
			}
		}
	}
}

// emitPrune reports the removal of rm from y by constraint c (-1: none
// known, or the objective's bound when obj is set).
func (s *Solver) emitPrune(depth int, y int32, rm []Interval, c int32, obj bool) {
	e := TraceEvent{Kind: TracePrune, Depth: depth, Var: Var(y), Ranges: rm, Constraint: int(c), Objective: obj}
	if n := ivCount(rm); n <= MaxTraceValues {
		vs := s.tr.removed[:0]
		for _, iv := range rm {
			for v := iv.Lo; ; v++ {
				vs = append(vs, v)
				if v == iv.Hi {
					break
				}
			}
		}
		s.tr.removed, e.Values = vs, vs
	}
	s.emit(e)
}

// removes returns the values a decision takes out of its variable by
// itself, whatever the domain: x != v removes v, x <= v all above v...
func (d decision) removes() []Interval {
	switch d.op {
	case DecideNe:
		return []Interval{{d.v, d.v}}
	case DecideLe:
		if d.v == math.MaxInt64 {
			return nil
		}
		return []Interval{{d.v + 1, math.MaxInt64}}
	case DecideGt:
		return []Interval{{math.MinInt64, d.v}}
	}
	return nil
}

// copyDomains returns a copy of the current domains, reusing dst.
func (s *Solver) copyDomains(dst domainCopy) domainCopy {
	dst.words = append(dst.words[:0], s.st.words...)
	dst.cell = append(dst.cell[:0], s.st.cell...)
	dst.wide = s.st.copyWide(dst.wide)
	return dst
}

// copyIntervals appends to dst the domain of x in c as intervals.
func (s *Solver) copyIntervals(c *domainCopy, x int32, dst []Interval) []Interval {
	if w := s.st.vi[x].wide; w != 0 {
		return c.wide[w-1].intervals(dst)
	}
	return appendRuns(dst, s.copyValues(c, x, nil))
}

// copyValues appends to dst the domain of x in c, ascending: at most
// MaxTraceValues values of a wide domain, the first ones.
func (s *Solver) copyValues(c *domainCopy, x int32, dst []int64) []int64 {
	vi := &s.st.vi[x]
	if vi.wide != 0 {
		n := 0
		for _, iv := range c.wide[vi.wide-1].intervals(nil) {
			for v := iv.Lo; n < MaxTraceValues; v++ {
				dst = append(dst, v)
				n++
				if v == iv.Hi {
					break
				}
			}
		}
		return dst
	}
	mn, mx := c.cell[3*x+cMin], c.cell[3*x+cMax]
	for o := mn; o <= mx; o++ {
		if c.words[vi.at(o>>6)]&(1<<(o&63)) != 0 {
			dst = append(dst, vi.lo+int64(o))
		}
	}
	return dst
}

// Pile returns what is left to try at depth d (1 for the first decision)
// of the current branch, while a tracer is set: the frame's variable, the
// value being tried, the decision of the branch it is on, and the
// values of the variable not yet tried, in the order the search would
// try them, reversed, so that the next one is last (the top of the
// course's pile). Under PropAC a frame's pile is its x != v branch, which
// leaves the untried values of the domain, or the other half of a split.
// A domain of more than MaxTraceValues values shows its first
// MaxTraceValues only, ascending.
func (s *Solver) Pile(d int, dst []int64) (x Var, v int64, op DecisionOp, rest []int64) {
	if s.tr == nil || d < 1 || d > len(s.frames) || d-1 >= len(s.tr.levels) {
		return -1, 0, DecideEq, dst[:0]
	}
	f := &s.frames[d-1]
	all := s.copyValues(&s.tr.levels[d-1], f.x, dst[:0])
	if f.right {
		return Var(f.x), f.v, f.op(), all[:0]
	}
	if f.kind != branchValue { // a split: the other half is left
		other := DecideGt
		if f.op() == DecideGt {
			other = DecideLe
		}
		rest = slices.DeleteFunc(all, func(w int64) bool { return (w <= f.v) != (other == DecideLe) })
		slices.Reverse(rest)
		return Var(f.x), f.v, f.op(), rest
	}
	vo := s.valuesOf(f.x)
	lvl := &s.tr.levels[d-1]
	var center int64 // min+max; the sums wrap alike, and the distances fit
	if w := s.st.vi[f.x].wide; w != 0 {
		center = lvl.wide[w-1].min + lvl.wide[w-1].max
		if ivCount(lvl.wide[w-1].intervals(nil)) > MaxTraceValues {
			vo = ValuesMin // the first values only (copyValues), in order
		}
	} else {
		center = int64(lvl.cell[3*f.x+cMin]+lvl.cell[3*f.x+cMax]) + 2*s.st.vi[f.x].lo
	}
	if s.opts.Prop != PropAC && vo == ValuesMid {
		center = f.c + 2*s.st.vi[f.x].lo
	}
	s.sortValues(all, center, vo)
	i := slices.Index(all, f.v)
	rest = all[i+1:]
	if s.opts.Prop == PropAC {
		rest = slices.DeleteFunc(all, func(w int64) bool { return w == f.v })
	}
	slices.Reverse(rest)
	return Var(f.x), f.v, DecideEq, rest
}

// sortValues puts vs, ascending, in the value order vo; center is
// min+max of the domain (ValuesMid: nearest the middle first, the lower
// of two equally near).
func (s *Solver) sortValues(vs []int64, center int64, vo ValueOrder) {
	switch vo {
	case ValuesMax:
		slices.Reverse(vs)
	case ValuesMid:
		slices.SortStableFunc(vs, func(a, b int64) int {
			da, db := abs64(2*a-center), abs64(2*b-center)
			if da != db {
				return int(sign64(da - db))
			}
			return int(sign64(a - b))
		})
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func sign64(v int64) int64 {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}
