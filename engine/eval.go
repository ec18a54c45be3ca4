package engine

// A program is an expression tree compiled into a flat slice of nodes, so
// that the generic propagator can evaluate it many times per search node
// without allocating or type-switching on interfaces. Variables are
// numbered locally in order of first occurrence; vals holds the value each
// one is evaluated with.
//
// Evaluation follows the semantics documented on Expr:
//
//   - Each call returns (value, defined). Numeric nodes are undefined when
//     an operand is, or for x/0, x%0 and an element index out of range.
//   - Comparisons and membership are false when an operand is undefined,
//     and are always defined.
//   - Logical operators (not, the logical binary operators, and/or over
//     lists) take each operand as a truth value: true when defined and
//     non-zero, false otherwise. They are always defined.
//   - If-then-else takes its condition as a truth value and evaluates only
//     the chosen branch, and element only the chosen item, so
//     "if y != 0 then x / y else 0 end" is defined everywhere.
//
// No overflow checks are needed: every node's bounds fit in 64 bits (see
// Expr), and sums and products are accumulated in argument order, as their
// bounds were.
type program struct {
	nodes []cnode
	kids  []int32 // operand lists of n-ary nodes and elements
	set   []int64 // the constant sets of membership tests
	vars  []int32 // model variable of each local variable
	vals  []int64 // value of each local variable
}

type cop uint8

const (
	cConst cop = iota
	cVar
	cNeg
	cAbs
	cNot
	cAdd // cAdd+BinOp is the compiled form of a binary operator
)

const (
	cSum       = cAdd + cop(OpIff) + 1 // cSum+NaryOp is the compiled form of an n-ary operator
	cIn        = cSum + cop(OpAny) + 1
	cNotIn     = cIn + 1
	cIf        = cIn + 2
	cElem      = cIn + 3
	cAbsDiffNe = cIn + 4 // |a-b| != k (as a uint64), for diagonal's decomposition
)

// cnode is one compiled node. Children are node indices in a, b, c; list
// operands are kids[a:b]; a membership set is set[a:b] with the operand in
// c. k holds a constant, a local variable number, an element base or the
// distance of cAbsDiffNe.
type cnode struct {
	op      cop
	a, b, c int32
	k       int64
}

// holds evaluates node i as a constraint: true when defined and non-zero.
func (p *program) holds(i int32) bool {
	v, ok := p.eval(i)
	return ok && v != 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (p *program) eval(i int32) (int64, bool) {
	n := &p.nodes[i]
	switch {
	case n.op == cConst:
		return n.k, true
	case n.op == cVar:
		return p.vals[n.k], true
	case n.op < cAdd:
		return p.unary(n)
	case n.op < cSum:
		return p.binary(n)
	case n.op < cIn:
		return p.nary(n)
	}
	return p.special(n)
}

func (p *program) unary(n *cnode) (int64, bool) {
	x, ok := p.eval(n.a)
	switch n.op {
	case cNeg:
		return -x, ok
	case cAbs:
		if x < 0 {
			x = -x
		}
		return x, ok
	}
	return b2i(!ok || x == 0), true // cNot
}

func (p *program) binary(n *cnode) (int64, bool) {
	x, okx := p.eval(n.a)
	y, oky := p.eval(n.b)
	op := BinOp(n.op - cAdd)
	if op.IsLogical() {
		return logical(op, okx && x != 0, oky && y != 0), true
	}
	if !okx || !oky {
		return 0, op.IsRelation() // a comparison is false, arithmetic undefined
	}
	switch op {
	case OpAdd:
		return x + y, true
	case OpSub:
		return x - y, true
	case OpMul:
		return x * y, true
	case OpDiv:
		return DivInt(x, y)
	case OpMod:
		return ModInt(x, y)
	case OpEq:
		return b2i(x == y), true
	case OpNe:
		return b2i(x != y), true
	case OpLt:
		return b2i(x < y), true
	case OpLe:
		return b2i(x <= y), true
	case OpGt:
		return b2i(x > y), true
	}
	return b2i(x >= y), true // OpGe
}

// logical combines two truth values.
func logical(op BinOp, a, b bool) int64 {
	switch op {
	case OpAnd:
		return b2i(a && b)
	case OpOr:
		return b2i(a || b)
	case OpXor:
		return b2i(a != b)
	case OpImplies:
		return b2i(!a || b)
	}
	return b2i(a == b) // OpIff
}

func (p *program) nary(n *cnode) (int64, bool) {
	op := NaryOp(n.op - cSum)
	if op == OpAll || op == OpAny {
		// Truth values: the first operand that decides, decides.
		decide := op == OpAny
		for _, k := range p.kids[n.a:n.b] {
			if v, ok := p.eval(k); (ok && v != 0) == decide {
				return b2i(decide), true
			}
		}
		return b2i(!decide), true
	}
	var acc int64
	if op == OpProduct {
		acc = 1
	}
	for j, k := range p.kids[n.a:n.b] {
		v, ok := p.eval(k)
		if !ok {
			return 0, false
		}
		switch op {
		case OpSum:
			acc += v
		case OpProduct:
			acc *= v
		case OpMin:
			if j == 0 || v < acc {
				acc = v
			}
		case OpMax:
			if j == 0 || v > acc {
				acc = v
			}
		}
	}
	return acc, true
}

func (p *program) special(n *cnode) (int64, bool) {
	switch n.op {
	case cIn, cNotIn:
		v, ok := p.eval(n.c)
		if !ok {
			return 0, true
		}
		return b2i(inSorted(p.set[n.a:n.b], v) == (n.op == cIn)), true
	case cIf:
		if c, ok := p.eval(n.a); ok && c != 0 {
			return p.eval(n.b)
		}
		return p.eval(n.c)
	case cElem:
		items := p.kids[n.a+1 : n.b]
		idx, ok := p.eval(p.kids[n.a])
		if !ok {
			return 0, false
		}
		j, ok := SubInt(idx, n.k)
		if !ok || j < 0 || j >= int64(len(items)) {
			return 0, false
		}
		return p.eval(items[j])
	}
	// cAbsDiffNe
	x, okx := p.eval(n.a)
	y, oky := p.eval(n.b)
	return b2i(okx && oky && absDiff(x, y) != uint64(n.k)), true
}

// inSorted reports whether v is in the sorted slice s.
func inSorted(s []int64, v int64) bool {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(s) && s[lo] == v
}

// absDiff returns |x-y|, which always fits in a uint64.
func absDiff(x, y int64) uint64 {
	if x > y {
		return uint64(x) - uint64(y)
	}
	return uint64(y) - uint64(x)
}

// Eval evaluates e when each variable v has the value value(v), with the
// semantics documented on Expr. It returns false if e is undefined there,
// or is not an expression the constructors build. It is meant for showing
// solutions, not for inner loops: it compiles e at each call.
func Eval(e Expr, value func(Var) int64) (int64, bool) {
	switch e := e.(type) { // most shown values: no compilation, no allocation
	case *Const:
		return e.V, true
	case *VarExpr:
		if e.V < 0 {
			return 0, false
		}
		return value(e.V), true
	}
	n, ok := maxVar(e)
	if !ok {
		return 0, false
	}
	b := &builder{localOf: make([]int32, n+1)}
	for i := range b.localOf {
		b.localOf[i] = -1
	}
	p := b.compile(e)
	for l, x := range p.vars {
		p.vals[l] = value(Var(x))
	}
	return p.eval(0)
}

// maxVar returns the greatest variable in e (-1 if none), and false if e
// holds a nil or unknown node or a negative variable.
func maxVar(e Expr) (int32, bool) {
	var kids []Expr
	switch e := e.(type) {
	case *Const:
		return -1, true
	case *VarExpr:
		return int32(e.V), e.V >= 0
	case *Unary:
		kids = []Expr{e.X}
	case *Binary:
		kids = []Expr{e.X, e.Y}
	case *Nary:
		kids = e.Args
	case *InSet:
		kids = []Expr{e.X}
	case *IfThenElse:
		kids = []Expr{e.Cond, e.Then, e.Else}
	case *Element:
		kids = append([]Expr{e.Index}, e.Items...)
	case *absDiffNe:
		kids = []Expr{e.X, e.Y}
	default:
		return 0, false
	}
	m := int32(-1)
	for _, k := range kids {
		v, ok := maxVar(k)
		if !ok {
			return 0, false
		}
		m = max(m, v)
	}
	return m, true
}
