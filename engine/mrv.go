package engine

import (
	"math"
	"math/bits"
)

// MRV ("minimum remaining values", first-fail) branches on the unassigned
// variable with the smallest domain. Ties go to the variable in the most
// constraints that still have another unassigned variable (the dynamic
// degree), then to the first declared.
//
// The candidates are scanned in declaration order, so a later candidate
// that ties on size must have a strictly greater degree to win. Its degree
// is at most its number of constraints, and is computed only when that
// number exceeds the best degree so far: on sudoku, where every cell is in
// three constraints, it almost never is. Likewise the scan stops at a
// variable with one value whose degree is the largest number of
// constraints of any variable. Each constraint has a trailed count of its
// unassigned variables for the degree.
// Whether a variable is assigned is read from the revSet of unassigned
// variables the search keeps for MRV.

// selectMRV returns the variable MRV branches on.
func (s *Solver) selectMRV() int32 {
	if s.restart.random {
		return s.selectMRVAC() // the same choice, ties at random
	}
	t := &s.st
	pos, n := s.unassigned.pos, t.cell[s.unassigned.size] // x is unassigned iff pos[x] < n
	best, bestSize, bestDeg := int32(-1), int64(math.MaxInt64), -1
	for x := range s.n {
		if pos[x] >= n {
			continue // assigned
		}
		size := t.size(x)
		switch {
		case size > bestSize:
			continue
		case size == 1 && bestSize > 1:
			// Only a greater degree can beat a single value.
			if best, bestSize, bestDeg = x, 1, s.degree(x); bestDeg == s.maxGroups {
				return x
			}
			continue
		case size < bestSize:
			best, bestSize, bestDeg = x, size, -1
			continue
		}
		if bestDeg < 0 {
			bestDeg = s.degree(best)
		}
		if int(s.groupAt[x+1]-s.groupAt[x]) <= bestDeg {
			continue // cannot have a greater degree
		}
		if d := s.degree(x); d > bestDeg {
			best, bestDeg = x, d
		}
	}
	return best
}

// degree returns the number of constraints on the unassigned variable x
// that have another unassigned variable.
func (s *Solver) degree(x int32) int {
	d := 0
	for _, g := range s.groups[s.groupAt[x]:s.groupAt[x+1]] {
		if s.st.cell[g] > 1 {
			d++
		}
	}
	return d
}

// selectMRVAC is MRV under PropAC, where the set of unassigned variables
// holds the unfixed ones (all with two values or more) and the dynamic
// degree counts the constraints with another unfixed variable. The set is
// in no particular order, so ties on size and degree are broken by the
// index explicitly, or at random after a restart. It returns -1 if every
// variable is fixed. After a restart, MRV under PropFC and PropNone uses
// it too: the same choice with random ties.
func (s *Solver) selectMRVAC() int32 {
	t := &s.st
	u := &s.unassigned
	items := u.items[:t.cell[u.size]]
	best, bestSize, bestDeg := int32(-1), int64(math.MaxInt64), -1
	random := s.restart.random
	ties := 1
	for _, x := range items {
		size := t.size(x)
		switch {
		case size > bestSize:
			continue
		case size < bestSize:
			best, bestSize, bestDeg, ties = x, size, -1, 1
			continue
		}
		if bestDeg < 0 {
			bestDeg = s.degree(best)
		}
		d := s.degree(x)
		switch {
		case d > bestDeg:
			best, bestDeg, ties = x, d, 1
		case d < bestDeg:
		case random:
			if ties++; s.tie(ties) {
				best = x
			}
		case x < best:
			best = x
		}
	}
	return best
}

// selectDomWdeg returns the unassigned variable with the smallest ratio
// of domain size to weighted degree (see OrderDomWdeg), the first declared
// among equals; -1 if there is none. A variable whose constraints have no
// other unassigned variable has weighted degree 0 and comes last.
func (s *Solver) selectDomWdeg() int32 {
	t := &s.st
	u := &s.unassigned
	items := u.items[:t.cell[u.size]]
	best, bestSize, bestW := int32(-1), int64(0), int64(0)
	random := s.restart.random
	ties := 1
	wd := &s.wdegs
	if wd.class == nil {
		wd.init(s)
	}
	wd.next()
	if len(wd.deg) == 1 && !random && len(items) > 0 {
		return s.domWdegOneClass(items)
	}
	for _, x := range items {
		d := &wd.deg[wd.class[x]]
		w := d.w
		if d.stamp != wd.call {
			w = s.wdegOf(x)
		}
		size := t.size(x)
		// size/w < bestSize/bestW, without division; w = 0 is infinite,
		// and two infinite ratios tie. The products take 128 bits: a wide
		// domain's size reaches 2^63.
		cmp := cmpProducts(size, bestW, bestSize, w)
		switch {
		case best < 0 || cmp < 0:
			best, bestSize, bestW, ties = x, size, w, 1
		case cmp > 0:
		case random:
			if ties++; s.tie(ties) {
				best, bestSize, bestW = x, size, w
			}
		case s.tieRank == nil && x < best || s.tieRank != nil && s.tieRank[x] < s.tieRank[best]:
			best, bestSize, bestW = x, size, w
		}
	}
	return best
}

// domWdegOneClass is selectDomWdeg without random ties when every
// variable is on the same constraints (n-queens): all have the same
// weighted degree, so the smallest domain wins, the first declared among
// equals; if that degree is 0, every ratio is infinite and they all tie.
func (s *Solver) domWdegOneClass(items []int32) int32 {
	best := items[0]
	if s.wdegOf(best) == 0 {
		for _, x := range items[1:] {
			best = min(best, x)
		}
		return best
	}
	if s.tieRank != nil {
		// The smallest domain, then the least rank.
		cell := s.st.cell
		key := int64(cell[3*best+cSize])<<32 | int64(s.tieRank[best])
		for _, x := range items[1:] {
			key = min(key, int64(cell[3*x+cSize])<<32|int64(s.tieRank[x]))
		}
		return s.tieVar[int32(key)]
	}
	x, fused := s.fusedChoice(len(items))
	if fused && !checkFused {
		return x
	}
	// One comparison of size<<32|x per variable: the smallest domain,
	// then the first declared.
	cell := s.st.cell
	key := int64(cell[3*best+cSize])<<32 | int64(best)
	for _, x := range items[1:] {
		key = min(key, int64(cell[3*x+cSize])<<32|int64(x))
	}
	if fused {
		fusedChecked.Add(1)
		if int32(key) != x {
			panic("domWdegOneClass: the queens pass chose another variable")
		}
	}
	return int32(key)
}

// cmpProducts compares a·b with c·d, all four non-negative: -1, 0 or 1.
func cmpProducts(a, b, c, d int64) int {
	h1, l1 := bits.Mul64(uint64(a), uint64(b))
	h2, l2 := bits.Mul64(uint64(c), uint64(d))
	switch {
	case h1 != h2:
		return cmpU(h1, h2)
	}
	return cmpU(l1, l2)
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
