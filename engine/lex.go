package engine

import "errors"

// Lex is lex_less(a, b) (Strict) or lex_lesseq(a, b): the list a comes
// before b in lexicographic order, the k-th element of each compared in
// turn. Args are a's elements then b's.
//
// Propagation (the α/β idea of Frisch, Hnich, Kiziltan, Miguel and Walsh,
// in one forward pass): the prefix of positions where a[i] and b[i] are
// fixed to the same value is skipped (α, a reversible cell, only grows
// down a branch). At the first other position i the constraint is
// a[i] < b[i], or a[i] = b[i] and the rest in order; whether the rest can
// still be in order ("β") is read from the bounds of the suffix. Then
// a[i] ≤ max b[i] and b[i] ≥ min a[i], strictly if the rest cannot be in
// order. If that leaves a[i] and b[i] fixed to one value, the next
// position is handled the same way; otherwise a[i] < b[i] is possible,
// which supports every value of the later positions, and the run ends.
// Every value kept has a support: a value below max b[i] pairs with that
// maximum, and the maximum itself with equality and the rest in order.
// So with distinct variables the run is domain consistent (and
// idempotent); a variable repeated in the lists keeps it sound, but
// neither complete nor idempotent.
//
// Under forward checking the same O(n) pass runs after each assignment.
type Lex struct {
	A, B   []Expr
	Strict bool
}

// NewLex returns lex_less(a, b) if strict, else lex_lesseq(a, b).
func NewLex(a, b []Expr, strict bool) (*Lex, error) {
	if len(a) != len(b) {
		return nil, errors.New("lex: lists of different lengths")
	}
	return &Lex{A: a, B: b, Strict: strict}, nil
}

// Name implements Global.
func (g *Lex) Name() string {
	if g.Strict {
		return "lex_less"
	}
	return "lex_lesseq"
}

// Args implements Global.
func (g *Lex) Args() []Expr { return append(append([]Expr(nil), g.A...), g.B...) }

// Holds implements Global.
func (g *Lex) Holds(vals []int64) bool {
	n := len(g.A)
	for i := range n {
		if vals[i] != vals[n+i] {
			return vals[i] < vals[n+i]
		}
	}
	return !g.Strict
}

// Decompose implements Global: a[1] < b[1] or (a[1] = b[1] and (a[2] <
// b[2] or ...)), ending in true for lex_lesseq and false for lex_less,
// with every element required to be defined.
func (g *Lex) Decompose() (Expr, error) {
	n := len(g.A)
	e := NewConst(b2i(!g.Strict))
	for i := n - 1; i >= 0; i-- {
		lt, err := NewBinary(OpLt, g.A[i], g.B[i])
		if err != nil {
			return nil, err
		}
		eq, err := NewBinary(OpEq, g.A[i], g.B[i])
		if err != nil {
			return nil, err
		}
		if eq, err = NewBinary(OpAnd, eq, e); err != nil {
			return nil, err
		}
		if e, err = NewBinary(OpOr, lt, eq); err != nil {
			return nil, err
		}
	}
	parts := []Expr{e}
	for _, x := range g.Args() {
		if MayBeUndefined(x) {
			parts = append(parts, Defined(x))
		}
	}
	return NewNary(OpAll, parts)
}

// lexProp is the propagator of a Lex.
type lexProp struct {
	a, b   []int32 // model variables, -1 for a constant
	ka, kb []int64 // the constants
	strict bool
	alpha  int32 // cell: every position below it is fixed and equal
}

func (g *Lex) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	n := len(g.A)
	p := &lexProp{a: argX[:n], b: argX[n:], ka: make([]int64, n), kb: make([]int64, n), strict: g.Strict}
	for i := range n {
		if k, ok := g.A[i].(*Const); ok {
			p.ka[i] = k.V
		}
		if k, ok := g.B[i].(*Const); ok {
			p.kb[i] = k.V
		}
	}
	p.alpha = b.s.st.newCell(0)
	vars := 0
	for _, x := range argX {
		if x >= 0 {
			vars++
		}
	}
	return p, globalOpts{idem: vars == len(xs)}, nil // distinct variables
}

func (p *lexProp) bounds(t *store, x int32, k int64) (int64, int64) {
	if x < 0 {
		return k, k
	}
	return t.minOf(x), t.maxOf(x)
}

// elemAtMost makes x (or the constant k) at most v.
func elemAtMost(t *store, x int32, k, v int64) bool {
	if x < 0 {
		return k <= v
	}
	return t.removeAbove(x, v)
}

// elemAtLeast makes x (or the constant k) at least v.
func elemAtLeast(t *store, x int32, k, v int64) bool {
	if x < 0 {
		return k >= v
	}
	return t.removeBelow(x, v)
}

// restFits reports whether positions i.. of the lists can still be in
// order: the first position where a's minimum and b's maximum differ
// decides, and if there is none the lists can be equal.
func (p *lexProp) restFits(t *store, i int) bool {
	for ; i < len(p.a); i++ {
		lo, _ := p.bounds(t, p.a[i], p.ka[i])
		_, hi := p.bounds(t, p.b[i], p.kb[i])
		if lo != hi {
			return lo < hi
		}
	}
	return !p.strict
}

func (p *lexProp) propagate(t *store, _ propMode) bool {
	n := int32(len(p.a))
	i := t.cell[p.alpha]
	for ; i < n; i++ {
		x, y := p.a[i], p.b[i]
		alo, ahi := p.bounds(t, x, p.ka[i])
		blo, bhi := p.bounds(t, y, p.kb[i])
		if alo == ahi && blo == bhi && alo == blo {
			t.set(p.alpha, i+1) // every position before i is fixed and equal too
			continue
		}
		if ahi < blo {
			return true // a[i] < b[i] whatever the values: entailed
		}
		if p.restFits(t, int(i)+1) {
			if !elemAtMost(t, x, p.ka[i], bhi) || !elemAtLeast(t, y, p.kb[i], alo) {
				return false
			}
		} else {
			// a[i] < b[i] is needed; alo < bhi keeps bhi-1 and alo+1 in range.
			if alo >= bhi || !elemAtMost(t, x, p.ka[i], bhi-1) || !elemAtLeast(t, y, p.kb[i], alo+1) {
				return false
			}
		}
		alo, _ = p.bounds(t, x, p.ka[i])
		_, bhi = p.bounds(t, y, p.kb[i])
		if alo < bhi {
			return true // a[i] < b[i] is possible: every later value has a support
		}
		// alo = bhi with a[i] ≤ b[i]: both are fixed to that value.
		t.set(p.alpha, i+1)
	}
	return !p.strict // the lists are equal
}
