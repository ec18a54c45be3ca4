package engine

// useDiffNet enables diffNet; tests turn it off to compare.
var useDiffNet = true

// diffNets builds the diffNet propagators of PropAC and returns the
// forward-checking propagators (by index) they stand for: every alldiff
// over two or more distinct variables without offsets, not fused with
// others in a multiSpread (group), whose variables' initial spans are at
// most 64 values, grouped by shared variables; a group is kept when all
// its values lie within 64 of its least one.
func (b *builder) diffNets(group map[int]*multiSpread) map[int]bool {
	s := b.s
	if !useDiffNet {
		return nil
	}
	t := &s.st
	var cand []int
	for i, p := range s.props {
		ad, ok := p.(*allDiffProp)
		if !ok || !ad.zeroOff || group[i] != nil || len(ad.xs) < 2 {
			continue
		}
		fits := true
		for _, x := range ad.xs {
			fits = fits && t.vi[x].width <= 64 && t.bitset(x)
		}
		if fits {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return nil
	}
	// Union-find over the candidates, joined through shared variables.
	parent := make([]int, len(cand))
	var root func(int) int
	root = func(c int) int {
		for parent[c] != c {
			parent[c] = parent[parent[c]]
			c = parent[c]
		}
		return c
	}
	owner := map[int32]int{}
	for c, i := range cand {
		parent[c] = c
		for _, x := range s.props[i].(*allDiffProp).xs {
			if o, ok := owner[x]; ok {
				parent[root(c)] = root(o)
			} else {
				owner[x] = c
			}
		}
	}
	comps := map[int][]int{}
	var order []int
	for c := range cand {
		r := root(c)
		if _, ok := comps[r]; !ok {
			order = append(order, r)
		}
		comps[r] = append(comps[r], cand[c])
	}
	covered := map[int]bool{}
	for _, r := range order {
		if net := b.newDiffNet(comps[r]); net != nil {
			for _, i := range comps[r] {
				covered[i] = true
			}
			b.addAC(net, net.xs, onChange, acInfo{idem: true, cons: s.propCons[comps[r][0]]}, &net.events)
		}
	}
	return covered
}

// newDiffNet builds the propagator of the alldiffs props (indices into
// s.props), or returns nil if their values do not fit in one word.
func (b *builder) newDiffNet(props []int) *diffNet {
	s := b.s
	t := &s.st
	p := &diffNet{events: events{quiet: true}}
	local := map[int32]int32{}
	base, top := int64(0), int64(0)
	for _, i := range props {
		for _, x := range s.props[i].(*allDiffProp).xs {
			if _, ok := local[x]; ok {
				continue
			}
			local[x] = int32(len(p.xs))
			p.xs = append(p.xs, x)
			lo, hi := t.vi[x].lo, t.vi[x].lo+int64(t.vi[x].width)-1
			if len(p.xs) == 1 || lo < base {
				base = lo
			}
			if len(p.xs) == 1 || hi > top {
				top = hi
			}
		}
	}
	// Spans are at most 64 and bounds are int64s: top - base wraps only
	// when far apart, and then is negative.
	if d := top - base; d < 0 || d >= 64 {
		return nil
	}
	n := int32(len(p.xs))
	p.shift = make([]uint8, n)
	for i, x := range p.xs {
		p.shift[i] = uint8(t.vi[x].lo - base)
	}
	var links []link
	p.uAt = append(p.uAt, 0)
	for u, i := range props {
		for _, x := range s.props[i].(*allDiffProp).xs {
			l := local[x]
			p.uVar = append(p.uVar, l)
			links = append(links, link{x: l, p: int32(u)})
		}
		p.uAt = append(p.uAt, int32(len(p.uVar)))
		p.uCons = append(p.uCons, s.propCons[i])
	}
	p.nw = (len(props) + 63) / 64
	p.vMask = make([]uint64, int(n)*p.nw)
	for _, k := range links {
		p.vMask[int(k.x)*p.nw+int(k.p>>6)] |= 1 << (k.p & 63)
	}
	p.match = make([]int8, len(p.uVar))
	for i := range p.match {
		p.match[i] = -1
	}
	p.dom = make([]uint64, n)
	p.d0 = make([]uint64, n)
	p.at = make([]uint32, n)
	p.uRun = make([]uint32, len(props))
	p.chg = make([]bool, n)
	p.changed = make([]int32, 0, n)
	p.work = make([]uint64, p.nw)
	p.slow = make([]uint64, p.nw)
	p.calm = make([]uint64, p.nw)
	p.pending = make([]int32, 0, n)
	p.reload = make([]int32, 0, 2*n)
	p.buildPeers()
	p.buildKeep(t)
	return p
}

// buildPeers lists each local variable's peers, the other variables of
// its units, once each (spreadRoot).
func (p *diffNet) buildPeers() {
	n := len(p.xs)
	seen := make([]int32, n) // the variable whose peers were last seen, plus 1
	p.peerAt = make([]int32, 1, n+1)
	byVar := make([][]int32, n)
	for u := 0; u+1 < len(p.uAt); u++ {
		for _, i := range p.uVar[p.uAt[u]:p.uAt[u+1]] {
			byVar[i] = append(byVar[i], int32(u))
		}
	}
	for i := range n {
		seen[i] = int32(i) + 1
		for _, u := range byVar[i] {
			for _, j := range p.uVar[p.uAt[u]:p.uAt[u+1]] {
				if seen[j] != int32(i)+1 {
					seen[j] = int32(i) + 1
					p.peer = append(p.peer, j)
				}
			}
		}
		p.peerAt = append(p.peerAt, int32(len(p.peer)))
	}
	most := int32(0) // the most peers of a variable
	for i := range n {
		most = max(most, p.peerAt[i+1]-p.peerAt[i])
	}
	p.fixq = make([]int32, n+int(most)) // see spreadPeers1
	p.dirty = make([]uint64, p.nw)
	p.uFixed = make([]uint64, len(p.uAt)-1)
	p.work0 = make([]uint64, p.nw)
	p.slow0 = make([]uint64, p.nw)
}
