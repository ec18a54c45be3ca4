package engine

// A cycle through all the nodes needs every node to reach every other
// along possible successors (the graph with an arc i -> j for each value
// base+j of succ[i] must be strongly connected). Under PropAC, circuit
// checks it after Régin, by a search forward from node 0 along the arcs
// and one backward along the arcs reversed, and fails if either misses a
// node. It is the first test of Fages and Lorca's filtering, without its
// removal of the arcs between components (which, for circuit, a single
// component leaves nothing to remove) nor their dominators.
//
// The graph is read from the domains at each run, O(n + arcs); it is only
// built when Régin runs, whose size limit bounds the arcs.

// sccScratch holds the searches' buffers, made at post time.
type sccScratch struct {
	queue  []int32 // the nodes reached, in order
	predAt []int32 // per node j: its predecessors are pred[predAt[j]:predAt[j+1]]
	fill   []int32 // per node: the next free slot of its predecessors
	pred   []int32
}

func newSCCScratch(n, arcs int32) *sccScratch {
	s := make([]int32, n+n+1+n+arcs)
	return &sccScratch{queue: s[:0:n], predAt: s[n : 2*n+1], fill: s[2*n+1 : 3*n+1], pred: s[3*n+1:]}
}

// connected reports whether the possible successors make the nodes one
// strongly connected component.
func (p *circuitProp) connected(t *store) bool {
	c := p.scc
	n := p.n
	clear(c.predAt)
	p.newStamp()
	c.queue = append(c.queue[:0], 0)
	p.seen[0] = p.stamp
	for h := 0; h < len(c.queue); h++ {
		u := c.queue[h]
		for v, ok := p.firstSucc(t, u); ok; v, ok = p.nextSucc(t, u, v) {
			c.predAt[v+1]++
			if p.seen[v] != p.stamp {
				p.seen[v] = p.stamp
				c.queue = append(c.queue, v)
			}
		}
	}
	if int32(len(c.queue)) < n {
		return false
	}
	// Every node was visited once, so predAt counts every arc.
	for j := range n {
		c.predAt[j+1] += c.predAt[j]
	}
	copy(c.fill, c.predAt[:n])
	for u := range n {
		for v, ok := p.firstSucc(t, u); ok; v, ok = p.nextSucc(t, u, v) {
			c.pred[c.fill[v]] = u
			c.fill[v]++
		}
	}
	p.newStamp()
	c.queue = append(c.queue[:0], 0)
	p.seen[0] = p.stamp
	for h := 0; h < len(c.queue); h++ {
		v := c.queue[h]
		for _, u := range c.pred[c.predAt[v]:c.predAt[v+1]] {
			if p.seen[u] != p.stamp {
				p.seen[u] = p.stamp
				c.queue = append(c.queue, u)
			}
		}
	}
	return int32(len(c.queue)) == n
}

// firstSucc returns node u's least possible successor.
func (p *circuitProp) firstSucc(t *store, u int32) (int32, bool) {
	if x := p.x[u]; x >= 0 {
		return int32(t.minOf(x) - p.base), true
	}
	return p.k[u], true
}

// nextSucc returns node u's next possible successor after v.
func (p *circuitProp) nextSucc(t *store, u, v int32) (int32, bool) {
	x := p.x[u]
	if x < 0 {
		return 0, false
	}
	w, ok := t.nextValue(x, p.base+int64(v))
	return int32(w - p.base), ok
}
