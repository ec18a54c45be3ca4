package engine

import "errors"

// Inverse is inverse(f, g): f[i] = j exactly when g[j] = i, where the
// elements of f are indexed from BaseF and those of g from BaseG. So the
// values of f are indices of g and the reverse: f is a permutation and g
// its inverse. Args are f's elements then g's.
//
// Propagation (the channelling of Gecode's and Choco's inverse):
//
//   - ranges: f[i] within the indices of g, g[j] within those of f;
//   - channelling: j stays in f[i] only while i is in g[j], and the
//     reverse, so both lists describe one bipartite graph;
//   - alldiff on f, by values: the value of a fixed f[i] leaves the other
//     elements of f (alldiff on g follows through the channelling).
//
// Under PropFC that is all, once per assignment. Under PropAC Régin's
// alldiff (regin.go) runs on the variables of f as well, and the
// channelling after it: an edge i–j is kept iff some perfect matching of
// the graph uses it, which is iff some solution has f[i] = j. So with
// distinct variables the propagation is domain consistent (at the
// fixpoint; one run is not idempotent). A variable repeated, or shared by
// f and g, keeps it sound but not complete; an f too large for Régin
// (reginMaxEdges) gets the value propagation only.
//
// A run costs O(n²) for the channelling, plus Régin's matching.
type Inverse struct {
	F, G         []Expr
	BaseF, BaseG int64
}

// NewInverse returns inverse(f, g) with f indexed from baseF and g from
// baseG; the lists must have the same length.
func NewInverse(f, g []Expr, baseF, baseG int64) (*Inverse, error) {
	if len(f) != len(g) {
		return nil, errors.New("inverse: lists of different lengths")
	}
	n := int64(len(f))
	if _, ok := AddInt(baseF, n); !ok {
		return nil, errors.New("inverse: indices out of range")
	}
	if _, ok := AddInt(baseG, n); !ok {
		return nil, errors.New("inverse: indices out of range")
	}
	return &Inverse{F: f, G: g, BaseF: baseF, BaseG: baseG}, nil
}

// Name implements Global.
func (g *Inverse) Name() string { return "inverse" }

// Args implements Global.
func (g *Inverse) Args() []Expr { return append(append([]Expr(nil), g.F...), g.G...) }

// Holds implements Global.
func (g *Inverse) Holds(vals []int64) bool {
	n := len(g.F)
	f, h := vals[:n], vals[n:]
	return inverseOf(f, h, g.BaseF, g.BaseG) && inverseOf(h, f, g.BaseG, g.BaseF)
}

// inverseOf reports whether h[f[i]] = i for every i, with f indexed from
// bf and h from bh.
func inverseOf(f, h []int64, bf, bh int64) bool {
	for i, v := range f {
		j, ok := SubInt(v, bh)
		if !ok || j < 0 || j >= int64(len(h)) || h[j] != bf+int64(i) {
			return false
		}
	}
	return true
}

// Decompose implements Global: every element within the indices of the
// other list (which also requires it to be defined), and (f[i] = j) <->
// (g[j] = i) for every i and j.
func (g *Inverse) Decompose() (Expr, error) {
	n := int64(len(g.F))
	var parts []Expr
	inRange := func(x Expr, base int64) error {
		lo, err := NewBinary(OpLe, NewConst(base), x)
		if err != nil {
			return err
		}
		hi, err := NewBinary(OpLe, x, NewConst(base+n-1))
		if err != nil {
			return err
		}
		parts = append(parts, lo, hi)
		return nil
	}
	for i := range n {
		if err := inRange(g.F[i], g.BaseG); err != nil {
			return nil, err
		}
		if err := inRange(g.G[i], g.BaseF); err != nil {
			return nil, err
		}
	}
	for i := range n {
		for j := range n {
			fe, err := NewBinary(OpEq, g.F[i], NewConst(g.BaseG+j))
			if err != nil {
				return nil, err
			}
			ge, err := NewBinary(OpEq, g.G[j], NewConst(g.BaseF+i))
			if err != nil {
				return nil, err
			}
			e, err := NewBinary(OpIff, fe, ge)
			if err != nil {
				return nil, err
			}
			parts = append(parts, e)
		}
	}
	return NewNary(OpAll, parts)
}

// inverseProp is the propagator of an Inverse.
type inverseProp struct {
	f, g   []int32 // model variables, -1 for a constant
	kf, kg []int64 // the constants
	bf, bg int64
	regin  *reginProp // on the variables of f, or nil
	queue  []int32    // scratch: fixed positions of f to spread
	queued []bool     // scratch
}

func (g *Inverse) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	n := len(g.F)
	p := &inverseProp{
		f: argX[:n], g: argX[n:], kf: make([]int64, n), kg: make([]int64, n),
		bf: g.BaseF, bg: g.BaseG, queue: make([]int32, 0, n), queued: make([]bool, n),
	}
	for i := range n {
		if k, ok := g.F[i].(*Const); ok {
			p.kf[i] = k.V
		}
		if k, ok := g.G[i].(*Const); ok {
			p.kg[i] = k.V
		}
	}
	// The ranges first, so that Régin's values span n at most.
	if !p.ranges(&b.s.st) {
		b.s.unsat = true
		return p, globalOpts{}, nil
	}
	var fx []int32
	for _, x := range p.f {
		if x >= 0 {
			fx = append(fx, x)
		}
	}
	p.regin = newRegin(fx, nil, b.s)
	return p, globalOpts{slow: p.regin != nil}, nil
}

// ranges keeps f within g's indices and g within f's.
func (p *inverseProp) ranges(t *store) bool {
	last := int64(len(p.f)) - 1
	for i := range p.f {
		if !elemAtLeast(t, p.f[i], p.kf[i], p.bg) || !elemAtMost(t, p.f[i], p.kf[i], p.bg+last) ||
			!elemAtLeast(t, p.g[i], p.kg[i], p.bf) || !elemAtMost(t, p.g[i], p.kg[i], p.bf+last) {
			return false
		}
	}
	return true
}

// invHas reports whether element x (constant k) can take v.
func invHas(t *store, x int32, k, v int64) bool {
	if x < 0 {
		return k == v
	}
	return t.contains(x, v)
}

// invDrop removes v from element x (constant k).
func invDrop(t *store, x int32, k, v int64) bool {
	if x < 0 {
		return k != v
	}
	return t.remove(x, v)
}

func (p *inverseProp) propagate(t *store, mode propMode) bool {
	if !p.ranges(t) || !p.channel(t, p.f, p.kf, p.g, p.kg, p.bf, p.bg) ||
		!p.channel(t, p.g, p.kg, p.f, p.kf, p.bg, p.bf) || !p.distinct(t) {
		return false
	}
	if mode == modeAC && p.regin != nil && !p.regin.prune(t) {
		return false
	}
	return p.channel(t, p.g, p.kg, p.f, p.kf, p.bg, p.bf)
}

// channel removes j from a[i] when i is not in b[j]: a indexed from ba,
// b from bb. After a pass each way, both describe the same graph.
func (p *inverseProp) channel(t *store, a []int32, ka []int64, b []int32, kb []int64, ba, bb int64) bool {
	for i, x := range a {
		if x < 0 {
			j := ka[i] - bb // in range: ranges ran first
			if !invHas(t, b[j], kb[j], ba+int64(i)) {
				return false
			}
			continue
		}
		// x's values rather than every j: the domains shrink fast, and
		// this runs at every change of any variable
		for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
			j := v - bb
			if j < 0 || j >= int64(len(b)) {
				continue // ranges removes it
			}
			if !invHas(t, b[j], kb[j], ba+int64(i)) && !t.remove(x, v) {
				return false
			}
		}
	}
	return true
}

// distinct removes the value of each fixed element of f from the others,
// following the elements that become fixed on the way.
func (p *inverseProp) distinct(t *store) bool {
	p.queue = p.queue[:0]
	clear(p.queued)
	for i, x := range p.f {
		if x < 0 || t.fixed(x) {
			p.queue = append(p.queue, int32(i))
			p.queued[i] = true
		}
	}
	for len(p.queue) > 0 {
		i := p.queue[len(p.queue)-1]
		p.queue = p.queue[:len(p.queue)-1]
		v := p.kf[i]
		if p.f[i] >= 0 {
			v = t.minOf(p.f[i])
		}
		for k, y := range p.f {
			if int32(k) == i || y >= 0 && y == p.f[i] {
				continue
			}
			if y >= 0 && t.fixed(y) && p.queued[k] {
				// queued already: its own turn compares the two values
				if t.minOf(y) == v {
					return false
				}
				continue
			}
			if !invDrop(t, y, p.kf[k], v) {
				return false
			}
			if y >= 0 && !p.queued[k] && t.fixed(y) {
				p.queue = append(p.queue, int32(k))
				p.queued[k] = true
			}
		}
	}
	return true
}
