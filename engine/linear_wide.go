package engine

import (
	"math"
	"math/bits"
)

// A linear comparison whose terms each fit in 64 bits but whose
// magnitudes add up past them (x + y = 1 over 0..2^62 and -2^62..0):
// linearProp's sums could wrap, so the builder posts it as a wideLinear,
// a global whose propagator sums in 128 bits. It narrows bounds as
// acLinear does, at every level; without it such a constraint would be
// a generic one, which only shaves the ends of a wide domain and leaves
// the search to creep through 2^62 values.

// wideLinear is the Global of a linearProp too wide for 64-bit sums; e
// is the comparison it came from (its decomposition).
type wideLinear struct {
	p    *linearProp
	e    Expr
	args []Expr // the variables of p, in its order
}

// newWideLinear makes the Global of p, read from e, over the model m.
func newWideLinear(p *linearProp, e Expr, m *Model) *wideLinear {
	w := &wideLinear{p: p, e: e}
	for _, x := range p.xs {
		w.args = append(w.args, m.Ref(Var(x)))
	}
	return w
}

func (w *wideLinear) Name() string { return "linear" }

func (w *wideLinear) Args() []Expr { return w.args }

func (w *wideLinear) Holds(vals []int64) bool {
	s := i128From(w.p.k)
	for i, a := range w.p.coef {
		s = s.add(mul128(a, vals[i]))
	}
	return w.p.rel.holds128(s)
}

func (w *wideLinear) Decompose() (Expr, error) { return w.e, nil }

func (w *wideLinear) newProp(_ *builder, _, _ []int32) (globalProp, globalOpts, error) {
	return &wideLinearProp{w.p}, globalOpts{}, nil
}

type wideLinearProp struct{ p *linearProp }

// propagate makes the constraint bounds consistent under every mode; !=
// removes its one value once a single variable is left.
func (w *wideLinearProp) propagate(t *store, _ propMode) bool {
	p := w.p
	switch p.rel {
	case linNE:
		return w.notEqual(t)
	case linLE:
		return w.le(t, 1)
	}
	for {
		c := t.changes
		if !w.le(t, 1) || !w.le(t, -1) {
			return false
		}
		if t.changes == c {
			return true
		}
	}
}

// le enforces sign·(Σ coef·x + k) <= 0 to bounds consistency, as
// linearProp.le does, in 128 bits.
func (w *wideLinearProp) le(t *store, sign int64) bool {
	p := w.p
	smin := mul128(sign, p.k)
	for i, x := range p.xs {
		if a := sign * p.coef[i]; a > 0 {
			smin = smin.add(mul128(a, t.minOf(x)))
		} else {
			smin = smin.add(mul128(a, t.maxOf(x)))
		}
	}
	if smin.sign() > 0 {
		return false
	}
	for i, x := range p.xs {
		a := sign * p.coef[i]
		if a > 0 { // a·x <= a·min - smin, at least a·min: the bound is at least min
			q, over := div128(mul128(a, t.minOf(x)).sub(smin), a, false)
			if over == 0 && !t.removeAbove(x, q) {
				return false
			}
		} else { // a·x <= a·max - smin: x >= the slack over a, at most max
			q, over := div128(mul128(a, t.maxOf(x)).sub(smin), a, true)
			if over == 0 && !t.removeBelow(x, q) {
				return false
			}
		}
	}
	return true
}

// notEqual removes the one value the last unfixed variable may not take,
// or checks the sum once every variable is fixed.
func (w *wideLinearProp) notEqual(t *store) bool {
	p := w.p
	s, u := i128From(p.k), -1
	for i, x := range p.xs {
		if !t.fixed(x) {
			if u >= 0 {
				return true
			}
			u = i
			continue
		}
		s = s.add(mul128(p.coef[i], t.minOf(x)))
	}
	if u < 0 {
		return p.rel.holds128(s)
	}
	// coef·x = -s: a value only if -s is a multiple of coef.
	a := p.coef[u]
	q, over := div128(s.neg(), a, false)
	if over != 0 || mul128(a, q) != s.neg() {
		return true
	}
	return t.remove(p.xs[u], q)
}

func (r linRel) holds128(s i128) bool {
	switch r {
	case linLE:
		return s.sign() <= 0
	case linEQ:
		return s.sign() == 0
	}
	return s.sign() != 0
}

// i128 is a signed 128-bit integer, two's complement: hi holds the sign.
type i128 struct {
	hi int64
	lo uint64
}

func i128From(v int64) i128 { return i128{v >> 63, uint64(v)} }

func (a i128) add(b i128) i128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return i128{a.hi + b.hi + int64(c), lo}
}

func (a i128) neg() i128 {
	lo, c := bits.Add64(^a.lo, 1, 0)
	return i128{^a.hi + int64(c), lo}
}

func (a i128) sub(b i128) i128 { return a.add(b.neg()) }

func (a i128) sign() int {
	switch {
	case a.hi < 0:
		return -1
	case a.hi == 0 && a.lo == 0:
		return 0
	}
	return 1
}

// abs returns |a| as an unsigned 128-bit number (hi, lo); a is never
// -2^127 here (sums of a few 64-bit products).
func (a i128) abs() (uint64, uint64) {
	if a.hi < 0 {
		a = a.neg()
	}
	return uint64(a.hi), a.lo
}

// mul128 returns a·b exactly.
func mul128(a, b int64) i128 {
	hi, lo := bits.Mul64(absU(a), absU(b))
	r := i128{int64(hi), lo}
	if (a < 0) != (b < 0) {
		r = r.neg()
	}
	return r
}

// overSign is div128's over for a quotient of that sign too large for 64
// bits.
func overSign(neg bool) int {
	if neg {
		return -1
	}
	return 1
}

// div128 returns n/d rounded down, or up when ceil is set, and over = 1
// (or -1) when that is above math.MaxInt64 (or below math.MinInt64).
func div128(n i128, d int64, ceil bool) (q int64, over int) {
	neg := (n.sign() < 0) != (d < 0)
	hi, lo := n.abs()
	ud := absU(d)
	if hi >= ud { // the quotient takes more than 64 bits
		return 0, overSign(neg)
	}
	uq, rem := bits.Div64(hi, lo, ud)
	// Rounding away from zero: down for a negative quotient, up for a
	// positive one under ceil.
	if rem != 0 && neg != ceil {
		uq++
		if uq == 0 {
			return 0, overSign(neg)
		}
	}
	if neg {
		if uq > 1<<63 {
			return 0, -1
		}
		return int64(-uq), 0
	}
	if uq > math.MaxInt64 {
		return 0, 1
	}
	return int64(uq), 0
}
