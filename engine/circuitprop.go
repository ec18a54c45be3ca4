package engine

// circuitProp propagates circuit and, with sub set, subcircuit. Nodes
// are the positions 0..n-1 of succ; node i's successor is node j when
// succ[i] = base + j.
//
// At post time every successor is limited to the nodes, and under
// circuit (with two nodes or more) to the other nodes. Then each run,
// under PropFC and PropAC alike, filters from the fixed successors:
//
//   - values: a node's fixed successor is removed from every other
//     successor (alldiff's forward checking); a reversible flag per
//     node marks the ones already done, so each is done once per branch;
//   - chains: the fixed successors form paths (and cycles), found anew at
//     each run by following them from every node that is nobody's fixed
//     successor. Closing the path s → ... → d by d → s would make a cycle
//     of its nodes alone, so s is removed from d's successors unless the
//     path holds all n nodes (circuit), or every node that must be in the
//     cycle (its own value is out of its domain) is on it (subcircuit).
//     A cycle of fixed successors fails circuit unless it has all nodes,
//     and makes every other node its own successor under subcircuit.
//
// Both repeat until no successor becomes fixed. Under PropAC a Régin
// propagator (regin.go) over the successors then makes their alldiff
// domain consistent, when it is small enough; the fixed successors it
// leaves are chained at the next run (the propagator is not idempotent,
// so the fixpoint loop runs it again after its own changes). The cost of
// a run is O(n) plus n per newly fixed successor, plus Régin's
// O(n + values + edges). Under circuit the possible successors must then
// make the nodes strongly connected (circuitscc.go); the removal of arcs
// by strongly connected components (Fages and Lorca) is not done.
type circuitProp struct {
	sub  bool
	bad  bool // found unsatisfiable at post time
	n    int32
	base int64
	x    []int32     // per node: the variable of its successor, or -1 for a constant
	k    []int32     // per node with a constant successor: that node
	done int32       // cells done..done+n-1: 1 once the node's successor is removed from the others
	s    *Solver     // the solver whose store reg works on
	reg  *reginProp  // PropAC: alldiff domain consistency, or nil
	scc  *sccScratch // PropAC, circuit, with reg: the connectivity test (circuitscc.go)

	next  []int32 // scratch per node: its fixed successor if another node, else -1
	pred  []bool  // scratch per node: it is another node's fixed successor
	seen  []int32 // scratch per node: the stamp of the walk that met it
	stamp int32
}

// newCircuitProp makes the propagator of (sub)circuit(succ) and filters
// the domains at the root: successors are nodes, a circuit's successor
// is another node, constants and variables are not repeated.
func newCircuitProp(b *builder, succ []Expr, base int64, argX []int32, sub bool) (globalProp, globalOpts, error) {
	t := &b.s.st
	n := int32(len(argX))
	scratch := make([]int32, 4*n)
	p := &circuitProp{
		sub: sub, n: n, base: base, x: argX, s: b.s,
		k: scratch[:n:n], next: scratch[n : 2*n : 2*n], seen: scratch[2*n : 3*n : 3*n],
		pred: make([]bool, n), done: -1,
	}
	last := base + int64(n) - 1 // no overflow: checkNodes
	taken := scratch[3*n:]      // per node: 1 if a constant's successor
	var vars []int32
	seenVar := map[int32]bool{}
	for i, x := range argX {
		self := base + int64(i)
		if x < 0 {
			v := succ[i].(*Const).V
			if v < base || v > last || !sub && n > 1 && v == self || taken[v-base] != 0 {
				p.bad = true
				continue
			}
			taken[v-base] = 1
			p.k[i] = int32(v - base)
			continue
		}
		if seenVar[x] { // x != x: alldiff cannot hold
			p.bad = true
		}
		seenVar[x] = true
		vars = append(vars, x)
		if !t.removeBelow(x, base) || !t.removeAbove(x, last) || !sub && n > 1 && !t.remove(x, self) {
			p.bad = true
		}
	}
	if p.bad {
		b.s.unsat = true
		return p, globalOpts{}, nil
	}
	p.done = t.newCell(0)
	for range n - 1 {
		t.newCell(0)
	}
	opts := globalOpts{wake: onChange}
	if b.s.opts.Prop == PropAC {
		if p.reg = newRegin(vars, nil, b.s); p.reg != nil {
			opts.slow = true
			if !sub && n > 1 {
				arcs := n
				for _, x := range vars {
					arcs += int32(t.size(x)) // small: Régin was built
				}
				p.scc = newSCCScratch(n, arcs)
			}
		}
	}
	return p, opts, nil
}

func (p *circuitProp) propagate(t *store, mode propMode) bool {
	if p.bad {
		return false
	}
	for {
		if t.tick(int32(len(p.x))) || !p.spread(t) {
			return false
		}
		again, ok := p.chains(t)
		if !ok {
			return false
		}
		if !again {
			break
		}
	}
	if mode != modeAC || p.reg == nil || t != &p.s.st {
		return true
	}
	return p.reg.propagate(p.s) && (p.scc == nil || p.connected(t))
}

// succOf returns node i's successor if it is fixed.
func (p *circuitProp) succOf(t *store, i int32) (int32, bool) {
	x := p.x[i]
	if x < 0 {
		return p.k[i], true
	}
	if !t.fixed(x) {
		return -1, false
	}
	return int32(t.minOf(x) - p.base), true
}

// spread removes each fixed successor not yet done from the other
// successors, until none is left.
func (p *circuitProp) spread(t *store) bool {
	for again := true; again; {
		again = false
		for i := range p.n {
			if t.cell[p.done+i] != 0 {
				continue
			}
			j, ok := p.succOf(t, i)
			if !ok {
				continue
			}
			t.set(p.done+i, 1)
			v := p.base + int64(j)
			for k, y := range p.x {
				if int32(k) == i || y < 0 {
					continue
				}
				if !t.remove(y, v) {
					return false
				}
				if int32(k) < i && t.cell[p.done+int32(k)] == 0 && t.fixed(y) {
					again = true // passed already
				}
			}
		}
	}
	return true
}

// mustMove reports whether node i cannot be its own successor.
func (p *circuitProp) mustMove(t *store, i int32) bool {
	if x := p.x[i]; x >= 0 {
		return !t.contains(x, p.base+int64(i))
	}
	return p.k[i] != i
}

// chains applies the chain and cycle rules. again reports that a
// successor became fixed.
func (p *circuitProp) chains(t *store) (again, ok bool) {
	n := p.n
	if n < 2 {
		return false, true
	}
	must := int32(0) // subcircuit: the nodes that must be in the cycle
	for i := range n {
		p.next[i], p.pred[i] = -1, false
		if j, fixed := p.succOf(t, i); fixed && j != i {
			p.next[i] = j
		}
		if p.sub && p.mustMove(t, i) {
			must++
		}
	}
	for _, j := range p.next {
		if j >= 0 {
			p.pred[j] = true
		}
	}
	p.newStamp()
	for s := range n {
		if p.next[s] < 0 || p.pred[s] {
			continue
		}
		d, nodes := s, int32(1)
		for p.next[d] >= 0 {
			p.seen[d] = p.stamp
			d = p.next[d]
			nodes++
		}
		p.seen[d] = p.stamp
		x := p.x[d]
		if x < 0 || t.fixed(x) {
			continue // d is its own successor: spread has failed already
		}
		if !p.sub && nodes < n || p.sub && must > nodes {
			if !t.remove(x, p.base+int64(s)) {
				return false, false
			}
			again = again || t.fixed(x)
		}
	}
	// A fixed successor met by no walk is on a cycle (the fixed
	// successors are distinct: spread has removed each from the others).
	for c := range n {
		if p.next[c] >= 0 && p.seen[c] != p.stamp {
			return p.cycle(t, c)
		}
	}
	return again, true
}

// cycle handles the cycle of fixed successors through node c: under
// circuit it must hold every node; under subcircuit every other node is
// its own successor.
func (p *circuitProp) cycle(t *store, c int32) (again, ok bool) {
	p.newStamp()
	nodes := int32(0)
	for d := c; p.seen[d] != p.stamp; d = p.next[d] {
		p.seen[d] = p.stamp
		nodes++
	}
	if !p.sub {
		return false, nodes == p.n
	}
	for i := range p.n {
		if p.seen[i] == p.stamp {
			continue
		}
		x := p.x[i]
		if x < 0 {
			if p.k[i] != i {
				return false, false
			}
			continue
		}
		if !t.fixed(x) {
			again = true
		}
		if !t.fixTo(x, p.base+int64(i)) {
			return false, false
		}
	}
	return again, true
}

func (p *circuitProp) newStamp() {
	p.stamp++
	if p.stamp == 0 {
		clear(p.seen)
		p.stamp = 1
	}
}
