package lang

import "github.com/csp-lang/csp/engine"

// Chains of left-associative operators. Both parsers fold a chain such as
// x + y - z, a and b and c or a ++ b ++ c into a left-deep tree of Binary
// nodes: the last operator at the top, the first operand at the bottom of
// its left spine. A generated model may write a chain of a million terms
// on one line, which no nesting limit bounds; so no pass over the AST
// recurses down a left spine: each walks it with a loop (leftSpine), and
// recurses only into the right operands, which are as deep as the source
// nests them in brackets (at most maxNesting). The nodes, their spans and
// the order in which they are visited and evaluated stay those of the
// tree, so errors, evaluation order, overflow and undefined values are
// what they were when the passes recursed.
//
// The engine expression of a long chain over variables is flattened in the
// same way (flattenChain): a sum of 200,000 terms is one engine.Nary sum,
// an "or" of them one Nary or, so that the engine, which walks expressions
// recursively, never meets a chain as deep as the source line is long.

// chainOp reports whether op chains to the left without brackets.
func chainOp(op string) bool {
	switch op {
	case "+", "-", "*", "/", "%", "and", "or", "xor", "union", "diff", "++":
		return true
	}
	return false
}

// leftSpine returns the left spine of b through chain operators that keep
// reports true for: spine[0] is the lowest such node, b the last one, and
// leaf the left operand of spine[0]. A nil keep takes every chain operator.
func leftSpine(b *Binary, keep func(op string) bool) (leaf Expr, spine []*Binary) {
	n := 0
	var e Expr = b
	for {
		x, ok := e.(*Binary)
		if !ok || !chainOp(x.Op) || keep != nil && !keep(x.Op) {
			break
		}
		n++
		e = x.X
	}
	leaf = e
	spine = make([]*Binary, n)
	e = b
	for i := n - 1; i >= 0; i-- {
		x := e.(*Binary)
		spine[i] = x
		e = x.X
	}
	return leaf, spine
}

func isAnd(op string) bool { return op == "and" }

// binary resolves a binary expression: a chain in a loop down its spine.
func (r *resolver) binary(b *Binary) {
	if !isChain(b) {
		r.expr(b.X)
		r.expr(b.Y)
		return
	}
	leaf, spine := leftSpine(b, nil)
	r.expr(leaf)
	for _, s := range spine {
		r.expr(s.Y)
	}
}

// isChain reports whether b has a chain operator below it on its left
// spine, which the passes walk with a loop.
func isChain(b *Binary) bool {
	if !chainOp(b.Op) {
		return false
	}
	x, ok := b.X.(*Binary)
	return ok && chainOp(x.Op)
}

// chain evaluates a chain: its leftmost operand, then each operator from
// the bottom of the spine up, as binary does node by node.
func (l *lowerer) chain(top *Binary) value {
	leaf, spine := leftSpine(top, nil)
	for range spine[:len(spine)-1] { // eval ticked for top
		if !l.tick() {
			return nil
		}
	}
	acc := l.eval(leaf)
	var joined *arrV // the list the ++ before made, which this chain owns
	for i, b := range spine {
		if i > 0 && opFamily(b.Op) != opFamily(spine[i-1].Op) {
			acc = flattenValue(acc)
		}
		if b.Op == "++" && joined != nil && acc == value(joined) {
			acc = l.joinMore(b, joined)
			joined, _ = acc.(*arrV)
			continue
		}
		acc = l.binaryOf(b, acc)
		joined = nil
		if b.Op == "++" {
			joined, _ = acc.(*arrV)
		}
	}
	acc = flattenValue(acc)
	if v, ok := acc.(exprV); ok && engineDepth(v.e) > maxEngineChain {
		l.errorf(top, "more than %d operators in a row on variables that cannot be combined into one (such as %s): split the expression", maxEngineChain, "/ and %")
		return nil
	}
	return acc
}

// opFamily is the operator an operator is flattened with.
func opFamily(op string) string {
	if op == "-" {
		return "+"
	}
	return op
}

func flattenValue(v value) value {
	if x, ok := v.(exprV); ok {
		return exprV{flattenChain(x.e)}
	}
	return v
}

// flattenMin is the shortest engine chain that flattenChain flattens: a
// short one keeps the shape it has always had.
const flattenMin = 64

// maxEngineChain bounds an engine chain that cannot be flattened: the
// engine walks expressions recursively.
const maxEngineChain = 10000

// flattenChain makes a long left-deep chain of one kind of engine
// operator into one node over the operands in order: + and - a Nary sum
// (y - z adding -z), * a Nary product, and and or a Nary all and any, xor
// a balanced tree (xor is associative on truth values). Each is what the
// chain is, value, bounds and undefined values included: a sum or product
// accumulates in argument order, as the chain's partial results did.
func flattenChain(e engine.Expr) engine.Expr {
	top, ok := e.(*engine.Binary)
	if !ok {
		return e
	}
	family := func(op engine.BinOp) engine.BinOp {
		if op == engine.OpSub {
			return engine.OpAdd
		}
		return op
	}
	kind := family(top.Op)
	switch kind {
	case engine.OpAdd, engine.OpMul, engine.OpAnd, engine.OpOr, engine.OpXor:
	default:
		return e
	}
	n := 0
	var cur engine.Expr = top
	for {
		b, ok := cur.(*engine.Binary)
		if !ok || family(b.Op) != kind {
			break
		}
		n++
		cur = b.X
	}
	if n+1 < flattenMin {
		return e
	}
	args := make([]engine.Expr, n+1)
	cur = top
	for i := n; i > 0; i-- {
		b := cur.(*engine.Binary)
		args[i] = b.Y
		if b.Op == engine.OpSub {
			neg, err := engine.NewUnary(engine.OpNeg, b.Y)
			if err != nil {
				return e // cannot be: the chain's bounds held -y
			}
			args[i] = neg
		}
		cur = b.X
	}
	args[0] = cur
	var r engine.Expr
	var err error
	switch kind {
	case engine.OpAdd:
		r, err = engine.NewNary(engine.OpSum, args)
	case engine.OpMul:
		r, err = engine.NewNary(engine.OpProduct, args)
	case engine.OpAnd:
		r, err = engine.NewNary(engine.OpAll, args)
	case engine.OpOr:
		r, err = engine.NewNary(engine.OpAny, args)
	default:
		r, err = balancedTree(engine.OpXor, args)
	}
	if err != nil {
		return e
	}
	return r
}

// balancedTree builds a tree of op over args of depth log2(len(args)).
func balancedTree(op engine.BinOp, args []engine.Expr) (engine.Expr, error) {
	if len(args) == 1 {
		return args[0], nil
	}
	x, err := balancedTree(op, args[:len(args)/2])
	if err != nil {
		return nil, err
	}
	y, err := balancedTree(op, args[len(args)/2:])
	if err != nil {
		return nil, err
	}
	return engine.NewBinary(op, x, y)
}

// engineDepth is the length of the longest left or right spine of
// binary engine nodes at the top of e, which flattenChain could not
// flatten.
func engineDepth(e engine.Expr) int {
	n := 0
	for {
		b, ok := e.(*engine.Binary)
		if !ok {
			return n
		}
		n++
		e = b.X
	}
}

// joinMore is concatOf for a list made by the ++ before it in a chain,
// which nothing else holds: the elements of b.Y are appended to it in
// place, so that a chain of ++ takes time in proportion to its result.
func (l *lowerer) joinMore(b *Binary, xa *arrV) value {
	y := l.eval(b.Y)
	if y == nil {
		return nil
	}
	ya, ok := y.(*arrV)
	if !ok {
		l.errorf(b.Y, "++ joins two lists, but %s is %s", l.text(b.Y), describe(y))
		return nil
	}
	if !l.spend(int64(len(ya.elems)), b) {
		return nil
	}
	xa.elems = append(xa.elems, ya.elems...)
	xa.dims = []interval{{1, int64(len(xa.elems))}}
	return xa
}
