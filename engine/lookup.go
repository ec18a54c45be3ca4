package engine

// lookup is z = items[i - base] over variables (a constant item is a
// fixed variable), for an index of any span: only the values of i that
// name an item (base..base+n-1) are visited, and at most n of them.
//
// Where i may fall outside the items, d (a 0/1 variable, else -1: the
// index is required in range) says whether it is in range, and the
// propagator ties it to i; out of range, z is canon (the least of its
// initial domain). While d is open, z is only narrowed to the hull of
// the items the index may name and canon.
//
// In range, an index value stays only if its item may equal z (bounds,
// or values when z is small), z lies within the hull of those items and,
// when z is small (and its values times the index's are at most
// 4·smallDomain), keeps only values one of them holds; once i is fixed,
// z and the item are equal (equalDomains). That is domain consistency on
// the index, and on z when it is small; bounds consistency otherwise.
type lookup struct {
	i     int32
	base  int64
	items []int32
	z     int32
	d     int32
	canon int64
}

func (p *lookup) propagate(t *store, _ propMode) bool {
	last := p.base + int64(len(p.items)) - 1 // NewElement checked it fits
	if p.d >= 0 {
		in := t.maxOf(p.i) >= p.base && t.minOf(p.i) <= last
		inside := t.minOf(p.i) >= p.base && t.maxOf(p.i) <= last
		switch {
		case inside && !t.fixTo(p.d, 1):
			return false
		case !in && !t.fixTo(p.d, 0):
			return false
		}
		if !t.fixed(p.d) {
			if !p.anyInRange(t, last) {
				return t.fixTo(p.d, 0) && t.fixTo(p.z, p.canon)
			}
			lo, hi := p.hull(t, last)
			return narrowTo(t, p.z, min(lo, p.canon), max(hi, p.canon))
		}
		if t.minOf(p.d) == 0 {
			for k := range p.items {
				if !t.remove(p.i, p.base+int64(k)) {
					return false
				}
			}
			return t.fixTo(p.z, p.canon)
		}
	}
	if !narrowTo(t, p.i, p.base, last) {
		return false
	}
	if t.fixed(p.i) {
		return equalDomains(t, p.z, p.items[t.minOf(p.i)-p.base])
	}
	for v, ok := t.minOf(p.i), true; ok; v, ok = t.nextValue(p.i, v) {
		if !meets(t, p.items[v-p.base], p.z) && !t.remove(p.i, v) {
			return false
		}
	}
	if t.fixed(p.i) {
		return equalDomains(t, p.z, p.items[t.minOf(p.i)-p.base])
	}
	lo, hi := p.hull(t, last)
	if !narrowTo(t, p.z, lo, hi) {
		return false
	}
	if t.size(p.z) > smallDomain || int64(t.size(p.z))*int64(t.size(p.i)) > smallDomain*4 {
		return true
	}
	for w, ok := t.minOf(p.z), true; ok; w, ok = t.nextValue(p.z, w) {
		held := false
		for v, more := t.minOf(p.i), true; more && !held; v, more = t.nextValue(p.i, v) {
			held = t.contains(p.items[v-p.base], w)
		}
		if !held && !t.remove(p.z, w) {
			return false
		}
	}
	return true
}

// anyInRange reports whether i holds a value that names an item.
func (p *lookup) anyInRange(t *store, last int64) bool {
	v := max(t.minOf(p.i), p.base)
	if v > last || t.contains(p.i, v) {
		return v <= last
	}
	w, ok := t.nextValue(p.i, v)
	return ok && w <= last
}

// hull returns the least and greatest values of the items that the
// index's values in range name.
func (p *lookup) hull(t *store, last int64) (int64, int64) {
	lo, hi := int64(1<<63-1), int64(-1<<63)
	from := max(t.minOf(p.i), p.base)
	v, ok := from, t.contains(p.i, from)
	if !ok {
		v, ok = t.nextValue(p.i, from)
	}
	for ; ok && v <= last; v, ok = t.nextValue(p.i, v) {
		x := p.items[v-p.base]
		lo, hi = min(lo, t.minOf(x)), max(hi, t.maxOf(x))
	}
	return lo, hi
}
