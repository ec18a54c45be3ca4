package fzn

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// The FlatZinc builtins over ints and bools, and csp's own predicates
// (globals.go). A relation (a constraint that can also be reified) is
// written once: its truth value as an expression, and, where that
// propagates better, how to post it alone. Its _reif form posts
// r <-> truth, its _imp form r -> truth.

type relation struct {
	sig   string                            // the arguments of the plain form
	truth func(p *poster) engine.Expr       // its truth value
	post  func(p *poster)                   // the plain form; nil: require truth
	reif  func(p *poster, r term, imp bool) // the _reif and _imp forms; nil: reify truth
}

type builtin struct {
	sig  string
	post func(p *poster)
}

var relations map[string]relation

var builtins map[string]builtin

func init() {
	relations = map[string]relation{}
	for name, op := range map[string]engine.BinOp{"eq": engine.OpEq, "ne": engine.OpNe, "le": engine.OpLe, "lt": engine.OpLt, "ge": engine.OpGe, "gt": engine.OpGt} {
		relations["int_"+name] = compareRel("i i", op)
		relations["bool_"+name] = compareRel("b b", op)
		relations["int_lin_"+name] = linearRel(op)
	}
	relations["set_in"] = relation{sig: "i s", truth: func(p *poster) engine.Expr {
		vs, ok := setValues(p.set(1), 1<<20)
		if !ok {
			return p.inIntervals(p.ex(0), p.set(1))
		}
		return engine.NewInSet(p.ex(0), vs, false)
	}, reif: func(p *poster, r term, imp bool) {
		if vs, ok := setValues(p.set(1), 1<<20); ok && !r.isConst() && !p.term(0).isConst() {
			p.member(p.term(0), vs, r, false, imp)
			return
		}
		p.reify(r, relations["set_in"].truth(p), imp)
	}}
	relations["bool_clause"] = relation{sig: "[b] [b]",
		truth: func(p *poster) engine.Expr {
			return p.nary(engine.OpAny, append(p.exs(0), p.nots(p.arr(1))...))
		},
		post: func(p *poster) { p.clause(append(lits(p.arr(0), true), lits(p.arr(1), false)...)) },
		reif: func(p *poster, r term, imp bool) {
			p.iffAny(lit{r, true}, append(lits(p.arr(0), true), lits(p.arr(1), false)...), imp)
		}}
	builtins = map[string]builtin{
		"int_plus":  {"i i i", func(p *poster) { p.linear([]int64{1, 1, -1}, p.terms(0, 1, 2), engine.OpEq, 0) }},
		"int_minus": {"i i i", func(p *poster) { p.linear([]int64{1, -1, -1}, p.terms(0, 1, 2), engine.OpEq, 0) }},
		"int_times": {"i i i", postTimes},
		"int_div":   {"i i i", func(p *poster) { p.function(p.bin(engine.OpDiv, p.ex(0), p.ex(1)), 2) }},
		"int_mod":   {"i i i", func(p *poster) { p.function(p.bin(engine.OpMod, p.ex(0), p.ex(1)), 2) }},
		"int_abs":   {"i i", postAbs},
		"int_negate": {"i i", func(p *poster) {
			p.linear([]int64{1, 1}, p.terms(0, 1), engine.OpEq, 0)
		}},
		"int_min":           {"i i i", func(p *poster) { p.extremum(false, p.term(2), []term{p.term(0), p.term(1)}) }},
		"int_max":           {"i i i", func(p *poster) { p.extremum(true, p.term(2), []term{p.term(0), p.term(1)}) }},
		"int_pow":           {"i i i", postPow},
		"int_pow_fixed":     {"i I i", postPow},
		"array_int_maximum": {"i [i]", func(p *poster) { p.extremum(true, p.term(0), p.arr(1)) }},
		"array_int_minimum": {"i [i]", func(p *poster) { p.extremum(false, p.term(0), p.arr(1)) }},

		"array_int_element":      {"i [I] i", postConstElement},
		"array_var_int_element":  {"i [i] i", postElement},
		"array_bool_element":     {"i [B] b", postConstElement},
		"array_var_bool_element": {"i [b] b", postElement},

		"bool2int": {"b i", func(p *poster) { p.linear([]int64{1, -1}, p.terms(0, 1), engine.OpEq, 0) }},
		"bool_not": {"b b", func(p *poster) { p.linear([]int64{1, 1}, p.terms(0, 1), engine.OpEq, 1) }},
		"bool_lin_eq": {"[I] [b] i", func(p *poster) {
			p.linear(append(p.nums(0), -1), append(append([]term(nil), p.arr(1)...), p.term(2)), engine.OpEq, 0)
		}},
		"bool_lin_le": {"[I] [b] I", func(p *poster) { p.linear(p.nums(0), p.arr(1), engine.OpLe, p.num(2)) }},

		"bool_and":           {"b b b", func(p *poster) { p.iffAll(lit{p.term(2), true}, lits(p.terms(0, 1), true), false) }},
		"bool_and_imp":       {"b b b", func(p *poster) { p.iffAll(lit{p.term(2), true}, lits(p.terms(0, 1), true), true) }},
		"bool_or":            {"b b b", func(p *poster) { p.iffAny(lit{p.term(2), true}, lits(p.terms(0, 1), true), false) }},
		"bool_or_imp":        {"b b b", func(p *poster) { p.iffAny(lit{p.term(2), true}, lits(p.terms(0, 1), true), true) }},
		"array_bool_and":     {"[b] b", func(p *poster) { p.iffAll(lit{p.term(1), true}, lits(p.arr(0), true), false) }},
		"array_bool_and_imp": {"[b] b", func(p *poster) { p.iffAll(lit{p.term(1), true}, lits(p.arr(0), true), true) }},
		"array_bool_or":      {"[b] b", func(p *poster) { p.iffAny(lit{p.term(1), true}, lits(p.arr(0), true), false) }},
		"array_bool_or_imp":  {"[b] b", func(p *poster) { p.iffAny(lit{p.term(1), true}, lits(p.arr(0), true), true) }},
		"bool_xor":           {"b b b", func(p *poster) { p.parityLinear(p.terms(0, 1, 2), false) }},
		"bool_xor_imp": {"b b b", func(p *poster) {
			p.reify(p.term(2), p.bin(engine.OpNe, p.ex(0), p.ex(1)), true)
		}},
		"array_bool_xor": {"[b]", func(p *poster) { p.parityLinear(p.arr(0), true) }},
		"array_bool_xor_imp": {"[b] b", func(p *poster) {
			p.reify(p.term(1), p.parity(p.arr(0)), true)
		}},
	}
	for name, g := range globals {
		builtins[name] = g
	}
}

// lookup finds how to post a constraint: a builtin, a relation, or the
// _reif or _imp form of a relation.
func lookup(name string) (builtin, bool) {
	if b, ok := builtins[name]; ok {
		return b, true
	}
	if r, ok := relations[name]; ok {
		post := r.post
		if post == nil {
			post = func(p *poster) { p.require(r.truth(p)) }
		}
		return builtin{r.sig, post}, true
	}
	for _, suffix := range []string{"_reif", "_imp"} {
		base, ok := strings.CutSuffix(name, suffix)
		r, known := relations[base]
		if !ok || !known {
			continue
		}
		imp := suffix == "_imp"
		return builtin{r.sig + " b", func(p *poster) {
			rv := p.term(len(p.args) - 1)
			switch {
			case rv.isConst() && rv.k != 0: // a reified constraint that must hold
				p.postRelation(r)
			case r.reif != nil:
				r.reif(p, rv, imp)
			default:
				p.reify(rv, r.truth(p), imp)
			}
		}}, true
	}
	return builtin{}, false
}

func (p *poster) postRelation(r relation) {
	if r.post != nil {
		r.post(p)
	} else {
		p.require(r.truth(p))
	}
}

func compareRel(sig string, op engine.BinOp) relation {
	return relation{sig: sig,
		truth: func(p *poster) engine.Expr { return p.bin(op, p.ex(0), p.ex(1)) },
		post:  func(p *poster) { p.linear([]int64{1, -1}, p.terms(0, 1), op, 0) },
		reif: func(p *poster, r term, imp bool) {
			if x, c, ok := varAndConst(p.terms(0, 1)); ok && (op == engine.OpEq || op == engine.OpNe) {
				// x = c as membership: bounds miss a c inside x's bounds but
				// not in its domain, which must make r false (depot-placement:
				// "some Y equals C" clauses over such literals)
				if !r.isConst() {
					p.member(x, []int64{c}, r, op == engine.OpNe, imp)
					return
				}
				p.reify(r, engine.NewInSet(p.ref(x), []int64{c}, op == engine.OpNe), imp)
				return
			}
			p.reifyLinear(r, []int64{1, -1}, p.terms(0, 1), op, 0, imp)
		},
	}
}

// varAndConst returns the variable and the constant of a pair of terms
// with one of each.
func varAndConst(ts []term) (term, int64, bool) {
	switch {
	case ts[0].isConst() && !ts[1].isConst():
		return ts[1], ts[0].k, true
	case !ts[0].isConst() && ts[1].isConst():
		return ts[0], ts[1].k, true
	}
	return term{}, 0, false
}

func linearRel(op engine.BinOp) relation {
	return relation{sig: "[I] [i] I",
		truth: func(p *poster) engine.Expr { return p.linExpr(p.nums(0), p.arr(1), op, p.num(2)) },
		post: func(p *poster) {
			if op == engine.OpEq && p.fc.hasAnnotation("domain") && p.domainLinear(p.nums(0), p.arr(1), p.num(2)) {
				return
			}
			p.linear(p.nums(0), p.arr(1), op, p.num(2))
		},
		reif: func(p *poster, r term, imp bool) {
			p.reifyLinear(r, p.nums(0), p.arr(1), op, p.num(2), imp)
		},
	}
}

func (p *poster) terms(is ...int) []term {
	out := make([]term, len(is))
	for k, i := range is {
		out[k] = p.term(i)
	}
	return out
}

func (p *poster) nots(ts []term) []engine.Expr {
	out := make([]engine.Expr, len(ts))
	for i, t := range ts {
		out[i] = p.not(p.ref(t))
	}
	return out
}

// function posts args[res] = e, for the builtins that define a result.
func (p *poster) function(e engine.Expr, res int) {
	p.require(p.bin(engine.OpEq, e, p.ex(res)))
}

// extremum posts m = max(xs) or min(xs); of no value, it is undefined.
// Over variables, it is the engine's minimum or maximum global: the
// minMax propagator alone, without the generic propagator that the
// expression m = min(xs) would also get; bounds consistent, as Gecode's
// by default, unless annotated ::domain.
func (p *poster) extremum(isMax bool, m term, xs []term) {
	if len(xs) == 0 {
		p.c.unsat = true
		return
	}
	op := engine.OpMin
	if isMax {
		op = engine.OpMax
	}
	if !allVars(append([]term{m}, xs...)) {
		p.require(p.bin(engine.OpEq, p.ref(m), p.nary(op, p.refs(xs))))
		return
	}
	g, err := engine.NewExtremum(p.ref(m), p.refs(xs), isMax)
	if g != nil {
		g.Domain = p.fc.hasAnnotation("domain")
	}
	p.global(g, err)
}

// member posts r <-> x in set (not in set if neg; only r -> ... if imp),
// as the engine's member global: its propagator alone, where the
// expression would get the generic binary one too.
func (p *poster) member(x term, set []int64, r term, neg, imp bool) {
	g, err := engine.NewMember(p.ref(x), set, p.ref(r))
	if g != nil {
		g.Neg, g.Imp = neg, imp
	}
	p.global(g, err)
}

// postAbs posts y = |x|, as the engine's abs global over variables,
// bounds consistent unless annotated ::domain (see extremum).
func postAbs(p *poster) {
	x, y := p.term(0), p.term(1)
	if !allVars([]term{x, y}) {
		p.function(p.keep(engine.NewUnary(engine.OpAbs, p.ex(0))), 1)
		return
	}
	p.global(&engine.Abs{Z: p.ref(y), X: p.ref(x), Domain: p.fc.hasAnnotation("domain")}, nil)
}

func allVars(ts []term) bool {
	for _, t := range ts {
		if t.isConst() {
			return false
		}
	}
	return true
}

// parityLinear posts "an odd (or even) number of the bools hold" as the
// linear sum(bs) - 2k = 1 (or 0) over a new k: bounds propagation fixes
// the last open bool as parity does, without the generic propagator of
// sum(bs) mod 2, which enumerates the tuples (parity-learning: 88 xors,
// half the solving time). bool_xor(a, b, r), r <-> a != b, is a + b + r
// even.
func (p *poster) parityLinear(bs []term, odd bool) {
	k, err := p.m.NewVarRange(fmt.Sprintf("_parity%d", p.m.NumVars()), 0, int64(len(bs)/2))
	if err != nil {
		p.fail("%v", err)
		return
	}
	coefs := make([]int64, len(bs)+1)
	for i := range bs {
		coefs[i] = 1
	}
	coefs[len(bs)] = -2
	aux := term{v: &fvar{name: "parity", eng: k, made: true}}
	p.linear(coefs, append(slices.Clone(bs), aux), engine.OpEq, b2i(odd))
}

// parity is "an odd number of the bools hold".
func (p *poster) parity(ts []term) engine.Expr {
	sum := p.nary(engine.OpSum, p.refs(ts))
	return p.bin(engine.OpEq, p.bin(engine.OpMod, sum, engine.NewConst(2)), engine.NewConst(1))
}

// inIntervals is x in a set too large to list, as a disjunction of ranges.
func (p *poster) inIntervals(x engine.Expr, s []engine.Interval) engine.Expr {
	parts := make([]engine.Expr, len(s))
	for i, iv := range s {
		parts[i] = p.bin(engine.OpAnd, p.bin(engine.OpGe, x, engine.NewConst(iv.Lo)), p.bin(engine.OpLe, x, engine.NewConst(iv.Hi)))
	}
	return p.nary(engine.OpAny, parts)
}

// postTimes posts a*b = c: linear when a factor is constant.
func postTimes(p *poster) {
	a, b, c := p.term(0), p.term(1), p.term(2)
	switch {
	case a.isConst():
		p.linear([]int64{a.k, -1}, []term{b, c}, engine.OpEq, 0)
	case b.isConst():
		p.linear([]int64{b.k, -1}, []term{a, c}, engine.OpEq, 0)
	case isZeroOne(b) || isZeroOne(a):
		// x·b with b in 0..1 (MiniZinc's bool2int(b)·x): c = x if b, else
		// 0, as two implications; the generic product enumerates pairs
		x, z := a, b // z the factor in 0..1
		if isZeroOne(a) {
			x, z = b, a
		}
		p.implyLe(lit{z, false}, []int64{1}, []term{c}, 0)
		p.implyLe(lit{z, false}, []int64{-1}, []term{c}, 0)
		p.implyLe(lit{z, true}, []int64{1, -1}, []term{c, x}, 0)
		p.implyLe(lit{z, true}, []int64{-1, 1}, []term{c, x}, 0)
	default:
		p.function(p.bin(engine.OpMul, p.ex(0), p.ex(1)), 2)
	}
}

func isZeroOne(t term) bool {
	lo, hi := t.bounds()
	return lo == 0 && hi == 1
}

// postConstElement posts c = as[b] over constants as the table of the
// pairs (i, as[i]): the table propagator keeps both sides domain
// consistent at a fraction of the cost of the general element one
// (prize-collecting: 25 of each, the element ones most of the time).
// With a constant index or result, the general one does as well.
func postConstElement(p *poster) {
	b, c := p.term(0), p.term(2)
	if b.isConst() || c.isConst() || b.v == c.v {
		postElement(p)
		return
	}
	items := p.nums(1)
	cells := make([]int64, 0, 2*len(items))
	for i, v := range items {
		cells = append(cells, int64(i+1), v)
	}
	if len(cells) == 0 {
		p.c.unsat = true
		return
	}
	p.global(engine.NewTable([]engine.Expr{p.ref(b), p.ref(c)}, len(items), cells, nil, false))
}

// postElement posts c = as[b], as indexed from 1: the result bounds
// consistent, as Gecode's default, unless annotated ::domain. On
// prize-collecting 25-5-5-9 the domain consistent propagator made csp
// search about 6,500 nodes a CPU second, the bounds one 15,000, in a
// tree of 241,628 nodes to Gecode's 240,797.
func postElement(p *poster) {
	items := p.exs(1)
	if len(items) == 0 {
		p.c.unsat = true
		return
	}
	g, err := engine.NewElementConstraint([]engine.Expr{p.ex(0)}, []engine.Interval{{Lo: 1, Hi: int64(len(items))}}, items, p.ex(2))
	if err != nil {
		p.fail("%v", err)
		return
	}
	g.Bounds = !p.fc.hasAnnotation("domain")
	p.m.Post(g)
}

// maxPowTable bounds the exponents of int_pow with a variable exponent:
// one expression per value.
const maxPowTable = 64

// postPow posts x^y = z: z = 1 div x^-y for a negative y, undefined (no
// solution) when x is then 0.
func postPow(p *poster) {
	y := p.term(1)
	if y.isConst() {
		e, ok := p.powExpr(p.term(0), y.k)
		if !ok {
			p.c.unsat = true
			return
		}
		p.function(e, 2)
		return
	}
	lo, hi := y.bounds()
	if hi-lo >= maxPowTable || hi < lo {
		p.fail("the exponent %s ranges over %d..%d, more than %d values", y.v.name, lo, hi, maxPowTable)
		return
	}
	items := make([]engine.Expr, 0, hi-lo+1)
	var undefined []int64
	for k := lo; ; k++ {
		e, ok := p.powExpr(p.term(0), k)
		if !ok {
			undefined = append(undefined, k)
		}
		items = append(items, e)
		if k == hi {
			break
		}
	}
	if len(undefined) > 0 {
		p.require(engine.NewInSet(p.ex(1), undefined, true))
	}
	p.function(p.keep(engine.NewElement(p.ex(1), lo, items)), 2)
}

// powExpr is x^k, and false where it is undefined for every value of x
// (0 to a negative power).
func (p *poster) powExpr(x term, k int64) (engine.Expr, bool) {
	if x.isConst() {
		v, ok := constPow(x.k, k)
		if !ok {
			p.fail("%d to the power %d overflows 64 bits", x.k, k)
		}
		return engine.NewConst(v), x.k != 0 || k >= 0
	}
	switch {
	case k == 0:
		return engine.NewConst(1), true
	case k < -maxPowTable || k > maxPowTable:
		if lo, hi := x.bounds(); lo >= -1 && hi <= 1 { // 0, 1 and -1 have every power
			return p.powExpr(x, 2-k%2)
		}
		p.fail("the power %d overflows 64 bits", k)
		return engine.NewConst(0), true
	case k < 0:
		e, _ := p.powExpr(x, -k)
		return p.bin(engine.OpDiv, engine.NewConst(1), e), true
	}
	fs := make([]engine.Expr, k)
	for i := range fs {
		fs[i] = p.ref(x)
	}
	return p.nary(engine.OpProduct, fs), true
}

// constPow is x^k for constants, 1 div x^-k for a negative k (0 when x is
// 0: the caller knows that power is undefined).
func constPow(x, k int64) (int64, bool) {
	if k < 0 {
		if x == 0 {
			return 0, true
		}
		p, ok := constPow(x, -k)
		if !ok {
			return 0, x != 0
		}
		return 1 / p, true
	}
	switch {
	case k == 0 || x == 1:
		return 1, true
	case x == 0:
		return 0, true
	case x == -1:
		return 1 - 2*(k%2), true
	}
	r := int64(1)
	for range k { // |x| >= 2 overflows within 63 steps
		var ok bool
		if r, ok = engine.MulInt(r, x); !ok {
			return 0, false
		}
	}
	return r, true
}
