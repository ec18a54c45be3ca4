package engine

import "slices"

// Building the forward-checking kernel of fcnet.go: which models it takes,
// and the masks it removes.

// fcNetOn enables the kernel; tests turn it off to compare with the
// general search.
var fcNetOn = true

// fcNetMaxWords bounds the kernel's tables (combined and per watch), in
// words: a model whose tables would be larger keeps the general search.
const fcNetMaxWords = 1 << 21

// fcRel is what one watch of x removes from one other variable y when x
// is assigned: per offset of x, a mask of offsets of y.
type fcRel struct {
	y    int32
	rank int32    // the watch's position among x's watches
	mask []uint64 // per offset of x
}

// netEligible reports whether the options and model suit the kernel: forward
// checking without objective, MRV, input or dom/wdeg order, ascending or
// descending values, every domain within one word. The propagators are
// checked by buildNet.
func (s *Solver) netEligible() bool {
	o := s.opts
	if !fcNetOn || o.Prop != PropFC || s.obj != nil || s.vorder != nil ||
		(o.Values != ValuesMin && o.Values != ValuesMax) || s.n == 0 || s.unsat {
		return false
	}
	for x := range s.n {
		if s.st.vi[x].width > 64 || !s.st.bitset(x) {
			return false
		}
		// Offsets and positions are added to values: keep every sum far
		// from overflow.
		if lo := s.st.vi[x].lo; lo < -1<<40 || lo > 1<<40 {
			return false
		}
	}
	return true
}

// buildNet returns the kernel of s, or nil if a propagator is not one it
// can take: an alldiff or diagonal over distinct variables, or a linear
// constraint over two variables.
func (s *Solver) buildNet() *fcNet {
	if !s.netEligible() {
		return nil
	}
	k := &fcNet{n: s.n, maxGroups: s.maxGroups}
	k.lo = make([]int64, s.n)
	for x := range s.n {
		k.lo[x] = s.st.vi[x].lo
	}
	k.nbAt = make([]int32, s.n+1)
	k.combAt = make([]int32, s.n+1)
	k.nWatch = make([]int32, s.n)
	k.rankCons = make([]int32, 0, len(s.watches))
	k.rankAt = make([]int32, s.n+1)
	var rels []fcRel
	entWords := 0
	for x := range s.n {
		rels = rels[:0]
		lo, hi := s.watchAt[x], s.watchAt[x+1]
		for i := lo; i < hi; i++ {
			w := s.watches[i]
			var ok bool
			rels, ok = s.netRels(rels, x, w, i-lo)
			if !ok {
				return nil
			}
			k.rankCons = append(k.rankCons, s.propCons[w.p])
		}
		k.rankAt[x+1] = int32(len(k.rankCons))
		k.nWatch[x] = hi - lo
		wx := int(s.st.vi[x].width)
		// Group by neighbour, in order of first appearance, each group's
		// relations in watch order.
		start := len(k.nb)
		for _, r := range rels {
			seen := false
			for _, y := range k.nb[start:] {
				seen = seen || y == r.y
			}
			if !seen {
				k.nb = append(k.nb, r.y)
			}
		}
		nbx := k.nb[start:]
		k.nbAt[x+1] = int32(len(k.nb))
		comb := make([]uint64, wx*len(nbx))
		for j, y := range nbx {
			for _, r := range rels {
				if r.y != y {
					continue
				}
				k.entK = append(k.entK, r.rank)
				k.entBase = append(k.entBase, int32(len(k.entMask)))
				k.entMask = append(k.entMask, r.mask...)
				entWords += wx
				for o, m := range r.mask {
					comb[o*len(nbx)+j] |= m
				}
			}
			k.entAt = append(k.entAt, int32(len(k.entK)))
		}
		k.comb = append(k.comb, comb...)
		k.combAt[x+1] = int32(len(k.comb))
		if len(k.comb)+entWords > fcNetMaxWords {
			return nil
		}
	}
	// entAt[g] ends neighbour entry g; a leading 0 makes it a prefix table.
	k.entAt = append([]int32{0}, k.entAt...)
	k.buildGroups(s)
	if s.n <= 64 {
		k.buildDense(s)
		k.clique = s.opts.Order == OrderMRV && k.isClique()
	}
	k.counters = s.opts.Order == OrderDomWdeg || s.opts.Order == OrderMRV && !k.clique
	k.dom = make([]uint64, s.n)
	k.val = make([]int64, s.n)
	k.free = make([]uint64, (s.n+63)/64)
	k.undo = make([]fcUndo, 0, len(k.nb)+1)
	k.stack = make([]fcFrame, 0, s.n)
	return k
}

// buildGroups copies MRV's and dom/wdeg's view of the constraints: per
// variable, the counters of unassigned variables of its constraints.
func (k *fcNet) buildGroups(s *Solver) {
	idx := map[int32]int32{}
	k.grpAt = make([]int32, s.n+1)
	for x := range s.n {
		for i := s.groupAt[x]; i < s.groupAt[x+1]; i++ {
			g := s.groups[i]
			c, ok := idx[g]
			if !ok {
				c = int32(len(k.cellOf))
				idx[g] = c
				k.cellOf = append(k.cellOf, g)
			}
			k.grp = append(k.grp, c)
			k.grpCons = append(k.grpCons, s.groupCons[i])
		}
		k.grpAt[x+1] = int32(len(k.grp))
	}
	k.cnt = make([]int32, len(k.cellOf))
}

// netRels appends what watch w (x's rank-th) removes when x is assigned,
// or reports false if its propagator is not one the kernel takes.
func (s *Solver) netRels(rels []fcRel, x int32, w watch, rank int32) ([]fcRel, bool) {
	t := &s.st
	add := func(y int32, conflict func(vx, vy int64) bool) {
		wx, wy := t.vi[x].width, t.vi[y].width
		r := fcRel{y: y, rank: rank, mask: make([]uint64, wx)}
		for ox := range wx {
			vx := t.vi[x].lo + int64(ox)
			for oy := range wy {
				if conflict(vx, t.vi[y].lo+int64(oy)) {
					r.mask[ox] |= 1 << oy
				}
			}
		}
		rels = append(rels, r)
	}
	// shifted adds the relation y != x + d for each d of ds, without
	// trying every pair: bit ox + (lo_x - lo_y) + d of y.
	shifted := func(y int32, ds ...int64) {
		wx, wy := t.vi[x].width, t.vi[y].width
		r := fcRel{y: y, rank: rank, mask: make([]uint64, wx)}
		for ox := range wx {
			for _, d := range ds {
				if oy := int64(ox) + t.vi[x].lo - t.vi[y].lo + d; oy >= 0 && oy < int64(wy) {
					r.mask[ox] |= 1 << oy
				}
			}
		}
		rels = append(rels, r)
	}
	small := func(v int64) bool { return -1<<40 < v && v < 1<<40 }
	switch p := s.props[w.p].(type) {
	case *allDiffProp:
		if len(p.xs) != len(p.argX) {
			return nil, false
		}
		for _, o := range p.off {
			if !small(o) {
				return nil, false
			}
		}
		for m, y := range p.xs {
			if int32(m) != w.l {
				shifted(y, p.off[w.l]-p.off[m])
			}
		}
	case *diagonalProp:
		if !p.small || len(p.xs) != len(p.argX) {
			return nil, false
		}
		for _, o := range p.pos {
			if !small(o) {
				return nil, false
			}
		}
		for m, y := range p.xs {
			if int32(m) != w.l {
				d := p.pos[m] - p.pos[w.l]
				shifted(y, d, -d)
			}
		}
	case *linearProp:
		// Bounded by the builder: no sum overflows (see linearProp).
		if len(p.xs) != 2 {
			return nil, false
		}
		l, u := w.l, 1-w.l
		a, b := p.coef[l], p.coef[u]
		add(p.xs[u], func(vx, vy int64) bool { return !p.rel.holds(p.k + a*vx + b*vy) })
	default:
		return nil, false
	}
	return rels, true
}

// buildDense lays the combined masks out by variable (see fcNet.dense).
func (k *fcNet) buildDense(s *Solver) {
	n := int(s.n)
	k.dense = true
	k.nbMask = make([]uint64, n)
	k.combDAt = make([]int32, n+1)
	k.gOf = make([]int32, n*n)
	for x := range n {
		wx := int(s.st.vi[x].width)
		k.combDAt[x+1] = k.combDAt[x] + int32(wx*n)
	}
	k.combD = make([]uint64, k.combDAt[n])
	for x := range n {
		lo, hi := int(k.nbAt[x]), int(k.nbAt[x+1])
		J := hi - lo
		wx := int(s.st.vi[x].width)
		for j, y := range k.nb[lo:hi] {
			k.nbMask[x] |= 1 << y
			k.gOf[x*n+int(y)] = int32(lo + j)
			for o := range wx {
				k.combD[int(k.combDAt[x])+o*n+int(y)] = k.comb[int(k.combAt[x])+o*J+j]
			}
		}
	}
	k.comb = nil // assign, its only reader, is not used
}

// isClique reports whether every two variables are neighbours and every
// variable is in the same constraints (see fcNet.clique).
func (k *fcNet) isClique() bool {
	all := uint64(1)<<k.n - 1
	if k.n == 64 {
		all = ^uint64(0)
	}
	g0 := k.grp[k.grpAt[0]:k.grpAt[1]]
	for x := range k.n {
		if k.nbMask[x]|1<<x != all || !slices.Equal(k.grp[k.grpAt[x]:k.grpAt[x+1]], g0) {
			return false
		}
	}
	return true
}
