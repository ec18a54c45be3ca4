package engine

import "math"

// power is z = x^k for a constant k >= 2 (x^2 is x·x written twice:
// flattening gathers equal factors of a product into powers).
//
// First interval reasoning: for odd k the power is increasing, so the
// bounds of z are those of x raised and the bounds of x the k-th roots of
// z's (rounded inward); for even k, z >= 0, z's bounds are the powers of
// the least and greatest |x|, and x lies within ±(the root of z's
// greatest) outside ±(the root of its least), which holds x's bounds
// out of that middle. Then a small x (at most powerDC values) is made
// domain consistent on x and z; a larger one gets bounds consistency on
// the domains: the least and greatest values of x and z each have a
// support (an x whose power is in z, a z that is the power of an x).
type power struct {
	x, z int32
	k    int64
	vs   []int64
}

func (p *power) propagate(t *store, _ propMode) bool {
	if !p.bounds(t) {
		return false
	}
	if t.size(p.x) <= powerDC {
		return p.small(t)
	}
	return p.ends(t)
}

// powerDC is the largest x made domain consistent. Trying every value
// of x at each call cost pythagorean triples (x, y, z in 1..300, -a)
// three quarters of its time for no node saved: the linear sum of the
// squares moves their bounds a square at a time, and each step tried
// the 256 values of x again. Past powerDC, the ends suffice.
const powerDC = 64

// ends removes the least and greatest values of x whose power is not in
// z, then those of z that are not the power of a value of x.
func (p *power) ends(t *store) bool {
	for {
		v := t.minOf(p.x)
		if w, _ := PowInt(v, p.k); t.contains(p.z, w) {
			break
		}
		if !t.remove(p.x, v) {
			return false
		}
	}
	for {
		v := t.maxOf(p.x)
		if w, _ := PowInt(v, p.k); t.contains(p.z, w) {
			break
		}
		if !t.remove(p.x, v) {
			return false
		}
	}
	for {
		w := t.minOf(p.z)
		if p.isPower(t, w) {
			break
		}
		if !t.remove(p.z, w) {
			return false
		}
	}
	for {
		w := t.maxOf(p.z)
		if p.isPower(t, w) {
			break
		}
		if !t.remove(p.z, w) {
			return false
		}
	}
	return true
}

// isPower reports whether w is v^k for some v of x.
func (p *power) isPower(t *store, w int64) bool {
	if w < 0 && p.k%2 == 0 {
		return false
	}
	r := rootFloor(w, p.k)
	if q, _ := PowInt(r, p.k); q != w {
		return false
	}
	return t.contains(p.x, r) || p.k%2 == 0 && t.contains(p.x, -r)
}

// bounds narrows x and z by interval reasoning.
func (p *power) bounds(t *store) bool {
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
