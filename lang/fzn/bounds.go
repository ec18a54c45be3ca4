package fzn

import (
	"fmt"

	"github.com/csp-lang/csp/engine"
)

// A var int declared without a domain gets its bounds from the constraints
// that relate it to bounded terms: MiniZinc leaves such variables where it
// could not compute bounds itself, most often the result of a product or
// of a linear equation. What the constraints do not bound is bounded as
// Gecode bounds every integer, by ±(2^31 - 2), less if the engine's
// domains cannot be that wide; a warning says so, since a solution beyond
// those bounds would be missed.

// gecodeLimit is the largest magnitude of a Gecode integer variable.
const gecodeLimit = 1<<31 - 2

// half is a bound that may be missing.
type half struct {
	v  int64
	ok bool
}

type span struct{ lo, hi half }

// inferBounds bounds the unbounded variables. It never fails: what it
// cannot infer gets the default bounds, with a warning.
func (c *compiler) inferBounds() bool {
	open := map[*fvar]*span{}
	for _, v := range c.vars {
		if v.dom == nil && v.unbounded {
			open[v] = &span{}
		}
	}
	if len(open) == 0 {
		return true
	}
	var rel []*fcons // the constraints on an unbounded variable
	for _, fc := range c.cons {
		if mentionsAny(fc, open) {
			rel = append(rel, fc)
		}
	}
	b := &boundsPass{open: open}
	for round := 0; round < 8*len(open)+8; round++ {
		b.changed = false
		for _, fc := range rel {
			b.constraint(fc)
		}
		if !b.changed {
			break
		}
	}
	for _, v := range c.vars {
		s, ok := open[v]
		if !ok {
			continue
		}
		lo, hi, exact := defaultBounds(s)
		if !exact {
			c.prog.Warnings = append(c.prog.Warnings, fmt.Sprintf("%s:%d: %s is a var int that nothing bounds: csp gives it %d..%d", v.pos.File, v.pos.Line, v.name, lo, hi))
		}
		v.dom = []engine.Interval{{Lo: lo, Hi: hi}}
		if lo > hi {
			v.dom = []engine.Interval{}
			c.unsat = true
		}
		v.unbounded = false
	}
	return true
}

// defaultBounds completes a span with the default bounds, and reports
// whether the span was complete already.
func defaultBounds(s *span) (lo, hi int64, exact bool) {
	if s.lo.ok && s.hi.ok {
		return s.lo.v, s.hi.v, true
	}
	switch { // a bound MiniZinc gave is kept, even beyond Gecode's
	case s.lo.ok:
		return s.lo.v, max(s.lo.v, gecodeLimit), false
	case s.hi.ok:
		return min(s.hi.v, -gecodeLimit), s.hi.v, false
	}
	return -gecodeLimit, gecodeLimit, false
}

func mentionsAny(fc *fcons, open map[*fvar]*span) bool {
	for _, a := range fc.args {
		if a.kind == aTerm && a.t.v != nil && open[a.t.v] != nil {
			return true
		}
		for _, t := range a.elems {
			if t.v != nil && open[t.v] != nil {
				return true
			}
		}
	}
	return false
}

type boundsPass struct {
	open    map[*fvar]*span
	changed bool
}

// get returns the bounds of a term so far.
func (b *boundsPass) get(t term) span {
	if t.v == nil {
		return span{half{t.k, true}, half{t.k, true}}
	}
	if s, ok := b.open[t.v]; ok {
		return *s
	}
	lo, hi := t.bounds()
	return span{half{lo, true}, half{hi, true}}
}

// tighten narrows an unbounded variable's bounds.
func (b *boundsPass) tighten(t term, lo, hi half) {
	s, ok := b.open[t.v]
	if t.v == nil || !ok {
		return
	}
	if lo.ok && (!s.lo.ok || lo.v > s.lo.v) {
		s.lo, b.changed = lo, true
	}
	if hi.ok && (!s.hi.ok || hi.v < s.hi.v) {
		s.hi, b.changed = hi, true
	}
}

func (b *boundsPass) constraint(fc *fcons) {
	a := fc.args
	n := len(a)
	arg := func(i int) term { return a[i].t }
	switch fc.name {
	case "int_lin_eq", "int_lin_le", "bool_lin_eq":
		if n == 3 && a[0].kind == aArray && a[1].kind == aArray && a[2].kind == aTerm && len(a[0].elems) == len(a[1].elems) {
			coefs := consts(a[0].elems)
			xs := a[1].elems
			if fc.name == "bool_lin_eq" { // sum = c, c a variable
				coefs, xs = append(coefs, -1), append(append([]term(nil), xs...), a[2].t)
				b.linear(coefs, xs, 0, true)
			} else if a[2].t.isConst() {
				b.linear(coefs, xs, a[2].t.k, fc.name == "int_lin_eq")
			}
		}
	case "int_eq", "bool2int":
		if n == 2 {
			b.linear([]int64{1, -1}, []term{arg(0), arg(1)}, 0, true)
		}
	case "int_le", "int_lt":
		if n == 2 {
			rhs := int64(0)
			if fc.name == "int_lt" {
				rhs = -1
			}
			b.linear([]int64{1, -1}, []term{arg(0), arg(1)}, rhs, false)
		}
	case "int_plus":
		if n == 3 {
			b.linear([]int64{1, 1, -1}, []term{arg(0), arg(1), arg(2)}, 0, true)
		}
	case "int_times":
		if n == 3 {
			b.times(arg(0), arg(1), arg(2))
		}
	case "int_pow", "int_pow_fixed":
		if n == 3 {
			b.pow(arg(0), arg(1), arg(2))
		}
	case "int_abs":
		if n == 2 {
			x, y := b.get(arg(0)), b.get(arg(1))
			if x.lo.ok && x.hi.ok {
				m, ok := magnitude(x.lo.v, x.hi.v)
				b.tighten(arg(1), half{0, true}, half{m, ok})
			}
			if y.hi.ok {
				b.tighten(arg(0), half{-y.hi.v, true}, y.hi)
			}
		}
	case "int_min", "int_max":
		if n == 3 {
			x, y := b.get(arg(0)), b.get(arg(1))
			if fc.name == "int_min" {
				b.tighten(arg(2), both(x.lo, y.lo, minOf), one(x.hi, y.hi, minOf))
			} else {
				b.tighten(arg(2), one(x.lo, y.lo, maxOf), both(x.hi, y.hi, maxOf))
			}
		}
	case "int_div", "int_mod":
		if n == 3 {
			x := b.get(arg(0))
			if x.lo.ok && x.hi.ok {
				m, ok := magnitude(x.lo.v, x.hi.v)
				b.tighten(arg(2), half{-m, ok}, half{m, ok})
			}
		}
	case "array_int_element", "array_var_int_element":
		if n == 3 && a[1].kind == aArray {
			b.hull(a[1].elems, arg(2))
		}
	case "array_int_maximum", "array_int_minimum":
		if n == 2 && a[1].kind == aArray {
			b.hull(a[1].elems, arg(0))
		}
	case "set_in":
		if n == 2 && a[1].kind == aSet && len(a[1].set) > 0 {
			s := a[1].set
			b.tighten(arg(0), half{s[0].Lo, true}, half{s[len(s)-1].Hi, true})
		}
	}
}

func minOf(a, b int64) int64 { return min(a, b) }
func maxOf(a, b int64) int64 { return max(a, b) }

func both(a, b half, f func(int64, int64) int64) half {
	if a.ok && b.ok {
		return half{f(a.v, b.v), true}
	}
	return half{}
}

// one is the bound of min or max that one side alone gives: the minimum
// is at most either upper bound.
func one(a, b half, f func(int64, int64) int64) half {
	switch {
	case a.ok && b.ok:
		return half{f(a.v, b.v), true}
	case a.ok:
		return a
	}
	return b
}

func magnitude(lo, hi int64) (int64, bool) {
	l, ok1 := engine.AbsInt(lo)
	h, ok2 := engine.AbsInt(hi)
	return max(l, h), ok1 && ok2
}

// hull bounds t by the least and greatest bounds of the terms.
func (b *boundsPass) hull(ts []term, t term) {
	if len(ts) == 0 {
		return
	}
	lo, hi := b.get(ts[0]), b.get(ts[0])
	for _, x := range ts[1:] {
		s := b.get(x)
		lo.lo = both(lo.lo, s.lo, minOf)
		hi.hi = both(hi.hi, s.hi, maxOf)
	}
	b.tighten(t, lo.lo, hi.hi)
}

func (b *boundsPass) times(x, y, z term) {
	sx, sy := b.get(x), b.get(y)
	if !sx.lo.ok || !sx.hi.ok || !sy.lo.ok || !sy.hi.ok {
		return
	}
	lo, hi, ok := int64(0), int64(0), true
	for i, p := range [4][2]int64{{sx.lo.v, sy.lo.v}, {sx.lo.v, sy.hi.v}, {sx.hi.v, sy.lo.v}, {sx.hi.v, sy.hi.v}} {
		v, fits := engine.MulInt(p[0], p[1])
		ok = ok && fits
		if i == 0 || v < lo {
			lo = v
		}
		if i == 0 || v > hi {
			hi = v
		}
	}
	if ok {
		b.tighten(z, half{lo, true}, half{hi, true})
	}
}

// pow bounds z = x^y from the bounds of x and y: with y fixed to k, x^k
// is extreme at the ends of x's range or at the value nearest 0.
func (b *boundsPass) pow(x, y, z term) {
	sx, sy := b.get(x), b.get(y)
	if !sx.lo.ok || !sx.hi.ok || !sy.lo.ok || !sy.hi.ok || sy.hi.v-sy.lo.v > maxPowTable {
		return
	}
	near0 := min(max(0, sx.lo.v), sx.hi.v)
	var lo, hi int64
	first := true
	for k := sy.lo.v; k <= sy.hi.v; k++ {
		for _, v := range []int64{sx.lo.v, sx.hi.v, near0} {
			p, ok := constPow(v, k)
			if !ok {
				return
			}
			if k < 0 { // 1 div x^-k
				p = max(-1, min(1, p))
			}
			if first || p < lo {
				lo = p
			}
			if first || p > hi {
				hi = p
			}
			first = false
		}
	}
	b.tighten(z, half{lo, true}, half{hi, true})
}

// linear bounds each unbounded term of sum(coefs[i]*xs[i]) <= rhs (= rhs
// when eq) from the bounds of the others.
func (b *boundsPass) linear(coefs []int64, xs []term, rhs int64, eq bool) {
	if len(coefs) != len(xs) {
		return
	}
	// the least and greatest values of each term, when known
	mins := make([]half, len(xs))
	maxs := make([]half, len(xs))
	for i, x := range xs {
		s := b.get(x)
		lo, hi := s.lo, s.hi
		if coefs[i] < 0 {
			lo, hi = hi, lo
		}
		mins[i], maxs[i] = scale(lo, coefs[i]), scale(hi, coefs[i])
	}
	for j, x := range xs {
		if x.v == nil || b.open[x.v] == nil || coefs[j] == 0 {
			continue
		}
		// coefs[j]*x <= rhs - sum of the others' minima
		restMin := sumExcept(mins, j)
		var up, down half
		if restMin.ok {
			if r, ok := engine.SubInt(rhs, restMin.v); ok {
				up = half{r, true}
			}
		}
		if eq { // and >= rhs - sum of the others' maxima
			if restMax := sumExcept(maxs, j); restMax.ok {
				if r, ok := engine.SubInt(rhs, restMax.v); ok {
					down = half{r, true}
				}
			}
		}
		a := coefs[j]
		lo, hi := half{}, half{}
		if a > 0 {
			if up.ok {
				hi = half{floorDiv(up.v, a), true}
			}
			if down.ok {
				lo = half{ceilDiv(down.v, a), true}
			}
		} else {
			if up.ok {
				lo = half{ceilDiv(up.v, a), true}
			}
			if down.ok {
				hi = half{floorDiv(down.v, a), true}
			}
		}
		b.tighten(x, lo, hi)
	}
}

func scale(h half, a int64) half {
	if !h.ok {
		return h
	}
	v, ok := engine.MulInt(h.v, a)
	return half{v, ok}
}

func sumExcept(hs []half, j int) half {
	var s int64
	for i, h := range hs {
		if i == j {
			continue
		}
		if !h.ok {
			return half{}
		}
		var ok bool
		if s, ok = engine.AddInt(s, h.v); !ok {
			return half{}
		}
	}
	return half{s, true}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

func consts(ts []term) []int64 {
	out := make([]int64, len(ts))
	for i, t := range ts {
		out[i] = t.k
	}
	return out
}
