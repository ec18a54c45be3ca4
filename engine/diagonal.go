package engine

import (
	"math"
	"sort"
)

// diagonalProp enforces |xs_i - xs_j| != |pos_i - pos_j| for all pairs of
// arguments: no two queens on a diagonal. Forward checking after x = v
// removes v ± |pos_i - pos_j| from every other argument j. Distances are
// unsigned so that no pair of int64 positions or values can overflow.
type diagonalProp struct {
	argVars
	pos   []int64 // per argument
	small bool    // positions and values so small that v ± d cannot overflow
}

func (p *diagonalProp) forward(t *store, l int32) bool {
	return p.spread(t, l, p.assign(t, l))
}

// spread removes from the local variables targets (l is skipped) the values
// on a diagonal with the value of local variable l.
func (p *diagonalProp) spread(t *store, l int32, targets []int32) bool {
	v := t.minOf(p.xs[l])
	if p.small && p.bits && len(p.xs) == len(p.argX) { // local number = argument
		pl := p.pos[l]
		for _, m := range targets {
			y, d := p.xs[m], p.pos[m]-pl
			if o, ok := t.has(y, v+d); ok && m != l && !t.removeBit(y, o) {
				return false
			}
			if o, ok := t.has(y, v-d); ok && m != l && !t.removeBit(y, o) {
				return false
			}
		}
		return true
	}
	for _, i := range p.occurrences(l) {
		pi := p.pos[i]
		for _, m := range targets {
			if m == l {
				continue
			}
			y := p.xs[m]
			for _, j := range p.occurrences(m) {
				d := absDiff(pi, p.pos[j])
				if u, ok := addU(v, d); ok && !t.remove(y, u) {
					return false
				}
				if u, ok := subU(v, d); ok && !t.remove(y, u) {
					return false
				}
			}
		}
	}
	return true
}

func (p *diagonalProp) check(t *store, l int32) bool {
	x := p.xs[l]
	v := t.minOf(x)
	for _, i := range p.occurrences(l) {
		for j, y := range p.argX {
			if y != x && t.fixed(y) && absDiff(v, t.minOf(y)) == absDiff(p.pos[i], p.pos[j]) {
				return false
			}
		}
	}
	return true
}

func (p *diagonalProp) filter(t *store) bool { return p.filterFixed(t, p.spread) }

// addU returns v+d if it is an int64.
func addU(v int64, d uint64) (int64, bool) {
	if d > uint64(math.MaxInt64)-uint64(v) {
		return 0, false
	}
	return int64(uint64(v) + d), true
}

// subU returns v-d if it is an int64.
func subU(v int64, d uint64) (int64, bool) {
	if d > uint64(v)+1<<63 { // v - MinInt64, without overflow in uint64
		return 0, false
	}
	return int64(uint64(v) - d), true
}

// absDiffNe is |X-Y| != D, evaluated without overflow. It is internal: a
// diagonal over arguments that are not all variables decomposes into it.
type absDiffNe struct {
	X, Y Expr
	D    uint64
}

func (*absDiffNe) isExpr() {}

// Bounds implements Expr.
func (*absDiffNe) Bounds() (int64, int64) { return 0, 1 }

// postDiagonal posts diagonal(args, pos): the dedicated propagator when
// every argument is a variable, pairwise constraints otherwise.
func (b *builder) postDiagonal(args []Expr, pos []int64) error {
	if len(args) != len(pos) {
		return errDiagonalLength
	}
	if err := b.checkAll(args...); err != nil {
		return err
	}
	argX := make([]int32, len(args))
	for i, a := range args {
		v, ok := a.(*VarExpr)
		if !ok {
			return b.diagonalPairs(args, pos)
		}
		argX[i] = int32(v.V)
	}
	p := &diagonalProp{argVars: b.newArgVars(argX), pos: append([]int64(nil), pos...), small: true}
	small := func(v int64) bool { return -1<<60 < v && v < 1<<60 } // then |v|+|p_i|+|p_j| < 2^62
	for i, x := range argX {
		lo, hi := b.s.m.InitialBounds(Var(x))
		p.small = p.small && small(lo) && small(hi) && small(pos[i])
	}
	for l := range p.xs {
		occ := p.occurrences(int32(l))
		for i, a := range occ {
			for _, c := range occ[i+1:] {
				if pos[a] == pos[c] {
					b.s.unsat = true // |x-x| = 0 = |p-p|
				}
			}
		}
	}
	if len(p.xs) >= 2 {
		b.register(p)
	}
	return nil
}

func (b *builder) diagonalPairs(args []Expr, pos []int64) error {
	if len(args) == 1 {
		return b.postExpr(Defined(args[0])) // a lone argument must still be defined
	}
	for i := range args {
		for j := i + 1; j < len(args); j++ {
			e := &absDiffNe{X: args[i], Y: args[j], D: absDiff(pos[i], pos[j])}
			if err := b.postExpr(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// diagPairs completes, under PropAC, the value propagator of diagonal to
// arc consistency on its pairs: a_j = w has no support in a_i (another
// variable, d = |p_i - p_j|) iff the domain of a_i lies within
// {w - d, w + d}. With one value that is forward checking; with two, u and
// u' = u + 2d, it removes the midpoint u + d from the arguments at
// positions p_i ± d. It runs when an argument changes, on the arguments
// whose domain has two values.
type diagPairs struct {
	p     *diagonalProp
	order []int32 // argument indices by increasing position
	// firstAt[q-lo] is the index in order of the first argument at a
	// position >= q, for q in [lo, lo+len(firstAt)): a lookup where a
	// binary search would cost more than the rest of the run. nil when the
	// positions are too spread out.
	firstAt []int32
	lo      int64
	events
}

// firstAtPos returns the index in order of the first argument at a
// position >= q.
func (d *diagPairs) firstAtPos(q int64) int {
	p := d.p
	if d.firstAt == nil {
		return sort.Search(len(d.order), func(k int) bool { return p.pos[d.order[k]] >= q })
	}
	switch {
	case q < d.lo:
		return 0
	case q-d.lo >= int64(len(d.firstAt)):
		return len(d.order)
	}
	return int(d.firstAt[q-d.lo])
}

// newDiagPairs returns the pair propagator of p, or nil if p's values
// or positions are too large to add up safely.
func newDiagPairs(p *diagonalProp) *diagPairs {
	if !p.small || len(p.xs) < 2 {
		return nil
	}
	d := &diagPairs{p: p, order: make([]int32, len(p.argX))}
	for i := range d.order {
		d.order[i] = int32(i)
	}
	sort.Slice(d.order, func(a, b int) bool { return p.pos[d.order[a]] < p.pos[d.order[b]] })
	// Small: p.pos are so small that the span cannot overflow.
	lo, hi := p.pos[d.order[0]], p.pos[d.order[len(d.order)-1]]
	if span := hi - lo + 1; span <= 4*int64(len(d.order))+64 {
		d.lo, d.firstAt = lo, make([]int32, span)
		k := 0
		for q := range d.firstAt {
			for p.pos[d.order[k]] < lo+int64(q) {
				k++
			}
			d.firstAt[q] = int32(k)
		}
	}
	return d
}

func (d *diagPairs) propagate(s *Solver) bool {
	t := &s.st
	p := d.p
	for len(d.pending) > 0 {
		l := d.pending[len(d.pending)-1]
		d.pending = d.pending[:len(d.pending)-1]
		x := p.xs[l]
		if t.size32(x) != 2 {
			continue
		}
		u, u2 := t.minOf(x), t.maxOf(x)
		if (u2-u)%2 != 0 {
			continue
		}
		h := (u2 - u) / 2
		mid := u + h // small: no overflow
		for _, i := range p.occurrences(l) {
			for _, q := range [2]int64{p.pos[i] - h, p.pos[i] + h} {
				k := d.firstAtPos(q)
				for ; k < len(d.order) && p.pos[d.order[k]] == q; k++ {
					if y := p.argX[d.order[k]]; y != x && !t.remove(y, mid) {
						return false
					}
				}
			}
		}
	}
	return true
}
