package engine

import "slices"

// allDiffProp enforces that the arguments xs[i]+off[i] are pairwise
// different. Forward checking after x = v removes v+off_i-off_j from every
// other argument j: the binary decomposition, without its n² constraints.
// Two arguments over the same variable differ by their offsets, which the
// builder has checked to be different.
type allDiffProp struct {
	argVars
	off     []int64 // per argument
	zeroOff bool    // every offset is 0: the common case, kept fast
}

func (p *allDiffProp) forward(t *store, l int32) bool {
	return p.spread(t, l, p.assign(t, l))
}

// spread removes from the local variables targets (l is skipped) the values
// that conflict with the value of local variable l.
func (p *allDiffProp) spread(t *store, l int32, targets []int32) bool {
	v := t.minOf(p.xs[l])
	if p.zeroOff && !p.bits {
		for _, m := range targets {
			if m != l && !t.remove(p.argX[m], v) {
				return false
			}
		}
		return true
	}
	if p.zeroOff { // one argument per variable: local number = argument
		for _, m := range targets {
			y := p.argX[m]
			if o, ok := t.has(y, v); ok && m != l && !t.removeBit(y, o) { // remove, inlined
				return false
			}
		}
		return true
	}
	for _, i := range p.occurrences(l) {
		w := v + p.off[i] // an argument's value: no overflow
		for _, m := range targets {
			if m == l {
				continue
			}
			for _, j := range p.occurrences(m) {
				if u, ok := SubInt(w, p.off[j]); ok && !t.remove(p.xs[m], u) {
					return false
				}
			}
		}
	}
	return true
}

func (p *allDiffProp) check(t *store, l int32) bool {
	x := p.xs[l]
	v := t.minOf(x)
	for _, i := range p.occurrences(l) {
		w := v + p.off[i]
		for j, y := range p.argX {
			if y != x && t.fixed(y) && t.minOf(y)+p.off[j] == w {
				return false
			}
		}
	}
	return true
}

func (p *allDiffProp) filter(t *store) bool { return p.filterFixed(t, p.spread) }

// postAllDiff posts alldiff(args). Arguments of the form x, x+c, x-c and
// constants get the dedicated propagator, constants being removed from the
// other arguments at the root; any other argument makes the whole
// constraint a set of pairwise != constraints.
func (b *builder) postAllDiff(args []Expr) error {
	if err := b.checkAll(args...); err != nil {
		return err
	}
	var consts []int64
	p := &allDiffProp{zeroOff: true, off: make([]int64, 0, len(args))}
	argX := make([]int32, 0, len(args))
	for _, a := range args {
		x, c, kind := simpleArg(a)
		switch kind {
		case argConst:
			consts = append(consts, c)
		case argVar:
			argX = append(argX, x)
			p.off = append(p.off, c)
			p.zeroOff = p.zeroOff && c == 0
		default:
			if b.flatAllDiff(b.groupID - 1) {
				b.noteVars(args) // finishAC posts it over the flattened arguments
				return nil
			}
			return b.pairwise(args)
		}
	}
	slices.Sort(consts)
	for i, k := range consts {
		if i > 0 && consts[i-1] == k {
			b.s.unsat = true
		}
		for j, x := range argX {
			if u, ok := SubInt(k, p.off[j]); ok && !b.s.st.remove(x, u) {
				b.s.unsat = true
			}
		}
	}
	p.argVars = b.newArgVars(argX)
	p.zeroOff = p.zeroOff && len(p.xs) == len(argX)
	for l := range p.xs {
		occ := p.occurrences(int32(l))
		for i, a := range occ {
			for _, c := range occ[i+1:] {
				if p.off[a] == p.off[c] {
					b.s.unsat = true // x+c twice
				}
			}
		}
	}
	if len(p.xs) >= 2 {
		b.register(p)
	}
	return nil
}

// pairwise posts args[i] != args[j] for all i < j.
func (b *builder) pairwise(args []Expr) error {
	if len(args) == 1 {
		return b.postExpr(Defined(args[0])) // a lone argument must still be defined
	}
	for i := range args {
		for j := i + 1; j < len(args); j++ {
			e, err := NewBinary(OpNe, args[i], args[j])
			if err != nil {
				return err
			}
			if err := b.postExpr(e); err != nil {
				return err
			}
		}
	}
	return nil
}

type argKind uint8

const (
	argOther argKind = iota
	argConst
	argVar
)

// simpleArg recognises x, x+c, c+x, x-c and constants.
func simpleArg(e Expr) (int32, int64, argKind) {
	if c, ok := constValue(e); ok {
		return 0, c, argConst
	}
	switch e := e.(type) {
	case *VarExpr:
		return int32(e.V), 0, argVar
	case *Binary:
		x, ok := e.X.(*VarExpr)
		c, okc := constValue(e.Y)
		if e.Op == OpAdd && !ok {
			x, ok = e.Y.(*VarExpr)
			c, okc = constValue(e.X)
		}
		if e.Op == OpSub && okc {
			c, okc = NegInt(c)
		}
		if ok && okc && (e.Op == OpAdd || e.Op == OpSub) {
			return int32(x.V), c, argVar
		}
	}
	return 0, 0, argOther
}
