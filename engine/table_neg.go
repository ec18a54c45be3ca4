package engine

// tableNeg is the negative table constraint, L not in T: no row may be
// the tuple. tableState keeps the valid rows, those still possible under
// the domains; a run removes the values that every valid completion
// forbids, in two ways:
//
//   - Counting (the negative compact-table of Verhaeghe, Lecoutre and
//     Schaus, 2017), on the rows without a blank, which are distinct: the
//     valid ones with value a at x are distinct tuples of the other
//     domains, so if there are as many as the product of the other
//     domains' sizes, every tuple with x = a is forbidden and a goes.
//     The count is made only when the product is at most the number of
//     valid rows, which it seldom is before most variables are fixed.
//     Without blanks this is domain consistency.
//   - Forward checking over every row, for rows with blanks, whose
//     completions overlap and cannot be counted: a valid row whose
//     non-blank cells are all on fixed variables but one forbids that
//     cell's value; one whose non-blank cells are all on fixed variables
//     is the tuple itself, a failure. Bit-sliced counters over the
//     columns (at least one / at least two unfixed non-blank cells) find
//     those rows for all columns at once.
//
// The counts use the domain sizes of the start of the run, with which the
// valid rows agree; values removed during the run invalidate rows, so the
// propagator is not idempotent: its own removals wake it again (PropAC).
// Under PropFC the same pass runs once.
type tableNeg struct {
	tableState
	size       []int64  // scratch: the domain sizes at the start of the run
	ones, twos []uint64 // scratch: rows with at least one / two unfixed non-blank cells
}

func newTableNeg(b *builder, d *tableData, xs []int32) (globalProp, globalOpts, error) {
	p := &tableNeg{tableState: newTableState(b, d, xs), size: make([]int64, len(xs))}
	if d.full < d.rows {
		p.ones, p.twos = make([]uint64, d.words), make([]uint64, d.words)
	}
	return p, globalOpts{slow: d.words > 64, ev: &p.ev}, nil
}

func (p *tableNeg) propagate(t *store, mode propMode) bool {
	n, _, left := p.update(t, mode)
	if n == 0 || !left {
		return true // nothing changed since the last run, or no row is possible
	}
	for c, x := range p.xs {
		p.size[c] = int64(t.size(x))
	}
	if !p.count(t) {
		return false
	}
	return p.ones == nil || p.forward(t)
}

// count removes the values all of whose completions are valid rows
// without a blank.
func (p *tableNeg) count(t *store) bool {
	d := p.d
	valid := int64(p.bs.count(t, d.full))
	if valid == 0 {
		return true
	}
	for c, x := range p.xs {
		prod := int64(1) // the product of the other sizes, up to valid+1
		for y, s := range p.size {
			if y != c {
				prod = min(prod*s, valid+1) // s <= 2^31: no overflow
			}
		}
		if prod > valid {
			continue
		}
		pr := &p.present[c]
		for _, k := range pr.items[:t.cell[pr.size]] {
			lo, hi := d.entries(c, k)
			if int64(p.bs.countEntries(t, d.ew[lo:hi], d.eb[lo:hi], d.full)) == prod && !t.remove(x, d.vals[c][k]) {
				return false
			}
		}
	}
	return true
}

// forward applies forward checking to every valid row.
func (p *tableNeg) forward(t *store) bool {
	d, bs := p.d, &p.bs
	active := bs.active(t)
	for _, w := range active {
		p.ones[w], p.twos[w] = 0, 0
	}
	for c, star := range d.star {
		if p.size[c] == 1 {
			continue
		}
		for _, w := range active {
			cells := ^uint64(0) // the rows with a non-blank cell in column c
			if star != nil {
				cells = ^star[w]
			}
			p.twos[w] |= p.ones[w] & cells
			p.ones[w] |= cells
		}
	}
	any := false
	for _, w := range active {
		rows := bs.word(t, w)
		if rows&^p.ones[w] != 0 {
			return false // a valid row that the fixed variables complete
		}
		bs.mask[w] = rows & p.ones[w] &^ p.twos[w]
		any = any || bs.mask[w] != 0
	}
	if !any {
		return true
	}
	for c, x := range p.xs {
		if p.size[c] == 1 {
			continue
		}
		pr := &p.present[c]
		for _, k := range pr.items[:t.cell[pr.size]] {
			lo, hi := d.entries(c, k)
			if p.oneLeft(t, d.ew[lo:hi], d.eb[lo:hi]) && !t.remove(x, d.vals[c][k]) {
				return false
			}
		}
	}
	return true
}

// oneLeft reports whether one of the entries' rows is valid and has its
// only unfixed non-blank cell in their column (bs.mask, read at non-zero
// words only: a zero word reads as no row).
func (p *tableNeg) oneLeft(t *store, ew []int32, eb []uint64) bool {
	for i, w := range ew {
		if p.bs.word(t, w)&p.bs.mask[w]&eb[i] != 0 {
			return true
		}
	}
	return false
}
