package engine

import "slices"

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
	// TraceNode: the search tried Var = Value (Eq) or, under PropAC's
	// binary branching, Var != Value (!Eq), at Depth (1 for the first
	// decision). OK says whether propagation left every domain non-empty.
	TraceNode TraceKind = iota
	// TracePrune: propagation removed Values from Var (only when
	// Tracer.Domains is set). Depth 0 is the propagation at the root.
	// Constraint is the model constraint whose propagator removed them,
	// or -1 with Objective set when the bound on the objective did.
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
	Eq         bool
	OK         bool
	Values     []int64
	Constraint int
	Objective  bool // TracePrune: the objective's bound removed the values
}

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
	failCon int // the constraint whose propagator failed at the last node, or -1

	// With Domains, each removal is attributed to the propagator that made
	// it: shadow holds the domains as the last propagator left them, and
	// prunes what each propagator removed since the node's decision.
	attributing bool
	shadow      domainCopy
	prunes      []prune
}

// prune is one value removed by propagation, and by what: a model
// constraint, or -1 for the objective's bound.
type prune struct {
	x    int32
	v    int64
	cons int32
}

// domainCopy is the state of every domain at one moment.
type domainCopy struct {
	words []uint64
	cell  []int32
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
			s.traceAttributed(0, -1, 0, false)
		} else {
			s.tracePrunes(before, 0, -1, 0, false)
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
	s.emit(TraceEvent{Kind: TraceNode, Depth: d, Var: Var(x), Value: v, Eq: eq, OK: ok, Constraint: -1})
	if s.tr != nil && tr.Domains {
		if tr.attributing {
			s.traceAttributed(d, x, v, eq)
		} else {
			s.tracePrunes(&tr.levels[d-1], d, x, v, eq)
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
	return one == 0 || int64(n) <= budget/one
}

// endTrace ends tracing for a copy past the budget; the search stops at
// its next node (limitReached).
func (s *Solver) endTrace() {
	s.traceOver = true
	s.tr = nil
}

// tracePrunes reports the values in before that are gone now, except
// those the decision x = v (eq) or x != v itself removed.
func (s *Solver) tracePrunes(before *domainCopy, depth int, x int32, v int64, eq bool) {
	for y := range s.n {
		if y == x && eq {
			continue
		}
		rm := s.tr.removed[:0]
		for _, w := range s.copyValues(before, y, nil) {
			if !s.st.contains(y, w) && (y != x || w != v) {
				rm = append(rm, w)
			}
		}
		s.tr.removed = rm
		if len(rm) > 0 {
			s.emit(TraceEvent{Kind: TracePrune, Depth: depth, Var: Var(y), Values: rm, Constraint: -1})
			if s.tr == nil {
				return
			}
		}
	}
}

// copyDomains returns a copy of the current domains, reusing dst.
func (s *Solver) copyDomains(dst domainCopy) domainCopy {
	dst.words = append(dst.words[:0], s.st.words...)
	dst.cell = append(dst.cell[:0], s.st.cell...)
	return dst
}

// copyValues appends to dst the domain of x in c, ascending.
func (s *Solver) copyValues(c *domainCopy, x int32, dst []int64) []int64 {
	vi := &s.st.vi[x]
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
// value being tried, whether the frame is on its x = v branch, and the
// values of the variable not yet tried, in the order the search would
// try them, reversed, so that the next one is last (the top of the
// course's pile). Under PropAC a frame's pile is its x != v branch, which
// leaves the untried values of the domain.
func (s *Solver) Pile(d int, dst []int64) (x Var, v int64, eq bool, rest []int64) {
	if s.tr == nil || d < 1 || d > len(s.frames) || d-1 >= len(s.tr.levels) {
		return -1, 0, false, dst[:0]
	}
	f := &s.frames[d-1]
	all := s.copyValues(&s.tr.levels[d-1], f.x, dst[:0])
	if f.right {
		return Var(f.x), f.v, false, all[:0]
	}
	center := int64(s.tr.levels[d-1].cell[3*f.x+cMin]+s.tr.levels[d-1].cell[3*f.x+cMax]) + 2*s.st.vi[f.x].lo
	if s.opts.Prop != PropAC && s.valuesOf(f.x) == ValuesMid {
		center = int64(f.c) + 2*s.st.vi[f.x].lo
	}
	s.sortValues(all, center, s.valuesOf(f.x))
	i := slices.Index(all, f.v)
	rest = all[i+1:]
	if s.opts.Prop == PropAC {
		rest = slices.DeleteFunc(all, func(w int64) bool { return w == f.v })
	}
	slices.Reverse(rest)
	return Var(f.x), f.v, true, rest
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
