package fzn

import (
	"errors"
	"fmt"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// poster posts one constraint item. Engine constructors return errors
// (an overflow, lists of different lengths); the first one is kept in
// err and reported at the item, so that posting code reads straight.
type poster struct {
	c    *compiler
	fc   *fcons
	m    *engine.Model
	args []arg
	err  error
}

func (p *poster) fail(format string, a ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, a...)
	}
}

func (p *poster) keep(e engine.Expr, err error) engine.Expr {
	if errors.Is(err, engine.ErrUndefinedAlways) {
		// int_div(x, 0, y): a function constraint undefined for every
		// value is false (no relation of a reified constraint divides)
		p.c.unsat = true
		return engine.NewConst(0)
	}
	if err != nil {
		if p.err == nil {
			p.err = err
		}
		return engine.NewConst(0)
	}
	return e
}

// term, arr, set and num give the i-th argument, which check has checked.
func (p *poster) term(i int) term             { return p.args[i].t }
func (p *poster) arr(i int) []term            { return p.args[i].elems }
func (p *poster) set(i int) []engine.Interval { return p.args[i].set }
func (p *poster) num(i int) int64             { return p.args[i].t.k }
func (p *poster) nums(i int) []int64          { return consts(p.args[i].elems) }
func (p *poster) ex(i int) engine.Expr        { return p.ref(p.term(i)) }
func (p *poster) exs(i int) []engine.Expr     { return p.refs(p.arr(i)) }
func (p *poster) bin(op engine.BinOp, x, y engine.Expr) engine.Expr {
	return p.keep(engine.NewBinary(op, x, y))
}
func (p *poster) nary(op engine.NaryOp, xs []engine.Expr) engine.Expr {
	return p.keep(engine.NewNary(op, xs))
}
func (p *poster) not(x engine.Expr) engine.Expr { return p.keep(engine.NewUnary(engine.OpNot, x)) }

// ref is a term as an engine expression.
func (p *poster) ref(t term) engine.Expr {
	if t.v == nil {
		return engine.NewConst(t.k)
	}
	return p.m.Ref(t.v.eng)
}

func (p *poster) refs(ts []term) []engine.Expr {
	out := make([]engine.Expr, len(ts))
	for i, t := range ts {
		out[i] = p.ref(t)
	}
	return out
}

// require posts a truth-valued expression.
func (p *poster) require(e engine.Expr) {
	if p.err == nil {
		p.m.Require(e)
	}
}

// linear posts sum(coefs[i]*ts[i]) op rhs, the constants moved to the
// right-hand side.
func (p *poster) linear(coefs []int64, ts []term, op engine.BinOp, rhs int64) {
	if len(coefs) != len(ts) {
		p.fail("%d coefficients for %d variables", len(coefs), len(ts))
		return
	}
	var cs []int64
	var xs []engine.Expr
	for i, t := range ts {
		if !t.isConst() {
			cs, xs = append(cs, coefs[i]), append(xs, p.ref(t))
			continue
		}
		prod, ok1 := engine.MulInt(coefs[i], t.k)
		r, ok2 := engine.SubInt(rhs, prod)
		if !ok1 || !ok2 {
			p.fail("the constant terms overflow 64 bits")
			return
		}
		rhs = r
	}
	if p.err != nil {
		return
	}
	if len(xs) == 0 {
		if !compare(0, op, rhs) {
			p.c.unsat = true
		}
		return
	}
	if _, err := p.m.RequireLinear(cs, xs, op, rhs); err != nil {
		p.fail("%v", err)
	}
}

func compare(a int64, op engine.BinOp, b int64) bool {
	switch op {
	case engine.OpEq:
		return a == b
	case engine.OpNe:
		return a != b
	case engine.OpLt:
		return a < b
	case engine.OpLe:
		return a <= b
	case engine.OpGt:
		return a > b
	}
	return a >= b
}

// linExpr is sum(coefs[i]*ts[i]) op rhs as a truth-valued expression.
func (p *poster) linExpr(coefs []int64, ts []term, op engine.BinOp, rhs int64) engine.Expr {
	if len(coefs) != len(ts) {
		p.fail("%d coefficients for %d variables", len(coefs), len(ts))
		return engine.NewConst(0)
	}
	terms := make([]engine.Expr, 0, len(ts))
	for i, t := range ts {
		switch {
		case coefs[i] == 0:
		case coefs[i] == 1:
			terms = append(terms, p.ref(t))
		default:
			terms = append(terms, p.bin(engine.OpMul, engine.NewConst(coefs[i]), p.ref(t)))
		}
	}
	return p.bin(op, p.nary(engine.OpSum, terms), engine.NewConst(rhs))
}

// lit is a Boolean literal: a bool term, or its negation.
type lit struct {
	t   term
	pos bool
}

func lits(ts []term, pos bool) []lit {
	out := make([]lit, len(ts))
	for i, t := range ts {
		out[i] = lit{t, pos}
	}
	return out
}

// clause posts "one of the literals holds" as the linear constraint
// sum(pos) + sum(1 - neg) >= 1, whose bounds consistency is unit
// propagation.
func (p *poster) clause(ls []lit) {
	coefs := make([]int64, len(ls))
	ts := make([]term, len(ls))
	rhs := int64(1)
	for i, l := range ls {
		ts[i] = l.t
		coefs[i] = 1
		if !l.pos {
			coefs[i] = -1
			rhs--
		}
	}
	p.linear(coefs, ts, engine.OpGe, rhs)
}

// iffAll posts r <-> (every literal holds): r implies each literal, and
// the literals together imply r. imp posts only r -> (every literal).
func (p *poster) iffAll(r lit, ls []lit, imp bool) {
	for _, l := range ls {
		p.clause([]lit{{r.t, !r.pos}, l})
	}
	if imp {
		return
	}
	cl := make([]lit, 0, len(ls)+1)
	for _, l := range ls {
		cl = append(cl, lit{l.t, !l.pos})
	}
	p.clause(append(cl, r))
}

// iffAny posts r <-> (some literal holds), which is not r <-> (every
// negated literal holds); imp posts only r -> (some literal).
func (p *poster) iffAny(r lit, ls []lit, imp bool) {
	if imp {
		p.clause(append([]lit{{r.t, !r.pos}}, ls...))
		return
	}
	neg := make([]lit, len(ls))
	for i, l := range ls {
		neg[i] = lit{l.t, !l.pos}
	}
	p.iffAll(lit{r.t, !r.pos}, neg, false)
}

// reify posts r <-> e (imp: r -> e), folding a constant r.
func (p *poster) reify(r term, e engine.Expr, imp bool) {
	switch {
	case r.isConst() && r.k != 0:
		p.require(e)
	case r.isConst() && imp:
	case r.isConst():
		p.require(p.not(e))
	case imp:
		p.require(p.bin(engine.OpImplies, p.ref(r), e))
	default:
		p.require(p.bin(engine.OpIff, p.ref(r), e))
	}
}

// check verifies the arguments against a signature: its words, one per
// argument, are i (an int, constant or variable), b (a bool), I and B
// (constants), s (a constant set), and [i], [b], [I], [B] for arrays.
func (p *poster) check(sig string) bool {
	want := strings.Fields(sig)
	if len(want) != len(p.args) {
		p.c.errorf(p.fc.pos, "%s takes %d arguments, not %d", p.fc.name, len(want), len(p.args))
		return false
	}
	for i, w := range want {
		if msg := argMismatch(w, p.args[i]); msg != "" {
			p.c.errorf(p.args[i].pos, "argument %d of %s must be %s, not %s", i+1, p.fc.name, msg, describeArg(p.args[i]))
			return false
		}
	}
	return true
}

// argMismatch says what a signature word wants when a does not fit it.
func argMismatch(w string, a arg) string {
	array := strings.HasPrefix(w, "[")
	k := strings.Trim(w, "[]")
	if k == "s" {
		if a.kind == aSet {
			return ""
		}
		return "a set of ints"
	}
	isBool := k == "b" || k == "B"
	par := k == "I" || k == "B"
	what := map[string]string{"i": "an int", "b": "a bool", "I": "an int constant", "B": "a bool constant"}[k]
	if array {
		what = map[string]string{"i": "an array of ints", "b": "an array of bools", "I": "an array of int constants", "B": "an array of bool constants"}[k]
		if a.kind != aArray || len(a.elems) > 0 && a.isBool != isBool || par && !allConst(a.elems) {
			return what
		}
		return ""
	}
	if a.kind != aTerm || a.isBool != isBool || par && !a.t.isConst() {
		return what
	}
	return ""
}
