package engine

import "math"

// times is z = x·y over two distinct variables (x·x is power.go's).
//
// When x and y have at most enumPairs value pairs, every pair is tried:
// domain consistency. Otherwise it is interval reasoning, to a fixpoint
// of its own: z within the products of the bounds of x and y; x within
// the quotients of z's bounds by y's where y keeps one sign (both signs:
// the hull of its negative and its positive part, the parts ending at
// the values nearest 0); x and y non-zero where z cannot be 0. That is
// bounds consistency over the reals: each bound of each variable is
// x·y = z for some reals within the others' bounds.
type times struct {
	x, y, z int32
	sc      pairScratch
}

func (p *times) propagate(t *store, _ propMode) bool {
	if pairsFew(t, p.x, p.y) {
		return enumFunc(t, p.x, p.y, p.z, mulDefined, &p.sc)
	}
	for range maxRounds {
		c := t.changes
		lo, hi := mulRange(t.minOf(p.x), t.maxOf(p.x), t.minOf(p.y), t.maxOf(p.y))
		if !narrowTo(t, p.z, lo, hi) || !quotient(t, p.x, p.y, p.z) || !quotient(t, p.y, p.x, p.z) {
			return false
		}
		if t.changes == c {
			break
		}
	}
	return true
}

// maxRounds bounds the rounds a primitive makes to its own fixpoint:
// bounds that creep by a little each round on a wide domain are left to
// the next run.
const maxRounds = 16

func mulDefined(a, b int64) (int64, bool) { return a * b, true } // within z's bounds: no overflow

// mulRange returns the least and greatest products of a value of a..b
// and one of c..d, saturated.
func mulRange(a, b, c, d int64) (int64, int64) {
	p1, p2, p3, p4 := satMul(a, c), satMul(a, d), satMul(b, c), satMul(b, d)
	return min(p1, p2, p3, p4), max(p1, p2, p3, p4)
}

// quotient narrows x by z = x·y: x lies within z's bounds divided by y's,
// where y is not 0.
func quotient(t *store, x, y, z int32) bool {
	zl, zh := t.minOf(z), t.maxOf(z)
	yl, yh := t.minOf(y), t.maxOf(y)
	if zl <= 0 && zh >= 0 {
		if yl > 0 || yh < 0 {
			lo, hi := divRange(zl, zh, yl, yh)
			return narrowTo(t, x, lo, hi)
		}
		return true // x·0 = 0: any x
	}
	// z is not 0: neither is x, nor y.
	if !t.remove(x, 0) || !t.remove(y, 0) {
		return false
	}
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	if yl < 0 {
		nh, _ := t.prevValue(y, 0)
		nh = min(nh, yh)
		a, b := divRange(zl, zh, yl, nh)
		lo, hi = min(lo, a), max(hi, b)
	}
	if yh > 0 {
		pl, _ := t.nextValue(y, 0)
		pl = max(pl, yl)
		a, b := divRange(zl, zh, pl, yh)
		lo, hi = min(lo, a), max(hi, b)
	}
	return narrowTo(t, x, lo, hi)
}

// divRange returns the integers within the real quotients q·v = u for u
// in zl..zh and v in yl..yh, which has one sign: from the least ceiling
// to the greatest floor of the corners' quotients.
func divRange(zl, zh, yl, yh int64) (int64, int64) {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, u := range [2]int64{zl, zh} {
		for _, v := range [2]int64{yl, yh} {
			if u == math.MinInt64 && v == -1 {
				return math.MinInt64, math.MaxInt64
			}
			lo, hi = min(lo, ceilDiv(u, v)), max(hi, floorDiv(u, v))
		}
	}
	return lo, hi
}
