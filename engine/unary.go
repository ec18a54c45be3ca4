package engine

import (
	"math"
	"slices"
)

// Constraints over one variable. The builder applies such a constraint
// once, at the root, by keeping the values for which it holds (see
// builder.post), and forgets it. A wide variable's values cannot be tried
// one by one, so the builder first computes the set where the constraint
// holds as intervals (truthSet): comparisons of linear terms with
// constants, membership in a set, and the logic that combines them,
// which is what a model says of one variable (x in 0..10^9 diff {5},
// x < 10 or x > 20). Anything else over a wide variable is posted as a
// propagator, which narrows its bounds and checks it once it is fixed.

// postUnary applies e, over the single variable x, to the domain of x,
// and reports whether it could; false leaves e to the caller.
func (b *builder) postUnary(e Expr, x int32) bool {
	t := &b.s.st
	set, ok := truthSet(e, x, t.minOf(x), t.maxOf(x))
	if !ok {
		return false
	}
	if !t.keepIntervals(x, set) {
		b.s.unsat = true
	}
	return true
}

// keepIntervals removes from x every value outside ivs (sorted, disjoint).
func (t *store) keepIntervals(x int32, ivs []Interval) bool {
	if len(ivs) == 0 {
		t.wiped = x
		return false
	}
	if !t.bitset(x) { // one change of the gaps, not one per range
		cur := t.intervals(nil, x)
		if keep := ivIntersect(cur, ivs); !slices.Equal(keep, cur) {
			return t.wideKeep(x, keep)
		}
		return true
	}
	if !t.removeBelow(x, ivs[0].Lo) || !t.removeAbove(x, ivs[len(ivs)-1].Hi) {
		return false
	}
	for i := 1; i < len(ivs); i++ {
		if !t.removeRange(x, ivs[i-1].Hi+1, ivs[i].Lo-1) {
			return false
		}
	}
	return true
}

// truthSet returns the values of x within lo..hi where e, an expression
// over x alone, is true (defined and non-zero), as sorted disjoint
// intervals; false if e is not made of linear comparisons, membership
// and logic.
func truthSet(e Expr, x int32, lo, hi int64) ([]Interval, bool) {
	all := []Interval{{lo, hi}}
	switch e := e.(type) {
	case *Const:
		if e.V != 0 {
			return all, true
		}
		return nil, true
	case *VarExpr: // x as a truth value: x != 0
		return ivMinus(all, Interval{0, 0}), true
	case *Unary:
		if e.Op != OpNot {
			return nil, false
		}
		s, ok := truthSet(e.X, x, lo, hi)
		return ivComplement(s, lo, hi), ok
	case *InSet:
		if v, ok := e.X.(*VarExpr); !ok || int32(v.V) != x {
			return nil, false
		}
		var in []Interval
		for _, w := range e.Set { // sorted
			if w < lo || w > hi {
				continue
			}
			if n := len(in); n > 0 && in[n-1].Hi == w-1 {
				in[n-1].Hi = w
			} else {
				in = append(in, Interval{w, w})
			}
		}
		if e.Negated {
			return ivComplement(in, lo, hi), true
		}
		return in, true
	case *Nary:
		if e.Op != OpAll && e.Op != OpAny {
			return nil, false
		}
		acc := all
		if e.Op == OpAny {
			acc = nil
		}
		for _, a := range e.Args {
			s, ok := truthSet(a, x, lo, hi)
			if !ok {
				return nil, false
			}
			if e.Op == OpAll {
				acc = ivIntersect(acc, s)
			} else {
				acc = ivUnion(acc, s)
			}
		}
		return acc, true
	case *Binary:
		if e.Op.IsRelation() {
			return relationSet(e, x, lo, hi)
		}
		if !e.Op.IsLogical() {
			return nil, false
		}
		p, ok1 := truthSet(e.X, x, lo, hi)
		q, ok2 := truthSet(e.Y, x, lo, hi)
		if !ok1 || !ok2 {
			return nil, false
		}
		np, nq := ivComplement(p, lo, hi), ivComplement(q, lo, hi)
		switch e.Op {
		case OpAnd:
			return ivIntersect(p, q), true
		case OpOr:
			return ivUnion(p, q), true
		case OpImplies:
			return ivUnion(np, q), true
		case OpXor:
			return ivUnion(ivIntersect(p, nq), ivIntersect(np, q)), true
		}
		return ivUnion(ivIntersect(p, q), ivIntersect(np, nq)), true // OpIff
	}
	return nil, false
}

// relationSet is truthSet for a comparison: a·x + k rel 0 once its sides
// are read as linear forms of x.
func relationSet(e *Binary, x int32, lo, hi int64) ([]Interval, bool) {
	var f linForm
	if !f.add(e.X, 1) || !f.add(e.Y, -1) {
		return nil, false
	}
	a := int64(0)
	for _, t := range f.terms {
		if t.x != x {
			return nil, false
		}
		var ok bool
		if a, ok = AddInt(a, t.a); !ok {
			return nil, false
		}
	}
	if a == 0 {
		if relHolds(e.Op, f.k, 0) {
			return []Interval{{lo, hi}}, true
		}
		return nil, true
	}
	// The relation holds on an interval of x, or outside one point (!=);
	// its ends come from a·x rel -k.
	r, ok := NegInt(f.k)
	if !ok {
		return nil, false
	}
	var s []Interval
	switch e.Op {
	case OpEq, OpNe:
		if r%a == 0 && r/a >= lo && r/a <= hi {
			s = []Interval{{r / a, r / a}}
		}
		if e.Op == OpNe {
			s = ivComplement(s, lo, hi)
		}
		return s, true
	}
	// a·x <= r (or <, >, >=) is x <= floor(r/a) or x >= ceil(r/a) for a > 0,
	// reversed for a < 0; the end found, the side is read off holds.
	// With q = r/a: x <= floor(q), x < ceil(q), x >= ceil(q) or x > floor(q),
	// the strict ones written as non-strict on the side of lo..hi.
	var cut Interval
	switch {
	case e.Op == OpLe && a > 0, e.Op == OpGe && a < 0:
		cut = Interval{lo, floorDiv(r, a)}
	case e.Op == OpLt && a > 0, e.Op == OpGt && a < 0:
		c := ceilDiv(r, a)
		if c <= lo {
			return nil, true
		}
		cut = Interval{lo, c - 1}
	case e.Op == OpGe && a > 0, e.Op == OpLe && a < 0:
		cut = Interval{ceilDiv(r, a), hi}
	default: // > with a > 0, < with a < 0
		f := floorDiv(r, a)
		if f >= hi {
			return nil, true
		}
		cut = Interval{f + 1, hi}
	}
	cut.Lo, cut.Hi = max(cut.Lo, lo), min(cut.Hi, hi)
	if cut.Lo > cut.Hi {
		return nil, true
	}
	return []Interval{cut}, true
}

// relHolds applies a relational operator.
func relHolds(op BinOp, a, b int64) bool {
	switch op {
	case OpEq:
		return a == b
	case OpNe:
		return a != b
	case OpLt:
		return a < b
	case OpLe:
		return a <= b
	case OpGt:
		return a > b
	}
	return a >= b
}

// Interval sets: sorted, disjoint, not adjacent.

// ivIntersect returns a ∩ b.
func ivIntersect(a, b []Interval) []Interval {
	var out []Interval
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i].Lo, b[j].Lo), min(a[i].Hi, b[j].Hi)
		if lo <= hi {
			out = append(out, Interval{lo, hi})
		}
		if a[i].Hi < b[j].Hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// ivUnion returns a ∪ b.
func ivUnion(a, b []Interval) []Interval {
	var out []Interval
	for i, j := 0, 0; i < len(a) || j < len(b); {
		var iv Interval
		if j == len(b) || i < len(a) && a[i].Lo <= b[j].Lo {
			iv, i = a[i], i+1
		} else {
			iv, j = b[j], j+1
		}
		if n := len(out); n > 0 && (iv.Lo <= out[n-1].Hi || iv.Lo-1 == out[n-1].Hi) {
			out[n-1].Hi = max(out[n-1].Hi, iv.Hi)
			continue
		}
		out = append(out, iv)
	}
	return out
}

// ivComplement returns lo..hi minus s, s within lo..hi.
func ivComplement(s []Interval, lo, hi int64) []Interval {
	var out []Interval
	next := lo
	for _, iv := range s {
		if iv.Lo > next {
			out = append(out, Interval{next, iv.Lo - 1})
		}
		if iv.Hi == hi {
			return out
		}
		next = iv.Hi + 1
	}
	return append(out, Interval{next, hi})
}

// ivMinus returns s minus one interval.
func ivMinus(s []Interval, cut Interval) []Interval {
	var out []Interval
	for _, iv := range s {
		if cut.Hi < iv.Lo || cut.Lo > iv.Hi {
			out = append(out, iv)
			continue
		}
		if cut.Lo > iv.Lo {
			out = append(out, Interval{iv.Lo, cut.Lo - 1})
		}
		if cut.Hi < iv.Hi {
			out = append(out, Interval{cut.Hi + 1, iv.Hi})
		}
	}
	return out
}

// appendRuns appends the sorted values vs to dst as maximal intervals.
func appendRuns(dst []Interval, vs []int64) []Interval {
	for _, v := range vs {
		if n := len(dst); n > 0 && dst[n-1].Hi == v-1 {
			dst[n-1].Hi = v
		} else {
			dst = append(dst, Interval{v, v})
		}
	}
	return dst
}

// ivsMinus returns a minus b.
func ivsMinus(a, b []Interval) []Interval {
	var out []Interval
	j := 0
	for _, iv := range a {
		for j < len(b) && b[j].Hi < iv.Lo {
			j++
		}
		lo, covered := iv.Lo, false
		for k := j; k < len(b) && b[k].Lo <= iv.Hi; k++ {
			if b[k].Lo > lo {
				out = append(out, Interval{lo, b[k].Lo - 1})
			}
			if b[k].Hi >= iv.Hi {
				covered = true
				break
			}
			lo = b[k].Hi + 1
		}
		if !covered {
			out = append(out, Interval{lo, iv.Hi})
		}
	}
	return out
}

// ivCount returns the number of values of s, saturated at MaxInt64.
func ivCount(s []Interval) int64 {
	n := int64(0)
	for _, iv := range s {
		d := uint64(iv.Hi-iv.Lo) + 1
		if d > uint64(math.MaxInt64-n) {
			return math.MaxInt64
		}
		n += int64(d)
	}
	return n
}
