package engine

import (
	"errors"
	"slices"
)

// GCC is global_cardinality(list, values, counts): for each k, counts[k]
// is the number of elements of list equal to values[k]. As in MiniZinc's
// global_cardinality (not its _closed variant), an element may take a
// value that is not among values; it is then counted nowhere. The values
// are distinct constants; the counts are variables or constants. Args are
// the list then the counts.
//
// Propagation (gcc_flow.go for the flow):
//
//   - Counting, at every level: fixed[k], the elements fixed to
//     values[k], and possible[k], those that can still take it, bound
//     counts[k] to fixed[k]..possible[k]. When counts[k] can be no more
//     than fixed[k], values[k] is removed from the other elements; when
//     it must be possible[k], every element that can take values[k] is
//     fixed to it. The counts add up to the number of elements that
//     take one of the values, which bounds each by the others' bounds.
//     Under PropFC this is all that runs, once per assignment.
//   - Under PropAC, a feasible flow (Régin 1996): every element sends one
//     unit to its value, each values[k] takes between min and max of
//     counts[k] units and the values outside the list of values one node
//     that takes any number. An element keeps a value iff some feasible
//     flow uses that edge: it is in the flow found, or the element and
//     the value lie in one strongly connected component of the residual
//     graph. So with distinct variables in the list and constant counts
//     the list is domain consistent; with variable counts it is domain
//     consistent with respect to their bounds (holes in the domains of the
//     counts are not used). The counts themselves get the counting and
//     sum bounds only, which can be weaker than domain consistency.
//
// A variable repeated in the list is treated as independent elements by
// the flow: the pruning stays sound, not complete. Above gccMaxEdges
// element–value pairs the flow is not built and the counting is all.
type GCC struct {
	List   []Expr
	Values []int64
	Counts []Expr
}

// NewGCC returns global_cardinality(list, values, counts). values must be
// distinct and as many as counts.
func NewGCC(list []Expr, values []int64, counts []Expr) (*GCC, error) {
	if len(values) != len(counts) {
		return nil, errors.New("global_cardinality: values and counts of different lengths")
	}
	s := slices.Clone(values)
	slices.Sort(s)
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			return nil, errors.New("global_cardinality: a value appears twice")
		}
	}
	return &GCC{List: list, Values: values, Counts: counts}, nil
}

// Name implements Global.
func (g *GCC) Name() string { return "global_cardinality" }

// Args implements Global.
func (g *GCC) Args() []Expr { return append(append([]Expr(nil), g.List...), g.Counts...) }

// Holds implements Global.
func (g *GCC) Holds(vals []int64) bool {
	n := len(g.List)
	for k, v := range g.Values {
		c := int64(0)
		for _, x := range vals[:n] {
			if x == v {
				c++
			}
		}
		if c != vals[n+k] {
			return false
		}
	}
	return true
}

// Decompose implements Global: counts[k] = (list[1] = values[k]) + ... +
// (list[n] = values[k]) for each k, with every element of the list
// required to be defined (an element counted nowhere must still have a
// value).
func (g *GCC) Decompose() (Expr, error) {
	var parts []Expr
	for _, x := range g.List {
		if MayBeUndefined(x) {
			parts = append(parts, Defined(x))
		}
	}
	for k, v := range g.Values {
		terms := make([]Expr, len(g.List))
		for i, x := range g.List {
			e, err := NewBinary(OpEq, x, NewConst(v))
			if err != nil {
				return nil, err
			}
			terms[i] = e
		}
		sum, err := NewNary(OpSum, terms)
		if err != nil {
			return nil, err
		}
		e, err := NewBinary(OpEq, g.Counts[k], sum)
		if err != nil {
			return nil, err
		}
		parts = append(parts, e)
	}
	return NewNary(OpAll, parts)
}

// gccProp is the propagator of a GCC.
type gccProp struct {
	list   []int32 // model variables of the list, -1 for a constant
	kl     []int64 // the constants of the list
	counts []int32 // model variables of the counts, -1 for a constant
	kc     []int64
	values []int64
	sorted []int64 // the values in ascending order
	sortK  []int32 // their positions in values
	dense  []int32 // if the values span little: position of sorted[0]+o, or -1
	fixed  []int32 // scratch per value: elements fixed to it
	poss   []int32 // scratch per value: elements that can take it
	flow   *gccFlow
}

func (g *GCC) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	n, m := len(g.List), len(g.Values)
	p := &gccProp{
		list: argX[:n], kl: make([]int64, n), counts: argX[n:], kc: make([]int64, m),
		values: g.Values, sorted: slices.Clone(g.Values), sortK: make([]int32, m),
		fixed: make([]int32, m), poss: make([]int32, m),
	}
	for i, e := range g.List {
		if k, ok := e.(*Const); ok {
			p.kl[i] = k.V
		}
	}
	for k, e := range g.Counts {
		if c, ok := e.(*Const); ok {
			p.kc[k] = c.V
		}
	}
	slices.Sort(p.sorted)
	for k, v := range g.Values {
		j, _ := slices.BinarySearch(p.sorted, v)
		p.sortK[j] = int32(k)
	}
	if m > 0 {
		if span, ok := SubInt(p.sorted[m-1], p.sorted[0]); ok && span < int64(max(4*m, 1<<12)) {
			p.dense = make([]int32, span+1)
			for o := range p.dense {
				p.dense[o] = -1
			}
			for k, v := range g.Values {
				p.dense[v-p.sorted[0]] = int32(k)
			}
		}
	}
	p.flow = newGCCFlow(p)
	return p, globalOpts{slow: p.flow != nil}, nil
}

// index returns the position of v in values, or -1.
func (p *gccProp) index(v int64) int32 {
	if p.dense != nil {
		if o := uint64(v - p.sorted[0]); o < uint64(len(p.dense)) { // wraps below
			return p.dense[o]
		}
		return -1
	}
	if j, ok := slices.BinarySearch(p.sorted, v); ok {
		return p.sortK[j]
	}
	return -1
}

// value returns the fixed value of list element i, if it has one.
func (p *gccProp) value(t *store, i int) (int64, bool) {
	x := p.list[i]
	if x < 0 {
		return p.kl[i], true
	}
	return t.minOf(x), t.fixed(x)
}

// countBounds returns the bounds of counts[k], clipped to 0..n.
func (p *gccProp) countBounds(t *store, k int) (int32, int32) {
	lo, hi := p.kc[k], p.kc[k]
	if c := p.counts[k]; c >= 0 {
		lo, hi = t.minOf(c), t.maxOf(c)
	}
	n := int64(len(p.list))
	return int32(min(max(lo, 0), n+1)), int32(min(max(hi, -1), n))
}

func (p *gccProp) propagate(t *store, mode propMode) bool {
	if !p.count(t) {
		return false
	}
	if mode == modeAC && p.flow != nil {
		return p.flow.run(t)
	}
	return true
}

// count does the counting: the bounds of the counts, then the two value
// rules on the list.
func (p *gccProp) count(t *store) bool {
	clear(p.fixed)
	clear(p.poss)
	fixedOther, possOther := 0, 0 // elements fixed to / able to take a value not in values
	for i, x := range p.list {
		if v, ok := p.value(t, i); ok {
			if k := p.index(v); k >= 0 {
				p.fixed[k]++
				p.poss[k]++
			} else {
				fixedOther++
				possOther++
			}
			continue
		}
		in := int32(0)
		if t.size(x) < int64(len(p.values)) {
			for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
				if k := p.index(v); k >= 0 {
					p.poss[k]++
					in++
				}
			}
		} else {
			for k, v := range p.values {
				if t.contains(x, v) {
					p.poss[k]++
					in++
				}
			}
		}
		if t.size(x) > int64(in) {
			possOther++
		}
	}
	for k := range p.values {
		c, f, q := p.counts[k], int64(p.fixed[k]), int64(p.poss[k])
		if !countWithin(t, c, p.kc[k], f, q) {
			return false
		}
		lo, hi := p.countBounds(t, k)
		switch {
		case lo > hi:
			return false
		case hi == p.fixed[k] && p.poss[k] > p.fixed[k]:
			if !p.removeValue(t, p.values[k]) {
				return false
			}
		case lo == p.poss[k] && p.poss[k] > p.fixed[k]:
			if !p.fixValue(t, p.values[k]) {
				return false
			}
		}
	}
	n := len(p.list)
	return p.total(t, int64(n-possOther), int64(n-fixedOther))
}

// total bounds the counts by their sum, which is the number of elements
// that take one of the values: between lo and hi. Each count is at least
// lo minus the greatest the others can add up to, and at most hi minus
// the least.
func (p *gccProp) total(t *store, lo, hi int64) bool {
	sumLo, sumHi := int64(0), int64(0)
	for k := range p.values {
		a, b := p.countBounds(t, k)
		sumLo += int64(a)
		sumHi += int64(b)
	}
	if sumLo > hi || sumHi < lo {
		return false
	}
	for k := range p.values {
		a, b := p.countBounds(t, k)
		if !countWithin(t, p.counts[k], p.kc[k], lo-(sumHi-int64(b)), hi-(sumLo-int64(a))) {
			return false
		}
	}
	return true
}

// countWithin narrows count c (the constant k if c < 0) to lo..hi.
func countWithin(t *store, c int32, k, lo, hi int64) bool {
	if c < 0 {
		return lo <= k && k <= hi
	}
	return t.removeBelow(c, lo) && t.removeAbove(c, hi)
}

// removeValue removes v from the unfixed elements of the list.
func (p *gccProp) removeValue(t *store, v int64) bool {
	for _, x := range p.list {
		if x >= 0 && !t.fixed(x) && !t.remove(x, v) {
			return false
		}
	}
	return true
}

// fixValue fixes to v every unfixed element of the list that can take it.
func (p *gccProp) fixValue(t *store, v int64) bool {
	for _, x := range p.list {
		if x >= 0 && !t.fixed(x) && t.contains(x, v) && !t.fixTo(x, v) {
			return false
		}
	}
	return true
}
