package engine

import (
	"errors"
	"fmt"
)

// Classification: NewSolver gives each constraint of the model the
// cheapest propagator that enforces it exactly.
//
//   - A Require over no variable is evaluated once; false makes the model
//     unsatisfiable.
//   - A Require over one variable filters that variable's domain at the
//     root and is then forgotten: it is part of the domain at every level.
//     Over a wide variable it is read as a set of intervals when it can be
//     (unary.go), and kept as a propagator otherwise.
//   - A comparison between linear expressions gets linearProp.
//   - alldiff and diagonal get their dedicated propagators when their
//     arguments are simple (see postAllDiff, postDiagonal), and are
//     decomposed into pairwise constraints, classified in turn, otherwise.
//   - Anything else gets the generic exprProp.
//
// The builder also records, for MRV's dynamic degree, which variables each
// posted constraint involves: a constraint decomposed into pairs still
// counts once.

var errDiagonalLength = errors.New("diagonal: arguments and positions differ in length")

type builder struct {
	s       *Solver
	localOf []int32   // scratch, per model variable: local number or -1
	terms   []linTerm // scratch for linear forms
	links   []link    // (variable, propagator, local number) of each registered propagator

	group      []int32 // distinct variables of the constraint being posted
	groupMark  []int32 // per variable: groupID when already in group
	groupID    int32
	groupLinks []link // (variable, counter cell) of each constraint

	hiddenWords int         // domain words of the hidden variables (hidden.go)
	plan        *flatPlan   // what PropAC flattened (flatten_ac.go), or nil
	wideFilters []*exprProp // filters of wide variables, run by finish (exprprop.go)
}

type link struct{ x, p, l int32 }

func newBuilder(s *Solver) *builder {
	b := &builder{s: s, localOf: make([]int32, s.n), groupMark: make([]int32, s.n)}
	for i := range b.localOf {
		b.localOf[i] = -1
	}
	return b
}

// postConstraint posts the model's constraint number i.
func (b *builder) postConstraint(c Constraint, i int) error {
	b.groupID = int32(i + 1)
	b.group = b.group[:0]
	var err error
	switch c.Kind {
	case KindExpr:
		err = b.postExpr(c.Expr)
	case KindAllDiff:
		err = b.postAllDiff(c.Args)
	case KindDiagonal:
		err = b.postDiagonal(c.Args, c.Pos)
	case KindGlobal:
		err = b.postGlobal(c.Global)
	default:
		err = fmt.Errorf("unknown constraint kind %d", c.Kind)
	}
	if err != nil {
		return fmt.Errorf("constraint %d: %w", i, err)
	}
	if len(b.group) >= 2 {
		cell := b.s.st.newCell(int32(len(b.group)))
		for _, x := range b.group {
			b.groupLinks = append(b.groupLinks, link{x: x, p: cell, l: int32(i)})
		}
	}
	return nil
}

// postExpr posts a boolean expression that must hold.
func (b *builder) postExpr(e Expr) error {
	if e == nil {
		return errors.New("nil expression")
	}
	if err := b.checkExpr(e); err != nil {
		return err
	}
	if b.plan != nil && b.plan.done[e] && b.plan.unary[e] {
		// Its primitives narrow the variable (flatten_ac.go); comparisons
		// with constants, in and logic over a wide one are applied to its
		// domain as ranges too (unary.go), which bounds alone would not.
		if x, ok := singleVarOf(e); ok && !b.s.st.bitset(x) {
			b.postUnary(e, x)
		}
		return nil
	}
	if p, fits := b.linearAny(e); p != nil {
		if !fits {
			return b.postGlobal(newWideLinear(p, e, b.s.m))
		}
		b.post(p)
		return nil
	}
	p := &exprProp{p: b.compile(e), e: e}
	if vs := p.p.vars; len(vs) == 1 && !b.s.st.bitset(vs[0]) {
		// A wide variable: its values cannot be tried one by one (unary.go).
		if b.postUnary(e, vs[0]) {
			return nil
		}
		if b.s.st.size(vs[0]) > enumLimit {
			b.register(p)
			return nil
		}
	}
	b.post(p)
	return nil
}

// post registers p, or applies it once at the root if it has fewer than
// two variables.
func (b *builder) post(p propagator) {
	if e, ok := p.(*exprProp); ok && len(p.vars()) == 1 && !b.s.st.bitset(p.vars()[0]) {
		b.wideFilters = append(b.wideFilters, e)
		return
	}
	if len(p.vars()) >= 2 {
		b.register(p)
	} else if !p.filter(&b.s.st) && !b.s.st.halted {
		b.s.unsat = true
	}
}

func (b *builder) register(p propagator) {
	i := int32(len(b.s.props))
	b.s.props = append(b.s.props, p)
	b.s.propCons = append(b.s.propCons, b.groupID-1)
	for l, x := range p.vars() {
		b.links = append(b.links, link{x, i, int32(l)})
		if b.groupMark[x] != b.groupID {
			b.groupMark[x] = b.groupID
			b.group = append(b.group, x)
		}
	}
}

// postObjective prepares branch and bound. A solution must have a defined
// objective, so an objective that can be undefined is enforced from the
// start; otherwise it is only enforced once there is a bound.
func (b *builder) postObjective() error {
	sense, e := b.s.m.Objective()
	if e == nil || sense == Satisfy {
		return nil
	}
	if sense != Minimize && sense != Maximize {
		return fmt.Errorf("unknown objective sense %d", sense)
	}
	if err := b.checkExpr(e); err != nil {
		return fmt.Errorf("objective: %w", err)
	}
	p := b.compile(e)
	b.s.obj = &exprProp{p: p, obj: &objBound{sense: sense}}
	if _, ok := p.eval(0); len(p.vars) == 0 && !ok {
		b.s.unsat = true // no solution has a defined objective
	}
	for _, n := range p.nodes {
		switch n.op {
		case cAdd + cop(OpDiv), cAdd + cop(OpMod), cElem:
			b.s.objOn = true
		}
	}
	return nil
}

// finish builds the per-variable lists: watches in posting order, and the
// constraint counters for MRV.
func (b *builder) finish() {
	s := b.s
	if !filterCheapFirst(&s.st, b.wideFilters, s.m.filters) && !s.st.halted {
		s.unsat = true
	}
	s.watchAt, s.watches = groupByVar(s.n, b.links, func(k link) watch { return watch{k.p, k.l} })
	s.groupAt, s.groups = groupByVar(s.n, b.groupLinks, func(k link) int32 { return k.p })
	_, s.groupCons = groupByVar(s.n, b.groupLinks, func(k link) int32 { return k.l })
	for x := range s.n {
		s.maxGroups = max(s.maxGroups, int(s.groupAt[x+1]-s.groupAt[x]))
	}
}

// groupByVar sorts links by x (in 0..n-1), keeping their order otherwise,
// and returns the offsets of each x's entries and the entries.
func groupByVar[T any](n int32, links []link, conv func(link) T) ([]int32, []T) {
	at := make([]int32, n+1)
	for _, k := range links {
		at[k.x+1]++
	}
	for x := int32(0); x < n; x++ {
		at[x+1] += at[x]
	}
	out := make([]T, len(links))
	next := append([]int32(nil), at[:n]...)
	for _, k := range links {
		out[next[k.x]] = conv(k)
		next[k.x]++
	}
	return at, out
}

// singleVarOf returns the one variable e reads, if it reads exactly one.
func singleVarOf(e Expr) (int32, bool) {
	x, n := int32(-1), 0
	var walk func(e Expr) bool
	walk = func(e Expr) bool {
		if v, ok := e.(*VarExpr); ok {
			if int32(v.V) != x {
				x, n = int32(v.V), n+1
			}
			return n < 2
		}
		return eachKid(e, walk)
	}
	walk(e)
	return x, n == 1
}
