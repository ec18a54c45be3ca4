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
// A run costs O(n + m + edges) to read the domains (each through the
// smaller of its values and the list of values) and for Tarjan, plus the
// paths, O(n·m) at worst each and few with the assignment kept.
type gccFlow struct {
	p      *gccProp
	n, m   int32    // elements; values (other is node m)
	adj    []int32  // the value nodes of element i: adj[adjAt[i]:adjAt[i+1]]
	adjAt  []int32  //
	has    []bool   // has[i*(m+1)+k]: k is in element i's adj
	assign []int32  // per element: its value node, -1 if none
	load   []int32  // per value node
	lo, hi []int32  // per value node
	seen   []uint32 // per value node: stamp of the search that saw it
	stamp  uint32   //
	byVal  []int32  // the elements assigned to k: byVal[valAt[k]:valAt[k+1]]
	valAt  []int32  //
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
		adj:    make([]int32, 0, n*(m+1)),
		adjAt:  make([]int32, n+1),
		has:    make([]bool, n*(m+1)),
		assign: make([]int32, n),
		load:   make([]int32, m+1),
		lo:     make([]int32, m+1),
		hi:     make([]int32, m+1),
		seen:   make([]uint32, m+1),
		byVal:  make([]int32, n),
		valAt:  make([]int32, m+2),
	}
	for i := range f.assign {
		f.assign[i] = -1
	}
	nodes := n + m + 2
	f.g.init(nodes, n*(m+1)+n+2*(m+1))
	f.sc.init(nodes)
	return f
}

// read builds the edges, the bounds, and drops the assignments that are
// gone.
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
	for i := range f.n { // clear has where the last run set it
		for _, k := range f.adj[f.adjAt[i]:f.adjAt[i+1]] {
			f.has[i*m1+k] = false
		}
	}
	f.adj = f.adj[:0]
	for i := range f.n {
		f.adjAt[i] = int32(len(f.adj))
		f.readElement(t, i)
		for _, k := range f.adj[f.adjAt[i]:] {
			f.has[i*m1+k] = true
		}
		if a := f.assign[i]; a >= 0 && !f.has[i*m1+a] {
			f.assign[i] = -1
		}
	}
	f.adjAt[f.n] = int32(len(f.adj))
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

// readElement appends the value nodes of element i to adj.
func (f *gccFlow) readElement(t *store, i int32) {
	p := f.p
	if v, ok := p.value(t, int(i)); ok {
		if k := p.index(v); k >= 0 {
			f.adj = append(f.adj, k)
		} else {
			f.adj = append(f.adj, f.m)
		}
		return
	}
	x := p.list[i]
	if t.size(x) < int64(f.m) {
		other := false
		for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
			if k := p.index(v); k >= 0 {
				f.adj = append(f.adj, k)
			} else {
				other = true
			}
		}
		if other {
			f.adj = append(f.adj, f.m)
		}
		return
	}
	in := int32(0)
	for k, v := range p.values {
		if t.contains(x, v) {
			f.adj = append(f.adj, int32(k))
			in++
		}
	}
	if t.size(x) > int64(in) {
		f.adj = append(f.adj, f.m)
	}
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
	for _, k := range f.adj[f.adjAt[i]:f.adjAt[i+1]] {
		if f.seen[k] == f.stamp {
			continue
		}
		f.seen[k] = f.stamp
		if f.load[k] < f.hi[k] {
			f.assign[i] = k
			f.load[k]++
			return true
		}
		for j, a := range f.assign {
			if a == k && f.augment(int32(j)) {
				// j left k (load down, up elsewhere); i takes its place.
				f.load[k]--
				f.assign[i] = k
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
	m1 := f.m + 1
	// The elements of each value node, by counting sort.
	clear(f.valAt)
	for _, a := range f.assign {
		f.valAt[a+1]++
	}
	for k := range m1 {
		f.valAt[k+1] += f.valAt[k]
	}
	for i, a := range f.assign {
		f.byVal[f.valAt[a]] = int32(i)
		f.valAt[a]++
	}
	for k := m1; k > 0; k-- {
		f.valAt[k] = f.valAt[k-1]
	}
	f.valAt[0] = 0

	g := &f.g
	g.reset()
	sink := f.n + m1
	for i := range f.n {
		g.start()
		for _, k := range f.adj[f.adjAt[i]:f.adjAt[i+1]] {
			if k != f.assign[i] {
				g.edge(f.n + k)
			}
		}
	}
	for k := range m1 {
		g.start()
		for _, i := range f.byVal[f.valAt[k]:f.valAt[k+1]] {
			g.edge(i)
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
	p := f.p
	for i, x := range p.list {
		if x < 0 || t.fixed(x) {
			continue // its only edge is in the flow
		}
		ci := f.sc.comp[i]
		for _, k := range f.adj[f.adjAt[i]:f.adjAt[i+1]] {
			if k == f.assign[i] || f.sc.comp[f.n+k] == ci {
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
	if !t.bitset(x) {
		return t.keepOnly(x, f.p.sorted)
	}
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) || f.p.index(v) < 0 && !t.remove(x, v) {
			return false
		}
	}
	return true
}
