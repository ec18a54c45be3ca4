package engine

// Operations between two domains, or a domain and a sorted list of
// values, that jump over gaps instead of walking values, so that they
// cost the number of intervals on wide domains.

// ceilValue returns the least value of x at least v.
func (t *store) ceilValue(x int32, v int64) (int64, bool) {
	if v <= t.minOf(x) {
		return t.minOf(x), true
	}
	return t.nextValue(x, v-1)
}

// floorValue returns the greatest value of x at most v.
func (t *store) floorValue(x int32, v int64) (int64, bool) {
	if v >= t.maxOf(x) {
		return t.maxOf(x), true
	}
	return t.prevValue(x, v+1)
}

// firstShared returns the least value that x and y share at least v.
func (t *store) firstShared(x, y int32, v int64) (int64, bool) {
	hi := min(t.maxOf(x), t.maxOf(y))
	for v <= hi {
		a, ok := t.ceilValue(x, v)
		if !ok || a > hi {
			return 0, false
		}
		b, ok := t.ceilValue(y, a)
		if !ok || b > hi {
			return 0, false
		}
		if b == a {
			return a, true
		}
		v = b
	}
	return 0, false
}

// lastShared returns the greatest value that x and y share at most v.
func (t *store) lastShared(x, y int32, v int64) (int64, bool) {
	lo := max(t.minOf(x), t.minOf(y))
	for v >= lo {
		a, ok := t.floorValue(x, v)
		if !ok || a < lo {
			return 0, false
		}
		b, ok := t.floorValue(y, a)
		if !ok || b < lo {
			return 0, false
		}
		if b == a {
			return a, true
		}
		v = b
	}
	return 0, false
}

// keepShared removes from x the values y does not have: the gaps of y
// and what lies beyond its bounds, range by range.
func (t *store) keepShared(x, y int32) bool {
	if !t.removeBelow(x, t.minOf(y)) || !t.removeAbove(x, t.maxOf(y)) {
		return false
	}
	for v, ok := t.minOf(x), true; ok; {
		// v is a value of x; the run of y's values from it, if any, stays.
		if !t.contains(y, v) {
			next, more := t.ceilValue(y, v)
			if !more {
				return t.removeAbove(x, v-1)
			}
			if !t.removeRange(x, v, next-1) {
				return false
			}
			v, ok = t.ceilValue(x, next)
			continue
		}
		end, _ := t.runEnd(y, v)
		v, ok = t.nextValue(x, end)
	}
	return true
}

// runEnd returns the last value of the run of consecutive values of x
// that holds v, a value of x.
func (t *store) runEnd(x int32, v int64) (int64, bool) {
	if t.vi[x].wide != 0 {
		d := t.wideOf(x)
		if k := d.gapAfter(v); k < len(d.holes) && d.holes[k].Lo <= d.max {
			return d.holes[k].Lo - 1, true
		}
		return d.max, true
	}
	for {
		n, ok := t.nextValue(x, v)
		if !ok || n != v+1 {
			return v, true
		}
		v = n
	}
}

// keepOnly removes from x every value not in vals, sorted ascending: on a
// wide domain the ranges between them, on a bit set value by value.
func (t *store) keepOnly(x int32, vals []int64) bool {
	if len(vals) == 0 {
		t.wiped = x
		return false
	}
	if !t.removeBelow(x, vals[0]) || !t.removeAbove(x, vals[len(vals)-1]) {
		return false
	}
	for i := 1; i < len(vals); i++ {
		if a, b := vals[i-1]+1, vals[i]-1; a <= b && !t.removeRange(x, a, b) {
			return false
		}
	}
	return true
}
