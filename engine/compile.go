package engine

import "fmt"

// checkExpr verifies that e was built by the constructors over variables of
// this model: every node's stored bounds must be the ones its constructor
// computes from its operands. Evaluation relies on those bounds to rule out
// overflow, and a VarExpr made as a struct literal would have bounds 0..0.
func (b *builder) checkExpr(e Expr) error {
	var lo, hi int64
	var err error
	switch e := e.(type) {
	case *Const:
		return nil
	case *VarExpr:
		if e.V < 0 || int(e.V) >= b.s.m.NumVars() {
			return fmt.Errorf("expression refers to variable %d, which is not in the model", e.V)
		}
		lo, hi = b.s.m.InitialBounds(e.V)
	case *Unary:
		if err = b.checkExpr(e.X); err == nil {
			lo, hi, err = unaryBounds(e.Op, e.X)
		}
	case *Binary:
		if err = b.checkAll(e.X, e.Y); err == nil {
			lo, hi, err = binaryBounds(e.Op, e.X, e.Y)
		}
	case *Nary:
		if err = b.checkAll(e.Args...); err == nil {
			lo, hi, err = naryBounds(e.Op, e.Args)
		}
	case *InSet:
		return b.checkExpr(e.X)
	case *IfThenElse:
		err = b.checkAll(e.Cond, e.Then, e.Else)
		lo, hi = ifBounds(e.Then, e.Else)
	case *Element:
		if len(e.Items) == 0 || !indexCanHit(e.Index, e.Base, len(e.Items)) {
			return ErrUndefinedAlways
		}
		err = b.checkAll(append([]Expr{e.Index}, e.Items...)...)
		lo, hi = elementBounds(e.Items)
	case *absDiffNe:
		return b.checkAll(e.X, e.Y)
	default:
		return fmt.Errorf("unsupported expression %T", e)
	}
	if err != nil {
		return err
	}
	if elo, ehi := e.Bounds(); elo != lo || ehi != hi {
		return fmt.Errorf("expression %T was not built by its constructor (bounds %d..%d, want %d..%d)", e, elo, ehi, lo, hi)
	}
	return nil
}

func (b *builder) checkAll(es ...Expr) error {
	for _, e := range es {
		if err := b.checkExpr(e); err != nil {
			return err
		}
	}
	return nil
}

// compile turns a checked expression into a program whose root is node 0.
func (b *builder) compile(e Expr) *program {
	p := &program{nodes: make([]cnode, 1, 8)}
	root := b.node(p, e) // appends the operands: assign after the call
	p.nodes[0] = root
	for _, x := range p.vars {
		b.localOf[x] = -1
	}
	p.vals = make([]int64, len(p.vars))
	return p
}

// add appends the compiled form of e and returns its index.
func (b *builder) add(p *program, e Expr) int32 {
	p.nodes = append(p.nodes, cnode{})
	i := len(p.nodes) - 1
	n := b.node(p, e) // may append further nodes: store by index
	p.nodes[i] = n
	return int32(i)
}

// node compiles e, its operands appended after it.
func (b *builder) node(p *program, e Expr) cnode {
	switch e := e.(type) {
	case *Const:
		return cnode{op: cConst, k: e.V}
	case *VarExpr:
		return cnode{op: cVar, k: int64(b.local(p, e.V))}
	case *Unary:
		return cnode{op: cNeg + cop(e.Op), a: b.add(p, e.X)}
	case *Binary:
		return cnode{op: cAdd + cop(e.Op), a: b.add(p, e.X), b: b.add(p, e.Y)}
	case *Nary:
		lo, hi := b.list(p, e.Args)
		return cnode{op: cSum + cop(e.Op), a: lo, b: hi}
	case *InSet:
		op := cIn
		if e.Negated {
			op = cNotIn
		}
		lo := int32(len(p.set))
		p.set = append(p.set, e.Set...)
		return cnode{op: op, a: lo, b: int32(len(p.set)), c: b.add(p, e.X)}
	case *IfThenElse:
		return cnode{op: cIf, a: b.add(p, e.Cond), b: b.add(p, e.Then), c: b.add(p, e.Else)}
	case *Element:
		lo, hi := b.list(p, append([]Expr{e.Index}, e.Items...))
		return cnode{op: cElem, a: lo, b: hi, k: e.Base}
	case *absDiffNe:
		return cnode{op: cAbsDiffNe, a: b.add(p, e.X), b: b.add(p, e.Y), k: int64(e.D)}
	}
	panic(fmt.Sprintf("engine: compile %T", e)) // checkExpr rejects the rest
}

// list compiles operands and returns their range in p.kids.
func (b *builder) list(p *program, es []Expr) (int32, int32) {
	idx := make([]int32, len(es))
	for i, e := range es {
		idx[i] = b.add(p, e)
	}
	lo := int32(len(p.kids))
	p.kids = append(p.kids, idx...)
	return lo, int32(len(p.kids))
}

// local returns the local number of model variable v in p.
func (b *builder) local(p *program, v Var) int32 {
	if b.localOf[v] < 0 {
		b.localOf[v] = int32(len(p.vars))
		p.vars = append(p.vars, int32(v))
	}
	return b.localOf[v]
}
