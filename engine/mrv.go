package engine

import "math"

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
	t := &s.st
	pos, n := s.unassigned.pos, t.cell[s.unassigned.size] // x is unassigned iff pos[x] < n
	best, bestSize, bestDeg := int32(-1), int32(math.MaxInt32), -1
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
