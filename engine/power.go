package engine

import "math"

// power is z = x^k for a constant k >= 2 (x^2 is x·x written twice:
// flattening gathers equal factors of a product into powers).
//
// A small x (at most smallDomain values) is made domain consistent on x
// and z. Otherwise bounds: for odd k the power is increasing, so the
// bounds of z are those of x raised and the bounds of x the k-th roots of
// z's (rounded inward); for even k, z >= 0, z's bounds are the powers of
// the least and greatest |x|, and x lies within ±(the root of z's
// greatest) outside ±(the root of its least), which holds x's bounds
// out of that middle.
type power struct {
	x, z int32
	k    int64
	vs   []int64
}

func (p *power) propagate(t *store, _ propMode) bool {
	if t.size(p.x) <= smallDomain {
		return p.small(t)
	}
	for range maxRounds {
		c := t.changes
		xl, xh := t.minOf(p.x), t.maxOf(p.x)
		lo, hi, _ := powBounds(xl, xh, p.k) // within z's initial bounds
		if !narrowTo(t, p.z, lo, hi) {
			return false
		}
		zl, zh := t.minOf(p.z), t.maxOf(p.z)
		if p.k%2 == 1 {
			if !narrowTo(t, p.x, rootCeil(zl, p.k), rootFloor(zh, p.k)) {
				return false
			}
		} else {
			r, s := rootFloor(zh, p.k), rootCeil(max(zl, 0), p.k)
			if !narrowTo(t, p.x, -r, r) {
				return false
			}
			// x outside -s+1..s-1.
			if t.minOf(p.x) > -s && !t.removeBelow(p.x, s) {
				return false
			}
			if t.maxOf(p.x) < s && !t.removeAbove(p.x, -s) {
				return false
			}
		}
		if t.changes == c {
			break
		}
	}
	return true
}

// small makes x and z domain consistent by trying every value of x.
func (p *power) small(t *store) bool {
	p.vs = p.vs[:0]
	for v, ok := t.minOf(p.x), true; ok; v, ok = t.nextValue(p.x, v) {
		w, _ := PowInt(v, p.k) // within z's initial bounds
		if !t.contains(p.z, w) {
			if !t.remove(p.x, v) {
				return false
			}
			continue
		}
		p.vs = append(p.vs, w)
	}
	return len(p.vs) > 0 && keepOnly(t, p.z, p.vs)
}

// powBounds returns the least and greatest v^k for v in a..b, and false
// if they overflow.
func powBounds(a, b, k int64) (int64, int64, bool) {
	pa, ok1 := PowInt(a, k)
	pb, ok2 := PowInt(b, k)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	lo, hi := min(pa, pb), max(pa, pb)
	if k%2 == 0 && a <= 0 && b >= 0 {
		lo = 0
	}
	return lo, hi, true
}

// rootFloor returns the greatest r with r^k <= v (k >= 2; v >= 0 for
// even k).
func rootFloor(v, k int64) int64 {
	if v < 0 {
		return -rootCeil(-v, k) // odd k: r^k <= v iff (-r)^k >= -v
	}
	r := int64(math.Pow(float64(v), 1/float64(k)))
	for r > 0 && !powAtMost(r, k, v) {
		r--
	}
	for powAtMost(r+1, k, v) {
		r++
	}
	return r
}

// rootCeil returns the least r with r^k >= v.
func rootCeil(v, k int64) int64 {
	if v <= 0 {
		if k%2 == 0 {
			return 0
		}
		return -rootFloor(-v, k)
	}
	r := rootFloor(v, k)
	if p, ok := PowInt(r, k); ok && p == v {
		return r
	}
	return r + 1
}

// powAtMost reports whether r^k <= v, for r >= 0.
func powAtMost(r, k, v int64) bool {
	p, ok := PowInt(r, k)
	return ok && p <= v
}
