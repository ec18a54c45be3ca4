package lang

import (
	"errors"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// eval computes the value of an expression in the current environment:
// a constant where it can, an engine expression where it depends on a
// decision variable, nil after reporting an error.
func (l *lowerer) eval(e Expr) value {
	if !l.tick() {
		return nil // a limit stopped compiling; reported
	}
	switch e := e.(type) {
	case *IntLit:
		return l.intLit(e)
	case *Ident:
		l.taint(e.Name)
		if v, ok := l.env[e.Name]; ok {
			if _, ok := v.(strsV); ok {
				l.errorf(e, "%s is a list of strings, which only show prints: show \"{%s[i]}\"", e.Name, e.Name)
				return nil
			}
			return v
		}
		if d := l.defs[e.Name]; d != nil {
			return l.callDef(e, d, nil, false)
		}
		if l.params[e.Name] {
			return nil // the param failed; already reported
		}
		if l.varNames[e.Name] {
			l.errorf(e, "%s is a variable, but only constants can be used here", e.Name)
			return nil
		}
		l.errorf(e, "%s is used before its declaration", e.Name)
		return nil
	case *Unary:
		return l.unary(e)
	case *Binary:
		return l.binary(e)
	case *Index:
		return l.index(e)
	case *Call:
		if d := l.defs[e.Fun.Name]; d != nil {
			return l.callDef(e, d, e.Args, false)
		}
		return l.call(e)
	case *If:
		return l.ifExpr(e)
	case *Matrix:
		return l.matrix(e)
	case *Comprehension:
		return l.comprehension(e)
	case *SetLit:
		return l.setLit(e)
	case *SetComp:
		return l.setComp(e)
	case *Quant:
		return l.quantExpr(e)
	case *Blank:
		l.errorf(e, "a blank (. or _) can only stand in a list or matrix")
	case *FullRange:
		l.errorf(e, ".. alone can only be an index: q[..] or cell[r, ..]")
	case *StrLit:
		l.errorf(e, "a string can only be shown")
	}
	return nil
}

func (l *lowerer) intLit(e *IntLit) value {
	text := e.Text
	if strings.HasSuffix(text, "_") || strings.Contains(text, "__") {
		l.errorf(e, "malformed number %s: _ may only separate digits", text)
		return nil
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(text, "_", ""), 10, 64)
	if err != nil {
		l.errorf(e, "the number %s does not fit in 64 bits", text)
		return nil
	}
	return intV(v)
}

// toExpr converts a number to an engine expression; anything else is an
// error at n.
func (l *lowerer) toExpr(v value, n Node) engine.Expr {
	switch v := v.(type) {
	case intV:
		return engine.NewConst(int64(v))
	case exprV:
		return v.e
	case nil:
		return nil
	}
	l.errorf(n, "expected a number, found %s", describe(v))
	return nil
}

// built wraps the result of an engine constructor, turning its error into
// one at n.
func (l *lowerer) built(e engine.Expr, err error, n Node) value {
	if err == nil {
		return exprV{e}
	}
	var oe *engine.OverflowError
	switch {
	case errors.As(err, &oe):
		l.errorf(n, "integer overflow: %s can exceed 64 bits for the domains of its variables", l.text(n))
	case errors.Is(err, engine.ErrUndefinedAlways):
		l.errorf(n, "%s is undefined for every value of its variables (a division by zero, or an index out of range)", l.text(n))
	default:
		l.errorf(n, "%s: %v", l.text(n), err)
	}
	return nil
}

func (l *lowerer) unary(e *Unary) value {
	x := l.eval(e.X)
	switch x := x.(type) {
	case nil:
		return nil
	case intV:
		if e.Op == "not" {
			return boolV(x == 0)
		}
		v, ok := engine.NegInt(int64(x))
		if !ok {
			l.errorf(e, "integer overflow in %s", l.text(e))
			return nil
		}
		return intV(v)
	case exprV:
		op := engine.OpNeg
		if e.Op == "not" {
			op = engine.OpNot
		}
		r, err := engine.NewUnary(op, x.e)
		return l.built(r, err, e)
	}
	l.errorf(e, "%s needs a number, found %s", e.Op, describe(x))
	return nil
}

func boolV(b bool) intV {
	if b {
		return 1
	}
	return 0
}

var arithOps = map[string]engine.BinOp{
	"+": engine.OpAdd, "-": engine.OpSub, "*": engine.OpMul, "/": engine.OpDiv, "%": engine.OpMod,
	"=": engine.OpEq, "!=": engine.OpNe, "<": engine.OpLt, "<=": engine.OpLe, ">": engine.OpGt, ">=": engine.OpGe,
	"and": engine.OpAnd, "or": engine.OpOr, "xor": engine.OpXor, "->": engine.OpImplies, "<->": engine.OpIff,
}

func (l *lowerer) binary(b *Binary) value {
	if isChain(b) {
		return l.chain(b) // chain.go
	}
	switch b.Op {
	case "and", "or", "xor", "->", "<->":
		return l.logic(b)
	case "in", "not in":
		return l.member(b)
	case "..":
		return l.rangeSet(b)
	case "union", "diff":
		return l.setOp(b)
	case "++":
		return l.concat(b)
	case "^":
		return l.power(b)
	}
	x, y := l.eval(b.X), l.eval(b.Y)
	if x == nil || y == nil {
		return nil
	}
	if xa, ok := x.(*arrV); ok && (b.Op == "=" || b.Op == "!=") {
		return l.arrayEq(b, xa, y)
	}
	if xs, ok := x.(setV); ok && (b.Op == "=" || b.Op == "!=") {
		ys, ok := y.(setV)
		if !ok {
			l.errorf(b, "cannot compare a set with %s", describe(y))
			return nil
		}
		return boolV(equalSets(xs, ys) == (b.Op == "="))
	}
	return l.arith(b, arithOps[b.Op], x, y)
}

// binaryOf evaluates b, a chain operator, whose left operand has the
// value x (chain.go), as binary does.
func (l *lowerer) binaryOf(b *Binary, x value) value {
	switch b.Op {
	case "and", "or", "xor":
		return l.logicOf(b, x)
	case "union", "diff":
		return l.setOpOf(b, x)
	case "++":
		return l.concatOf(b, x)
	}
	y := l.eval(b.Y)
	if x == nil || y == nil {
		return nil
	}
	return l.arith(b, arithOps[b.Op], x, y)
}

// arith applies a binary operator to two numbers, folding constants.
func (l *lowerer) arith(b *Binary, op engine.BinOp, x, y value) value {
	xi, xc := x.(intV)
	yi, yc := y.(intV)
	if xc && yc {
		return l.fold(b, op, int64(xi), int64(yi))
	}
	if xc && !isNumber(y) || yc && !isNumber(x) || !isNumber(x) && !isNumber(y) || !isNumber(x) || !isNumber(y) {
		bad := x
		if isNumber(x) {
			bad = y
		}
		l.errorf(b, "%s needs numbers on both sides, found %s", op, describe(bad))
		return nil
	}
	ex, ey := l.toExpr(x, b.X), l.toExpr(y, b.Y)
	if ex == nil || ey == nil {
		return nil
	}
	if (op == engine.OpDiv || op == engine.OpMod) && yc && yi == 0 {
		l.errorf(b.Y, "division by zero")
		return nil
	}
	if lo, hi := ey.Bounds(); (op == engine.OpDiv || op == engine.OpMod) && lo == 0 && hi == 0 {
		l.errorf(b, "%s is undefined for every value of its variables: %s is always 0", l.text(b), l.text(b.Y))
		return nil
	}
	r, err := engine.NewBinary(op, ex, ey)
	return l.built(r, err, b)
}

func isNumber(v value) bool {
	switch v.(type) {
	case intV, exprV:
		return true
	}
	return false
}

func (l *lowerer) fold(b *Binary, op engine.BinOp, x, y int64) value {
	var r int64
	ok := true
	switch op {
	case engine.OpAdd:
		r, ok = engine.AddInt(x, y)
	case engine.OpSub:
		r, ok = engine.SubInt(x, y)
	case engine.OpMul:
		r, ok = engine.MulInt(x, y)
	case engine.OpDiv, engine.OpMod:
		if y == 0 {
			l.errorf(b.Y, "division by zero")
			return nil
		}
		if op == engine.OpDiv {
			r, ok = engine.DivInt(x, y)
		} else {
			r, ok = engine.ModInt(x, y)
		}
	case engine.OpEq:
		r = int64(boolV(x == y))
	case engine.OpNe:
		r = int64(boolV(x != y))
	case engine.OpLt:
		r = int64(boolV(x < y))
	case engine.OpLe:
		r = int64(boolV(x <= y))
	case engine.OpGt:
		r = int64(boolV(x > y))
	case engine.OpGe:
		r = int64(boolV(x >= y))
	}
	if !ok {
		l.errorf(b, "integer overflow: %s does not fit in 64 bits", l.text(b))
		return nil
	}
	return intV(r)
}

func (l *lowerer) power(b *Binary) value {
	x, y := l.eval(b.X), l.eval(b.Y)
	if x == nil || y == nil {
		return nil
	}
	yi, ok := y.(intV)
	if !ok {
		l.errorf(b.Y, "the exponent must be a constant number")
		return nil
	}
	if yi < 0 {
		l.errorf(b.Y, "the exponent must not be negative")
		return nil
	}
	if xi, ok := x.(intV); ok {
		r, ok := engine.PowInt(int64(xi), int64(yi))
		if !ok {
			l.errorf(b, "integer overflow: %s does not fit in 64 bits", l.text(b))
			return nil
		}
		return intV(r)
	}
	ex := l.toExpr(x, b.X)
	if ex == nil {
		return nil
	}
	if yi > 64 {
		l.errorf(b.Y, "an exponent of a variable may be at most 64")
		return nil
	}
	if yi == 0 {
		return exprV{engine.Strict(engine.NewConst(1), ex)} // undefined where x is
	}
	acc := engine.NewConst(1)
	for i := intV(0); i < yi; i++ {
		r, err := engine.NewBinary(engine.OpMul, acc, ex)
		if err != nil {
			return l.built(nil, err, b)
		}
		acc = r
	}
	return exprV{acc}
}

// logic combines truth values. A constant left side decides alone where it
// can, so "i > 1 -> q[i-1] < q[i]" never evaluates q[0].
func (l *lowerer) logic(b *Binary) value {
	return l.logicOf(b, l.eval(b.X))
}

// logicOf is logic with the value x of b.X.
func (l *lowerer) logicOf(b *Binary, x value) value {
	if x == nil {
		return nil
	}
	if xi, ok := x.(intV); ok {
		t := xi != 0
		switch {
		case b.Op == "and" && !t, b.Op == "->" && !t:
			return boolV(b.Op == "->")
		case b.Op == "or" && t:
			return intV(1)
		}
	} else if !isNumber(x) {
		l.errorf(b.X, "%s needs true or false on both sides, found %s", b.Op, describe(x))
		return nil
	}
	y := l.eval(b.Y)
	if y == nil {
		return nil
	}
	if !isNumber(y) {
		l.errorf(b.Y, "%s needs true or false on both sides, found %s", b.Op, describe(y))
		return nil
	}
	xi, xc := x.(intV)
	yi, yc := y.(intV)
	if xc && yc {
		xt, yt := xi != 0, yi != 0
		switch b.Op {
		case "and":
			return boolV(xt && yt)
		case "or":
			return boolV(xt || yt)
		case "xor":
			return boolV(xt != yt)
		case "->":
			return boolV(!xt || yt)
		}
		return boolV(xt == yt)
	}
	r, err := engine.NewBinary(arithOps[b.Op], l.toExpr(x, b.X), l.toExpr(y, b.Y))
	return l.built(r, err, b)
}

func (l *lowerer) rangeSet(b *Binary) value {
	x, y := l.eval(b.X), l.eval(b.Y)
	if x == nil || y == nil {
		return nil
	}
	for _, bound := range []struct {
		v value
		e Expr
	}{{x, b.X}, {y, b.Y}} {
		switch bound.v.(type) {
		case intV:
		case exprV:
			l.errorf(bound.e, "the bounds of a range must be constant, but %s depends on a variable", l.text(bound.e))
			return nil
		default:
			l.errorf(bound.e, "the bounds of a range must be numbers, but %s is %s", l.text(bound.e), describe(bound.v))
			return nil
		}
	}
	xi, yi := x.(intV), y.(intV)
	if yi < xi {
		return setV{}
	}
	return setV{{int64(xi), int64(yi)}}
}

func (l *lowerer) setOp(b *Binary) value {
	return l.setOpOf(b, l.eval(b.X))
}

// setOpOf is setOp with the value x of b.X.
func (l *lowerer) setOpOf(b *Binary, x value) value {
	y := l.eval(b.Y)
	if x == nil || y == nil {
		return nil
	}
	xs, xok := asSet(x)
	ys, yok := asSet(y)
	if !xok || !yok {
		l.errorf(b, "%s needs constant sets on both sides", b.Op)
		return nil
	}
	if b.Op == "union" {
		return union(xs, ys)
	}
	return diff(xs, ys)
}

func asSet(v value) (setV, bool) {
	switch v := v.(type) {
	case setV:
		return v, true
	case intV:
		return setV{{int64(v), int64(v)}}, true
	}
	return nil, false
}

func equalSets(a, b setV) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// maxInSetValues is the largest set a membership test lists value by
// value; larger sets are tested interval by interval.
const maxInSetValues = 4096

// member lowers x in S and x not in S. S may be a constant set, a list
// (x equals one of its elements), or a range with variable bounds. Both
// are one truth test: false where x, an element of the list or a bound
// of the range is undefined.
func (l *lowerer) member(b *Binary) value {
	negate := b.Op == "not in"
	if r, ok := b.Y.(*Binary); ok && r.Op == ".." {
		lo, hi := l.eval(r.X), l.eval(r.Y)
		if lo == nil || hi == nil {
			return nil
		}
		if !isConstInt(lo) || !isConstInt(hi) {
			x := l.eval(b.X)
			if x == nil {
				return nil
			}
			return l.strictTest(b, negate, l.between(b, x, lo, hi), x, lo, hi)
		}
	}
	x, s := l.eval(b.X), l.eval(b.Y)
	if x == nil || s == nil {
		return nil
	}
	if tuple, ok := x.(*arrV); ok {
		return l.tupleIn(b, tuple, s, negate) // a table constraint (global_table.go)
	}
	if !isNumber(x) {
		l.errorf(b.X, "%s needs a number on its left, found %s", b.Op, describe(x))
		return nil
	}
	switch s := s.(type) {
	case *arrV:
		return l.strictTest(b, negate, l.inList(b, x, s), append([]value{x}, s.elems...)...)
	case intV:
		return l.inSet(b, x, setV{{int64(s), int64(s)}}, negate)
	case setV:
		return l.inSet(b, x, s, negate)
	}
	l.errorf(b.Y, "%s needs a set or a list on its right, found %s", b.Op, describe(s))
	return nil
}

func isConstInt(v value) bool { _, ok := v.(intV); return ok }

// inSet lowers x in S for a constant set S: value by value while S is
// small, interval by interval beyond.
func (l *lowerer) inSet(b *Binary, x value, s setV, negate bool) value {
	if xi, ok := x.(intV); ok {
		return boolV(s.contains(int64(xi)) != negate)
	}
	ex := x.(exprV).e
	if n, ok := s.size(); ok && n <= maxInSetValues {
		return exprV{engine.NewInSet(ex, s.values(), negate)} // false where x is undefined
	}
	var parts []engine.Expr
	for _, iv := range s {
		ge, _ := engine.NewBinary(engine.OpGe, ex, engine.NewConst(iv.lo))
		le, _ := engine.NewBinary(engine.OpLe, ex, engine.NewConst(iv.hi))
		both, _ := engine.NewBinary(engine.OpAnd, ge, le)
		parts = append(parts, both)
	}
	r, err := engine.NewNary(engine.OpAny, parts)
	return l.strictTest(b, negate, l.built(r, err, b), x)
}

// strictTest makes a truth test of t (a membership, a list comparison),
// negated if asked: false wherever one of the numbers it is made of is
// undefined, negated or not.
func (l *lowerer) strictTest(n Node, negate bool, t value, nums ...value) value {
	if t == nil {
		return nil
	}
	if negate {
		t = l.not(t, n)
	}
	parts := []value{t}
	for _, v := range nums {
		if e, ok := v.(exprV); ok && engine.MayBeUndefined(e.e) {
			parts = append(parts, exprV{engine.Defined(e.e)})
		}
	}
	return l.naryBool(n, engine.OpAll, parts)
}

func (l *lowerer) between(b *Binary, x, lo, hi value) value {
	ge := l.arith(b, engine.OpGe, x, lo)
	le := l.arith(b, engine.OpLe, x, hi)
	if ge == nil || le == nil {
		return nil
	}
	return l.and2(b, ge, le)
}

func (l *lowerer) inList(b *Binary, x value, list *arrV) value {
	var parts []value
	for _, el := range list.elems {
		if _, blank := el.(blankV); blank {
			continue
		}
		if eq := l.arith(b, engine.OpEq, x, el); eq != nil {
			parts = append(parts, eq)
		}
	}
	return l.naryBool(b, engine.OpAny, parts)
}

// not negates a truth value.
func (l *lowerer) not(v value, n Node) value {
	if vi, ok := v.(intV); ok {
		return boolV(vi == 0)
	}
	r, err := engine.NewUnary(engine.OpNot, v.(exprV).e)
	return l.built(r, err, n)
}

func (l *lowerer) and2(n Node, x, y value) value {
	return l.naryBool(n, engine.OpAll, []value{x, y})
}

// naryBool folds a conjunction (OpAll) or disjunction (OpAny) of truth
// values, dropping constants that do not decide it.
func (l *lowerer) naryBool(n Node, op engine.NaryOp, parts []value) value {
	var es []engine.Expr
	for _, p := range parts {
		switch p := p.(type) {
		case intV:
			if (p != 0) == (op == engine.OpAny) {
				return boolV(op == engine.OpAny)
			}
		case exprV:
			es = append(es, p.e)
		}
	}
	switch len(es) {
	case 0:
		return boolV(op == engine.OpAll)
	case 1:
		return exprV{engine.Truth(es[0])} // the value of the and/or, not of its operand
	}
	r, err := engine.NewNary(op, es)
	return l.built(r, err, n)
}

func (l *lowerer) ifExpr(e *If) value {
	c := l.eval(e.Cond)
	if c == nil {
		return nil
	}
	if ci, ok := c.(intV); ok {
		if ci != 0 {
			return l.eval(e.Then)
		}
		return l.eval(e.Else)
	}
	if !isNumber(c) {
		l.errorf(e.Cond, "the condition of if must be true or false, found %s", describe(c))
		return nil
	}
	a, b := l.eval(e.Then), l.eval(e.Else)
	ea, eb := l.toExpr(a, e.Then), l.toExpr(b, e.Else)
	if ea == nil || eb == nil {
		return nil
	}
	return exprV{engine.NewIf(c.(exprV).e, ea, eb)}
}

func (l *lowerer) setLit(e *SetLit) value {
	var ivs []interval
	for _, x := range e.Elems {
		v := l.eval(x)
		switch v := v.(type) {
		case nil:
			return nil
		case intV:
			ivs = append(ivs, interval{int64(v), int64(v)})
		case setV:
			ivs = append(ivs, v...)
		default:
			l.errorf(x, "the elements of a set must be constant numbers, found %s", describe(v))
			return nil
		}
	}
	return normalize(ivs)
}

// matrix evaluates a bracketed literal: one row is a list indexed from 1,
// several rows a matrix indexed from 1 in both dimensions.
func (l *lowerer) matrix(e *Matrix) value {
	a := &arrV{}
	width := -1
	for r, row := range e.Rows {
		if width >= 0 && len(row) != width {
			l.errorf(row[0], "row %d has %d elements but row 1 has %d", r+1, len(row), width)
			return nil
		}
		width = len(row)
		for _, x := range row {
			if c, ok := x.(*Comprehension); ok && c.Elem == nil {
				l.errorf(c, "a comprehension has one expression before for: [e for i in ...]")
				return nil
			}
			if _, blank := x.(*Blank); blank {
				a.elems = append(a.elems, blankV{})
				continue
			}
			v := l.eval(x)
			if v == nil {
				return nil
			}
			if !isNumber(v) {
				l.errorf(x, "an element of a list must be a number or a blank, found %s", describe(v))
				return nil
			}
			a.elems = append(a.elems, v)
		}
	}
	if !l.spend(int64(len(a.elems)), e) {
		return nil
	}
	switch len(e.Rows) {
	case 0:
		a.dims = []interval{{1, 0}}
	case 1:
		a.dims = []interval{{1, int64(width)}}
	default:
		a.dims = []interval{{1, int64(len(e.Rows))}, {1, int64(width)}}
	}
	return a
}

func (l *lowerer) comprehension(e *Comprehension) value {
	a := &arrV{}
	ok := l.iterate(e.Gens, e, func(cond value) bool {
		if cond != nil {
			l.errorf(e.Gens.Where, "the where of a list comprehension must not depend on a variable")
			return false
		}
		v := l.eval(e.Elem)
		if v == nil {
			return false
		}
		if !isNumber(v) {
			l.errorf(e.Elem, "an element of a list must be a number, found %s", describe(v))
			return false
		}
		a.elems = append(a.elems, v)
		return true
	})
	if !ok {
		return nil
	}
	a.dims = []interval{{1, int64(len(a.elems))}}
	return a
}

// quantExpr is a forall or exists inside an expression: a conjunction or
// disjunction of its bodies. A where that depends on a variable guards
// each body.
func (l *lowerer) quantExpr(q *Quant) value {
	if q.Body == nil && q.Kind == "exists" {
		l.errorf(q, "exists has no block form: write exists ...: e")
		return nil
	}
	if q.Body == nil {
		l.errorf(q, "a forall block { } is a statement of its own; inside an expression write forall ...: e")
		return nil
	}
	op := engine.OpAll
	if q.Kind == "exists" {
		op = engine.OpAny
	}
	var parts []value
	ok := l.iterate(q.Gens, q, func(cond value) bool {
		v := l.eval(q.Body)
		if v == nil {
			return false
		}
		if !isNumber(v) {
			l.errorf(q.Body, "the body of %s must be true or false, found %s", q.Kind, describe(v))
			return false
		}
		if cond != nil {
			v = l.guard(q, op, cond, v)
		}
		parts = append(parts, v)
		return true
	})
	if !ok {
		return nil
	}
	return l.naryBool(q, op, parts)
}

// guard makes a body conditional: cond -> v in a conjunction, cond and v
// in a disjunction.
func (l *lowerer) guard(n Node, op engine.NaryOp, cond, v value) value {
	bop := engine.OpImplies
	if op == engine.OpAny {
		bop = engine.OpAnd
	}
	r, err := engine.NewBinary(bop, l.toExpr(cond, n), l.toExpr(v, n))
	return l.built(r, err, n)
}
