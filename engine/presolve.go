package engine

import (
	"math"
	"slices"
)

// Presolve: linear equalities reasoned about together, under PropAC.
//
// Bounds propagation of linear equalities one at a time can creep: with
// x, y in 0..10^9, x + y = 1234567890 and x - y = 2 each round moves
// the bounds by 2, and the fixpoint is half a billion rounds away. Before
// the search, finishAC gathers every linear equality (the model's and
// flattening's) and eliminates variables among them, Gauss-Jordan over
// the integers: each row in turn gives a pivot (a variable of least
// |coefficient|, in the fewest rows), which the other rows lose by
// fraction-free combination, each row divided by the gcd of its
// coefficients. A row whose gcd does not divide its constant has no
// integer solution: the model has none (2x + 4y = 7, or 2x = y + y + 1
// once flattened). A derived row of one variable fixes it; one of two
// variables, not among the rows given, is posted as an equality of its
// own (domain consistent when small), so x - y = 2 with x + y = S fixes
// both at the root. Longer derived rows are dropped: they would only
// duplicate the rows they came from.
//
// The work is bounded (presolveWork term operations, rows of at most
// presolveTerms terms, coefficients in 64 bits): past a bound presolve
// stops and keeps what it derived so far, which is all sound.

const (
	presolveRows  = 4096
	presolveTerms = 64
	presolveWork  = 1 << 21
)

// eqRow is Σ a·x + k = 0 with its terms sorted by variable.
type eqRow struct {
	ts   []linTerm
	k    int64
	cons int32 // the model constraint it came from (dom/wdeg, traces)
}

// presolve derives what the linear equalities of s.ac imply together.
func (b *builder) presolve() {
	if !flattening {
		return
	}
	s := b.s
	var rows []eqRow
	seen := map[string]bool{}
	for i, p := range s.ac.props {
		l, ok := p.(*acLinear)
		if !ok || l.p.rel != linEQ {
			continue
		}
		r := eqRow{k: l.p.k, cons: s.ac.info[i].cons}
		for i, x := range l.p.xs {
			r.ts = append(r.ts, linTerm{x, l.p.coef[i]})
		}
		slices.SortFunc(r.ts, func(a, b linTerm) int { return int(a.x) - int(b.x) })
		if !r.normalize() {
			s.unsat = true
			return
		}
		seen[r.key()] = true
		rows = append(rows, r)
	}
	if len(rows) < 2 || len(rows) > presolveRows {
		return
	}
	derived := eliminate(rows)
	if derived == nil {
		s.unsat = true
		return
	}
	t := &s.st
	for _, r := range derived {
		switch {
		case len(r.ts) == 1:
			if r.k == math.MinInt64 || !narrow(t, r.ts[0].x, r.ts[0].a, -r.k, linEQ) {
				s.unsat = true
				return
			}
		case len(r.ts) == 2 && !seen[r.key()]:
			seen[r.key()] = true
			p := &linearProp{rel: linEQ, k: r.k, xs: []int32{r.ts[0].x, r.ts[1].x}, coef: []int64{r.ts[0].a, r.ts[1].a}}
			if magnitudeOK(t, p) {
				b.addAC(&acLinear{p: p}, p.xs, onChange, acInfo{idem: true, cons: r.cons}, nil)
			}
		}
	}
}

// eliminate runs Gauss-Jordan on rows (changing them) and returns the
// rows it ends with, or nil if one has no integer solution.
func eliminate(rows []eqRow) []eqRow {
	occ := map[int32]int{} // rows each variable occurs in
	for _, r := range rows {
		for _, tm := range r.ts {
			occ[tm.x]++
		}
	}
	work := 0
	for i := range rows {
		p, ok := rows[i].pivot(occ)
		if !ok {
			if rows[i].k != 0 {
				return nil
			}
			continue
		}
		for j := range rows {
			if j == i || work > presolveWork {
				continue
			}
			a := rows[j].coefOf(p)
			if a == 0 {
				continue
			}
			for _, tm := range rows[j].ts {
				occ[tm.x]--
			}
			r, ok := combine(rows[j], rows[i], p)
			work += len(rows[j].ts) + len(rows[i].ts)
			if !ok || len(r.ts) > presolveTerms {
				for _, tm := range rows[j].ts {
					occ[tm.x]++
				}
				continue // too big or an overflow: keep row j as it is
			}
			if !r.normalize() || len(r.ts) == 0 && r.k != 0 {
				return nil
			}
			rows[j] = r
			for _, tm := range r.ts {
				occ[tm.x]++
			}
		}
	}
	return rows
}

// pivot returns the variable row r is solved for: a least |coefficient|,
// in the fewest rows; false for a row without terms.
func (r *eqRow) pivot(occ map[int32]int) (int32, bool) {
	best := -1
	for i, tm := range r.ts {
		if best < 0 {
			best = i
			continue
		}
		a, b := absU(tm.a), absU(r.ts[best].a)
		if a < b || a == b && occ[tm.x] < occ[r.ts[best].x] {
			best = i
		}
	}
	if best < 0 {
		return 0, false
	}
	return r.ts[best].x, true
}

func (r *eqRow) coefOf(x int32) int64 {
	i, ok := slices.BinarySearchFunc(r.ts, x, func(t linTerm, x int32) int { return int(t.x) - int(x) })
	if !ok {
		return 0
	}
	return r.ts[i].a
}

// combine returns a·r - c·q, where a and c are q's and r's coefficients
// of p, which it no longer holds; false on an overflow.
func combine(r, q eqRow, p int32) (eqRow, bool) {
	a, c := q.coefOf(p), r.coefOf(p)
	out := eqRow{cons: r.cons}
	k1, ok1 := MulInt(a, r.k)
	k2, ok2 := MulInt(c, q.k)
	k, ok3 := SubInt(k1, k2)
	out.k = k
	if !ok1 || !ok2 || !ok3 {
		return out, false
	}
	i, j := 0, 0
	for i < len(r.ts) || j < len(q.ts) {
		var x int32
		var u, v int64
		switch {
		case j == len(q.ts) || i < len(r.ts) && r.ts[i].x < q.ts[j].x:
			x, u = r.ts[i].x, r.ts[i].a
			i++
		case i == len(r.ts) || q.ts[j].x < r.ts[i].x:
			x, v = q.ts[j].x, q.ts[j].a
			j++
		default:
			x, u, v = r.ts[i].x, r.ts[i].a, q.ts[j].a
			i++
			j++
		}
		s1, ok1 := MulInt(a, u)
		s2, ok2 := MulInt(c, v)
		sum, ok3 := SubInt(s1, s2)
		if !ok1 || !ok2 || !ok3 {
			return out, false
		}
		if sum != 0 && x != p {
			out.ts = append(out.ts, linTerm{x, sum})
		}
	}
	return out, true
}

// normalize divides the row by the gcd of its coefficients and makes the
// first coefficient positive; false if the gcd does not divide k (no
// integer solution).
func (r *eqRow) normalize() bool {
	g := int64(0)
	for _, tm := range r.ts {
		g = gcd(g, tm.a)
	}
	if g == 0 {
		return r.k == 0
	}
	if r.k%g != 0 {
		return false
	}
	if r.ts[0].a < 0 {
		g = -g
	}
	for i := range r.ts {
		r.ts[i].a /= g
	}
	r.k /= g
	return true
}

// key identifies a normalised row.
func (r *eqRow) key() string {
	b := make([]byte, 0, 16*len(r.ts)+8)
	for _, tm := range r.ts {
		b = appendInt(appendInt(b, int64(tm.x)), tm.a)
	}
	return string(appendInt(b, r.k))
}

func appendInt(b []byte, v int64) []byte {
	u := uint64(v)
	for range 8 {
		b = append(b, byte(u))
		u >>= 8
	}
	return b
}

// magnitudeOK reports whether Σ |a·x| + |k| over the current bounds
// stays within maxLinearMagnitude, as the linear propagator needs.
func magnitudeOK(t *store, p *linearProp) bool {
	total, ok := AbsInt(p.k)
	for i, x := range p.xs {
		a, ok1 := AbsInt(p.coef[i])
		lo, ok2 := AbsInt(t.minOf(x))
		hi, ok3 := AbsInt(t.maxOf(x))
		m, ok4 := MulInt(a, max(lo, hi))
		var ok5 bool
		total, ok5 = AddInt(total, m)
		if !ok || !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || total > maxLinearMagnitude {
			return false
		}
	}
	return ok
}
