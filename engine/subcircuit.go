package engine

import (
	"errors"
	"fmt"
)

// Subcircuit is subcircuit(succ): the nodes (the positions of succ
// numbered from base, as for Circuit) whose successor is another node
// form one cycle, and every other node is its own successor. As in
// MiniZinc, the cycle may be empty: every node its own successor holds.
//
// Its propagator is circuitProp (circuitprop.go) with sub set.
type Subcircuit struct {
	succ []Expr
	base int64
}

// NewSubcircuit returns subcircuit(succ) with nodes numbered from base.
func NewSubcircuit(succ []Expr, base int64) (*Subcircuit, error) {
	if err := checkNodes(base, len(succ)); err != nil {
		return nil, err
	}
	return &Subcircuit{succ: succ, base: base}, nil
}

// Name implements Global.
func (g *Subcircuit) Name() string { return "subcircuit" }

// Args implements Global.
func (g *Subcircuit) Args() []Expr { return g.succ }

// Holds implements Global. With m nodes not their own successor, the
// walk from the first of them must come back to it after exactly m steps
// and not before: it then meets m distinct nodes (see Circuit.Holds), none
// its own successor, so all m of them, and the successors are a
// permutation with one cycle besides the fixed points.
func (g *Subcircuit) Holds(vals []int64) bool {
	n := int64(len(vals))
	m, first := int64(0), int64(-1)
	for i, v := range vals {
		if v < g.base || v-g.base >= n {
			return false
		}
		if v-g.base != int64(i) {
			m++
			if first < 0 {
				first = int64(i)
			}
		}
	}
	cur := first
	for k := int64(1); k <= m; k++ {
		cur = vals[cur] - g.base
		if cur == first && k < m {
			return false
		}
	}
	return cur == first
}

// Decompose implements Global: every successor is a node, they are
// pairwise different, and for every node s that is not its own successor
// the walk from s comes back to s after exactly m steps, m being the
// number of such nodes (it cannot take more: s's cycle has only such
// nodes). The walk is p_1 = succ[s], p_{k+1} = items_k[p_k], where the
// items are the successors with one more node, base-1, a trap that keeps
// a walk once in it, and where s's successor is replaced by s itself
// when k >= m (the walk is back in time, and stays), by the trap
// otherwise (back too early): the condition is p_n = s. Each walk is n
// steps of n+1 items, one of which counts m: n³ nodes in all.
func (g *Subcircuit) Decompose() (Expr, error) {
	n := len(g.succ)
	if n == 0 {
		return NewConst(1), nil
	}
	parts, err := permutationParts(g.succ, g.base)
	if err != nil {
		return nil, err
	}
	moved := make([]Expr, n)
	for i, s := range g.succ {
		if moved[i], err = NewBinary(OpNe, s, NewConst(g.base+int64(i))); err != nil {
			return nil, err
		}
	}
	m, err := NewNary(OpSum, moved)
	if err != nil {
		return nil, err
	}
	for s := range n {
		back, err := g.walkBack(s, m)
		if err != nil {
			return nil, err
		}
		e, err := NewBinary(OpImplies, moved[s], back)
		if err != nil {
			return nil, err
		}
		parts = append(parts, e)
	}
	return NewNary(OpAll, parts)
}

// walkBack returns p_n = s for the walk from node s (see Decompose).
func (g *Subcircuit) walkBack(s int, m Expr) (Expr, error) {
	n := len(g.succ)
	trap := NewConst(g.base - 1)
	self := NewConst(g.base + int64(s))
	p := g.succ[s]
	for k := 1; k < n; k++ {
		items := make([]Expr, 0, n+1)
		items = append(items, trap)
		items = append(items, g.succ...)
		late, err := NewBinary(OpLe, m, NewConst(int64(k)))
		if err != nil {
			return nil, err
		}
		items[1+s] = NewIf(late, self, trap)
		if p, err = NewElement(p, g.base-1, items); errors.Is(err, ErrUndefinedAlways) {
			return NewConst(0), nil // succ[s] is never a node
		} else if err != nil {
			return nil, fmt.Errorf("step %d of the walk from node %d: %w", k, s, err)
		}
	}
	return NewBinary(OpEq, p, self)
}

func (g *Subcircuit) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	return newCircuitProp(b, g.succ, g.base, argX, true)
}
