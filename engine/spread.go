package engine

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// multiSpread is the value propagator (acSpread) of several alldiff and
// diagonal constraints posted over the same variables in the same order,
// none repeated, as n-queens has: alldiff(q) and diagonal(q), or alldiff
// of q, q[i]+i and q[i]-i. When a variable becomes fixed to v it removes
// from each other variable, in one pass over them, the values each
// constraint forbids: v + off_l - off_m for an alldiff with offsets,
// v ± (p_m - p_l) for a diagonal. One pass instead of one per constraint
// visits each domain once and reports each changed variable once to the
// propagation loop. It narrows exactly as the separate value propagators
// would, so the fixpoint is the same. A failure is charged (dom/wdeg) to
// the constraint whose value emptied the domain.
type multiSpread struct {
	*argVars               // the first constraint's: local number = argument
	offs     [][]int64     // per alldiff: its offsets
	pos      [][]int64     // per diagonal: its positions
	cons     []int32       // the constraint of each alldiff, then of each diagonal
	queens   bool          // one alldiff without offsets and one diagonal
	wide     bool          // queens, every domain wider than a word
	flat     *queensLayout // wide, with the layout spreadQueensFlat needs
	failed   int32         // the constraint charged with the last failure
	events                 // the variables fixed since the last run
}

func (p *multiSpread) failedCons() int32 { return p.failed }

// causeOf says which of the constraints forbids value w of variable x
// given the fixed variables, for tracing (-1 if none does).
func (p *multiSpread) causeOf(t *store, x int32, w int64) int32 {
	m := int32(-1)
	for l, y := range p.xs {
		if y == x {
			m = int32(l)
		}
	}
	if m < 0 {
		return -1
	}
	na := len(p.offs)
	for l, y := range p.xs {
		if int32(l) == m || !t.fixed(y) {
			continue
		}
		v := t.minOf(y)
		for k, off := range p.offs {
			if w == v+off[l]-off[m] {
				return p.cons[k]
			}
		}
		for k, pos := range p.pos {
			if d := pos[m] - pos[l]; w == v+d || w == v-d {
				return p.cons[na+k]
			}
		}
	}
	return -1
}

func (p *multiSpread) propagate(s *Solver) bool {
	t := &s.st
	live := &p.live
	for len(p.pending) > 0 {
		l := p.pending[len(p.pending)-1]
		p.pending = p.pending[:len(p.pending)-1]
		if live.pos[l] >= t.cell[live.size] || !t.fixed(p.xs[l]) {
			continue // spread already
		}
		targets := live.remove(t, l)
		if t.tick(int32(len(targets) / 64)) { // 10000-queens: a spread is 10000 removals
			return false
		}
		var ok bool
		switch {
		case p.queens && p.wide && p.flat != nil && flatQueens && s.tr == nil && t.track && !t.copying:
			ok = p.spreadQueensFlat(s, l)
		case p.queens && p.wide:
			ok = p.spreadQueensWide(t, l)
		case p.queens:
			ok = p.spreadQueens(t, l, targets)
		default:
			ok = p.spread(t, l, targets)
		}
		if !ok {
			return false
		}
	}
	return true
}

// spreadQueens is spread for alldiff(q) and diagonal(q). A domain that
// fits one word (n <= 64) is read once for the three values.
func (p *multiSpread) spreadQueens(t *store, l int32, targets []int32) bool {
	v := t.minOf(p.xs[l])
	pos := p.pos[0]
	pl := pos[l]
	for _, m := range targets {
		y, d := p.xs[m], pos[m]-pl
		vi := &t.vi[y]
		if vi.width <= 64 {
			o := uint64(v - vi.lo) // out of range: the shifts give 0
			c := 3 * y
			w := t.words[vi.woff]
			live := w & (2<<uint(t.cell[c+cMax]) - 1) &^ (1<<uint(t.cell[c+cMin]) - 1)
			hit := live & (1<<o | 1<<(o+uint64(d)) | 1<<(o-uint64(d)))
			switch {
			case hit == 0:
				continue
			case hit == live:
				// Removed one by one, upwards, the last value fails: take
				// the others, as a trace shows, and charge the constraint
				// that forbids the last.
				top := uint64(63 - bits.LeadingZeros64(hit))
				if rest := hit &^ (1 << top); rest != 0 {
					t.removeWord(y, rest)
				}
				t.wiped = y
				p.failed = p.cons[1]
				if top == o {
					p.failed = p.cons[0]
				}
				return false
			case !t.copying:
				t.removeWord(y, hit)
				continue
			}
			// removeWord, for a copying store: nothing to record.
			rest := live &^ hit
			t.words[vi.woff] = w &^ hit
			n := int32(bits.OnesCount64(hit))
			t.cell[c+cSize] -= n
			t.cell[c+cMin] = int32(bits.TrailingZeros64(rest))
			t.cell[c+cMax] = int32(63 - bits.LeadingZeros64(rest))
			t.changes += uint64(n)
			if t.track {
				t.touch(y)
			}
			continue
		}
		if o, ok := t.has(y, v); ok && !t.removeBit(y, o) {
			p.failed = p.cons[0]
			return false
		}
		if o, ok := t.has(y, v+d); ok && !t.removeBit(y, o) {
			p.failed = p.cons[1]
			return false
		}
		if o, ok := t.has(y, v-d); ok && !t.removeBit(y, o) {
			p.failed = p.cons[1]
			return false
		}
	}
	return true
}

// spreadQueensWide is spreadQueens on domains wider than a word, which
// large boards have: it visits the unassigned variables in the order of
// their words (see addVars) rather than in the set's order, which the
// search scrambles, so that memory is read in order. The values removed
// are the same; only the variable a failure is found on can differ. The
// three removals are written out here and in spreadQueens: as a function
// they are not inlined, and 5000-queens measured about 5% slower.
func (p *multiSpread) spreadQueensWide(t *store, l int32) bool {
	v := t.minOf(p.xs[l])
	pos := p.pos[0]
	pl := pos[l]
	live := &p.live
	n := t.cell[live.size]
	for m, y := range p.xs {
		if live.pos[m] >= n {
			continue // assigned, l included
		}
		d := pos[m] - pl
		if o, ok := t.has(y, v); ok && !t.removeBit(y, o) {
			p.failed = p.cons[0]
			return false
		}
		if o, ok := t.has(y, v+d); ok && !t.removeBit(y, o) {
			p.failed = p.cons[1]
			return false
		}
		if o, ok := t.has(y, v-d); ok && !t.removeBit(y, o) {
			p.failed = p.cons[1]
			return false
		}
	}
	return true
}

// spread removes from the variables targets the values that conflict with
// the value of local variable l under any of the constraints.
func (p *multiSpread) spread(t *store, l int32, targets []int32) bool {
	v := t.minOf(p.xs[l])
	na := len(p.offs)
	for _, m := range targets {
		y := p.xs[m]
		for k, off := range p.offs {
			if o, ok := t.has(y, v+off[l]-off[m]); ok && !t.removeBit(y, o) {
				p.failed = p.cons[k]
				return false
			}
		}
		for k, pos := range p.pos {
			d := pos[m] - pos[l]
			if o, ok := t.has(y, v+d); ok && !t.removeBit(y, o) {
				p.failed = p.cons[na+k]
				return false
			}
			if o, ok := t.has(y, v-d); ok && !t.removeBit(y, o) {
				p.failed = p.cons[na+k]
				return false
			}
		}
	}
	return true
}

// fuseSpreads enables multiSpread; tests turn it off to compare.
var fuseSpreads = true

// spreadGroups finds, among the forward-checking propagators, the alldiff
// and diagonal constraints that can share a multiSpread: those over the
// same sequence of two or more distinct variables, whose domains are bit
// sets and whose values, offsets and positions are small enough that no
// sum can overflow. It returns,
// per propagator index, the shared propagator (nil for the others) and
// whether it is the first of its group (where the shared one is
// registered).
func (b *builder) spreadGroups() (map[int]*multiSpread, map[int]bool) {
	s := b.s
	if !fuseSpreads {
		return nil, nil
	}
	small := func(v int64) bool { return -1<<60 < v && v < 1<<60 }
	byKey := map[string][]int{}
	var keys []string
	for i, p := range s.props {
		var argX []int32
		switch p := p.(type) {
		case *allDiffProp:
			if len(p.xs) != len(p.argX) || !p.bits {
				continue
			}
			ok := true
			for j, x := range p.argX {
				ok = ok && small(p.off[j]) && small(s.st.minOf(x)) && small(s.st.maxOf(x))
			}
			if !ok {
				continue
			}
			argX = p.argX
		case *diagonalProp:
			if !p.small || !p.bits || len(p.xs) != len(p.argX) {
				continue
			}
			argX = p.argX
		default:
			continue
		}
		if len(argX) < 2 {
			continue
		}
		k := int32sKey(argX)
		if _, ok := byKey[k]; !ok {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], i)
	}
	group := map[int]*multiSpread{}
	first := map[int]bool{}
	for _, k := range keys {
		idx := byKey[k]
		if len(idx) < 2 {
			continue
		}
		ms := &multiSpread{}
		var acons, dcons []int32
		for _, i := range idx {
			switch p := s.props[i].(type) {
			case *allDiffProp:
				if ms.argVars == nil {
					ms.argVars = &p.argVars
				}
				ms.offs = append(ms.offs, p.off)
				acons = append(acons, s.propCons[i])
			case *diagonalProp:
				if ms.argVars == nil {
					ms.argVars = &p.argVars
				}
				ms.pos = append(ms.pos, p.pos)
				dcons = append(dcons, s.propCons[i])
			}
			group[i] = ms
		}
		ms.cons = append(acons, dcons...)
		ms.queens = len(ms.offs) == 1 && len(ms.pos) == 1
		ms.wide = ms.queens
		for _, x := range ms.xs {
			ms.wide = ms.wide && s.st.vi[x].width > 64
		}
		if ms.queens {
			for _, o := range ms.offs[0] {
				ms.queens = ms.queens && o == 0
			}
		}
		if ms.queens && ms.wide {
			ms.flat = newQueensLayout(&s.st, ms.xs, ms.pos[0])
		}
		first[idx[0]] = true
	}
	return group, first
}

// int32sKey returns a map key for a sequence of int32s.
func int32sKey(xs []int32) string {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return string(b)
}

// Under forward checking, n-queens posts alldiff(q) and diagonal(q) as two
// propagators, each of which visits every unassigned variable after an
// assignment. fcQueens marks, per watch, an alldiff without offsets
// whose next watch on the same variable is a diagonal over the same
// arguments: Solver.assign then runs the two as one pass (forwardQueens),
// which removes exactly what the two passes would, fails exactly when
// they would, and charges a failure to the one that would have failed
// first. Tracing runs them separately, to report each.
func (s *Solver) fcQueens() []bool {
	if s.opts.Prop != PropFC || !fuseSpreads {
		return nil
	}
	var fuse []bool
	for i := 0; i+1 < len(s.watches); i++ {
		w, w2 := s.watches[i], s.watches[i+1]
		a, ok := s.props[w.p].(*allDiffProp)
		d, ok2 := s.props[w2.p].(*diagonalProp)
		if !ok || !ok2 || w.l != w2.l || !a.zeroOff || !a.bits || len(a.xs) != len(a.argX) ||
			!d.small || len(d.xs) != len(d.argX) || !slices.Equal(a.argX, d.argX) {
			continue
		}
		if fuse == nil {
			fuse = make([]bool, len(s.watches))
		}
		fuse[i] = true
	}
	return fuse
}

// forwardQueens is a.forward(t, l) then d.forward(t, l) in one pass over
// the unassigned variables. On failure it reports whether the diagonal is
// the one that fails: the alldiff, whose pass came first, fails if some
// variable has v as its only value.
func forwardQueens(t *store, a *allDiffProp, d *diagonalProp, l int32) (ok, diagFailed bool) {
	targets := a.live.remove(t, l)
	d.live.remove(t, l) // the same set, kept in step
	v := t.minOf(a.xs[l])
	pl := d.pos[l]
	for k, m := range targets {
		y, dd := a.xs[m], d.pos[m]-pl
		if vi := &t.vi[y]; vi.width <= 64 {
			o := uint64(v - vi.lo) // out of range: the shifts give 0
			c := 3 * y
			w := t.words[vi.woff]
			live := w & (2<<uint(t.cell[c+cMax]) - 1) &^ (1<<uint(t.cell[c+cMin]) - 1)
			hit := live & (1<<o | 1<<(o+uint64(dd)) | 1<<(o-uint64(dd)))
			switch {
			case hit == 0:
				continue
			case live == 1<<o:
				t.wiped = y
				return false, false
			case hit == live:
				t.wiped = y
				return false, !alldiffFails(t, a, targets[k+1:], v)
			case !t.copying || t.track:
				t.removeWord(y, hit)
				continue
			}
			// removeWord, for a copying store: nothing to record.
			rest := live &^ hit
			t.words[vi.woff] = w &^ hit
			n := int32(bits.OnesCount64(hit))
			t.cell[c+cSize] -= n
			t.cell[c+cMin] = int32(bits.TrailingZeros64(rest))
			t.cell[c+cMax] = int32(63 - bits.LeadingZeros64(rest))
			t.changes += uint64(n)
			continue
		}
		if o, ok := t.has(y, v); ok && !t.removeBit(y, o) {
			return false, false
		}
		if o, ok := t.has(y, v+dd); ok && !t.removeBit(y, o) {
			return false, !alldiffFails(t, a, targets[k+1:], v)
		}
		if o, ok := t.has(y, v-dd); ok && !t.removeBit(y, o) {
			return false, !alldiffFails(t, a, targets[k+1:], v)
		}
	}
	return true, false
}

// alldiffFails reports whether the alldiff pass would fail on one of
// targets, untouched so far: one has v as its only value.
func alldiffFails(t *store, a *allDiffProp, targets []int32, v int64) bool {
	for _, m := range targets {
		if y := a.xs[m]; t.fixed(y) && t.minOf(y) == v {
			t.wiped = y
			return true
		}
	}
	return false
}
