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
	for range maxRounds {
		c := t.changes
		xl, xh := t.minOf(p.x), t.maxOf(p.x)
		lo, hi := int64(0), max(satNeg(xl), xh)
		if xl > 0 {
			lo = xl
		} else if xh < 0 {
			lo = -xh
		}
		if !narrowTo(t, p.z, lo, hi) {
			return false
		}
		zl, zh := t.minOf(p.z), t.maxOf(p.z)
		if !narrowTo(t, p.x, -zh, zh) {
			return false
		}
		if zl > 0 {
			if t.minOf(p.x) > -zl && !t.removeBelow(p.x, zl) {
				return false
			}
			if t.maxOf(p.x) < zl && !t.removeAbove(p.x, -zl) {
				return false
			}
		}
		if t.changes == c {
			break
		}
	}
	return true
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
