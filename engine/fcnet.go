package engine

import "math/bits"

// A search kernel for forward checking on networks of binary constraints
// over small domains: alldiff (with offsets), diagonal, and linear
// constraints over two variables (x != y, x + 2 != y, x < y ...), every
// domain within one 64-bit word. n-queens, graph colouring, latin squares
// and sudoku under --prop fc are such networks.
//
// The general search pays, at each node, for the store's cells and
// stamps, a level's copy or trail, a propagator call per watch through
// an interface, and MRV reading sizes through the store. Here a domain
// is one word, and what assigning x = v removes from each neighbour y is
// precomputed: comb[x][v][y], the union over x's watches. A node is then
// one AND and one undo record per unassigned neighbour.
//
// It searches exactly the tree of the general path, in the same order,
// with the same statistics: the variable MRV (or input order, or dom/wdeg)
// picks is the same, since the sizes and the counters of unassigned
// variables per constraint are the same; a node fails exactly when one of
// the watches run one after the other would empty a domain; and the
// number of propagations counts the watches up to the one that fails,
// found from the per-watch masks (failRank) when the union empties a
// domain. A domain an assigned variable holds is kept out of the way as
// 0, so that the propagation needs no test of which neighbours are
// assigned: nothing is removed from them, as the general path's
// propagators skip them.
//
// The kernel takes over a search at the start of its free part (the root,
// or a SolveParallel subproblem's base), from the store's domains there,
// and hands back when it is exhausted: the store and the frames stay as
// they were. Tracing, cutting (SolveParallel's decomposition, split) and
// restarts keep the general path (Solver.netUsable).
type fcNet struct {
	n         int32
	lo        []int64 // per variable: the value of offset 0
	nb        []int32 // neighbours of x: nb[nbAt[x]:nbAt[x+1]]
	nbAt      []int32
	comb      []uint64 // x = offset o removes comb[combAt[x]+o*J+j] from neighbour j (J neighbours)
	combAt    []int32
	nWatch    []int32 // per variable: its watches
	rankCons  []int32 // the constraint of x's rank-th watch: rankCons[rankAt[x]+rank]
	rankAt    []int32
	entAt     []int32 // per neighbour entry g = nbAt[x]+j: its watches ent[entAt[g]:entAt[g+1]]
	entK      []int32 // the watch's rank
	entBase   []int32 // its masks: entMask[entBase[e]+o]
	entMask   []uint64
	grp       []int32 // per variable: its constraints' counters grp[grpAt[x]:grpAt[x+1]]
	grpAt     []int32
	grpCons   []int32 // the constraint of each entry of grp (dom/wdeg)
	cellOf    []int32 // per counter: the store's cell it copies
	maxGroups int

	// With 64 variables or fewer, the unassigned neighbours of x are
	// free[0] & nbMask[x], and the masks are indexed by variable:
	// x = offset o removes combD[combDAt[x]+o*n+y] from y, whose entry
	// for failRank is gOf[x*n+y]. Visiting only the unassigned
	// neighbours took a count of 14-queens from 98 to 83 ns a node.
	dense   bool
	nbMask  []uint64
	combD   []uint64
	combDAt []int32
	gOf     []int32

	// MRV on a clique whose variables are all in the same constraints
	// (n-queens, one alldiff): every unassigned variable has the same
	// degree, so MRV's choice is the first smallest domain, which
	// assignClique finds as it narrows them. The counters of unassigned
	// variables per constraint are then not needed.
	clique   bool
	counters bool  // keep cnt: dom/wdeg, or MRV off a clique
	nextVar  int32 // assignClique's choice for the next frame, or -1

	// The search.
	dom     []uint64 // per variable: its domain's offsets; 0 once assigned
	val     []int64  // per variable: its value once assigned
	free    []uint64 // the unassigned variables, as bits
	cnt     []int32  // per constraint: its unassigned variables
	undo    []fcUndo
	stack   []fcFrame
	nfree   int32
	choose  bool // the next step picks a variable (or reports a solution)
	atSol   bool // a solution was returned: resume by backtracking
	depth0  int  // the frames below the kernel's (a subproblem's base)
	descend bool // ValuesMax
}

type fcUndo struct {
	y int32
	w uint64
}

type fcFrame struct {
	x    int32
	mark int32  // len(undo) when the frame began
	dom0 uint64 // x's domain when the frame began
	rest uint64 // the values not yet tried
}

// netUsable reports whether the search can continue in the kernel from
// here: at the start of the free part, with no trace, cut or restart.
func (s *Solver) netUsable() bool {
	if s.phase != phaseChoose || len(s.frames) != s.base || s.trace != nil || s.tr != nil ||
		s.cutDepth != 0 || s.restart.random || (s.opts.Restarts != RestartNone && s.group == nil) || s.phases != nil {
		return false
	}
	if !s.netBuilt {
		s.net, s.netBuilt = s.buildNet(), true
	}
	return s.net != nil
}

// enterNet loads the store's current domains into the kernel.
func (s *Solver) enterNet() {
	k := s.net
	t := &s.st
	clear(k.free)
	k.nfree = 0
	for x := range s.n {
		k.dom[x] = t.live1(x)
		k.free[x>>6] |= 1 << (x & 63)
	}
	for i := range s.frames {
		x := s.frames[i].x
		k.dom[x], k.val[x] = 0, t.minOf(x)
		k.free[x>>6] &^= 1 << (x & 63)
	}
	for x := range s.n {
		if k.free[x>>6]>>(x&63)&1 != 0 {
			k.nfree++
		}
	}
	for c, g := range k.cellOf {
		k.cnt[c] = t.cell[g]
	}
	k.undo, k.stack = k.undo[:0], k.stack[:0]
	k.choose, k.atSol = true, false
	k.depth0 = len(s.frames)
	k.descend = s.opts.Values == ValuesMax
	k.nextVar = -1
	s.phase = phaseNet
}

// nextNet continues the kernel's search to the next solution. The stack
// and undo records are kept in locals, written back to k at each return:
// the loop is the whole cost of a count, and the compiler keeps locals
// in registers where it must reload fields.
func (s *Solver) nextNet() Status {
	k := s.net
	st := &s.stats
	stack, undo, dom := k.stack, k.undo, k.dom
	first := true
	if k.atSol {
		k.atSol = false
		if len(stack) == 0 {
			s.phase = phaseDone
			return Exhausted
		}
		undo = undoTo(dom, undo, stack[len(stack)-1].mark)
	}
	for {
		if k.choose {
			k.choose = false
			if k.nfree == 0 {
				st.Solutions++
				if !s.countOnly {
					copy(s.sol, k.val)
					k.atSol = true
					k.stack, k.undo = stack, undo
					return Solution
				}
				if len(stack) == 0 { // the subproblem's path was a solution
					s.phase = phaseDone
					k.stack, k.undo = stack, undo
					return Exhausted
				}
				undo = undoTo(dom, undo, stack[len(stack)-1].mark)
			} else {
				x := k.nextVar
				if x < 0 {
					k.stack = stack
					x = s.selectNet()
				}
				stack = append(stack, fcFrame{x: x, mark: int32(len(undo)), dom0: dom[x], rest: dom[x]})
				k.take(x)
			}
		}
		f := &stack[len(stack)-1]
		if f.rest == 0 {
			k.give(f.x, f.dom0)
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				s.phase = phaseDone
				k.stack, k.undo = stack, undo
				return Exhausted
			}
			undo = undoTo(dom, undo, stack[len(stack)-1].mark)
			continue
		}
		if s.netLimit(first) {
			k.stack, k.undo = stack, undo
			return Stopped // f is unchanged: the same value is tried on resume
		}
		first = false
		var o int
		if k.descend {
			o = 63 - bits.LeadingZeros64(f.rest)
		} else {
			o = bits.TrailingZeros64(f.rest)
		}
		f.rest &^= 1 << o
		st.Nodes++
		st.MaxDepth = max(st.MaxDepth, k.depth0+len(stack))
		st.MaxAssigned = st.MaxDepth
		var rank int32
		switch {
		case k.clique:
			rank, undo = k.assignClique(f.x, o, undo)
		case k.dense:
			rank, undo = k.assignDense(f.x, o, undo)
		default:
			rank, undo = k.assign(f.x, o, undo)
		}
		if rank < 0 {
			st.Propagations += int64(k.nWatch[f.x])
			k.val[f.x] = k.lo[f.x] + int64(o)
			k.choose = true
			continue
		}
		st.Propagations += int64(rank) + 1
		st.Failures++
		s.restart.failures++
		if s.weight != nil {
			s.weight[k.rankCons[k.rankAt[f.x]+rank]]++
		}
		undo = undoTo(dom, undo, f.mark)
	}
}

// netLimit is limitReached, which it calls at the first node of each
// Next and when the tick it advances comes to those where limitReached
// calls Progress or reads the clock (0 and 1 modulo 16), so that both
// keep their pace. In between it checks only the node limit: a Stop, a
// StopFlag or another worker's stop is seen within 16 nodes instead of 1,
// and a Next after the one that returned Stopped stops at once.
func (s *Solver) netLimit(first bool) bool {
	if t := s.deadlineTick + 1; !first && t&15 > 1 {
		s.deadlineTick = t
		if s.nodeLimit > 0 && s.stats.Nodes >= s.nodeLimit {
			s.nodeHit = true
			return true
		}
		return false
	}
	return s.limitReached()
}

// take removes x from the unassigned variables, as its frame begins.
func (k *fcNet) take(x int32) {
	k.dom[x] = 0
	k.free[x>>6] &^= 1 << (x & 63)
	k.nfree--
	k.nextVar = -1
	if k.counters {
		for _, g := range k.grp[k.grpAt[x]:k.grpAt[x+1]] {
			k.cnt[g]--
		}
	}
}

// give puts x back among the unassigned variables with domain d, as its
// frame ends.
func (k *fcNet) give(x int32, d uint64) {
	k.dom[x] = d
	k.free[x>>6] |= 1 << (x & 63)
	k.nfree++
	if k.counters {
		for _, g := range k.grp[k.grpAt[x]:k.grpAt[x+1]] {
			k.cnt[g]++
		}
	}
}

// undoTo puts back the domains narrowed since undo had mark records.
func undoTo(dom []uint64, undo []fcUndo, mark int32) []fcUndo {
	for i := len(undo) - 1; i >= int(mark); i-- {
		u := undo[i]
		dom[u.y] = u.w
	}
	return undo[:mark]
}

// assign propagates x = offset o to x's neighbours. It returns -1, or
// the rank of the first of x's watches that would empty a domain if they
// ran one after the other; what it removed is then left for undoTo. It
// records each unassigned neighbour, narrowed or not: a test of whether
// anything was removed is a branch the processor mispredicts often, and
// cost more than the record (a third of a count of n-queens).
func (k *fcNet) assign(x int32, o int, undo []fcUndo) (int32, []fcUndo) {
	lo, hi := k.nbAt[x], k.nbAt[x+1]
	nb := k.nb[lo:hi]
	j0 := int(k.combAt[x]) + o*len(nb)
	masks := k.comb[j0 : j0+len(nb)]
	dom := k.dom
	fail := int32(-1)
	for j, y := range nb {
		live := dom[y] // 0 if assigned
		rest := live &^ masks[j]
		switch {
		case live == 0:
			continue
		case rest == 0:
			if r := k.failRank(lo+int32(j), o, live); fail < 0 || r < fail {
				if fail = r; r == 0 {
					return 0, undo
				}
			}
			continue
		}
		undo = append(undo, fcUndo{y, live})
		dom[y] = rest
	}
	return fail, undo
}

// assignDense is assign when the variables fit one word.
func (k *fcNet) assignDense(x int32, o int, undo []fcUndo) (int32, []fcUndo) {
	n := int(k.n)
	j0 := int(k.combDAt[x]) + o*n
	masks := k.combD[j0 : j0+n]
	dom := k.dom[:n]
	fail := int32(-1)
	for m := k.free[0] & k.nbMask[x]; m != 0; m &= m - 1 {
		y := bits.TrailingZeros64(m)
		live := dom[y]
		rest := live &^ masks[y]
		if rest == 0 {
			if r := k.failRank(k.gOf[int(x)*n+y], o, live); fail < 0 || r < fail {
				if fail = r; r == 0 {
					return 0, undo
				}
			}
			continue
		}
		undo = append(undo, fcUndo{int32(y), live})
		dom[y] = rest
	}
	return fail, undo
}

// assignClique is assignDense on a clique under MRV (see fcNet.clique),
// which also leaves in nextVar the first unassigned variable with the
// smallest domain, if the node succeeds. It records every neighbour,
// narrowed or not, and finds the smallest with min over (size, index)
// keys: fewer branches for the processor to mispredict.
func (k *fcNet) assignClique(x int32, o int, undo []fcUndo) (int32, []fcUndo) {
	n := int(k.n)
	j0 := int(k.combDAt[x]) + o*n
	masks := k.combD[j0 : j0+n]
	dom := k.dom[:n]
	fail := int32(-1)
	best := 65 << 6
	for m := k.free[0] &^ (1 << x); m != 0; m &= m - 1 {
		y := bits.TrailingZeros64(m)
		live := dom[y]
		rest := live &^ masks[y&63]
		if rest == 0 {
			if r := k.failRank(k.gOf[int(x)*n+y], o, live); fail < 0 || r < fail {
				if fail = r; r == 0 {
					return 0, undo
				}
			}
			continue
		}
		undo = append(undo, fcUndo{int32(y), live})
		dom[y] = rest
		best = min(best, bits.OnesCount64(rest)<<6|y)
	}
	k.nextVar = int32(best & 63)
	if best == 65<<6 {
		k.nextVar = -1
	}
	return fail, undo
}

// failRank returns the rank of the first watch whose removals, added to
// those of the watches before it, empty live, the domain of neighbour
// entry g, x being at offset o.
func (k *fcNet) failRank(g int32, o int, live uint64) int32 {
	var cum uint64
	for e := k.entAt[g]; e < k.entAt[g+1]; e++ {
		cum |= k.entMask[int(k.entBase[e])+o]
		if live&^cum == 0 {
			return k.entK[e]
		}
	}
	return k.entK[k.entAt[g+1]-1] // not reached: the union empties live
}

// selectNet returns the variable to branch on, as selectVar would.
func (s *Solver) selectNet() int32 {
	k := s.net
	switch s.opts.Order {
	case OrderInput:
		if s.inputNext != nil {
			return s.inputNext[k.depth0+len(k.stack)]
		}
		return int32(k.depth0 + len(k.stack))
	case OrderDomWdeg:
		return k.selectDomWdeg(s.weight)
	}
	return k.selectMRV()
}

// selectMRV is Solver.selectMRV on the kernel's domains: the smallest
// domain, then the greatest degree, then the first declared.
func (k *fcNet) selectMRV() int32 {
	best, bestSize, bestDeg := int32(-1), 65, -1
	for wi, w := range k.free {
		for ; w != 0; w &= w - 1 {
			x := int32(wi<<6 + bits.TrailingZeros64(w))
			size := bits.OnesCount64(k.dom[x])
			switch {
			case size > bestSize:
				continue
			case size == 1 && bestSize > 1:
				if best, bestSize, bestDeg = x, 1, k.degree(x); bestDeg == k.maxGroups {
					return x
				}
				continue
			case size < bestSize:
				best, bestSize, bestDeg = x, size, -1
				continue
			}
			if bestDeg < 0 {
				bestDeg = k.degree(best)
			}
			if int(k.grpAt[x+1]-k.grpAt[x]) <= bestDeg {
				continue
			}
			if d := k.degree(x); d > bestDeg {
				best, bestDeg = x, d
			}
		}
	}
	return best
}

// degree is Solver.degree: x's constraints with another unassigned
// variable.
func (k *fcNet) degree(x int32) int {
	d := 0
	for _, g := range k.grp[k.grpAt[x]:k.grpAt[x+1]] {
		if k.cnt[g] > 1 {
			d++
		}
	}
	return d
}

// selectDomWdeg is Solver.selectDomWdeg on the kernel's domains: the
// smallest ratio of size to weighted degree, the first declared among
// equals (a total order, so the order of the scan does not matter).
func (k *fcNet) selectDomWdeg(weight []int64) int32 {
	best, bestSize, bestW := int32(-1), int64(0), int64(0)
	for wi, w := range k.free {
		for ; w != 0; w &= w - 1 {
			x := int32(wi<<6 + bits.TrailingZeros64(w))
			wd := int64(0)
			lo, hi := k.grpAt[x], k.grpAt[x+1]
			for i, g := range k.grp[lo:hi] {
				if k.cnt[g] > 1 {
					wd += weight[k.grpCons[int(lo)+i]]
				}
			}
			size := int64(bits.OnesCount64(k.dom[x]))
			if l, r := size*bestW, bestSize*wd; best < 0 || l < r {
				best, bestSize, bestW = x, size, wd
			}
		}
	}
	return best
}

// values returns x's domain as the kernel holds it, for Solver.Domain.
func (k *fcNet) values(x int32) []int64 {
	w := k.dom[x]
	if k.free[x>>6]>>(x&63)&1 == 0 {
		return []int64{k.val[x]}
	}
	var out []int64
	for ; w != 0; w &= w - 1 {
		out = append(out, k.lo[x]+int64(bits.TrailingZeros64(w)))
	}
	return out
}
