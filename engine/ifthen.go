package engine

// ifThen is z = if c then a else b, c a literal. Once c is decided, z
// equals the chosen branch (equalDomains: bounds, and domains when
// small). While it is open, z lies within the hull of a and b, and a
// branch that cannot equal z (their bounds, or, when z is small, their
// values, do not meet) decides c the other way. Domain consistent when
// the domains are small, bounds consistent otherwise.
type ifThen struct {
	c       lit
	a, b, z int32
}

func (p *ifThen) propagate(t *store, _ propMode) bool {
	if v, ok := p.c.value(t); ok {
		if v {
			return equalDomains(t, p.z, p.a)
		}
		return equalDomains(t, p.z, p.b)
	}
	lo := min(t.minOf(p.a), t.minOf(p.b))
	hi := max(t.maxOf(p.a), t.maxOf(p.b))
	if !narrowTo(t, p.z, lo, hi) {
		return false
	}
	if !meets(t, p.z, p.a) {
		return p.c.not().set(t) && equalDomains(t, p.z, p.b)
	}
	if !meets(t, p.z, p.b) {
		return p.c.set(t) && equalDomains(t, p.z, p.a)
	}
	if t.size(p.z) <= smallDomain {
		for v, ok := t.minOf(p.z), true; ok; v, ok = t.nextValue(p.z, v) {
			if !t.contains(p.a, v) && !t.contains(p.b, v) && !t.remove(p.z, v) {
				return false
			}
		}
	}
	return true
}

// meets reports whether x and y may be equal: their bounds overlap and,
// when x is small, they share a value.
func meets(t *store, x, y int32) bool {
	lo, hi := max(t.minOf(x), t.minOf(y)), min(t.maxOf(x), t.maxOf(y))
	if lo > hi {
		return false
	}
	if t.size(x) > smallDomain {
		return true
	}
	for v, ok := t.minOf(x), true; ok && v <= hi; v, ok = t.nextValue(x, v) {
		if v >= lo && t.contains(y, v) {
			return true
		}
	}
	return false
}
