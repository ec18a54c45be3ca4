package engine

// tableState is what the positive and the negative table propagators
// share: the rows still valid (every non-blank cell's value still in its
// variable's domain) as a reversible sparse bit set, kept up to date with
// the domains.
//
// Per column it keeps the domain size it last saw (a reversible cell) and
// the values of the column still in the domain (a reversible sparse set,
// present). A column whose size differs is updated: the present values
// no longer in the domain are its delta. Then, as compact-table does, the
// cheaper of two updates runs, counted in entries read: clear the rows of
// the removed values (delta), or keep the rows of the values left and the
// blank rows (reset). A blank row never loses a row by a change of its
// blank column: delta reads the strict supports only.
//
// Under PropAC the events name the columns that changed; a column named
// twice, or named for the propagator's own removals, is skipped by the
// size test. Under PropFC, and whenever events are off, every column is
// tested.
type tableState struct {
	d       *tableData
	xs      []int32
	bs      revBitset
	present []revSet // per column: indices of its values still in the domain
	last    []int32  // per column: the cell of the domain size last seen
	res     []int32  // per flat value: the entry (relative) where a support was last found
	ev      events
	delta   []int32 // scratch: value indices removed from one column
	fresh   bool    // scratch: the run updated a column for the first time
}

func newTableState(b *builder, d *tableData, xs []int32) tableState {
	t := &b.s.st
	s := tableState{d: d, xs: xs, bs: newRevBitset(t, d.rows)}
	s.present = make([]revSet, d.cols)
	s.last = make([]int32, d.cols)
	maxVals := 0
	for c := range d.cols {
		s.present[c] = newRevSet(t, int32(d.nvals(c)))
		s.last[c] = t.newCell(-1) // the first run updates every column
		maxVals = max(maxVals, d.nvals(c))
	}
	s.res = make([]int32, len(d.ent))
	s.delta = make([]int32, 0, maxVals)
	s.ev.pending = make([]int32, 0, 2*d.cols)
	return s
}

// update brings the valid rows up to date with the domains, and returns
// the number of columns that changed and the last of them, or false if
// no row is left.
func (s *tableState) update(t *store, mode propMode) (int, int, bool) {
	n, lastCol := 0, -1
	s.fresh = false
	if mode == modeAC {
		for _, c := range s.ev.pending {
			if t.size32(s.xs[c]) != t.cell[s.last[c]] {
				if !s.updateColumn(t, int(c)) {
					s.ev.pending = s.ev.pending[:0]
					return n, lastCol, false
				}
				n, lastCol = n+1, int(c)
			}
		}
		s.ev.pending = s.ev.pending[:0]
		return n, lastCol, true
	}
	for c, x := range s.xs {
		if t.size32(x) != t.cell[s.last[c]] {
			if !s.updateColumn(t, c) {
				return n, lastCol, false
			}
			n, lastCol = n+1, c
		}
	}
	return n, lastCol, true
}

// updateColumn removes from the valid rows those whose value in column c
// left the domain, and reports whether any row is left.
func (s *tableState) updateColumn(t *store, c int) bool {
	d, x := s.d, s.xs[c]
	s.fresh = s.fresh || t.cell[s.last[c]] < 0
	t.set(s.last[c], t.size32(x))
	p := &s.present[c]
	s.delta = s.delta[:0]
	var gone, kept int32 // entries of the removed values and of the others
	items := p.items
	for i := t.cell[p.size] - 1; i >= 0; i-- {
		k := items[i]
		lo, hi := d.entries(c, k)
		if t.contains(x, d.vals[c][k]) {
			kept += hi - lo
			continue
		}
		gone += hi - lo
		s.delta = append(s.delta, k)
		p.remove(t, k)
	}
	if len(s.delta) == 0 {
		return !s.bs.empty(t) // only values outside the table left
	}
	bs := &s.bs
	bs.clearMask(t)
	reset := kept // the entries read by a reset, and the blank rows' words
	if d.star[c] != nil {
		reset += int32(len(bs.active(t)))
	}
	if reset < gone {
		for _, k := range p.items[:t.cell[p.size]] {
			lo, hi := d.entries(c, k)
			bs.addToMask(d.ew[lo:hi], d.eb[lo:hi])
		}
		if d.star[c] != nil {
			bs.addDenseToMask(t, d.star[c])
		}
		return bs.intersectWithMask(t, false)
	}
	for _, k := range s.delta {
		lo, hi := d.entries(c, k)
		bs.addToMask(d.ew[lo:hi], d.eb[lo:hi])
	}
	return bs.intersectWithMask(t, true)
}

// supported reports whether value k of column c has a valid row, trying
// the residue first.
func (s *tableState) supported(t *store, c int, k int32) bool {
	d := s.d
	f := d.first[c] + k
	lo, hi := d.ent[f], d.ent[f+1]
	i := s.bs.findEntry(t, d.ew[lo:hi], d.eb[lo:hi], int(s.res[f]))
	if i < 0 {
		return false
	}
	s.res[f] = int32(i)
	return true
}

// removeValue removes value k of column c, which is present, from its
// variable and from present.
func (s *tableState) removeValue(t *store, c int, k int32) bool {
	s.present[c].remove(t, k)
	return t.remove(s.xs[c], s.d.vals[c][k])
}

// removeOthers removes from column c's variable the values that no row
// has there.
func (s *tableState) removeOthers(t *store, c int) bool {
	x := s.xs[c]
	if !t.bitset(x) {
		return t.keepOnly(x, s.d.vals[c])
	}
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) {
			return false
		}
		if _, in := s.d.valueIndex(c, v); !in && !t.remove(x, v) {
			return false
		}
	}
	return true
}

// presentSize returns the number of column c's values in its domain.
func (s *tableState) presentSize(t *store, c int) int32 { return t.cell[s.present[c].size] }
