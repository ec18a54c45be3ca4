package engine

// tableIndex answers "is this tuple a row of the table?" in time
// independent of the number of rows, for Holds: the solver tests Holds at
// every leaf where all of a table's variables are fixed, and a scan of
// 10^5 rows there would dominate the search.
//
// Rows are grouped by their pattern of blanks (most tables have one or a
// few); within a group, a hash of the non-blank cells leads to a chain of
// candidate rows, each compared cell by cell.
type tableIndex struct {
	groups []tableGroup
	next   []int32 // next[r]: the following row of r's chain, or -1
}

type tableGroup struct {
	cols  []int            // the non-blank positions of the pattern
	first map[uint64]int32 // hash of the cells at cols -> first row of the chain
}

func newTableIndex(g *Table) *tableIndex {
	k := len(g.args)
	ix := &tableIndex{next: make([]int32, g.rows)}
	byPattern := map[string]int{}
	pattern := make([]byte, k)
	for r := range g.rows {
		for i := range k {
			pattern[i] = '0'
			if g.isBlank(r*k + i) {
				pattern[i] = '1'
			}
		}
		gi, ok := byPattern[string(pattern)]
		if !ok {
			gi = len(ix.groups)
			byPattern[string(pattern)] = gi
			grp := tableGroup{first: map[uint64]int32{}}
			for i, p := range pattern {
				if p == '0' {
					grp.cols = append(grp.cols, i)
				}
			}
			ix.groups = append(ix.groups, grp)
		}
		grp := &ix.groups[gi]
		h := hashCells(g.cells[r*k:r*k+k], grp.cols)
		if f, ok := grp.first[h]; ok {
			ix.next[r] = f
		} else {
			ix.next[r] = -1
		}
		grp.first[h] = int32(r)
	}
	return ix
}

// hashCells mixes the values at cols (FNV-1a over the 8 bytes of each,
// folded into 64 bits).
func hashCells(vals []int64, cols []int) uint64 {
	h := uint64(14695981039346656037)
	for _, i := range cols {
		v := uint64(vals[i])
		for range 8 {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	return h
}

// has reports whether vals matches a row of g.
func (ix *tableIndex) has(g *Table, vals []int64) bool {
	k := len(g.args)
	for gi := range ix.groups {
		grp := &ix.groups[gi]
		r, ok := grp.first[hashCells(vals, grp.cols)]
		for ok && r >= 0 {
			if matchCells(g.cells[int(r)*k:int(r)*k+k], vals, grp.cols) {
				return true
			}
			r = ix.next[r]
		}
	}
	return false
}

func matchCells(row, vals []int64, cols []int) bool {
	for _, i := range cols {
		if row[i] != vals[i] {
			return false
		}
	}
	return true
}
