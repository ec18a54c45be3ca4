package engine

// tableCT is compact-table (Demeulenaere, Hartert, Lecoutre, Perez,
// Perron, Régin, Schaus, CP 2016) with blanks (the CT* of Verhaeghe,
// Lecoutre and Schaus, 2017): the positive table constraint made domain
// consistent. tableState keeps the valid rows; filtering then removes
// every value that no valid row supports:
//
//   - a fixed variable is skipped: every valid row agrees with its value
//     (or has a blank there), so its value is supported while any row is;
//   - a column whose blank rows meet the valid rows keeps all its values;
//   - the only column that changed since the last run keeps its values'
//     supports (rows with other values of it are untouched) and is
//     skipped, as in CT, unless this is the first run;
//   - otherwise each value is tested against the valid rows, starting at
//     its residue, the entry where a support was last found.
//
// Removing an unsupported value invalidates no row, so one run reaches
// the propagator's fixpoint (idem). The same run serves PropFC: it is one
// pass, after which every value left has a support.
type tableCT struct{ tableState }

func newTableCT(b *builder, d *tableData, xs []int32) (globalProp, globalOpts, error) {
	p := &tableCT{newTableState(b, d, xs)}
	return p, globalOpts{idem: true, slow: d.words > 64, ev: &p.ev}, nil
}

func (p *tableCT) propagate(t *store, mode propMode) bool {
	n, only, ok := p.update(t, mode)
	if !ok {
		return false
	}
	if n == 0 {
		return true // nothing changed since the last run, which filtered
	}
	for c, x := range p.xs {
		if t.fixed(x) || n == 1 && c == only && !p.fresh {
			continue
		}
		if !p.filterColumn(t, c) {
			return false
		}
		t.set(p.last[c], t.size32(x)) // the removals invalidate no row
	}
	return true
}

// filterColumn removes the values of column c that no valid row has.
func (p *tableCT) filterColumn(t *store, c int) bool {
	d, x := p.d, p.xs[c]
	if d.star[c] != nil && p.bs.intersectsDense(t, d.star[c]) {
		return true // a valid blank row supports every value
	}
	pr := &p.present[c]
	for i := t.cell[pr.size] - 1; i >= 0; i-- {
		if k := pr.items[i]; !p.supported(t, c, k) && !p.removeValue(t, c, k) {
			return false
		}
	}
	if t.size(x) > int64(p.presentSize(t, c)) {
		return p.removeOthers(t, c)
	}
	return true
}
