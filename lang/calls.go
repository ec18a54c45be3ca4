package lang

import (
	"github.com/csp-lang/csp/engine"
)

// call evaluates a builtin function in an expression. Global constraints
// met inside an expression (b -> alldiff(x)) are decomposed into their
// pairwise parts; at the top level of a statement post.go gives them
// dedicated propagators instead.
func (l *lowerer) call(c *Call) value {
	if lower, ok := globalLowerings[c.Fun.Name]; ok {
		return l.globalExpr(c, lower)
	}
	switch name := c.Fun.Name; name {
	case "abs":
		return l.abs(c)
	case "length":
		return l.length(c)
	case "sum", "product", "count", "min", "max":
		return l.aggregate(c)
	case "alldiff", "alldifferent", "all_different", "diagonal", "increasing", "decreasing":
		args, pos := l.listArg(c, name == "diagonal")
		if args == nil {
			return nil
		}
		return l.decompose(c, name, args, pos)
	}
	return nil // show-only functions and unknown names: the resolver has reported them
}

func (l *lowerer) abs(c *Call) value {
	v := l.eval(c.Args[0])
	switch v := v.(type) {
	case nil:
		return nil
	case intV:
		r, ok := engine.AbsInt(int64(v))
		if !ok {
			l.errorf(c, "integer overflow in %s", l.text(c))
			return nil
		}
		return intV(r)
	case exprV:
		r, err := engine.NewUnary(engine.OpAbs, v.e)
		return l.built(r, err, c)
	}
	l.errorf(c.Args[0], "abs needs a number, found %s", describe(v))
	return nil
}

// length is the number of elements of a list or matrix (or of a set);
// length(m, d) the number of indices of dimension d of a matrix or list:
// length(m, 1) its rows, length(m, 2) its columns.
func (l *lowerer) length(c *Call) value {
	v := l.eval(c.Args[0])
	if len(c.Args) == 2 {
		return l.lengthOf(c, v)
	}
	switch v := v.(type) {
	case nil:
		return nil
	case *arrV:
		return intV(len(v.elems))
	case setV:
		if n, ok := v.size(); ok {
			return intV(n)
		}
	}
	l.errorf(c.Args[0], "length needs a list or a set, found %s", describe(v))
	return nil
}

func (l *lowerer) lengthOf(c *Call, v value) value {
	a, ok := v.(*arrV)
	if !ok {
		if v != nil {
			l.errorf(c.Args[0], "length with a dimension needs a list or a matrix, found %s", describe(v))
		}
		return nil
	}
	d, ok := l.eval(c.Args[1]).(intV)
	if !ok || d < 1 || int(d) > len(a.dims) {
		l.errorf(c.Args[1], "the dimension of length(%s, d) is 1..%d, a constant (1: rows, 2: columns)", l.text(c.Args[0]), len(a.dims))
		return nil
	}
	return intV(a.dims[d-1].size())
}

// operand is one element of an aggregate; cond, if set, says when it
// counts (from a where that depends on a variable).
type operand struct {
	v    value
	cond engine.Expr
}

func (l *lowerer) operands(c *Call) ([]operand, bool) {
	var ops []operand
	if c.Gens != nil {
		ok := l.iterate(c.Gens, c, func(cond value) bool {
			v := l.eval(c.Args[0])
			if v == nil {
				return false
			}
			op := operand{v: v}
			if cond != nil {
				op.cond = cond.(exprV).e
			}
			ops = append(ops, op)
			return true
		})
		return ops, ok
	}
	if len(c.Args) == 1 {
		v := l.eval(c.Args[0])
		if v == nil {
			return nil, false
		}
		if a, ok := v.(*arrV); ok {
			for _, el := range a.elems {
				if _, blank := el.(blankV); blank {
					l.errorf(c.Args[0], "%s has blanks, which %s cannot use", l.text(c.Args[0]), c.Fun.Name)
					return nil, false
				}
				ops = append(ops, operand{v: el})
			}
			return ops, true
		}
		return []operand{{v: v}}, true
	}
	for _, a := range c.Args {
		v := l.eval(a)
		if v == nil {
			return nil, false
		}
		ops = append(ops, operand{v: v})
	}
	return ops, true
}

var aggregateOps = map[string]engine.NaryOp{
	"sum": engine.OpSum, "count": engine.OpSum, "product": engine.OpProduct,
	"min": engine.OpMin, "max": engine.OpMax,
}

func (l *lowerer) aggregate(c *Call) value {
	name := c.Fun.Name
	ops, ok := l.operands(c)
	if !ok {
		return nil
	}
	if len(ops) == 0 && (name == "min" || name == "max") {
		l.errorf(c, "%s of nothing is undefined", name)
		return nil
	}
	var es []engine.Expr
	for _, op := range ops {
		if !isNumber(op.v) {
			l.errorf(c, "%s needs numbers, found %s", name, describe(op.v))
			return nil
		}
		e := l.toExpr(op.v, c)
		if name == "count" {
			e = engine.Strict(engine.Truth(e), e) // 0 or 1, undefined where e is
		}
		if op.cond != nil {
			if name == "min" || name == "max" {
				l.errorf(c.Gens.Where, "the where of %s must not depend on a variable", name)
				return nil
			}
			neutral := int64(0)
			if name == "product" {
				neutral = 1
			}
			e = engine.NewIf(op.cond, e, engine.NewConst(neutral))
		}
		es = append(es, e)
	}
	if v, ok := l.foldAggregate(c, aggregateOps[name], es); ok {
		return v
	}
	r, err := engine.NewNary(aggregateOps[name], es)
	return l.built(r, err, c)
}

// foldAggregate computes an aggregate whose operands are all constants.
func (l *lowerer) foldAggregate(c *Call, op engine.NaryOp, es []engine.Expr) (value, bool) {
	vals := make([]int64, len(es))
	for i, e := range es {
		k, ok := e.(*engine.Const)
		if !ok {
			return nil, false
		}
		vals[i] = k.V
	}
	var acc int64
	switch op {
	case engine.OpSum:
		acc = 0
	case engine.OpProduct:
		acc = 1
	default:
		acc = vals[0]
	}
	for _, v := range vals {
		ok := true
		switch op {
		case engine.OpSum:
			acc, ok = engine.AddInt(acc, v)
		case engine.OpProduct:
			acc, ok = engine.MulInt(acc, v)
		case engine.OpMin:
			acc = min(acc, v)
		case engine.OpMax:
			acc = max(acc, v)
		}
		if !ok {
			l.errorf(c, "integer overflow: %s does not fit in 64 bits", l.text(c))
			return nil, true
		}
	}
	return intV(acc), true
}

// listArg evaluates the single list argument of a global constraint into
// expressions; with positions, it also returns each element's index (the
// list must then have one dimension).
func (l *lowerer) listArg(c *Call, positions bool) ([]engine.Expr, []int64) {
	name := c.Fun.Name
	v := l.eval(c.Args[0])
	if v == nil {
		return nil, nil
	}
	a, ok := v.(*arrV)
	if !ok {
		l.errorf(c.Args[0], "%s needs a list, found %s", name, describe(v))
		return nil, nil
	}
	if positions && len(a.dims) != 1 {
		l.errorf(c.Args[0], "%s needs a list of one dimension, found %s", name, describe(v))
		return nil, nil
	}
	var es []engine.Expr
	var pos []int64
	for i, el := range a.elems {
		if _, blank := el.(blankV); blank {
			continue
		}
		e := l.toExpr(el, c.Args[0])
		if e == nil {
			return nil, nil
		}
		es = append(es, e)
		pos = append(pos, a.dims[0].lo+int64(i))
	}
	if es == nil {
		es = []engine.Expr{}
	}
	return es, pos
}

// decompose expresses a global constraint as a conjunction of its parts.
func (l *lowerer) decompose(c *Call, name string, xs []engine.Expr, pos []int64) value {
	n := int64(len(xs))
	if !l.spend(n*(n-1)/2, c) {
		return nil
	}
	var parts []value
	if n == 1 {
		parts = append(parts, exprV{engine.Defined(xs[0])}) // no pair, but still defined
	}
	add := func(op engine.BinOp, x, y engine.Expr) bool {
		r, err := engine.NewBinary(op, x, y)
		if err != nil {
			l.built(nil, err, c)
			return false
		}
		parts = append(parts, exprV{r})
		return true
	}
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			var ok bool
			switch name {
			case "diagonal":
				d, err := engine.NewBinary(engine.OpSub, xs[i], xs[j])
				if err != nil {
					l.built(nil, err, c)
					return nil
				}
				ad, err := engine.NewUnary(engine.OpAbs, d)
				if err != nil {
					l.built(nil, err, c)
					return nil
				}
				gap, _ := engine.AbsInt(pos[j] - pos[i])
				ok = add(engine.OpNe, ad, engine.NewConst(gap))
			case "increasing":
				if j > i+1 {
					continue
				}
				ok = add(engine.OpLe, xs[i], xs[j])
			case "decreasing":
				if j > i+1 {
					continue
				}
				ok = add(engine.OpGe, xs[i], xs[j])
			default:
				ok = add(engine.OpNe, xs[i], xs[j])
			}
			if !ok {
				return nil
			}
		}
	}
	return l.naryBool(c, engine.OpAll, parts)
}
