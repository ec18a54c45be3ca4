package lang

import (
	"github.com/csp-lang/csp/engine"
)

// index evaluates a[i, j]: an element for constant indices, a slice for
// ranges and "..", an element constraint for indices that depend on a
// variable.
func (l *lowerer) index(ix *Index) value {
	base := l.eval(ix.X)
	if base == nil {
		return nil
	}
	a, ok := base.(*arrV)
	if !ok {
		l.errorf(ix.X, "%s is %s and cannot be indexed", l.text(ix.X), describe(base))
		return nil
	}
	if len(ix.Indices) < len(a.dims) && len(ix.Indices) > 0 {
		// m[r] of a matrix is its row r, m[r, ..]: the indices given
		// select the leading dimensions (a nonogram's rowclue[r]).
		full := &Index{Span: ix.Span, X: ix.X, Indices: append([]Expr(nil), ix.Indices...)}
		for len(full.Indices) < len(a.dims) {
			full.Indices = append(full.Indices, &FullRange{Span: ix.Span})
		}
		ix = full
	}
	if len(ix.Indices) != len(a.dims) {
		l.errorf(ix, "%s has %s, but %d %s given", l.text(ix.X), plural(len(a.dims), "dimension"),
			len(ix.Indices), map[bool]string{true: "index is", false: "indices are"}[len(ix.Indices) == 1])
		return nil
	}
	sel := make([]value, len(a.dims)) // intV, setV (slice) or exprV
	var never Expr                    // an index that can never be in range
	hasVar, hasSlice := false, false
	for i, e := range ix.Indices {
		if _, all := e.(*FullRange); all {
			sel[i] = setV{a.dims[i]}
			hasSlice = true
			continue
		}
		v := l.eval(e)
		switch v := v.(type) {
		case nil:
			return nil
		case intV:
			if int64(v) < a.dims[i].lo || int64(v) > a.dims[i].hi {
				l.errorf(e, "index %d is out of range %d..%d of %s", v, a.dims[i].lo, a.dims[i].hi, l.text(ix.X))
				return nil
			}
		case setV:
			if !l.checkSlice(e, v, a.dims[i], ix) {
				return nil
			}
			hasSlice = true
		case exprV:
			hasVar = true
			if lo, hi := v.e.Bounds(); (hi < a.dims[i].lo || lo > a.dims[i].hi) && never == nil {
				never = e
			}
		default:
			l.errorf(e, "an index must be a number or a range, found %s", describe(v))
			return nil
		}
		sel[i] = v
	}
	switch {
	case hasVar && hasSlice:
		l.errorf(ix, "a slice cannot also be indexed by a variable")
		return nil
	case hasVar && never != nil:
		d := a.dims[len(sel)-1]
		for i, e := range ix.Indices {
			if e == never {
				d = a.dims[i]
			}
		}
		l.errorf(ix, "%s is undefined for every value of its variables: %s is never within %d..%d, the index set of %s",
			l.text(ix), l.text(never), d.lo, d.hi, l.text(ix.X))
		return nil
	case hasVar:
		return l.element(ix, a, sel)
	case hasSlice:
		return slice(a, sel)
	}
	idx := make([]int64, len(sel))
	for i, s := range sel {
		idx[i] = int64(s.(intV))
	}
	k, _ := a.flatIndex(idx)
	return a.elems[k]
}

func (l *lowerer) checkSlice(e Expr, s setV, dim interval, ix *Index) bool {
	if len(s) > 1 {
		l.errorf(e, "a slice must be a range lo..hi")
		return false
	}
	if len(s) == 1 && (s[0].lo < dim.lo || s[0].hi > dim.hi) {
		l.errorf(e, "slice %d..%d is out of range %d..%d of %s", s[0].lo, s[0].hi, dim.lo, dim.hi, l.text(ix.X))
		return false
	}
	return true
}

// slice keeps the dimensions selected by ranges, with their original
// indices, and drops those selected by a single index.
func slice(a *arrV, sel []value) value {
	out := &arrV{}
	var ranges []interval
	for _, s := range sel {
		if r, ok := s.(setV); ok {
			iv := interval{1, 0}
			if len(r) == 1 {
				iv = r[0]
			}
			out.dims = append(out.dims, iv)
			ranges = append(ranges, iv)
		} else {
			v := int64(s.(intV))
			ranges = append(ranges, interval{v, v})
		}
	}
	for _, iv := range ranges {
		if iv.size() == 0 {
			return out
		}
	}
	idx := make([]int64, len(ranges))
	for i, r := range ranges {
		idx[i] = r.lo
	}
	for {
		k, _ := a.flatIndex(idx)
		out.elems = append(out.elems, a.elems[k])
		i := len(idx) - 1
		for ; i >= 0 && idx[i] == ranges[i].hi; i-- {
			idx[i] = ranges[i].lo
		}
		if i < 0 {
			return out
		}
		idx[i]++
	}
}

// element lowers a[x] (and a[x, y]) where an index depends on a variable.
// Constant indices first cut the array down; the remaining variable
// indices are combined into one position, which is out of range (so the
// element is undefined) whenever any index is.
func (l *lowerer) element(ix *Index, a *arrV, sel []value) value {
	var sub *arrV = a
	var varIdx []engine.Expr
	var varNodes []Expr
	cut := make([]value, len(sel))
	for i, s := range sel {
		if e, ok := s.(exprV); ok {
			cut[i] = setV{a.dims[i]}
			varIdx = append(varIdx, e.e)
			varNodes = append(varNodes, ix.Indices[i])
		} else {
			cut[i] = s
		}
	}
	sub = slice(a, cut).(*arrV)
	items := make([]engine.Expr, len(sub.elems))
	for i, el := range sub.elems {
		if _, blank := el.(blankV); blank {
			l.errorf(ix, "%s has blanks and cannot be indexed by a variable", l.text(ix.X))
			return nil
		}
		items[i] = l.toExpr(el, ix)
		if items[i] == nil {
			return nil
		}
	}
	pos, err := l.position(ix, sub.dims, varIdx)
	if err != nil {
		return l.built(nil, err, ix)
	}
	if pos == nil {
		return nil
	}
	r, err := engine.NewElement(pos, 0, items)
	if err == nil {
		l.noteElement(r.(*engine.Element), ix, varIdx, varNodes, sub.dims, items) // element.go
	}
	return l.built(r, err, ix)
}

// position returns the row-major position (from 0) of the indices in
// dims, or -1 when one is out of its range.
func (l *lowerer) position(ix *Index, dims []interval, idx []engine.Expr) (engine.Expr, error) {
	if len(idx) == 1 {
		return engine.NewBinary(engine.OpSub, idx[0], engine.NewConst(dims[0].lo))
	}
	var pos engine.Expr = engine.NewConst(0)
	var inRange []engine.Expr
	for i, x := range idx {
		d := dims[i]
		off, err := engine.NewBinary(engine.OpSub, x, engine.NewConst(d.lo))
		if err != nil {
			return nil, err
		}
		if pos, err = engine.NewBinary(engine.OpMul, pos, engine.NewConst(d.size())); err != nil {
			return nil, err
		}
		if pos, err = engine.NewBinary(engine.OpAdd, pos, off); err != nil {
			return nil, err
		}
		inRange = append(inRange, engine.NewInSet(x, (setV{d}).values(), false))
	}
	all, err := engine.NewNary(engine.OpAll, inRange)
	if err != nil {
		return nil, err
	}
	return engine.NewIf(all, pos, engine.NewConst(-1)), nil
}

// arrayEq lowers x = p and x != p elementwise; blanks on either side
// constrain nothing.
func (l *lowerer) arrayEq(b *Binary, x *arrV, yv value) value {
	y, ok := yv.(*arrV)
	if !ok {
		l.errorf(b, "cannot compare %s %s with %s", x.kind(), l.text(b.X), describe(yv))
		return nil
	}
	if len(x.dims) != len(y.dims) || !sameSizes(x.dims, y.dims) {
		l.errorf(b, "shapes differ: %s is %s, %s is %s", l.text(b.X), x.shape(), l.text(b.Y), y.shape())
		return nil
	}
	var parts []value
	for i := range x.elems {
		_, bx := x.elems[i].(blankV)
		_, by := y.elems[i].(blankV)
		if bx || by {
			continue
		}
		if l.linkBatch(b, x.elems[i], y.elems[i]) {
			continue
		}
		op := engine.OpEq
		if b.Op == "!=" {
			op = engine.OpNe
		}
		v := l.arith(b, op, x.elems[i], y.elems[i])
		if v == nil {
			return nil
		}
		parts = append(parts, v)
	}
	if b.Op == "=" {
		return l.naryBool(b, engine.OpAll, parts) // each = is false where undefined
	}
	// Lists differ where some pair does, and the comparison is false where
	// an element on either side is undefined.
	differ := l.naryBool(b, engine.OpAny, parts)
	return l.strictTest(b, false, differ, append(append([]value(nil), x.elems...), y.elems...)...)
}

// linkBatch records "variable = batch element" while a batch model is
// lowered once: the instance will fix the variable instead of posting the
// equality. Any other use of a batch element is an error, which makes the
// batch fall back to lowering every line.
func (l *lowerer) linkBatch(b *Binary, x, y value) bool {
	elem, other := x, y
	if _, ok := elem.(paramElemV); !ok {
		elem, other = y, x
	}
	pe, ok := elem.(paramElemV)
	if !ok {
		return false
	}
	ref, ok := other.(exprV)
	var v *engine.VarExpr
	if ok {
		v, ok = ref.e.(*engine.VarExpr)
	}
	if !ok || b.Op != "=" || l.batch == nil {
		l.errorf(b, "batch element used in an expression")
		return true
	}
	l.batch.links = append(l.batch.links, link{elem: pe.i, v: v.V})
	return true
}
