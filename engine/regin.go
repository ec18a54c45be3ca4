package engine

import "math/bits"

// reginProp makes alldiff(xs[i] + off[i]) domain consistent (Régin 1994):
// a value can be kept for an argument iff some maximum matching of the
// bipartite graph arguments–values uses that edge.
//
// The matching is kept between calls, unrestored on backtrack: any
// matching is a valid start, so each call only unmatches the arguments
// whose value has left their domain and rematches them along augmenting
// paths; if one cannot be matched the constraint fails. Then, by Berge's
// theorem, an edge x–v outside the matching belongs to a maximum matching
// iff it lies on an alternating cycle or on an alternating path from a
// free value. In the directed graph with argument → value for the edges
// outside the matching, value → argument for the matched ones, free value
// → sink and sink → every matched value, both cases mean that x and v are
// in the same strongly connected component, which Tarjan's algorithm
// finds; every other edge outside the matching is removed.
//
// Arguments are nodes of their own, so a variable that appears twice
// (with different offsets) is treated as two independent ones: the
// pruning is still sound, but neither complete nor idempotent then.
//
// One call costs O(n + values + edges). The builder uses it only when the
// sum of the initial domain sizes is at most reginMaxEdges and the values
// span at most reginMaxValues, so it never runs on 1000-queens; larger
// alldiffs are left to the value propagator.
type reginProp struct {
	xs       []int32 // the variable of each argument
	off      []int64 // its offset
	lo       int64   // value index = argument value - lo
	nv       int32   // number of value indices
	distinct bool    // no variable repeats
	small    bool    // nv <= 64: the bit-set version (propagateSmall)
	win      []int32 // small: the bit offset in x_i of value index 0
	wide     []bool  // small: x_i has a wide domain, read value by value (nil: none has)
	dom      []uint64
	reach    []uint64

	matchVal []int32 // per argument: its value index, -1 if unmatched
	matchArg []int32 // per value: its argument, -1 if free

	adj   []int32 // the value indices of argument i: adj[adjAt[i]:adjAt[i+1]]
	adjAt []int32
	seen  []uint32 // per value: stamp of the augmenting search that saw it
	stamp uint32

	// Tarjan, over nodes: arguments 0..n-1, values n..n+nv-1, the sink.
	index []int32 // 0: unvisited
	low   []int32
	comp  []int32 // the component of a visited node
	stack []int32
	calls []tcall
}

type tcall struct{ node, edge int32 }

const (
	reginMaxEdges  = 1 << 14
	reginMaxValues = 1 << 12
)

// newRegin returns the propagator for alldiff(xs[i] + off[i]), or nil if
// it is too large (or has fewer than two arguments). off may be nil.
func newRegin(xs []int32, off []int64, s *Solver) *reginProp {
	n := len(xs)
	if n < 2 {
		return nil
	}
	t := &s.st
	lo, hi := int64(0), int64(0)
	edges := 0
	distinct := true
	for i, x := range xs {
		o := int64(0)
		if off != nil {
			o = off[i]
		}
		// No overflow: the bounds of x + o are those of an expression the
		// constructors built (alldiff), or small (diagonalProp.small).
		a, b := t.minOf(x)+o, t.maxOf(x)+o
		if i == 0 || a < lo {
			lo = a
		}
		if i == 0 || b > hi {
			hi = b
		}
		if t.size(x) > reginMaxEdges {
			return nil
		}
		edges += int(t.size(x))
		for _, y := range xs[:i] {
			if y == x {
				distinct = false
			}
		}
		if edges > reginMaxEdges {
			return nil
		}
	}
	if span, ok := SubInt(hi, lo); !ok || span >= reginMaxValues {
		return nil
	}
	nv := int(hi - lo + 1)
	nodes := n + nv + 1
	// One slab for the int32 arrays.
	slab := make([]int32, n+nv+n+1+3*nodes+edges+n)
	cut := func(k int) []int32 {
		a := slab[:k:k]
		slab = slab[k:]
		return a
	}
	r := &reginProp{
		xs: xs, off: make([]int64, n), lo: lo, nv: int32(nv), distinct: distinct,
		matchVal: cut(n), matchArg: cut(nv), adjAt: cut(n + 1),
		index: cut(nodes), low: cut(nodes), comp: cut(nodes),
		seen: make([]uint32, nv),
	}
	r.adj = cut(edges)[:0]
	if off != nil {
		copy(r.off, off)
	}
	if nv <= 64 {
		r.small = true
		r.win = cut(n)
		words := make([]uint64, n+3*64) // reach, then pruneSmall's back and comp
		r.dom, r.reach = words[:n:n], words[n:]
		for i, x := range xs {
			r.win[i] = int32(lo - t.vi[x].lo - r.off[i]) // small; wraps in between at worst
			if !t.bitset(x) {
				// A wide domain has no words: it is read value by value,
				// and win, not 0, keeps it off the paths that read words.
				if r.wide == nil {
					r.wide = make([]bool, n)
				}
				r.wide[i], r.win[i] = true, 1
			}
		}
	}
	for i := range r.matchVal {
		r.matchVal[i] = -1
	}
	for i := range r.matchArg {
		r.matchArg[i] = -1
	}
	return r
}

func (r *reginProp) propagate(s *Solver) bool { return r.prune(&s.st) }

// prune is propagate on a store, for the globals that use it (inverse).
func (r *reginProp) prune(t *store) bool {
	n := int32(len(r.xs))
	if r.small {
		return r.propagateSmall(t)
	}
	// The edges, and the arguments whose matched value is gone.
	r.adj = r.adj[:0]
	for i, x := range r.xs {
		r.adjAt[i] = int32(len(r.adj))
		base := r.off[i] - r.lo
		mv := r.matchVal[i]
		keep := false
		vi := &t.vi[x]
		if vi.wide != 0 { // few values (newRegin counted them): one by one
			for u, ok := t.minOf(x), true; ok; u, ok = t.nextValue(x, u) {
				v := int32(u + base)
				r.adj = append(r.adj, v)
				keep = keep || v == mv
			}
		}
		mn, mx := t.cell[3*x+cMin], t.cell[3*x+cMax]
		for w := mn >> 6; w <= mx>>6 && vi.wide == 0; w++ {
			word := t.words[vi.at(w)]
			if w == mn>>6 {
				word &^= 1<<(mn&63) - 1
			}
			if w == mx>>6 {
				word &= 2<<(mx&63) - 1
			}
			for word != 0 {
				o := w<<6 + int32(bits.TrailingZeros64(word))
				word &= word - 1
				v := int32(vi.lo + int64(o) + base)
				r.adj = append(r.adj, v)
				keep = keep || v == mv
			}
		}
		if mv >= 0 && !keep {
			r.matchArg[mv] = -1
			r.matchVal[i] = -1
		}
	}
	r.adjAt[n] = int32(len(r.adj))
	for i := range n {
		if r.matchVal[i] < 0 && !r.augment(i) {
			return false
		}
	}
	r.scc()
	for i, x := range r.xs {
		ci := r.comp[i]
		mv := r.matchVal[i]
		for _, v := range r.adj[r.adjAt[i]:r.adjAt[i+1]] {
			if v != mv && r.comp[n+v] != ci {
				if !t.remove(x, int64(v)+r.lo-r.off[i]) {
					return false
				}
			}
		}
	}
	return true
}

// augment matches argument i along an augmenting path, if there is one.
func (r *reginProp) augment(i int32) bool {
	r.stamp++
	if r.stamp == 0 {
		clear(r.seen)
		r.stamp = 1
	}
	// A free value of i first: the common case.
	for _, v := range r.adj[r.adjAt[i]:r.adjAt[i+1]] {
		if r.matchArg[v] < 0 {
			r.matchArg[v], r.matchVal[i] = i, v
			return true
		}
	}
	return r.search(i)
}

// search looks for an augmenting path from argument i by depth-first
// search over values not yet seen in this round.
func (r *reginProp) search(i int32) bool {
	for _, v := range r.adj[r.adjAt[i]:r.adjAt[i+1]] {
		if r.seen[v] == r.stamp {
			continue
		}
		r.seen[v] = r.stamp
		if j := r.matchArg[v]; j < 0 || r.search(j) {
			r.matchArg[v], r.matchVal[i] = i, v
			return true
		}
	}
	return false
}

// scc numbers the strongly connected components of the residual graph
// into comp, by an iterative Tarjan from every argument.
func (r *reginProp) scc() {
	n := int32(len(r.xs))
	sink := n + r.nv
	clear(r.index)
	counter := int32(0)
	ncomp := int32(0)
	// next returns the target of the edge-th edge of node, or -1.
	next := func(node int32, edge int32) int32 {
		switch {
		case node < n:
			lo, hi := r.adjAt[node], r.adjAt[node+1]
			for k := lo + edge; k < hi; k++ {
				if v := r.adj[k]; v != r.matchVal[node] {
					return k - lo // position, resolved below
				}
			}
			return -1
		case node < sink:
			if edge > 0 {
				return -1
			}
			return 0
		}
		if edge < n {
			return edge
		}
		return -1
	}
	target := func(node, pos int32) int32 {
		switch {
		case node < n:
			return n + r.adj[r.adjAt[node]+pos]
		case node < sink:
			if a := r.matchArg[node-n]; a >= 0 {
				return a
			}
			return sink
		}
		return n + r.matchVal[pos]
	}
	for root := range n {
		if r.index[root] != 0 {
			continue
		}
		r.calls = append(r.calls[:0], tcall{node: root})
		counter++
		r.index[root], r.low[root] = counter, counter
		r.stack = append(r.stack, root)
		for len(r.calls) > 0 {
			c := &r.calls[len(r.calls)-1]
			pos := next(c.node, c.edge)
			if pos >= 0 {
				c.edge = pos + 1
				w := target(c.node, pos)
				if r.index[w] == 0 {
					counter++
					r.index[w], r.low[w] = counter, counter
					r.stack = append(r.stack, w)
					r.calls = append(r.calls, tcall{node: w})
				} else if r.index[w] > 0 && r.index[w] < r.low[c.node] {
					r.low[c.node] = r.index[w] // w is on the stack
				}
				continue
			}
			v := c.node
			r.calls = r.calls[:len(r.calls)-1]
			if r.low[v] == r.index[v] {
				ncomp++
				for {
					w := r.stack[len(r.stack)-1]
					r.stack = r.stack[:len(r.stack)-1]
					r.comp[w] = ncomp
					r.index[w] = -1 // off the stack
					if w == v {
						break
					}
				}
			}
			if len(r.calls) > 0 {
				p := r.calls[len(r.calls)-1].node
				r.low[p] = min(r.low[p], r.low[v])
			}
		}
	}
}

// propagateSmall is propagate with every set of values a machine word.
//
// Only the unfixed arguments take part: the value propagator, which runs
// first, has removed the value of every fixed argument from the others
// (see hallFree for the one exception), so the fixed ones are matched to
// values no other argument can take and lie on no alternating path.
//
// Instead of Tarjan it works on the graph over the matched values, where
// u reaches w if w is in the domain of u's argument (an alternating
// path); an edge x–v outside the matching is kept iff v is free, or
// reaches x's own value (a cycle) or a free value. Most calls end before
// any of that: no Hall set is possible (hallFree), or every edge is kept
// (closedReach); the others go to pruneSmall.
func (r *reginProp) propagateSmall(t *store) bool {
	// One pass reads the domains, drops the matches that are gone and
	// counts the sizes for hallFree.
	var matched uint64
	var cnt [65]uint8 // per size; sizes are at most 64
	u := 0            // unfixed arguments
	for i, x := range r.xs {
		c := 3 * x
		sz := t.cell[c+cSize]
		mv := r.matchVal[i]
		if sz == 1 {
			if mv >= 0 {
				r.matchArg[mv], r.matchVal[i] = -1, -1
			}
			r.dom[i] = 0
			continue
		}
		u++
		cnt[sz]++
		var d uint64
		if vi := &t.vi[x]; r.win[i] == 0 && vi.width <= 64 {
			// The value indices are the bit offsets: the word itself.
			mn, mx := t.cell[c+cMin], t.cell[c+cMax]
			d = t.words[vi.woff] & (2<<uint(mx) - 1) &^ (1<<uint(mn) - 1)
		} else if r.wide != nil && r.wide[i] {
			d = t.valueWindow(x, r.lo-r.off[i])
		} else {
			d = t.window(x, r.win[i])
		}
		r.dom[i] = d
		if mv >= 0 {
			if d>>mv&1 == 0 {
				r.matchArg[mv], r.matchVal[i] = -1, -1
			} else {
				matched |= 1 << mv
			}
		}
	}
	if hallFree(&cnt, u) {
		return true
	}
	var union uint64
	for i, d := range r.dom {
		if d == 0 {
			continue
		}
		union |= d
		if r.matchVal[i] < 0 {
			if f := d &^ matched; f != 0 {
				v := int32(bits.TrailingZeros64(f))
				r.matchArg[v], r.matchVal[i] = int32(i), v
				matched |= 1 << v
			} else {
				var seen uint64
				if !r.searchSmall(int32(i), &seen, &matched) {
					return false
				}
			}
		}
	}
	// matched holds the values of the unfixed arguments only: the matches
	// of the fixed ones were dropped above.
	for vs := matched; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		r.reach[v] = r.dom[r.matchArg[v]] &^ (1 << v)
	}
	free := union &^ matched
	if r.noPruning(matched, free) {
		return true
	}
	return r.pruneSmall(t, matched, free)
}

// pruneSmall removes the edges outside the matching that lie on no
// alternating cycle and on no alternating path from a free value (see
// propagateSmall), given the reach sets of the matched values live. An
// edge x–v, v matched, is kept iff v reaches a free value, or v lies in
// the strongly connected component of x's own value (which v reaches
// back: x's value reaches v directly). Both are found by searches over
// the words: the values that reach a free one backwards from the free
// values, each component as the intersection of a forward and a
// backward search from one of its values. The edges of one argument go
// in one removeWord, which records and reports them as the removals one
// by one did.
func (r *reginProp) pruneSmall(t *store, live, free uint64) bool {
	// back[w]: the values that reach w in one step.
	back := r.reach[64:128]
	for vs := live; vs != 0; vs &= vs - 1 {
		back[bits.TrailingZeros64(vs)] = 0
	}
	for vs := live; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		for ws := r.reach[v] & live; ws != 0; ws &= ws - 1 {
			back[bits.TrailingZeros64(ws)] |= 1 << v
		}
	}
	// toFree: the matched values some alternating path leads from to a
	// free value.
	var toFree uint64
	for vs := live; vs != 0; vs &= vs - 1 {
		if v := bits.TrailingZeros64(vs); r.reach[v]&free != 0 {
			toFree |= 1 << v
		}
	}
	for frontier := toFree; frontier != 0; {
		var next uint64
		for vs := frontier; vs != 0; vs &= vs - 1 {
			next |= back[bits.TrailingZeros64(vs)]
		}
		frontier = next &^ toFree
		toFree |= next
	}
	// comp[v]: v's component, for the values outside toFree.
	comp := r.reach[128:192]
	for rest := live &^ toFree; rest != 0; {
		root := uint64(1) << bits.TrailingZeros64(rest)
		fwd, bwd := root, root
		for frontier := root; frontier != 0; {
			var next uint64
			for vs := frontier; vs != 0; vs &= vs - 1 {
				next |= r.reach[bits.TrailingZeros64(vs)]
			}
			next &= rest
			frontier = next &^ fwd
			fwd |= next
		}
		for frontier := root; frontier != 0; {
			var next uint64
			for vs := frontier; vs != 0; vs &= vs - 1 {
				next |= back[bits.TrailingZeros64(vs)]
			}
			next &= fwd
			frontier = next &^ bwd
			bwd |= next
		}
		for vs := bwd; vs != 0; vs &= vs - 1 {
			comp[bits.TrailingZeros64(vs)] = bwd
		}
		rest &^= bwd
	}
	keep := free | toFree
	for i, x := range r.xs {
		mv := r.matchVal[i]
		if mv < 0 {
			continue // fixed
		}
		out := r.dom[i] &^ keep
		if out == 0 {
			continue
		}
		if toFree>>mv&1 == 0 {
			out &^= comp[mv] // mv's component, mv included
		}
		if out == 0 {
			continue
		}
		// removeWord takes bits that are set and leaves one: with a
		// variable twice (x and x+1), the other argument's removals may
		// have taken some of out, or all but out, since dom was read.
		if vi := &t.vi[x]; r.distinct && r.win[i] == 0 && vi.width <= 64 {
			t.removeWord(x, out)
			continue
		}
		for vs := out; vs != 0; vs &= vs - 1 {
			v := bits.TrailingZeros64(vs)
			if !t.remove(x, int64(v)+r.lo-r.off[i]) {
				return false
			}
		}
	}
	return true
}

// noPruning reports whether every edge is consistent: closedReach on the
// propagator's reach sets.
func (r *reginProp) noPruning(live, free uint64) bool { return closedReach(r.reach, live, free) }

// closedReach reports whether every edge is consistent because every
// value reaches a free one (free: the free values in some domain), or,
// with no free value, because the graph over the matched values live
// (reach[v]: the values v's argument can take besides v) is strongly
// connected: a forward search from one value and a backward one both
// reach all of them. Most calls end here, cheaper than pruneSmall.
func closedReach(reach []uint64, live, free uint64) bool {
	if live == 0 {
		return true
	}
	if free != 0 {
		in := uint64(0) // the values that reach a free one
		for {
			grew := false
			for vs := live &^ in; vs != 0; vs &= vs - 1 {
				v := bits.TrailingZeros64(vs)
				if reach[v]&(free|in) != 0 {
					in |= 1 << v
					grew = true
				}
			}
			if in == live {
				return true
			}
			if !grew {
				return false
			}
		}
	}
	root := bits.TrailingZeros64(live)
	fwd, frontier := uint64(1)<<root, uint64(1)<<root
	for frontier != 0 {
		next := uint64(0)
		for vs := frontier; vs != 0; vs &= vs - 1 {
			next |= reach[bits.TrailingZeros64(vs)]
		}
		frontier = next &^ fwd
		fwd |= next
	}
	if fwd&live != live {
		return false
	}
	bwd := uint64(1) << root
	for {
		grew := false
		for vs := live &^ bwd; vs != 0; vs &= vs - 1 {
			v := bits.TrailingZeros64(vs)
			if reach[v]&bwd != 0 {
				bwd |= 1 << v
				grew = true
			}
		}
		if bwd == live {
			return true
		}
		if !grew {
			return false
		}
	}
}

// hallFree reports whether no set of unfixed arguments can be a Hall set
// (k arguments whose domains hold k values between them) other than all
// of them: then no value can be removed and a matching exists, so there
// is nothing to do. A Hall set of k arguments needs k arguments with at
// most k values each, so it is enough that fewer than k unfixed arguments
// have at most k values, for every k below the number u of unfixed
// arguments (for k = u - 1 this leaves two arguments with at least u
// values, so the u arguments have a matching). A variable that appears in
// two arguments makes them fixed together, so the value propagator has
// dealt with every fixed argument here too. cnt counts the unfixed
// arguments by domain size.
func hallFree(cnt *[65]uint8, u int) bool {
	c := 0
	for k := 2; k < u; k++ {
		c += int(cnt[k])
		if c >= k {
			return false
		}
	}
	return true
}

// searchSmall looks for an augmenting path from argument i over values not
// yet seen.
func (r *reginProp) searchSmall(i int32, seen, matched *uint64) bool {
	for c := r.dom[i] &^ *seen; c != 0; c &= c - 1 {
		v := int32(bits.TrailingZeros64(c))
		*seen |= 1 << v
		j := r.matchArg[v]
		if j < 0 {
			*matched |= 1 << v // the path's end: the one value newly matched
		}
		if j < 0 || r.searchSmall(j, seen, matched) {
			r.matchArg[v], r.matchVal[i] = i, v
			return true
		}
	}
	return false
}
