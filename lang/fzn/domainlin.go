package fzn

import (
	"github.com/csp-lang/csp/engine"
)

// A linear equation annotated ::domain asks for domain consistency, which
// bounds reasoning does not give: MiniZinc writes one for the index into a
// flattened matrix (i = 14·row + col - 14, then element(i, table)), where
// the bounds of i say nothing about the holes that table leaves in row and
// col. When its solutions are few, csp posts such an equation as a table
// of them, whose propagator is domain consistent.

// maxDomainRows bounds the solutions of an equation posted as a table.
const maxDomainRows = 1 << 12

// hasAnnotation reports whether the constraint carries the annotation name.
func (fc *fcons) hasAnnotation(name string) bool {
	for _, a := range fc.anns {
		if a.Name.Text == name && len(a.args()) == 0 {
			return true
		}
	}
	return false
}

// domainLinear posts sum(coefs·ts) = rhs as a table when the variables are
// distinct, all but the last have at most maxDomainRows combinations of
// values, and the last's coefficient is ±1; it reports whether it did.
func (p *poster) domainLinear(coefs []int64, ts []term, rhs int64) bool {
	n := len(ts)
	if n < 2 || n != len(coefs) || coefs[n-1] != 1 && coefs[n-1] != -1 {
		return false
	}
	seen := map[*fvar]bool{}
	combos := int64(1)
	doms := make([][]int64, n)
	for i, t := range ts {
		if t.v == nil || seen[t.v] || coefs[i] == 0 {
			return false
		}
		seen[t.v] = true
		if i == n-1 {
			break
		}
		vs, ok := setValues(t.v.dom, maxDomainRows)
		if combos *= int64(len(vs)); !ok || combos > maxDomainRows {
			return false
		}
		doms[i] = vs
	}
	last := ts[n-1].v.dom
	var cells []int64
	vals := make([]int64, n)
	var rec func(i int, sum int64)
	rec = func(i int, sum int64) {
		if i == n-1 {
			v := (rhs - sum) * coefs[n-1] // coefs[n-1] is ±1
			if contains(last, v) {
				vals[i] = v
				cells = append(cells, vals...)
			}
			return
		}
		for _, v := range doms[i] {
			vals[i] = v
			rec(i+1, sum+coefs[i]*v)
		}
	}
	if _, _, ok := linBounds(coefs, ts); !ok {
		return false // the sums could overflow
	}
	rec(0, 0)
	if len(cells) == 0 {
		p.c.unsat = true
		return true
	}
	p.global(engine.NewTable(p.refs(ts), len(cells)/n, cells, nil, false))
	return true
}
