package engine

import (
	"fmt"
	"slices"
)

// The reference of PropAC: each constraint narrowed by brute force to the
// consistency PropAC documents, repeated until nothing changes (the
// fixpoint of monotone narrowings does not depend on their order), and a
// binary search tree: x = v, then x != v, over the unfixed variables.

func (r *refSearch) runAC(doms [][]int64) {
	if !r.unary(doms) || !r.fixpointAC(doms) {
		return
	}
	r.searchAC(doms, 0)
}

// unary applies the constraints over fewer than two variables, as the
// builder does; false if one fails.
func (r *refSearch) unary(doms [][]int64) bool {
	for _, c := range r.cons {
		if c.expr == nil || len(c.vars) >= 2 {
			continue
		}
		a := make([]int64, r.n)
		if len(c.vars) == 0 {
			if v, ok := refEval(c.expr, a); !ok || v == 0 {
				return false
			}
			continue
		}
		x := c.vars[0]
		doms[x] = slices.DeleteFunc(doms[x], func(w int64) bool {
			a[x] = w
			v, ok := refEval(c.expr, a)
			return !ok || v == 0
		})
		if len(doms[x]) == 0 {
			return false
		}
	}
	return true
}

func cloneDoms(doms [][]int64) [][]int64 {
	d := make([][]int64, len(doms))
	for i := range d {
		d[i] = slices.Clone(doms[i])
	}
	return d
}

func (r *refSearch) searchAC(doms [][]int64, depth int) {
	x := r.pickAC(doms)
	if x < 0 {
		r.trace = append(r.trace, "solution")
		return
	}
	v := orderValues(doms[x], r.opts.Values)[0]
	for _, eq := range []bool{true, false} {
		d := cloneDoms(doms)
		if eq {
			d[x] = []int64{v}
		} else {
			d[x] = slices.DeleteFunc(d[x], func(w int64) bool { return w == v })
		}
		ok := r.fixpointAC(d)
		r.trace = append(r.trace, traceNode(depth+1, x, v, eq, ok))
		if ok {
			r.searchAC(d, depth+1)
		}
	}
}

func traceNode(depth, x int, v int64, eq, ok bool) string {
	rel := "="
	if !eq {
		rel = "!="
	}
	return fmt.Sprintf("%d:x%d%s%d %v", depth, x, rel, v, ok)
}

// pickAC is MRV or input order over the unfixed variables; -1 if none.
func (r *refSearch) pickAC(doms [][]int64) int {
	best, bestSize, bestDeg := -1, 0, 0
	for x := range r.n {
		if len(doms[x]) == 1 {
			continue
		}
		if r.opts.Order == OrderInput {
			return x
		}
		deg := 0
		for _, c := range r.cons {
			if len(c.vars) >= 2 && slices.Contains(c.vars, x) &&
				slices.ContainsFunc(c.vars, func(y int) bool { return y != x && len(doms[y]) > 1 }) {
				deg++
			}
		}
		if best < 0 || len(doms[x]) < bestSize || len(doms[x]) == bestSize && deg > bestDeg {
			best, bestSize, bestDeg = x, len(doms[x]), deg
		}
	}
	return best
}

// fixpointAC narrows every constraint until nothing changes; false if a
// domain empties.
func (r *refSearch) fixpointAC(doms [][]int64) bool {
	for {
		before := 0
		for _, d := range doms {
			before += len(d)
		}
		for i := range r.cons {
			c := &r.cons[i]
			if len(c.vars) < 2 {
				continue
			}
			var ok bool
			switch {
			case c.expr == nil && c.diag:
				ok = r.diagonalAC(c, doms)
			case c.expr == nil:
				ok = r.allDiffGAC(c, doms)
			case r.lin[i] != nil:
				ok = r.linearBC(r.lin[i], doms)
			default:
				ok = r.exprAC(c, doms)
			}
			if !ok {
				return false
			}
			for _, d := range doms {
				if len(d) == 0 {
					return false
				}
			}
		}
		after := 0
		for _, d := range doms {
			after += len(d)
		}
		if after == before {
			return true
		}
	}
}

// allDiffGAC keeps the values that extend to a solution of the alldiff.
func (r *refSearch) allDiffGAC(c *refCons, doms [][]int64) bool {
	var extends func(k int, used []int64) bool
	extends = func(k int, used []int64) bool {
		if k == len(c.args) {
			return true
		}
		for _, w := range doms[c.args[k]] {
			if !slices.Contains(used, w) && extends(k+1, append(used, w)) {
				return true
			}
		}
		return false
	}
	for k, x := range c.args {
		keep := doms[x][:0:0]
		for _, w := range doms[x] {
			d := doms[x]
			doms[x] = []int64{w}
			if extends(0, nil) {
				keep = append(keep, w)
			}
			doms[x] = d
		}
		doms[c.args[k]] = keep
		if len(keep) == 0 {
			return false
		}
	}
	return true
}

// diagonalAC is arc consistency on each pair of the diagonal.
func (r *refSearch) diagonalAC(c *refCons, doms [][]int64) bool {
	for i, x := range c.args {
		for j, y := range c.args {
			if i == j {
				continue
			}
			doms[y] = slices.DeleteFunc(doms[y], func(w int64) bool {
				return !slices.ContainsFunc(doms[x], func(u int64) bool { return c.pairOK(i, j, u, w) })
			})
			if len(doms[y]) == 0 {
				return false
			}
		}
	}
	return true
}

// linearBC is bounds consistency on Σ coef·x + k rel 0 (a binary equality:
// domain consistency), narrowing one bound of one variable at a time.
func (r *refSearch) linearBC(p *linearProp, doms [][]int64) bool {
	term := func(i int, v int64) int64 { return p.coef[i] * v }
	minTerm := func(i int, sign int64) int64 {
		d := doms[p.xs[i]]
		return min(sign*term(i, d[0]), sign*term(i, d[len(d)-1]))
	}
	le := func(sign int64) bool {
		for i, x := range p.xs {
			rest := sign * p.k
			for j := range p.xs {
				if j != i {
					rest += minTerm(j, sign)
				}
			}
			doms[x] = slices.DeleteFunc(doms[x], func(v int64) bool { return sign*term(i, v)+rest > 0 })
			if len(doms[x]) == 0 {
				return false
			}
		}
		return true
	}
	switch {
	case p.rel == linLE:
		if !le(1) {
			return false
		}
	case p.rel == linEQ && len(p.xs) == 2:
		for i := range 2 {
			x, y := p.xs[i], p.xs[1-i]
			doms[x] = slices.DeleteFunc(doms[x], func(v int64) bool {
				return !slices.ContainsFunc(doms[y], func(w int64) bool { return term(i, v)+term(1-i, w)+p.k == 0 })
			})
		}
	case p.rel == linEQ:
		if !le(1) || !le(-1) {
			return false
		}
	default: // !=: forward checking
		free, s := -1, p.k
		for i, x := range p.xs {
			if len(doms[x]) > 1 {
				if free >= 0 {
					return true
				}
				free = i
				continue
			}
			s += term(i, doms[x][0])
		}
		if free < 0 {
			return s != 0
		}
		doms[p.xs[free]] = slices.DeleteFunc(doms[p.xs[free]], func(v int64) bool { return term(free, v)+s == 0 })
	}
	for _, x := range p.xs {
		if len(doms[x]) == 0 {
			return false
		}
	}
	return true
}

// exprAC is arc consistency by enumeration when the constraint has two
// variables, one unfixed variable, or at most gacLimit tuples times nodes
// of its compiled expression; nothing otherwise (with every variable
// fixed: the check).
func (r *refSearch) exprAC(c *refCons, doms [][]int64) bool {
	tuples, free := r.exprNodes[c], 0
	for _, x := range c.vars {
		tuples *= len(doms[x])
		if len(doms[x]) > 1 {
			free++
		}
	}
	if free >= 2 && tuples > gacLimit && len(c.vars) > 2 {
		return true
	}
	a := make([]int64, r.n)
	supported := make([]map[int64]bool, len(c.vars))
	for k := range supported {
		supported[k] = map[int64]bool{}
	}
	var enum func(k int)
	enum = func(k int) {
		if k == len(c.vars) {
			if v, ok := refEval(c.expr, a); ok && v != 0 {
				for j, x := range c.vars {
					supported[j][a[x]] = true
				}
			}
			return
		}
		for _, w := range doms[c.vars[k]] {
			a[c.vars[k]] = w
			enum(k + 1)
		}
	}
	enum(0)
	for j, x := range c.vars {
		doms[x] = slices.DeleteFunc(doms[x], func(w int64) bool { return !supported[j][w] })
		if len(doms[x]) == 0 {
			return false
		}
	}
	return true
}
