package engine

import "sort"

// member is x in set (set sorted, without repeats), reified by b (a 0/1
// variable) or, with b < 0, required. Required, or once b = 1, x keeps
// its values in the set: all of them when x has at most smallDomain
// values, else its bounds move to the nearest members it holds. Once
// b = 0 the members are removed from x. While b is open, b = 0 once x
// holds no member and b = 1 once every value of x is one. Domain
// consistent on small domains, bounds consistent on wide ones.
type member struct {
	x   int32
	set []int64
	b   int32
}

func (p *member) propagate(t *store, _ propMode) bool {
	if p.b >= 0 && !t.fixed(p.b) {
		switch {
		case !holdsMember(t, p.x, p.set):
			return t.fixTo(p.b, 0)
		case allMembers(t, p.x, p.set):
			return t.fixTo(p.b, 1)
		}
		return true
	}
	if p.b >= 0 && t.minOf(p.b) == 0 {
		for _, v := range p.set {
			if !t.remove(p.x, v) {
				return false
			}
		}
		return true
	}
	return filterIn(t, p.x, p.set)
}

// filterIn narrows x to the members of set: every value when x is small,
// else its bounds, each moved to the nearest member x holds.
func filterIn(t *store, x int32, set []int64) bool {
	if t.size(x) > smallDomain && !narrowToMembers(t, x, set) {
		return false
	}
	if t.size(x) > smallDomain {
		return true
	}
	// Small, or made small by the bounds just moved: the propagator is
	// not run again for its own change, so its values are filtered now.
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if !inSorted(set, v) && !t.remove(x, v) {
			return false
		}
	}
	return true
}

// narrowToMembers moves the bounds of x to the nearest members it holds.
func narrowToMembers(t *store, x int32, set []int64) bool {
	lo, hi := t.minOf(x), t.maxOf(x)
	i := sort.Search(len(set), func(i int) bool { return set[i] >= lo })
	for i < len(set) && set[i] <= hi && !t.contains(x, set[i]) {
		i++
	}
	j := sort.Search(len(set), func(j int) bool { return set[j] > hi }) - 1
	for j >= i && !t.contains(x, set[j]) {
		j--
	}
	if i >= len(set) || j < i || set[i] > hi {
		t.wiped = x
		return false // no member left
	}
	return narrowTo(t, x, set[i], set[j])
}

// holdsMember reports whether x holds a value of set.
func holdsMember(t *store, x int32, set []int64) bool {
	lo, hi := t.minOf(x), t.maxOf(x)
	for i := sort.Search(len(set), func(i int) bool { return set[i] >= lo }); i < len(set) && set[i] <= hi; i++ {
		if t.contains(x, set[i]) {
			return true
		}
	}
	return false
}

// allMembers reports whether every value of x is in set.
func allMembers(t *store, x int32, set []int64) bool {
	if int64(t.size(x)) > int64(len(set)) {
		return false
	}
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if !inSorted(set, v) {
			return false
		}
	}
	return true
}
