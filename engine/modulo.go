package engine

// modulo is z = x % y, the remainder with the sign of x (|z| < |y|, and
// z = 0 or z has x's sign). Definedness (y != 0) is handled as divide's
// (definedBy).
//
// Defined, with at most enumPairs value pairs of x and y, it is domain
// consistent. Otherwise bounds: where every |x| is below every |y|, z = x
// (equalDomains); else z lies within ±(max |y| - 1), within x's bounds
// and on x's side of 0; a z that cannot be 0 gives x its sign
// (|x| >= |z|) and keeps |y| above the least |z|; and once y is fixed,
// each bound of x moves to the nearest value whose remainder lies within
// z's bounds, which makes x's bounds supported.
type modulo struct {
	x, y, z int32
	d       int32
	canon   int64
	sc      pairScratch
}

func (p *modulo) propagate(t *store, _ propMode) bool {
	switch st, ok := definedBy(t, p.y, p.d, p.z, p.canon); {
	case !ok:
		return false
	case st == partUndefined:
		return true
	case st == partOpen:
		lo, hi := p.zRange(t)
		return narrowTo(t, p.z, min(lo, p.canon), max(hi, p.canon))
	}
	if pairsFew(t, p.x, p.y) {
		return enumFunc(t, p.x, p.y, p.z, ModInt, &p.sc)
	}
	for range maxRounds {
		c := t.changes
		if !p.bounds(t) {
			return false
		}
		if t.changes == c {
			break
		}
	}
	return true
}

// zRange returns the remainders x's and y's bounds allow (y != 0).
func (p *modulo) zRange(t *store) (int64, int64) {
	xl, xh := t.minOf(p.x), t.maxOf(p.x)
	m := max(satNeg(t.minOf(p.y)), t.maxOf(p.y)) - 1 // largest |z|
	switch {
	case xl >= 0:
		return 0, min(xh, m)
	case xh <= 0:
		return max(xl, -m), 0
	}
	return max(xl, -m), min(xh, m)
}

func (p *modulo) bounds(t *store) bool {
	if xm, ym := max(satNeg(t.minOf(p.x)), t.maxOf(p.x)), leastAbs(t, p.y); xm < ym {
		return equalDomains(t, p.x, p.z) // |x| < |y|: x % y = x
	}
	lo, hi := p.zRange(t)
	if !narrowTo(t, p.z, lo, hi) {
		return false
	}
	zl, zh := t.minOf(p.z), t.maxOf(p.z)
	least := int64(0) // the least |z|
	switch {
	case zl > 0:
		least = zl
		if !t.removeBelow(p.x, zl) {
			return false
		}
	case zh < 0:
		least = -zh
		if !t.removeAbove(p.x, zh) {
			return false
		}
	}
	if least > 0 { // |y| > least
		if yl := t.minOf(p.y); yl >= -least && yl <= least && !t.removeBelow(p.y, least+1) {
			return false
		}
		if yh := t.maxOf(p.y); yh <= least && yh >= -least && !t.removeAbove(p.y, -least-1) {
			return false
		}
	}
	if !t.fixed(p.y) {
		return true
	}
	y := max(t.minOf(p.y), -t.minOf(p.y))
	lo, ok1 := nextRem(t.minOf(p.x), y, zl, zh)
	hi, ok2 := nextRem(satNeg(t.maxOf(p.x)), y, satNeg(zh), satNeg(zl))
	return ok1 && ok2 && narrowTo(t, p.x, lo, satNeg(hi))
}

// leastAbs returns the least |v| over the values of y, which has no 0.
func leastAbs(t *store, y int32) int64 {
	m := int64(1<<63 - 1)
	if v, ok := t.nextValue(y, 0); ok {
		m = v
	}
	if v, ok := t.prevValue(y, 0); ok {
		m = min(m, satNeg(v))
	}
	return m
}

// nextRem returns the least w >= v whose remainder w % y (y > 0, with
// w's sign) lies in zl..zh, and false if there is none.
func nextRem(v, y, zl, zh int64) (int64, bool) {
	if v < 0 {
		// Negative w: w % y = -((-w) % y), in max(zl, 1-y)..min(zh, 0);
		// the least w >= v is the greatest u = -w <= -v with u % y in
		// a..b.
		a, b := max(-min(zh, 0), 0), min(-max(zl, 1-y), y-1)
		if a <= b {
			u := satNeg(v)
			switch r := u % y; {
			case r > b:
				u -= r - b
			case r < a:
				u = u - r - y + b
			}
			if u >= 1 {
				return -u, true
			}
		}
		v = 0
	}
	a, b := max(zl, 0), min(zh, y-1)
	if a > b {
		return 0, false
	}
	switch r := v % y; {
	case r < a:
		return satAdd(v, a-r), true
	case r > b:
		return satAdd(satAdd(v-r, y), a), true
	}
	return v, true
}
