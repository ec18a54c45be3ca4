package engine

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// tableData is the form of a table the propagators work on, built once
// from the rows and the layout of the arguments:
//
//   - Columns are the distinct variables (their local numbers). A
//     constant argument drops the rows that differ from it; a variable
//     that stands at several positions merges them into one column, and
//     drops the rows whose cells there differ. A blank stays a blank.
//   - Row r of what is left is bit r of every bit set.
//   - For each column and each value it takes in some row, the rows with
//     that value are a sparse bit set: a list of entries (word index,
//     word), only the non-zero words. The total number of entries is at
//     most rows × columns, whatever the values — a column of 10^5
//     distinct values (a word's number) costs 10^5 entries, not 10^5
//     bit sets of 10^5 bits. That is the "supports" of compact-table,
//     strict: rows with a blank there are not in them.
//   - A column with blanks has a dense mask of its blank rows (rows ×
//     columns bits at most).
//
// For a negative table the rows without a blank come first, sorted and
// without duplicates (the negative propagator counts them), rows [0,
// full).
type tableData struct {
	cols  int
	rows  int
	words int
	full  int        // rows [0, full) have no blank
	vals  [][]int64  // per column: the sorted distinct non-blank values
	first []int32    // per column: the flat number of its first value
	ent   []int32    // per flat value f: its entries are [ent[f], ent[f+1])
	ew    []int32    // per entry: the word index
	eb    []uint64   // per entry: the rows of the word with the value
	star  [][]uint64 // per column: its blank rows as a dense mask, or nil
}

// compileTable builds the propagators' form of g for arguments argX over
// nx distinct variables.
func compileTable(g *Table, argX []int32, nx int) (*tableData, error) {
	if g.rows > math.MaxInt32 {
		return nil, fmt.Errorf("a table of %d rows is too large (at most %d)", g.rows, math.MaxInt32)
	}
	colOf, consts := tableColumns(g, argX)
	mv, mb, rows := mergeRows(g, colOf, consts, nx)
	full := rows
	if g.negated {
		mv, mb, rows, full = sortDistinct(mv, mb, rows, nx)
	}
	d := &tableData{cols: nx, rows: rows, words: (rows + 63) / 64, full: full}
	d.vals = make([][]int64, nx)
	d.first = make([]int32, nx)
	d.star = make([][]uint64, nx)
	d.ent = []int32{}
	for c := range nx {
		d.first[c] = int32(len(d.ent))
		d.addColumn(c, mv, mb)
	}
	d.ent = append(d.ent, int32(len(d.ew)))
	return d, nil
}

// tableColumns returns the column of each argument position (-1 for a
// constant) and the constants' values.
func tableColumns(g *Table, argX []int32) ([]int32, []int64) {
	colOf := make([]int32, len(argX))
	consts := make([]int64, len(argX))
	local := map[int32]int32{}
	for i, x := range argX {
		if x < 0 {
			colOf[i] = -1
			consts[i] = g.args[i].(*Const).V
			continue
		}
		c, ok := local[x]
		if !ok {
			c = int32(len(local))
			local[x] = c
		}
		colOf[i] = c
	}
	return colOf, consts
}

// mergeRows returns the rows over the columns, row-major, and their
// blanks, dropping the rows that a constant or a repeated variable rules
// out.
func mergeRows(g *Table, colOf []int32, consts []int64, nx int) ([]int64, []bool, int) {
	k := len(g.args)
	mv := make([]int64, 0, g.rows*nx)
	mb := make([]bool, 0, g.rows*nx)
	rows := 0
	for r := range g.rows {
		base := len(mv)
		for range nx {
			mv = append(mv, 0)
			mb = append(mb, true)
		}
		ok := true
		for i := 0; i < k && ok; i++ {
			cell := r*k + i
			if g.isBlank(cell) {
				continue
			}
			v := g.cells[cell]
			c := colOf[i]
			switch {
			case c < 0:
				ok = v == consts[i]
			case mb[base+int(c)]:
				mv[base+int(c)], mb[base+int(c)] = v, false
			default:
				ok = mv[base+int(c)] == v
			}
		}
		if !ok {
			mv, mb = mv[:base], mb[:base]
			continue
		}
		rows++
	}
	return mv, mb, rows
}

// sortDistinct puts the rows without a blank first, sorted, and drops
// duplicate rows; it returns the rows and how many have no blank.
func sortDistinct(mv []int64, mb []bool, rows, nx int) ([]int64, []bool, int, int) {
	order := make([]int32, rows)
	hasBlank := make([]bool, rows)
	for r := range order {
		order[r] = int32(r)
		hasBlank[r] = slices.Contains(mb[r*nx:r*nx+nx], true)
	}
	compare := func(a, b int32) int {
		if hasBlank[a] != hasBlank[b] {
			if hasBlank[a] {
				return 1
			}
			return -1
		}
		for c := range nx {
			i, j := int(a)*nx+c, int(b)*nx+c
			if mb[i] != mb[j] {
				if mb[i] {
					return 1
				}
				return -1
			}
			if x := cmp.Compare(mv[i], mv[j]); x != 0 && !mb[i] {
				return x
			}
		}
		return 0
	}
	slices.SortFunc(order, compare)
	nv := make([]int64, 0, len(mv))
	nb := make([]bool, 0, len(mb))
	kept, full := 0, 0
	for i, r := range order {
		if i > 0 && compare(order[i-1], r) == 0 {
			continue
		}
		nv = append(nv, mv[int(r)*nx:int(r)*nx+nx]...)
		nb = append(nb, mb[int(r)*nx:int(r)*nx+nx]...)
		kept++
		if !hasBlank[r] {
			full++
		}
	}
	return nv, nb, kept, full
}

// tableCell is one non-blank cell of a column: its value and row.
type tableCell struct {
	v int64
	r int32
}

// addColumn adds the values of column c and their entries.
func (d *tableData) addColumn(c int, mv []int64, mb []bool) {
	nx := d.cols
	cells := make([]tableCell, 0, d.rows)
	for r := range d.rows {
		if i := r*nx + c; mb[i] {
			if d.star[c] == nil {
				d.star[c] = make([]uint64, d.words)
			}
			d.star[c][r>>6] |= 1 << (r & 63)
		} else {
			cells = append(cells, tableCell{mv[i], int32(r)})
		}
	}
	sortCells(cells, d.rows)
	for i, cell := range cells {
		if i == 0 || cell.v != cells[i-1].v {
			d.vals[c] = append(d.vals[c], cell.v)
			d.ent = append(d.ent, int32(len(d.ew)))
		}
		w, bit := cell.r>>6, uint64(1)<<(cell.r&63)
		if n := len(d.ew); n > int(d.ent[len(d.ent)-1]) && d.ew[n-1] == w {
			d.eb[n-1] |= bit
			continue
		}
		d.ew = append(d.ew, w)
		d.eb = append(d.eb, bit)
	}
}

// sortCells sorts cells by value, and by row among equal values: by
// counting when the values span a range not much wider than the number
// of rows (a letter, a digit, a word's number), by comparison otherwise.
func sortCells(cells []tableCell, rows int) {
	if len(cells) < 2 {
		return
	}
	lo, hi := cells[0].v, cells[0].v
	for _, c := range cells {
		lo, hi = min(lo, c.v), max(hi, c.v)
	}
	if span, ok := SubInt(hi, lo); !ok || span > int64(2*rows+64) {
		slices.SortFunc(cells, func(a, b tableCell) int {
			if x := cmp.Compare(a.v, b.v); x != 0 {
				return x
			}
			return cmp.Compare(a.r, b.r)
		})
		return
	}
	start := make([]int32, hi-lo+2)
	for _, c := range cells {
		start[c.v-lo+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	sorted := make([]tableCell, len(cells))
	for _, c := range cells { // rows ascend in cells: the order is stable
		sorted[start[c.v-lo]] = c
		start[c.v-lo]++
	}
	copy(cells, sorted)
}

// nvals returns the number of values of column c.
func (d *tableData) nvals(c int) int { return len(d.vals[c]) }

// entries returns the entry range of value k of column c.
func (d *tableData) entries(c int, k int32) (int32, int32) {
	f := d.first[c] + k
	return d.ent[f], d.ent[f+1]
}

// valueIndex returns the index of v among the values of column c.
func (d *tableData) valueIndex(c int, v int64) (int32, bool) {
	k, ok := slices.BinarySearch(d.vals[c], v)
	return int32(k), ok
}
