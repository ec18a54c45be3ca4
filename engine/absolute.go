package engine

// absolute is z = |x|.
//
// When x and z have at most smallDomain values each, it is domain
// consistent: a value v of x stays iff |v| is in z, a value w of z iff w
// or -w is in x. Otherwise bounds: z >= 0, z between the least and the
// greatest |x|, x within ±max z, and a bound of x that lies strictly
// between -min z and min z moves out to ±min z. That is bounds
// consistency over the integers when the bounds alone are known.
type absolute struct {
	x, z   int32
	bounds bool // bounds consistency only: no domain step
}

func (p *absolute) propagate(t *store, _ propMode) bool {
	if !p.bounds && t.size(p.x) <= smallDomain && t.size(p.z) <= smallDomain {
		return p.domains(t)
	}
	return p.propagateBounds(t)
}

// propagateBounds narrows z from x's bounds, then x from z's, and again
// while x moves (holes can carry a bound past the value asked for):
// with x still, z's bounds came from x's and x's from z's, a fixpoint,
// so that the global runs as idempotent. Each loop removes a value or
// stops, so it ends.
func (p *absolute) propagateBounds(t *store) bool {
	x, z := p.x, p.z
	for {
		xl, xh := t.minOf(x), t.maxOf(x)
		lo, hi := int64(0), max(satNeg(xl), xh)
		if xl > 0 {
			lo = xl
		} else if xh < 0 {
			lo = -xh
		}
		if lo > t.minOf(z) && !t.removeBelow(z, lo) || hi < t.maxOf(z) && !t.removeAbove(z, hi) {
			return false
		}
		zl, zh := t.minOf(z), t.maxOf(z)
		if xl < -zh && !t.removeBelow(x, -zh) || xh > zh && !t.removeAbove(x, zh) {
			return false
		}
		if zl > 0 {
			// No value strictly between -min z and min z.
			if l := t.minOf(x); l > -zl && l < zl && !t.removeBelow(x, zl) {
				return false
			}
			if h := t.maxOf(x); h < zl && h > -zl && !t.removeAbove(x, -zl) {
				return false
			}
		}
		if t.minOf(x) == xl && t.maxOf(x) == xh {
			return true
		}
	}
}

func (p *absolute) domains(t *store) bool {
	if !t.removeBelow(p.z, 0) {
		return false
	}
	for v, ok := t.minOf(p.x), true; ok; v, ok = t.nextValue(p.x, v) {
		if !t.contains(p.z, max(v, -v)) && !t.remove(p.x, v) {
			return false
		}
	}
	for w, ok := t.minOf(p.z), true; ok; w, ok = t.nextValue(p.z, w) {
		if !t.contains(p.x, w) && !t.contains(p.x, -w) && !t.remove(p.z, w) {
			return false
		}
	}
	return true
}
