package engine

import "slices"

// When and how PropAC flattens (flatten.go).
//
// NewSolver flattens before it posts the model's constraints
// (planFlattening), so that the hidden variables come right after the
// model's in the store, before any other reversible cell (the store keeps
// variable x's cells at 3x). It picks the constraints the builder would
// leave to the generic propagator, classified as postExpr, postAllDiff,
// postGlobal and linearObjective will classify them:
//
//   - A generic constraint over two variables whose spans multiply to at
//     most binaryFlat gets arc consistency by enumeration (acBinary), as
//     before: it is domain consistency, which no flattening beats. Wider
//     ones would pay for it at every run (a disjunction of two start
//     times over a horizon of 3000: millions of pairs).
//   - Any other generic constraint (a global's decomposition included)
//     is flattened. It also keeps the enumeration of acExpr (ac.go),
//     which makes it domain consistent when its tuples are few and
//     checks its last unfixed variable's values one by one (skipped when
//     that variable has more than smallDomain values: the primitives
//     bound it instead).
//   - An alldiff with an argument that is not a variable plus a constant
//     is an alldiff over the flattened arguments (hidden variables:
//     golomb's differences), with the value propagator and Régin's
//     matching, instead of its pairwise decomposition.
//   - An objective that is not linear in the model's variables is
//     flattened into linear parts over hidden variables (a maximum to
//     minimise into one part per argument), which acObjective bounds.

// flattening can be turned off by tests, to compare with the
// propagation before it.
var flattening = true

// flatOnly, for tests, flattens every generic constraint, binary ones
// too, and leaves them to their primitives alone, without acBinary or
// acExpr, so that the primitives are what is tested.
var flatOnly = false

// unaryEnum is the largest domain whose values a constraint over that
// variable alone tries one by one at the root (filter); past it, PropAC
// flattens the constraint and its primitives narrow the domain instead.
// A million values are filtered in milliseconds, and the filter is exact
// (y % 1000 = 7 leaves {7, 1007, ...}, which csp repl shows); ten
// million, seven times over (chinese remainders), took most of a second.
const unaryEnum = 1 << 20

// binaryFlat is the largest product of the spans of the two variables of
// a generic binary constraint left to acBinary alone.
const binaryFlat = 1 << 16

// flatPlan is what planFlattening did, for the builder's later steps.
type flatPlan struct {
	done    map[Expr]bool     // the generic constraints flattened
	unary   map[Expr]bool     // those over one variable
	decomp  map[Global][]Expr // the decompositions postGlobal posts
	diffs   map[int32][]int32 // per alldiff flattened: its arguments' variables
	diffK   map[int32][]int64 // and its constant arguments
	obj     *acObjective      // the flattened objective, or nil
	objVars []int32
}

// flatCand is an expression to flatten, of model constraint cons.
type flatCand struct {
	e    Expr
	cons int32
}

// planFlattening flattens what PropAC flattens, before any constraint is
// posted.
func (b *builder) planFlattening() {
	if !flattening {
		return
	}
	m := b.s.m
	plan := &flatPlan{done: map[Expr]bool{}, unary: map[Expr]bool{}, decomp: map[Global][]Expr{},
		diffs: map[int32][]int32{}, diffK: map[int32][]int64{}}
	b.plan = plan
	var exprs, diffs []flatCand
	fl := newFlattener(b)
	for i, c := range m.Constraints() {
		switch c.Kind {
		case KindExpr:
			if c.Expr != nil && b.flattensExpr(c.Expr) && b.checkExpr(c.Expr) == nil {
				exprs = append(exprs, flatCand{c.Expr, int32(i)})
			}
		case KindAllDiff:
			if b.checkAll(c.Args...) == nil && !allSimple(c.Args) {
				for _, a := range c.Args {
					diffs = append(diffs, flatCand{a, int32(i)})
				}
			}
		case KindGlobal:
			parts := b.decomposition(c.Global)
			for _, part := range parts {
				if b.flattensExpr(part) && b.checkExpr(part) == nil {
					exprs = append(exprs, flatCand{part, int32(i)})
				}
			}
		}
	}
	sense, obj := m.Objective()
	flatObj := obj != nil && sense != Satisfy && b.checkExpr(obj) == nil && !b.linearObjectiveOf(sense, obj)
	for _, c := range exprs {
		fl.share.add(c.e)
	}
	for _, c := range diffs {
		fl.share.add(c.e)
	}
	if flatObj {
		fl.share.add(obj)
	}
	for _, c := range exprs {
		if fl.flatConstraint(c.e, c.cons) {
			plan.done[c.e] = true
			plan.unary[c.e] = exprVarCount(c.e) == 1
		}
	}
	b.planAllDiffs(fl, diffs)
	if flatObj {
		plan.obj, plan.objVars = b.flatObjective(fl, sense, obj)
	}
}

// decomposition returns the parts of a global that postGlobal posts as
// generic constraints (its arguments are not all simple), or nil;
// computed once, so that the parts flattened are the ones posted.
func (b *builder) decomposition(g Global) []Expr {
	if g == nil {
		return nil
	}
	if b.plan != nil {
		if parts, ok := b.plan.decomp[g]; ok {
			return parts
		}
	}
	args := g.Args()
	if b.checkAll(args...) != nil {
		return nil
	}
	if _, ok := simpleArgs(args); ok {
		return nil
	}
	e, err := g.Decompose()
	if err != nil {
		return nil
	}
	parts := conjunctsOf(e, nil)
	if b.plan != nil {
		b.plan.decomp[g] = parts
	}
	return parts
}

// flattensExpr reports whether postExpr would give e the generic
// propagator and PropAC flattens it: not linear, and over two variables
// or more, not two of small spans (acBinary's); or over one variable
// with more than unaryEnum values, whose values postExpr would otherwise
// try one by one.
func (b *builder) flattensExpr(e Expr) bool {
	if linearShape(e) {
		return false // linearOf's, overflow aside
	}
	var vs [3]int32
	n, ok := 0, true
	var walk func(e Expr) bool
	walk = func(e Expr) bool {
		if v, isVar := e.(*VarExpr); isVar {
			if v.V < 0 || int(v.V) >= b.s.m.NumVars() {
				ok = false // checkExpr reports it
				return false
			}
			if !slices.Contains(vs[:n], int32(v.V)) {
				vs[n] = int32(v.V)
				n++
			}
			return n < 3
		}
		return eachKid(e, walk)
	}
	walk(e)
	t := &b.s.st
	switch {
	case !ok || n == 0:
		return false
	case n == 1:
		return t.size(vs[0]) > unaryEnum
	case n > 2 || flatOnly:
		return true
	}
	w0, w1 := t.vi[vs[0]].width, t.vi[vs[1]].width
	return w0 > binaryACWidth || w1 > binaryACWidth || w0*w1 > binaryFlat
}

// linearShape reports whether e compares two sums of constant multiples
// of variables, as linearOf reads them.
func linearShape(e Expr) bool {
	r, ok := e.(*Binary)
	return ok && r.Op.IsRelation() && linearTree(r.X) && linearTree(r.Y)
}

func linearTree(e Expr) bool {
	switch e := e.(type) {
	case *Const, *VarExpr:
		return true
	case *Unary:
		return e.Op == OpNeg && linearTree(e.X)
	case *Binary:
		switch e.Op {
		case OpAdd, OpSub:
			return linearTree(e.X) && linearTree(e.Y)
		case OpMul:
			if _, ok := constValue(e.X); ok {
				return linearTree(e.Y)
			}
			_, ok := constValue(e.Y)
			return ok && linearTree(e.X)
		}
	case *Nary:
		if e.Op == OpSum {
			for _, a := range e.Args {
				if !linearTree(a) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// exprVarCount returns the number of distinct variables of e, up to 2.
func exprVarCount(e Expr) int {
	var vs []Var
	var walk func(e Expr) bool
	walk = func(e Expr) bool {
		if v, ok := e.(*VarExpr); ok {
			if !slices.Contains(vs, v.V) {
				vs = append(vs, v.V)
			}
			return len(vs) < 2
		}
		return eachKid(e, walk)
	}
	walk(e)
	return len(vs)
}

// allSimple reports whether every argument is a variable plus a constant
// or a constant (postAllDiff's dedicated propagator).
func allSimple(args []Expr) bool {
	for _, a := range args {
		if _, _, kind := simpleArg(a); kind == argOther {
			return false
		}
	}
	return true
}

// planAllDiffs flattens the arguments of the alldiffs over expressions,
// one alldiff after the other (diffs holds their arguments in order).
func (b *builder) planAllDiffs(fl *flattener, diffs []flatCand) {
	for i := 0; i < len(diffs); {
		cons := diffs[i].cons
		fl.cons, fl.ok, fl.acts = cons, true, fl.acts[:0]
		var xs []int32
		var ks []int64
		for ; i < len(diffs) && diffs[i].cons == cons; i++ {
			n := fl.num(diffs[i].e)
			fl.requireDef(n.d)
			if n.x < 0 {
				ks = append(ks, n.k)
			} else {
				xs = append(xs, n.x)
			}
		}
		if fl.commit() {
			b.plan.diffs[cons], b.plan.diffK[cons] = xs, ks
		}
	}
}

// flatAllDiff reports whether alldiff constraint cons was flattened;
// postAllDiff then leaves it to finishAC (addFlatAllDiffs).
func (b *builder) flatAllDiff(cons int32) bool {
	if b.plan == nil {
		return false
	}
	_, ok := b.plan.diffs[cons]
	return ok
}

// addFlatAllDiffs posts the flattened alldiffs: their constants removed
// from the others, and the value propagator and Régin's matching over
// their variables.
func (b *builder) addFlatAllDiffs() {
	if b.plan == nil {
		return
	}
	t := &b.s.st
	for cons, xs := range b.plan.diffs {
		ks := slices.Clone(b.plan.diffK[cons])
		slices.Sort(ks)
		for i, k := range ks {
			if i > 0 && ks[i-1] == k {
				b.s.unsat = true
			}
			for _, x := range xs {
				if !t.remove(x, k) {
					b.s.unsat = true
				}
			}
		}
		for i, x := range xs {
			if slices.Contains(xs[:i], x) {
				b.s.unsat = true // one value twice
			}
		}
		if len(xs) < 2 || b.s.unsat {
			continue
		}
		p := &allDiffProp{zeroOff: true, off: make([]int64, len(xs))}
		p.argVars = b.newArgVars(xs)
		sp := &acSpread{argVars: &p.argVars, spread: p.spread}
		b.addAC(sp, p.xs, onFix, acInfo{cons: cons}, &sp.events)
		if r := newRegin(p.argX, p.off, b.s); r != nil {
			b.addAC(r, p.xs, onChange, acInfo{idem: r.distinct, slow: true, cons: cons}, nil)
		}
	}
}

// addExprAC registers the PropAC propagators of generic constraint p of
// model constraint cons.
func (b *builder) addExprAC(p *exprProp, cons int32) {
	flat := b.plan != nil && b.plan.done[p.e]
	if !flat {
		if bp := newACBinary(p, &b.s.st); bp != nil {
			b.addAC(bp, p.p.vars, onChange, acInfo{idem: true, cons: cons}, nil)
			return
		}
	}
	if flat && flatOnly {
		return
	}
	ae := newACExpr(p)
	ae.flat = flat
	b.addAC(ae, p.p.vars, onChange, acInfo{idem: true, slow: true, cons: cons}, nil)
}

// noteVars counts the model variables of es in the constraint being
// posted, for MRV's and dom/wdeg's degrees, as registering its
// propagators would.
func (b *builder) noteVars(es []Expr) {
	var walk func(e Expr) bool
	walk = func(e Expr) bool {
		if v, ok := e.(*VarExpr); ok {
			if x := int32(v.V); b.groupMark[x] != b.groupID {
				b.groupMark[x] = b.groupID
				b.group = append(b.group, x)
			}
			return true
		}
		return eachKid(e, walk)
	}
	for _, e := range es {
		walk(e)
	}
}

// flatObjective returns the bound of an objective that is not linear in
// the model's variables, over its flattened linear parts, and the
// variables it watches; nil if it cannot be flattened. Its incumbent is
// set when it is registered.
func (b *builder) flatObjective(fl *flattener, sense Sense, e Expr) (*acObjective, []int32) {
	o := &acObjective{sign: 1}
	if sense == Maximize {
		o.sign = -1
	}
	terms := []Expr{e}
	if n, ok := e.(*Nary); ok && (n.Op == OpMax && sense == Minimize || n.Op == OpMin && sense == Maximize) {
		terms = n.Args
	}
	fl.cons, fl.ok, fl.acts = -1, true, fl.acts[:0]
	var vars []int32
	for _, term := range terms {
		var f flin
		fl.addLin(&f, term, 1, false)
		for _, d := range f.defs {
			fl.requireDef(d) // a solution's objective is defined
		}
		p, st := fl.normLinear(f.terms, f.k, o.sign, 0, linLE, false)
		switch st {
		case linAlways, linNever:
			p = &linearProp{rel: linLE, k: fl.mul(o.sign, f.k)}
		case linOverflow:
			fl.fail()
		}
		if !fl.ok {
			fl.acts = fl.acts[:0]
			return nil, nil
		}
		total, _ := AbsInt(p.k)
		for i, x := range p.xs {
			m, _ := fl.termMagnitude(linTerm{x, p.coef[i]})
			total = satAdd(total, m)
		}
		if total > 1<<61 {
			fl.acts = fl.acts[:0]
			return nil, nil
		}
		o.parts = append(o.parts, objPart{lin: *p, k0: p.k})
		for _, x := range p.xs {
			if !slices.Contains(vars, x) {
				vars = append(vars, x)
			}
		}
	}
	fl.commit()
	return o, vars
}
