package engine

import (
	"errors"
	"fmt"
)

// Circuit is circuit(succ): succ[i] is the successor of node i, nodes
// being the positions of succ numbered from base (succ[base..base+n-1]
// takes values in base..base+n-1), and the successors form one cycle
// through all n nodes. One node is a cycle of its own (succ[base] = base,
// as Gecode has it; MiniZinc's decomposition forbids it); no node at all
// holds.
//
// Its propagator is circuitProp (circuitprop.go).
type Circuit struct {
	succ []Expr
	base int64
}

var errCircuitBase = errors.New("the node numbers overflow")

// NewCircuit returns circuit(succ) with nodes numbered from base.
func NewCircuit(succ []Expr, base int64) (*Circuit, error) {
	if err := checkNodes(base, len(succ)); err != nil {
		return nil, err
	}
	return &Circuit{succ: succ, base: base}, nil
}

// checkNodes verifies that base-1 .. base+n-1 are int64 values, as the
// decompositions need.
func checkNodes(base int64, n int) error {
	if _, ok := SubInt(base, 1); !ok {
		return errCircuitBase
	}
	if _, ok := AddInt(base, int64(n)); !ok {
		return errCircuitBase
	}
	return nil
}

// Name implements Global.
func (g *Circuit) Name() string { return "circuit" }

// Args implements Global.
func (g *Circuit) Args() []Expr { return g.succ }

// Holds implements Global. Following the successors from the first node
// must come back to it after exactly n steps and not before: the n nodes
// met are then distinct (a repeat before the return would be a loop that
// never comes back), so the successors are one cycle through all of them.
func (g *Circuit) Holds(vals []int64) bool {
	n := int64(len(vals))
	cur := int64(0)
	for k := int64(1); k <= n; k++ {
		v := vals[cur]
		if v < g.base || v-g.base >= n {
			return false
		}
		cur = v - g.base
		if cur == 0 && k < n {
			return false
		}
	}
	return cur == 0
}

// Decompose implements Global: every successor is a node, the
// successors are pairwise different and no node is its own successor
// (unless it is the only one), and following the successors from the
// first node does not come back to it within n-1 steps. The walk is
// p_1 = succ[0], p_{k+1} = succ'[p_k], where succ' is succ with the first
// node's successor replaced by the first node itself, so that a walk that
// comes back stays there: p_{n-1} != first. Each step is an element
// expression over n items holding the previous one, n² nodes in all.
func (g *Circuit) Decompose() (Expr, error) {
	n := len(g.succ)
	if n == 0 {
		return NewConst(1), nil
	}
	parts, err := permutationParts(g.succ, g.base)
	if err != nil {
		return nil, err
	}
	if n == 1 {
		return NewNary(OpAll, parts)
	}
	for i, s := range g.succ {
		e, err := NewBinary(OpNe, s, NewConst(g.base+int64(i)))
		if err != nil {
			return nil, err
		}
		parts = append(parts, e)
	}
	items := append([]Expr{NewConst(g.base)}, g.succ[1:]...)
	p := g.succ[0]
	for k := 1; k < n-1; k++ {
		if p, err = NewElement(p, g.base, items); errors.Is(err, ErrUndefinedAlways) {
			return NewConst(0), nil // succ[0] is never a node
		} else if err != nil {
			return nil, fmt.Errorf("step %d of the walk: %w", k, err)
		}
	}
	e, err := NewBinary(OpNe, p, NewConst(g.base))
	if err != nil {
		return nil, err
	}
	return NewNary(OpAll, append(parts, e))
}

// permutationParts returns base <= s, s <= base+n-1 for every successor
// s and s != t for every pair.
func permutationParts(succ []Expr, base int64) ([]Expr, error) {
	last := NewConst(base + int64(len(succ)) - 1)
	var parts []Expr
	for i, s := range succ {
		lo, err := NewBinary(OpGe, s, NewConst(base))
		if err != nil {
			return nil, err
		}
		hi, err := NewBinary(OpLe, s, last)
		if err != nil {
			return nil, err
		}
		parts = append(parts, lo, hi)
		for _, t := range succ[i+1:] {
			ne, err := NewBinary(OpNe, s, t)
			if err != nil {
				return nil, err
			}
			parts = append(parts, ne)
		}
	}
	return parts, nil
}

func (g *Circuit) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	return newCircuitProp(b, g.succ, g.base, argX, false)
}
