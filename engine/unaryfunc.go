package engine

import "slices"

// unaryFunc is z = f(x) for an expression f over the one variable x with
// a small domain, tabulated when flattened: f's value at each value x
// had then. It is domain consistent on x and z: a value of x stays if
// its image is in z, a value of z if it is the image of a value of x.
//
// Flattening tabulates an if-then-else over one such variable (a price
// that drops past a quantity, q in 0..60): its decomposition into a
// condition, two branches and an ifThen made four hidden variables and
// as many propagators per term, three of them woken at each change of q,
// and its bounds reasoning lost the gaps between the branches' values.
type unaryFunc struct {
	x, z int32
	lo   int64   // the least value of x at flattening
	fs   []int64 // fs[v-lo]: f(v), for the values v x had
	vs   []int64 // scratch: the images of x's values
}

// tabulateMax is the largest domain (and span) of x tabulated.
const tabulateMax = smallDomain

func (p *unaryFunc) propagate(t *store, _ propMode) bool {
	p.vs = p.vs[:0]
	for v, ok := t.minOf(p.x), true; ok; v, ok = t.nextValue(p.x, v) {
		w := p.fs[v-p.lo] // x only loses values: v is one it had
		if !t.contains(p.z, w) {
			if !t.remove(p.x, v) {
				return false
			}
			continue
		}
		p.vs = append(p.vs, w)
	}
	if len(p.vs) == 0 {
		t.wiped = p.x
		return false
	}
	slices.Sort(p.vs)
	p.vs = slices.Compact(p.vs)
	if !narrowTo(t, p.z, p.vs[0], p.vs[len(p.vs)-1]) {
		return false
	}
	if t.size(p.z) == int64(len(p.vs)) {
		return true // every value of z is an image
	}
	i := 0
	for w, ok := t.minOf(p.z), true; ok; w, ok = t.nextValue(p.z, w) {
		for p.vs[i] < w {
			i++
		}
		if p.vs[i] != w && !t.remove(p.z, w) { // strictly inside z's bounds
			return false
		}
	}
	return true
}

// tabulate flattens e, an expression over one variable of at most
// tabulateMax values within as wide a span, into a unaryFunc; false if e
// is not such, or is undefined for a value of its variable.
func (fl *flattener) tabulate(e Expr, out int32) (flatNum, bool) {
	x, ok := singleVarOf(e)
	if !ok || !fl.t.bitset(x) || fl.t.maxOf(x)-fl.t.minOf(x) >= tabulateMax {
		return flatNum{}, false
	}
	prog := fl.b.compile(e)
	lo := fl.t.minOf(x)
	fs := make([]int64, fl.t.maxOf(x)-lo+1)
	flo, fhi := int64(0), int64(0)
	for v, more := lo, true; more; v, more = fl.t.nextValue(x, v) {
		prog.vals[0] = v
		w, ok := prog.eval(0)
		if !ok {
			return flatNum{}, false
		}
		fs[v-lo] = w
		if v == lo {
			flo, fhi = w, w
		}
		flo, fhi = min(flo, w), max(fhi, w)
	}
	fl.keyStart("f")
	fl.keyInt(int64(x))
	for v, more := lo, true; more; v, more = fl.t.nextValue(x, v) {
		fl.keyInt(fs[v-lo])
	}
	return fl.result(flo, fhi, -1, out, func(z int32) {
		fl.b.addPrim(&unaryFunc{x: x, z: z, lo: lo, fs: fs}, []int32{x, z}, fl.cons)
	}), true
}
