package engine

// divide is z = x / y, truncated toward zero.
//
// Where y may be 0, d (a 0/1 variable, else -1) says whether the
// quotient is defined, and the propagator ties it to y: d = 1 iff y != 0
// (see definedBy). Where d = 0, z is its canonical value canon (the least
// of its initial domain), so that z stays a function of x and y. While d
// is open, z is only narrowed to the quotients the bounds of x and y
// allow and canon; nothing else is narrowed, since the quotient may turn
// out undefined.
//
// Defined, with at most enumPairs value pairs of x and y, it is domain
// consistent. Otherwise it reasons by sign: in each quadrant of the signs
// of x and y, mapped to x, y >= 0 (x/y = -(-x/y) = -(x/-y)), z = x / y
// means z·y <= x <= z·y + y - 1, which bounds z by x's and y's bounds,
// x by z's and y's, and y by x's and z's; each variable keeps the hull of
// what the quadrants that are not empty allow.
type divide struct {
	x, y, z int32
	d       int32
	canon   int64
	sc      pairScratch
}

func (p *divide) propagate(t *store, _ propMode) bool {
	switch st, ok := definedBy(t, p.y, p.d, p.z, p.canon); {
	case !ok:
		return false
	case st == partUndefined:
		return true
	case st == partOpen:
		lo, hi, any := p.quadrants(t, false)
		if !any {
			return t.fixTo(p.d, 0) && t.fixTo(p.y, 0) && t.fixTo(p.z, p.canon)
		}
		return narrowTo(t, p.z, min(lo[2], p.canon), max(hi[2], p.canon))
	}
	if pairsFew(t, p.x, p.y) {
		return enumFunc(t, p.x, p.y, p.z, DivInt, &p.sc)
	}
	for range maxRounds {
		c := t.changes
		lo, hi, any := p.quadrants(t, true)
		if !any {
			return false
		}
		for i, v := range [3]int32{p.x, p.y, p.z} {
			if !narrowTo(t, v, lo[i], hi[i]) {
				return false
			}
		}
		if !t.remove(p.y, 0) {
			return false
		}
		if t.changes == c {
			break
		}
	}
	return true
}

// partState is what a partial operation's definedness is known to be.
type partState uint8

const (
	partDefined   partState = iota // the operands are in its domain
	partUndefined                  // they are not: the result is canonical
	partOpen                       // not known yet
)

// definedBy ties d (-1: the divisor y can only be non-zero, or must be)
// to y != 0, and fixes z to canon where the division is undefined.
func definedBy(t *store, y, d, z int32, canon int64) (partState, bool) {
	if d < 0 {
		return partDefined, t.remove(y, 0)
	}
	switch {
	case !t.contains(y, 0):
		if !t.fixTo(d, 1) {
			return 0, false
		}
	case t.fixed(y):
		if !t.fixTo(d, 0) {
			return 0, false
		}
	}
	if !t.fixed(d) {
		return partOpen, true
	}
	if t.minOf(d) == 0 {
		return partUndefined, t.fixTo(y, 0) && t.fixTo(z, canon)
	}
	return partDefined, t.remove(y, 0)
}

// quadrants returns the hull, over the sign quadrants of x and y (y != 0)
// that are not empty, of what each allows x, y and z (in that order);
// false if none is left. Without narrow, only z's range is computed.
func (p *divide) quadrants(t *store, narrow bool) (lo, hi [3]int64, any bool) {
	xl, xh := t.minOf(p.x), t.maxOf(p.x)
	yl, yh := t.minOf(p.y), t.maxOf(p.y)
	zl, zh := t.minOf(p.z), t.maxOf(p.z)
	for _, sx := range [2]int64{1, -1} {
		var x [2]int64 // the part of x of sign sx, as sx·x
		if sx > 0 {
			x = [2]int64{max(xl, 0), xh}
		} else {
			x = [2]int64{satNeg(min(xh, -1)), satNeg(xl)}
		}
		if x[0] > x[1] {
			continue
		}
		for _, sy := range [2]int64{1, -1} {
			var y [2]int64
			if sy > 0 {
				pl, ok := t.nextValue(p.y, 0)
				if !ok || yh < 1 {
					continue
				}
				y = [2]int64{max(pl, yl), yh}
			} else {
				nh, ok := t.prevValue(p.y, 0)
				if !ok || yl > -1 {
					continue
				}
				y = [2]int64{satNeg(min(nh, yh)), satNeg(yl)}
			}
			var z [2]int64 // sx·sy·z >= 0
			if sx*sy > 0 {
				z = [2]int64{max(zl, 0), zh}
			} else {
				z = [2]int64{max(satNeg(zh), 0), satNeg(zl)}
			}
			if !narrow {
				z = [2]int64{0, 1<<63 - 1}
			}
			if !divQuadrant(&x, &y, &z, narrow) {
				continue
			}
			// Back from the positive quadrant.
			qx, qy, qz := x, y, z
			if sx < 0 {
				qx = [2]int64{-x[1], -x[0]}
			}
			if sy < 0 {
				qy = [2]int64{-y[1], -y[0]}
			}
			if sx*sy < 0 {
				qz = [2]int64{-z[1], -z[0]}
			}
			for i, q := range [3][2]int64{qx, qy, qz} {
				if !any {
					lo[i], hi[i] = q[0], q[1]
				} else {
					lo[i], hi[i] = min(lo[i], q[0]), max(hi[i], q[1])
				}
			}
			any = true
		}
	}
	return lo, hi, any
}

// divQuadrant narrows x >= 0, y >= 1 and z >= 0 (as intervals) by
// z = x / y, that is z·y <= x <= z·y + y - 1; false if one empties.
// Without narrow, only z is computed from x and y.
func divQuadrant(x, y, z *[2]int64, narrow bool) bool {
	for range 4 {
		old := [3][2]int64{*x, *y, *z}
		z[0] = max(z[0], x[0]/y[1])
		z[1] = min(z[1], x[1]/y[0])
		if z[0] > z[1] {
			return false
		}
		if !narrow {
			return true
		}
		x[0] = max(x[0], satMul(z[0], y[0]))
		x[1] = min(x[1], satAdd(satMul(satAdd(z[1], 1), y[1]), -1))
		if z[0] > 0 {
			y[1] = min(y[1], x[1]/z[0])
		}
		if z[1] < 1<<63-1 {
			y[0] = max(y[0], ceilDiv(satAdd(x[0], 1), z[1]+1))
		}
		if x[0] > x[1] || y[0] > y[1] {
			return false
		}
		if old == [3][2]int64{*x, *y, *z} {
			break
		}
	}
	return true
}
