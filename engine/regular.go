package engine

import (
	"errors"
	"fmt"
)

// regular(list, automaton): the values of the list, read in order, form a
// word the automaton accepts. The engine knows nothing of how the
// automaton was written (a pattern, a nonogram clue): lang builds it.
//
// Propagation follows Pesant (CP 2004): unfold the automaton into a
// layered graph, one layer of states per position, where an edge from
// state q in layer i to δ(q, v) in layer i+1 exists when v is in the
// domain of the i-th element. A value v of element i is kept iff some
// edge labelled v between layers i and i+1 lies on a path from the start
// state in layer 0 to an accepting state in layer n: a forward pass marks
// the states reachable from the start, a backward pass those that reach
// acceptance and the edges between both. That is domain consistency when
// no variable occurs twice in the list.
//
// Each run redoes both passes, O(n·|Q|·|Σ|) with n the list length, |Q|
// the states and |Σ| the values, touching only the states reachable in
// each layer; with at most 64 states a layer is one bit set
// (regular_bits.go), which covers nonogram lines. The incremental version
// (reversible in/out degrees of each layer node) would save the passes
// over layers that did not change, but a full run on a 25-cell nonogram
// line is a few hundred word operations: proving P200 (25 x 25) unique
// takes 1.0 million runs in about 1.7 s of CPU, where Gecode's
// incremental propagator explores the same tree (same failures under the
// same fixed order: the two are equally strong) no faster per node. So the
// propagator keeps no search state at all. The same run serves modeFC
// and modeAC.

// Automaton is a deterministic finite automaton over integer values.
// Its states are 0..len(Accept)-1.
type Automaton struct {
	Values []int64 // the alphabet, sorted, without repeats
	// Next[q*len(Values)+k] is the state reached from q on Values[k], or
	// -1 if the word is rejected there.
	Next   []int32
	Start  int32
	Accept []bool // per state
}

// Limits on the automaton and its unfolding, so that a propagator's
// scratch stays well below memory limits.
const (
	MaxAutomatonTable = 1 << 22 // states × values
	maxRegularLayers  = 1 << 24 // (list length + 1) × states
)

type regularGlobal struct {
	args []Expr
	a    Automaton
}

// NewRegular returns regular(list, a). The automaton is checked and kept
// as given (lang minimises it).
func NewRegular(list []Expr, a Automaton) (Global, error) {
	q := len(a.Accept)
	s := len(a.Values)
	switch {
	case q == 0:
		return nil, errors.New("regular: the automaton has no state")
	case q > MaxAutomatonTable || s > MaxAutomatonTable || q*s > MaxAutomatonTable:
		return nil, fmt.Errorf("regular: the automaton has %d states over %d values, more than %d transitions", q, s, MaxAutomatonTable)
	case len(a.Next) != q*s:
		return nil, fmt.Errorf("regular: the automaton has %d transitions, not states × values = %d", len(a.Next), q*s)
	case a.Start < 0 || int(a.Start) >= q:
		return nil, fmt.Errorf("regular: start state %d is not one of the %d states", a.Start, q)
	}
	for k := 1; k < s; k++ {
		if a.Values[k] <= a.Values[k-1] {
			return nil, errors.New("regular: the automaton's values are not sorted and distinct")
		}
	}
	for _, r := range a.Next {
		if r < -1 || int(r) >= q {
			return nil, fmt.Errorf("regular: a transition goes to state %d, which does not exist", r)
		}
	}
	return &regularGlobal{args: list, a: a}, nil
}

func (g *regularGlobal) Name() string { return "regular" }
func (g *regularGlobal) Args() []Expr { return g.args }

// index returns the position of v in the alphabet, or -1.
func (a *Automaton) index(v int64) int {
	lo, hi := 0, len(a.Values)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if a.Values[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(a.Values) && a.Values[lo] == v {
		return lo
	}
	return -1
}

// Holds runs the automaton on the word.
func (g *regularGlobal) Holds(vals []int64) bool { return g.a.accepts(vals) }

// accepts reports whether the automaton accepts the word vals.
func (a *Automaton) accepts(vals []int64) bool {
	q := a.Start
	for _, v := range vals {
		k := a.index(v)
		if k < 0 {
			return false
		}
		if q = a.Next[int(q)*len(a.Values)+k]; q < 0 {
			return false
		}
	}
	return a.Accept[q]
}

// Decompose follows the automaton through the list with one expression
// per position and no auxiliary variable: state_0 is the start, and
// state_{i+1} = table[state_i·w + col(x_i)], an element over a constant
// table shared by every position. col maps a value of the alphabet to
// its column and any other value to a last column that, like a missing
// transition, leads to a dead state d = |Q| that never leaves. The
// constraint is state_n in the accepting states. Each position adds a
// constant number of nodes (|Σ| for an alphabet with wide gaps), so the
// expression grows linearly with the list, where a disjunction of the
// accepted words would grow exponentially.
func (g *regularGlobal) Decompose() (Expr, error) {
	a := &g.a
	nq, s := len(a.Accept), len(a.Values)
	cols := g.columns()
	w := cols.other + 1
	table := make([]Expr, (nq+1)*w)
	consts := make([]Expr, nq+1)
	for q := range consts {
		consts[q] = NewConst(int64(q))
	}
	for i := range table {
		table[i] = consts[nq]
	}
	for q := 0; q < nq; q++ {
		for k := 0; k < s; k++ {
			if r := a.Next[q*s+k]; r >= 0 {
				table[q*w+cols.of(k)] = consts[r]
			}
		}
	}
	state := consts[a.Start]
	for _, x := range g.args {
		col, err := cols.expr(x)
		if err != nil {
			return nil, err
		}
		row, err := NewBinary(OpMul, state, NewConst(int64(w)))
		if err != nil {
			return nil, err
		}
		at, err := NewBinary(OpAdd, row, col)
		if err != nil {
			return nil, err
		}
		if state, err = NewElement(at, 0, table); err != nil {
			return nil, err
		}
	}
	var acc []int64
	for q, ok := range a.Accept {
		if ok {
			acc = append(acc, int64(q))
		}
	}
	return NewInSet(state, acc, false), nil
}

// regularColumns numbers the columns of the decomposition's table: by
// value (Values[k] - lo) when the alphabet is dense, so that one
// subtraction finds the column, by position k otherwise.
type regularColumns struct {
	a     *Automaton
	dense bool
	lo    int64
	other int // the column of every value outside the alphabet
}

func (g *regularGlobal) columns() regularColumns {
	a := &g.a
	s := len(a.Values)
	c := regularColumns{a: a, other: s}
	if s > 0 {
		lo, hi := a.Values[0], a.Values[s-1]
		if span, ok := SubInt(hi, lo); ok && span < int64(2*s+8) {
			c.dense, c.lo, c.other = true, lo, int(span)+1
		}
	}
	return c
}

func (c regularColumns) of(k int) int {
	if c.dense {
		return int(c.a.Values[k] - c.lo)
	}
	return k
}

// expr is the column of x's value.
func (c regularColumns) expr(x Expr) (Expr, error) {
	a := c.a
	other := NewConst(int64(c.other))
	if k, ok := x.(*Const); ok {
		if i := a.index(k.V); i >= 0 {
			return NewConst(int64(c.of(i))), nil
		}
		return other, nil
	}
	if c.dense {
		d, err := NewBinary(OpSub, x, NewConst(c.lo))
		if err != nil {
			return nil, err
		}
		return NewIf(NewInSet(x, a.Values, false), d, other), nil
	}
	col := Expr(other)
	for k := len(a.Values) - 1; k >= 0; k-- {
		col = NewIf(NewInSet(x, a.Values[k:k+1], false), NewConst(int64(k)), col)
	}
	return col, nil
}
