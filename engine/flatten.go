package engine

import (
	"slices"
	"strconv"
)

// Flattening: how PropAC propagates an expression constraint.
//
// A constraint that is neither linear nor a global, over three variables
// or more or over wide domains, is flattened when the solver is built
// under PropAC, as MiniZinc flattens a model into FlatZinc: every
// subexpression that is not a variable, a constant or a linear
// combination becomes a hidden variable (hidden.go) defined by one
// primitive propagator (prim.go lists them), and the constraint itself
// becomes a linear comparison, a clause or a membership test over
// variables. So "abs(x - y) * z <= w + 3" is h1 = x - y, h2 = |h1|,
// h3 = h2·z, and h3 - w <= 3; each primitive narrows its variables both
// ways, and the fixpoint carries a change through every level.
// Comparisons inside logic are reified (b <-> lin <= 0) and the logic
// becomes Boolean primitives and clauses over such literals. Linear parts
// stay linear: a sum of terms is one linear propagator, not a chain.
//
// Flattening rather than narrowing each tree top-down (HC4-revise) was
// chosen because the hidden variables carry what one constraint learns
// about a subexpression to every other constraint that uses it
// (flatten_share.go: the same subexpression, or the same call of a
// definition, is one hidden variable), and because each primitive can
// then be as strong as its operator allows (domain consistency on small
// domains, bounds on wide ones) where a tree walk is held to intervals.
//
// Undefined values (expr.go) are kept exactly. A division, a modulo or a
// lookup that can be undefined gets a 0/1 hidden variable d, "defined",
// which its primitive ties to its inputs (d = 1 iff the divisor is not 0,
// iff the index is in range); where d = 0 the result is fixed to the
// least value of its domain, a canonical value, so that it is still a
// function of the model's variables. Every flattened number carries the
// conjunction of the d of its parts. A truth test (comparison,
// membership, a number taken as true) is the conjunction of its test and
// of its operands' definedness, so not (6 / x = 3) holds at x = 0. A part
// of the constraint itself, or of the objective, whose undefined value
// makes it false is required defined: its d is fixed to 1 at the root.
//
// What cannot be flattened (a hidden variable wider than a domain may
// be) keeps the propagators it had before: arc consistency by
// enumeration when its tuples are few, forward checking otherwise (see
// ac.go). Under PropFC and PropNone nothing is flattened.

// flattener flattens the expression constraints of one solver.
type flattener struct {
	b      *builder
	t      *store
	cons   int32 // the model constraint being flattened
	ok     bool  // false once a part cannot be flattened
	acts   []func() bool
	nums   map[string]flatNum
	lits   map[string]lit
	consts map[int64]int32
	share  shareCounts // flatten_share.go
	key    []byte
	vars   []int32 // scratch
}

// flatNum is a flattened number: the variable holding it (or x < 0 and
// the constant k), and the 0/1 variable that is 1 where it is defined
// (d < 0: always defined).
type flatNum struct {
	x int32
	k int64
	d int32
}

func constNum(k int64) flatNum { return flatNum{x: -1, k: k, d: -1} }

// lit is a truth value: the 0/1 variable x is 1 (x = 0 if neg), or, for
// x < 0, the constant !neg.
type lit struct {
	x   int32
	neg bool
}

func constLit(v bool) lit   { return lit{x: -1, neg: !v} }
func posLit(x int32) lit    { return lit{x: x} }
func (l lit) not() lit      { return lit{x: l.x, neg: !l.neg} }
func (l lit) isConst() bool { return l.x < 0 }

// value returns the literal's value, and false if it is not decided.
func (l lit) value(t *store) (bool, bool) {
	if l.x < 0 {
		return !l.neg, true
	}
	if !t.fixed(l.x) {
		return false, false
	}
	return (t.minOf(l.x) != 0) != l.neg, true
}

// set makes the literal true; false if it cannot be.
func (l lit) set(t *store) bool {
	if l.x < 0 {
		return !l.neg
	}
	v := int64(1)
	if l.neg {
		v = 0
	}
	return t.fixTo(l.x, v)
}

func newFlattener(b *builder) *flattener {
	return &flattener{b: b, t: &b.s.st, nums: map[string]flatNum{}, lits: map[string]lit{}, consts: map[int64]int32{}}
}

// flatConstraint flattens root constraint e of model constraint cons and
// posts it; false (nothing of it posted) if a part cannot be flattened.
func (fl *flattener) flatConstraint(e Expr, cons int32) bool {
	fl.cons, fl.ok, fl.acts = cons, true, fl.acts[:0]
	fl.root(e)
	return fl.commit()
}

// commit runs the root actions of the constraint just flattened, if it
// could be flattened.
func (fl *flattener) commit() bool {
	if !fl.ok {
		return false
	}
	for _, act := range fl.acts {
		if !act() {
			fl.b.s.unsat = true
		}
	}
	fl.acts = fl.acts[:0]
	return true
}

// fail marks the constraint being flattened as not flattenable.
func (fl *flattener) fail() { fl.ok = false }

// hidden adds a hidden variable lo..hi, or fails.
func (fl *flattener) hidden(lo, hi int64) int32 {
	if !fl.b.hiddenFits(lo, hi) {
		fl.fail()
		return fl.constVar(0)
	}
	return fl.b.newHidden(lo, hi)
}

// constVar returns a variable fixed to k, one per constant.
func (fl *flattener) constVar(k int64) int32 {
	if x, ok := fl.consts[k]; ok {
		return x
	}
	x := fl.b.newHidden(k, k)
	fl.consts[k] = x
	return x
}

// varOf returns the variable of n, a fixed one for a constant.
func (fl *flattener) varOf(n flatNum) int32 {
	if n.x < 0 {
		return fl.constVar(n.k)
	}
	return n.x
}

// defVar returns the variable that is 1 where n is defined.
func (fl *flattener) defVar(n flatNum) int32 {
	if n.d < 0 {
		return fl.constVar(1)
	}
	return n.d
}

// act defers a root action to the commit.
func (fl *flattener) act(f func() bool) { fl.acts = append(fl.acts, f) }

// requireDef makes n defined at the root.
func (fl *flattener) requireDef(d int32) {
	if d >= 0 {
		fl.requireLit(posLit(d))
	}
}

// requireLit makes l true at the root.
func (fl *flattener) requireLit(l lit) {
	fl.act(func() bool { return l.set(fl.t) })
}

// ---- keys for sharing ----

func (fl *flattener) keyStart(tag string) {
	fl.key = append(fl.key[:0], tag...)
}

func (fl *flattener) keyInt(v int64) {
	fl.key = strconv.AppendInt(append(fl.key, ','), v, 10)
}

func (fl *flattener) keyLit(l lit) {
	fl.key = append(fl.key, ',')
	if l.neg {
		fl.key = append(fl.key, '!')
	}
	fl.key = strconv.AppendInt(fl.key, int64(l.x), 10)
}

// ---- the root ----

// root posts e as a constraint: true when defined and non-zero.
func (fl *flattener) root(e Expr) {
	switch e := e.(type) {
	case *Binary:
		if e.Op == OpIff || e.Op == OpEq {
			if b, t, ok := boolAndTruth(e.X, e.Y); ok && fl.truthInto(t, b) {
				return
			}
		}
		switch {
		case e.Op.IsRelation():
			fl.rootRelation(e.Op, e.X, e.Y)
			return
		case e.Op == OpAnd:
			fl.root(e.X)
			fl.root(e.Y)
			return
		case e.Op == OpOr:
			fl.rootClause(fl.truth(e.X), fl.truth(e.Y))
			return
		case e.Op == OpImplies:
			fl.rootClause(fl.truth(e.X).not(), fl.truth(e.Y))
			return
		case e.Op == OpIff || e.Op == OpXor:
			a, c := fl.truth(e.X), fl.truth(e.Y)
			if e.Op == OpXor {
				c = c.not()
			}
			fl.rootClause(a.not(), c)
			fl.rootClause(a, c.not())
			return
		}
	case *Nary:
		switch e.Op {
		case OpAll:
			for _, a := range e.Args {
				fl.root(a)
			}
			return
		case OpAny:
			ls := make([]lit, len(e.Args))
			for i, a := range e.Args {
				ls[i] = fl.truth(a)
			}
			fl.rootClause(ls...)
			return
		}
	case *Unary:
		if e.Op == OpNot {
			fl.rootNot(e.X)
			return
		}
	case *InSet:
		fl.rootIn(e)
		return
	}
	n := fl.num(e) // a number: defined and not 0
	fl.requireDef(n.d)
	if n.x < 0 {
		k := n.k
		fl.act(func() bool { return k != 0 })
		return
	}
	x := n.x
	fl.act(func() bool { return fl.t.remove(x, 0) })
}

// rootNot posts not e.
func (fl *flattener) rootNot(e Expr) {
	switch e := e.(type) {
	case *Binary:
		switch {
		case e.Op.IsRelation() && !MayBeUndefined(e.X) && !MayBeUndefined(e.Y):
			fl.rootRelation(negRelation(e.Op), e.X, e.Y)
			return
		case e.Op == OpAnd:
			fl.rootClause(fl.truth(e.X).not(), fl.truth(e.Y).not())
			return
		case e.Op == OpOr:
			fl.requireLit(fl.truth(e.X).not())
			fl.requireLit(fl.truth(e.Y).not())
			return
		}
	case *Unary:
		if e.Op == OpNot {
			fl.root(e.X) // not not e: e as a truth value
			return
		}
	}
	fl.requireLit(fl.truth(e).not())
}

// negRelation returns the comparison that holds where op does not, on
// defined operands.
func negRelation(op BinOp) BinOp {
	switch op {
	case OpEq:
		return OpNe
	case OpNe:
		return OpEq
	case OpLt:
		return OpGe
	case OpGe:
		return OpLt
	case OpLe:
		return OpGt
	}
	return OpLe // OpGt
}

// rootClause posts: at least one of ls holds.
func (fl *flattener) rootClause(ls ...lit) {
	keep := ls[:0:0]
	for _, l := range ls {
		switch {
		case l.isConst() && !l.neg:
			return // true
		case l.isConst():
		case slices.Contains(keep, l.not()):
			return // l or not l
		case !slices.Contains(keep, l):
			keep = append(keep, l)
		}
	}
	switch len(keep) {
	case 0:
		fl.act(func() bool { return false })
	case 1:
		fl.requireLit(keep[0])
	default:
		p := &clause{lits: keep}
		fl.act(func() bool {
			fl.b.addPrim(p, litVars(keep), fl.cons)
			return true
		})
	}
}

// rootRelation posts x op y.
func (fl *flattener) rootRelation(op BinOp, x, y Expr) {
	if op == OpEq && fl.rootDefines(x, y) || op == OpEq && fl.rootDefines(y, x) {
		return
	}
	var f flin
	fl.addLin(&f, x, 1, false)
	fl.addLin(&f, y, -1, false)
	for _, d := range f.defs {
		fl.requireDef(d)
	}
	fl.postRelation(&f, op)
}

// postRelation posts f op 0 at the root.
func (fl *flattener) postRelation(f *flin, op BinOp) {
	sign, incr, rel := relForm(op)
	p, st := fl.normLinear(f.terms, f.k, sign, incr, rel, true)
	switch st {
	case linOverflow:
		fl.fail()
	case linNever:
		fl.act(func() bool { return false })
	case linOK:
		fl.act(func() bool { return fl.postLinear(p) })
	}
}

// relForm returns the sign, increment and relation that turn s op 0
// into sign·s + incr rel 0 (as linearOf does).
func relForm(op BinOp) (int64, int64, linRel) {
	switch op {
	case OpEq:
		return 1, 0, linEQ
	case OpNe:
		return 1, 0, linNE
	case OpLt:
		return 1, 1, linLE
	case OpGe:
		return -1, 0, linLE
	case OpGt:
		return -1, 1, linLE
	}
	return 1, 0, linLE
}

// postLinear posts a normalised linear comparison: a domain cut for one
// variable, a propagator for more.
func (fl *flattener) postLinear(p *linearProp) bool {
	if len(p.xs) == 1 {
		return narrow(fl.t, p.xs[0], p.coef[0], -p.k, p.rel)
	}
	on := onChange
	if p.rel == linNE {
		on = onFix
	}
	fl.b.addAC(&acLinear{p: p}, p.xs, on, acInfo{idem: true, cons: fl.cons}, nil)
	return true
}

// rootDefines posts x = y where y is a variable or a constant and x an
// operator that can take y as its result, as FlatZinc's z = x·y do; it
// reports whether it did.
func (fl *flattener) rootDefines(x, y Expr) bool {
	var out int32
	switch y := y.(type) {
	case *VarExpr:
		out = int32(y.V)
	case *Const:
		out = fl.constVar(y.V)
	default:
		return false
	}
	if !definesResult(x) || exprUses(x, out) {
		return false
	}
	n := fl.numInto(x, out)
	fl.requireDef(n.d)
	return true
}

// definesResult reports whether e is an operator that flattening gives a
// primitive of its own, which can write its result into a given variable.
func definesResult(e Expr) bool {
	switch e := e.(type) {
	case *Unary:
		return e.Op == OpAbs
	case *Binary:
		switch e.Op {
		case OpDiv, OpMod:
			return true
		case OpMul:
			_, c1 := constValue(e.X)
			_, c2 := constValue(e.Y)
			return !c1 && !c2
		}
	case *Nary:
		return e.Op == OpMin || e.Op == OpMax || e.Op == OpProduct
	case *Element, *IfThenElse:
		return true
	}
	return false
}

// exprUses reports whether model variable x occurs in e.
func exprUses(e Expr, x int32) bool {
	switch e := e.(type) {
	case *VarExpr:
		return int32(e.V) == x
	case *Unary:
		return exprUses(e.X, x)
	case *Binary:
		return exprUses(e.X, x) || exprUses(e.Y, x)
	case *Nary:
		return slices.ContainsFunc(e.Args, func(a Expr) bool { return exprUses(a, x) })
	case *InSet:
		return exprUses(e.X, x)
	case *IfThenElse:
		return exprUses(e.Cond, x) || exprUses(e.Then, x) || exprUses(e.Else, x)
	case *Element:
		return exprUses(e.Index, x) || slices.ContainsFunc(e.Items, func(a Expr) bool { return exprUses(a, x) })
	case *absDiffNe:
		return exprUses(e.X, x) || exprUses(e.Y, x)
	}
	return false
}

// rootIn posts x in S (or not in S).
func (fl *flattener) rootIn(e *InSet) {
	n := fl.num(e.X)
	fl.requireDef(n.d)
	if n.x < 0 {
		in := inSorted(e.Set, n.k) != e.Negated
		fl.act(func() bool { return in })
		return
	}
	x, set := n.x, e.Set
	if e.Negated {
		fl.act(func() bool {
			for _, v := range set {
				if !fl.t.remove(x, v) {
					return false
				}
			}
			return true
		})
		return
	}
	fl.act(func() bool {
		if !filterIn(fl.t, x, set) {
			return false
		}
		if fl.t.size(x) > smallDomain {
			fl.b.addPrim(&member{x: x, set: set, b: -1}, []int32{x}, fl.cons)
		}
		return true
	})
}

func litVars(ls []lit) []int32 {
	xs := make([]int32, 0, len(ls))
	for _, l := range ls {
		if l.x >= 0 {
			xs = append(xs, l.x)
		}
	}
	return xs
}

// boolAndTruth reports whether one of x and y is a 0/1 variable and the
// other a truth test, as FlatZinc's reified constraints are (b <-> x <=
// y, r <-> (a and c)), and returns them.
func boolAndTruth(x, y Expr) (int32, Expr, bool) {
	for range 2 {
		if v, ok := x.(*VarExpr); ok && isTruth(y) {
			if lo, hi := v.Bounds(); lo >= 0 && hi <= 1 && !exprUses(y, int32(v.V)) {
				return int32(v.V), y, true
			}
		}
		x, y = y, x
	}
	return 0, nil, false
}

// truthInto posts b <-> e for a 0/1 model variable b and a comparison
// over always defined operands, a conjunction or a disjunction, with b
// as the reified result (no hidden variable); false, with nothing
// posted, for another e.
func (fl *flattener) truthInto(e Expr, b int32) bool {
	switch e := e.(type) {
	case *Binary:
		switch {
		case e.Op.IsRelation():
			if MayBeUndefined(e.X) || MayBeUndefined(e.Y) {
				return false
			}
			var f flin
			fl.addLin(&f, e.X, 1, false)
			fl.addLin(&f, e.Y, -1, false)
			sign, incr, rel := relForm(e.Op)
			p, st := fl.normLinear(f.terms, f.k, sign, incr, rel, true)
			switch st {
			case linAlways:
				fl.requireLit(posLit(b))
			case linNever:
				fl.requireLit(posLit(b).not())
			case linOverflow:
				fl.fail()
			default:
				fl.act(func() bool {
					fl.b.addPrim(newLinReif(p, b), append([]int32{b}, p.xs...), fl.cons)
					return true
				})
			}
			return true
		case e.Op == OpAnd || e.Op == OpOr:
			return fl.connectiveInto(e.Op == OpOr, []Expr{e.X, e.Y}, b)
		}
	case *Nary:
		if e.Op == OpAll || e.Op == OpAny {
			return fl.connectiveInto(e.Op == OpAny, e.Args, b)
		}
	}
	return false
}

// connectiveInto posts b <-> and(args) (or(args) with or set).
func (fl *flattener) connectiveInto(or bool, args []Expr, b int32) bool {
	out := posLit(b)
	if or { // b <-> or(args)  is  not b <-> and(not args)
		out = out.not()
	}
	var keep []lit
	for _, a := range args {
		l := fl.truth(a)
		if or {
			l = l.not()
		}
		switch {
		case l.isConst() && l.neg: // the conjunction is false
			fl.requireLit(out.not())
			return true
		case l.isConst():
		case !slices.Contains(keep, l):
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		fl.requireLit(out)
		return true
	}
	p := &boolAnd{b: out, lits: keep}
	fl.act(func() bool {
		fl.b.addPrim(p, append([]int32{b}, litVars(keep)...), fl.cons)
		return true
	})
	return true
}
