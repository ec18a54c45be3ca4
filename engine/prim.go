package engine

import (
	"math"
	"slices"
)

// Primitive propagators: the constraints flattening (flatten.go) posts
// under PropAC, one per operator: z = x·y (times.go), z = x / y
// (divide.go), z = x % y (modulo.go), z = |x| (absolute.go), z = x^k
// (power.go), z = min/max(xs) (minmax.go), z = if c then a else b
// (ifthen.go), z = items[i] (lookup.go), x in S (member.go), reified
// linear comparisons (reified.go) and the Boolean connectives
// (boolean.go), beside the linear propagator (linear.go) and alldiff.
// Each is a globalProp over store variables, hidden ones included; each
// is exact once its variables are fixed (it fails if they violate it),
// and each one that defines a hidden variable fixes it once its inputs
// are fixed, so a node where every model variable is fixed has every
// hidden variable fixed and every constraint checked.
//
// They read and narrow domains only through the store's minOf, maxOf,
// size, fixed, contains, remove, removeBelow, removeAbove, fixTo,
// nextValue and prevValue, and enumerate a domain only when its size is
// at most smallDomain (the product of the sizes, for the pairs of two
// variables: enumPairs), so that they work the same on domains of any
// span.

// smallDomain is the largest domain a primitive enumerates value by value
// (domain consistency on one variable).
const smallDomain = 1 << 8

// enumPairs is the largest number of value pairs of two variables a
// primitive enumerates to make z = f(x, y) domain consistent.
const enumPairs = 1 << 10

// primRun registers a primitive in the fixpoint loop.
type primRun struct {
	p globalProp
}

func (r *primRun) propagate(s *Solver) bool { return r.p.propagate(&s.st, modeAC) }

// addPrim registers primitive p over the store variables xs (repeats
// allowed), woken by any change of one of them, for model constraint
// cons.
func (b *builder) addPrim(p globalProp, xs []int32, cons int32) {
	vars := make([]int32, 0, len(xs))
	for _, x := range xs {
		if x >= 0 && !slices.Contains(vars, x) {
			vars = append(vars, x)
		}
	}
	b.addAC(&primRun{p: p}, vars, onChange, acInfo{cons: cons}, nil)
}

// narrowTo cuts x to lo..hi; false if nothing is left.
func narrowTo(t *store, x int32, lo, hi int64) bool {
	return lo <= hi && t.removeBelow(x, lo) && t.removeAbove(x, hi)
}

// satAdd and satMul are a+b and a·b clamped to the int64 range: a bound
// that saturates is no bound, which is sound wherever they are used.
func satAdd(a, b int64) int64 {
	s, ok := AddInt(a, b)
	if ok {
		return s
	}
	if b > 0 {
		return math.MaxInt64
	}
	return math.MinInt64
}

func satMul(a, b int64) int64 {
	p, ok := MulInt(a, b)
	if ok {
		return p
	}
	if (a < 0) != (b < 0) {
		return math.MinInt64
	}
	return math.MaxInt64
}

// satNeg is -a, MinInt64 giving MaxInt64.
func satNeg(a int64) int64 {
	if a == math.MinInt64 {
		return math.MaxInt64
	}
	return -a
}

// pairScratch is the scratch of enumerating value pairs (see enumPairs).
type pairScratch struct {
	xs, ys, zs []int64
	xok, yok   []bool
}

// enumFunc makes z = f(x, y) domain consistent by enumerating the value
// pairs of x and y (x may be y: f(a, a)); a pair where f is undefined
// (false) supports nothing. The caller has checked that the pairs are
// few.
func enumFunc(t *store, x, y, z int32, f func(a, b int64) (int64, bool), sc *pairScratch) bool {
	sc.xs = t.values(sc.xs[:0], x)
	sc.ys = sc.ys[:0]
	if y != x {
		sc.ys = t.values(sc.ys, y)
	}
	sc.xok = resetBools(sc.xok, len(sc.xs))
	sc.yok = resetBools(sc.yok, len(sc.ys))
	sc.zs = sc.zs[:0]
	for i, a := range sc.xs {
		if y == x {
			if v, ok := f(a, a); ok && t.contains(z, v) {
				sc.xok[i] = true
				sc.zs = append(sc.zs, v)
			}
			continue
		}
		for j, c := range sc.ys {
			if v, ok := f(a, c); ok && t.contains(z, v) {
				sc.xok[i], sc.yok[j] = true, true
				sc.zs = append(sc.zs, v)
			}
		}
	}
	if len(sc.zs) == 0 {
		return false
	}
	for i, a := range sc.xs {
		if !sc.xok[i] && !t.remove(x, a) {
			return false
		}
	}
	for j, c := range sc.ys {
		if !sc.yok[j] && !t.remove(y, c) {
			return false
		}
	}
	return keepOnly(t, z, sc.zs)
}

// keepOnly narrows x to the values of vs (any order, repeats allowed,
// sorted in place): its bounds to their least and greatest, and, when x
// is small, every other value.
func keepOnly(t *store, x int32, vs []int64) bool {
	slices.Sort(vs)
	if !narrowTo(t, x, vs[0], vs[len(vs)-1]) {
		return false
	}
	if t.size(x) > smallDomain {
		return true
	}
	i := 0
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		for i < len(vs) && vs[i] < v {
			i++
		}
		if (i == len(vs) || vs[i] != v) && !t.remove(x, v) {
			return false
		}
	}
	return true
}

func resetBools(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// pairsFew reports whether x and y have at most enumPairs value pairs
// (one list when x is y).
func pairsFew(t *store, x, y int32) bool {
	if x == y {
		return t.size(x) <= enumPairs
	}
	return int64(t.size(x))*int64(t.size(y)) <= enumPairs
}

// equalDomains makes x = y: their bounds meet, and, when both are small,
// each keeps only the values of the other.
func equalDomains(t *store, x, y int32) bool {
	lo, hi := max(t.minOf(x), t.minOf(y)), min(t.maxOf(x), t.maxOf(y))
	if !narrowTo(t, x, lo, hi) || !narrowTo(t, y, lo, hi) {
		return false
	}
	if t.size(x) > smallDomain || t.size(y) > smallDomain {
		return true
	}
	for range 2 {
		for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
			if !t.contains(y, v) && !t.remove(x, v) {
				return false
			}
		}
		x, y = y, x
	}
	return true
}
