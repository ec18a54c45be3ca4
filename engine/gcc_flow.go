package engine

// gccFlow makes the list of a global_cardinality domain consistent with
// respect to the bounds of the counts (Régin, AAAI 1996).
//
// The network: element i sends exactly one unit to one of its values;
// value node k (values[k]) takes between lo[k] and hi[k] units, the
// bounds of counts[k]; one more node, "other" (index m), stands for every
// value outside the list of values and takes 0..n units. Element i has an
// edge to k if values[k] is in its domain, to other if some value of its
// domain is not among values — all those values are alike, so one edge
// decides them together.
//
// A feasible flow is an assignment of the elements (assign) with every
// load within its bounds. The assignment is kept between runs,
// unrestored on backtrack, as in reginProp: any assignment is a valid
// start, so a run drops the elements whose value has gone (or that
// overload a value whose upper bound fell), reassigns them along
// augmenting paths, then raises the loads below their lower bounds along
// paths that end at a value with a unit to spare. If either step fails
// there is no solution.
//
// Then an edge i–k outside the flow is in some feasible flow iff i and k
// lie in one strongly connected component of the residual graph: i → k
// for the edges outside the flow, k → i for those in it, k → sink while
// load < hi, sink → k while load > lo. Edges that fail are removed.
//
// A run costs O(n·m) to read the domains and for Tarjan, plus the paths
// (O(n·m) each; few, with the assignment kept).
type gccFlow struct {
	p      *gccProp
	n, m   int32    // elements; values (other is node m)
	has    []bool   // has[i*(m+1)+k]: element i can take value node k
	assign []int32  // per element: its value node, -1 if none
	load   []int32  // per value node
	lo, hi []int32  // per value node
	seen   []uint32 // per value node: stamp of the search that saw it
	stamp  uint32   //
	g      gccGraph // the residual graph
	sc     gccSCC   //
}

// gccMaxEdges bounds n·(m+1), the size of has, for the flow to be built.
const gccMaxEdges = 1 << 18

func newGCCFlow(p *gccProp) *gccFlow {
	n, m := int32(len(p.list)), int32(len(p.values))
	if n == 0 || int64(n)*int64(m+1) > gccMaxEdges {
		return nil
	}
	f := &gccFlow{
		p: p, n: n, m: m,
		has:    make([]bool, n*(m+1)),
		assign: make([]int32, n),
		load:   make([]int32, m+1),
		lo:     make([]int32, m+1),
		hi:     make([]int32, m+1),
		seen:   make([]uint32, m+1),
	}
	for i := range f.assign {
		f.assign[i] = -1
	}
	nodes := n + m + 2
	f.g.init(nodes, n*(m+1)+n+2*(m+1))
	f.sc.init(nodes)
	return f
}

// read fills has, the bounds, and drops the assignments that are gone.
func (f *gccFlow) read(t *store) bool {
	p, m1 := f.p, f.m+1
	for k := range f.m {
		lo, hi := p.countBounds(t, int(k))
		if lo > hi {
			return false
		}
		f.lo[k], f.hi[k] = lo, hi
	}
	f.lo[f.m], f.hi[f.m] = 0, f.n
	for i, x := range p.list {
		row := f.has[int32(i)*m1 : int32(i+1)*m1]
		clear(row)
		if v, ok := p.value(t, i); ok {
			if k := p.index(v); k >= 0 {
				row[k] = true
			} else {
				row[f.m] = true
			}
		} else {
			in := int32(0)
			for k, v := range p.values {
				if t.contains(x, v) {
					row[k] = true
					in++
				}
			}
			row[f.m] = t.size(x) > in
		}
		if a := f.assign[i]; a >= 0 && !row[a] {
			f.assign[i] = -1
		}
	}
	clear(f.load)
	for i, a := range f.assign {
		if a < 0 {
			continue
		}
		if f.load[a] == f.hi[a] {
			f.assign[i] = -1 // the upper bound fell
			continue
		}
		f.load[a]++
	}
	return true
}

func (f *gccFlow) run(t *store) bool {
	if !f.read(t) {
		return false
	}
	for i := range f.n {
		if f.assign[i] < 0 {
			f.newSearch()
			if !f.augment(i) {
				return false
			}
		}
	}
	for k := range f.m {
		for f.load[k] < f.lo[k] {
			f.newSearch()
			f.seen[k] = f.stamp
			if !f.raise(k) {
				return false
			}
		}
	}
	f.residual()
	f.sc.run(&f.g)
	return f.prune(t)
}

func (f *gccFlow) newSearch() {
	f.stamp++
	if f.stamp == 0 {
		clear(f.seen)
		f.stamp = 1
	}
}

// augment assigns element i, moving other elements along the way, to a
// value node below its upper bound.
func (f *gccFlow) augment(i int32) bool {
	row := f.has[i*(f.m+1) : (i+1)*(f.m+1)]
	for k, ok := range row {
		if !ok || f.seen[k] == f.stamp {
			continue
		}
		f.seen[k] = f.stamp
		if f.load[k] < f.hi[k] {
			f.assign[i] = int32(k)
			f.load[k]++
			return true
		}
		for j, a := range f.assign {
			if a == int32(k) && f.augment(int32(j)) {
				// j left k (load down, up elsewhere); i takes its place.
				f.load[k]--
				f.assign[i] = int32(k)
				f.load[k]++
				return true
			}
		}
	}
	return false
}

// raise moves one more element to value node k, from a value node above
// its lower bound, through a chain of moves that leaves every other load
// as it was.
func (f *gccFlow) raise(k int32) bool {
	m1 := f.m + 1
	for j, a := range f.assign {
		if a == k || !f.has[int32(j)*m1+k] || f.seen[a] == f.stamp {
			continue
		}
		f.seen[a] = f.stamp
		if f.load[a] > f.lo[a] || f.raise(a) {
			f.load[a]--
			f.assign[j] = k
			f.load[k]++
			return true
		}
	}
	return false
}

// residual builds the residual graph: elements 0..n-1, value nodes
// n..n+m, the sink n+m+1.
func (f *gccFlow) residual() {
	g := &f.g
	g.reset()
	m1 := f.m + 1
	sink := f.n + m1
	for i := range f.n {
		g.start()
		for k := range m1 {
			if f.has[i*m1+k] && k != f.assign[i] {
				g.edge(f.n + k)
			}
		}
	}
	for k := range m1 {
		g.start()
		for i, a := range f.assign {
			if a == k {
				g.edge(int32(i))
			}
		}
		if f.load[k] < f.hi[k] {
			g.edge(sink)
		}
	}
	g.start()
	for k := range m1 {
		if f.load[k] > f.lo[k] {
			g.edge(f.n + k)
		}
	}
	g.finish()
}

// prune removes the edges outside the flow that join two components.
func (f *gccFlow) prune(t *store) bool {
	p, m1 := f.p, f.m+1
	for i, x := range p.list {
		if x < 0 || t.fixed(x) {
			continue // its only edge is in the flow
		}
		ci := f.sc.comp[i]
		for k := range m1 {
			if !f.has[int32(i)*m1+k] || k == f.assign[i] || f.sc.comp[f.n+k] == ci {
				continue
			}
			if k < f.m {
				if !t.remove(x, p.values[k]) {
					return false
				}
				continue
			}
			if !f.removeOthers(t, x) {
				return false
			}
		}
	}
	return true
}

// removeOthers removes from x every value that is not among values.
// nextValue finds the value after v whether v is still there or not.
func (f *gccFlow) removeOthers(t *store, x int32) bool {
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if f.p.index(v) < 0 && !t.remove(x, v) {
			return false
		}
	}
	return true
}
