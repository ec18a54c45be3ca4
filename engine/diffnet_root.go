package engine

import "math/bits"

// useSpreadRoot enables rootRun; tests turn it off to compare.
var useSpreadRoot = true

// rootRun is a run at the root (propagateAll) that takes the cheap rules
// variable by variable before the units are swept (spreadRoot): at the
// root all the givens are fixed at once and most of a puzzle is solved by
// those rules, for which a sweep reads and tallies a whole unit for each
// value it spreads (a 17-clue sudoku: about 186 unit visits).
//
// The sweep that follows brings the net to the fixpoint of its rules,
// which is unique (the rules are monotone), so the domains written back
// are the ones the sweep alone would write. What the order can change:
//   - the unit charged with a failure (dom/wdeg weights, --explain): on
//     any failure rootRun undoes its work, puts the work lists and sweep
//     positions back and returns false, and the sweep runs alone, as
//     without it;
//   - where the sweeps stand at the end of the run: propagateAll resets
//     them, with or without rootRun, so the search that follows starts
//     from the same place;
//   - the matchings Régin's test keeps: any is a valid start, and the
//     domains do not depend on which.
//
// The propagator runs once either way: the statistics are the same.
// Under a Tracer (each unit's removals are traced as its own, and tree
// recording goes with it), the sweep runs alone; the tests' node hook
// (Solver.trace) sees only nodes, which rootRun does not change.
func (p *diffNet) rootRun(s *Solver) bool {
	t := &s.st
	p.roots++
	copy(p.work0, p.work)
	copy(p.slow0, p.slow)
	at1, at2, wiped := p.at1, p.at2, t.wiped
	if p.spreadRoot(t) && p.sweep(s, false) {
		return true
	}
	p.undoRoot()
	p.newRun() // nothing was written: the domains load again
	copy(p.work, p.work0)
	copy(p.slow, p.slow0)
	p.at1, p.at2, t.wiped = at1, at2, wiped
	return false
}

// spreadRoot brings the net to the fixpoint of the cheap rules (unit):
// the value of each fixed variable is removed from its peers (the other
// variables of its units) straight away, and in a unit with as many
// values as variables, a value only one variable holds is its value.
// It reports false on a failure, leaving the work to undoRoot.
func (p *diffNet) spreadRoot(t *store) bool {
	p.loadAll(t) // every variable is read
	dom := p.dom
	// Each variable is queued once at most: when loaded fixed or when
	// left one value (a fixed one can only become empty, and that fails).
	// So the queue holds the variables, with room past them for the
	// writes spreadPeers1 and cheapRoot1 make without a branch
	// (buildPeers), and is written by index: an append's growth path
	// costs spreadPeers its registers.
	q := p.fixq
	n := 0
	for i, d := range dom {
		if d&(d-1) == 0 {
			q[n] = int32(i)
			n++
		}
	}
	for k := range p.dirty { // every unit: a hidden value needs no change
		p.dirty[k] = ^uint64(0)
	}
	if r := (len(p.uAt) - 1) & 63; r != 0 {
		p.dirty[len(p.dirty)-1] = 1<<r - 1
	}
	clear(p.uFixed)
	if p.nw == 1 && useRoot1 {
		if !p.cheapRoot1(q, n) {
			return false
		}
		p.wakeRegin()
		return true
	}
	ok := true
	var hpos int32
	for k := 0; ok; {
		for ; k < n && ok; k++ {
			p.markFixed(q[k])
			n, ok = p.spreadPeers(q, n, q[k])
		}
		if !ok {
			break
		}
		u := next(p.dirty, &hpos) // round the units, as sweep does
		if u < 0 {
			break
		}
		n, ok = p.hiddenRoot(q, n, u)
	}
	if !ok {
		return false
	}
	p.wakeRegin()
	return true
}

// wakeRegin lists the variables spreadRoot changed (found once here
// rather than at each narrowing; the run's list is empty before) and
// leaves the units at the cheap rules' fixpoint: none needs unit again,
// and those whose variables changed need Régin's test, unless all their
// variables are fixed (the test would find nothing: no value is left
// twice). Woken only now: after a failure the sweep must find the work
// lists as they were.
func (p *diffNet) wakeRegin() {
	dom := p.dom
	clear(p.work)
	if p.nw == 1 { // the sets of units in registers
		var chg, open uint64
		vm, d0 := p.vMask[:len(dom)], p.d0[:len(dom)]
		for i, d := range dom {
			if d != d0[i] {
				p.chg[i] = true
				p.changed = append(p.changed, int32(i))
				chg |= vm[i]
			}
			open |= vm[i] & -b2u(d&(d-1) != 0)
		}
		p.slow[0] = (p.slow[0] | chg) & open
		return
	}
	chg, open := p.dirty, p.work // dirty is empty: spreadRoot emptied it
	for i, d := range dom {
		m := p.vMask[i*p.nw:][:p.nw]
		if d != p.d0[i] {
			p.chg[i] = true
			p.changed = append(p.changed, int32(i))
			for k, w := range m {
				chg[k] |= w
			}
		}
		if d&(d-1) != 0 {
			for k, w := range m {
				open[k] |= w
			}
		}
	}
	for k := range p.slow {
		p.slow[k] = (p.slow[k] | chg[k]) & open[k]
	}
	clear(open)
	clear(chg)
}

// spreadPeers removes fixed variable i's value from its peers, queuing
// those it leaves fixed at q[n], and returns the new length.
func (p *diffNet) spreadPeers(q []int32, n int, i int32) (int, bool) {
	if p.nw == 1 {
		return p.spreadPeers1(q, n, i)
	}
	dom := p.dom
	b := dom[i]
	for _, j := range p.peer[p.peerAt[i]:p.peerAt[i+1]] {
		d := dom[j]
		if d&b == 0 {
			continue
		}
		if d &^= b; d == 0 {
			return n, false
		}
		p.narrowRoot(j, d)
		if d&(d-1) == 0 {
			q[n] = j
			n++
		}
	}
	return n, true
}

// spreadPeers1 is spreadPeers for a net of at most 64 units, whose sets
// of units are one word: the units it marks are gathered in a register
// and written once (a third of spreadPeers' instructions otherwise).
// The loop has no branch: whether a peer holds the value is as often
// true as not at the root, and mispredicted it cost half the loop. Each
// peer's domain is written back, changed or not; one left empty is
// queued too (it looks fixed), and the call fails after the loop: a
// variable is queued twice only then, so the queue has room for the
// variables and one variable's peers (buildPeers).
func (p *diffNet) spreadPeers1(q []int32, n int, i int32) (int, bool) {
	dom := p.dom
	vm := p.vMask[:len(dom)]
	b := dom[i]
	var dirty, empty uint64
	for _, j := range p.peer[p.peerAt[i]:p.peerAt[i+1]] {
		d := dom[j]
		nd := d &^ b
		dom[j] = nd
		hit := b2u(d != nd)
		dirty |= vm[j] & -hit
		empty |= b2u(nd == 0)
		q[n] = j
		n += int(hit & b2u(nd&(nd-1) == 0))
	}
	p.dirty[0] |= dirty
	return n, empty == 0 // on failure undoRoot clears dirty
}

// hiddenRoot fixes the variables of unit u that hold a value no other
// one holds, if its variables have as many values as they are.
//
// It is called only when every fixed variable has been spread: their
// values are then distinct and held by no other variable of u (two fixed
// alike, or a variable left only a spread value, failed on the way). So
// it tallies every variable, fixed or not, without the test "one value"
// for each (a third of the instructions): with f fixed variables and k
// unfixed, the n values of the unfixed ones are the n+f values held less
// the f fixed ones, so n == k when the values held are as many as the
// variables. The values held once are the fixed ones and the hidden
// ones; uFixed[u], the fixed ones (markFixed), spares the second pass
// when there is no hidden one. A bit too many there would hide a hidden
// value; one too few only costs that pass (fixed variables are skipped).
func (p *diffNet) hiddenRoot(q []int32, n int, u int32) (int, bool) {
	slots := p.uVar[p.uAt[u]:p.uAt[u+1]]
	dom := p.dom
	var once, twice uint64
	for _, i := range slots {
		d := dom[i]
		twice |= once & d
		once |= d
	}
	switch c := bits.OnesCount64(once); {
	case c < len(slots):
		return n, false
	case c > len(slots):
		return n, true
	}
	hidden := once &^ twice &^ p.uFixed[u]
	if hidden == 0 {
		return n, true
	}
	for _, i := range slots {
		d := dom[i]
		h := d & hidden
		if h == 0 || d&(d-1) == 0 {
			continue
		}
		if h&(h-1) != 0 {
			return n, false
		}
		p.narrowRoot(i, h)
		q[n] = i
		n++
	}
	return n, true
}

// markFixed adds fixed variable i's value to its units' uFixed, as it is
// spread.
func (p *diffNet) markFixed(i int32) {
	b := p.dom[i]
	if p.nw == 1 {
		for m := p.vMask[i]; m != 0; m &= m - 1 {
			p.uFixed[bits.TrailingZeros64(m)] |= b
		}
		return
	}
	for k, w := range p.vMask[int(i)*p.nw:][:p.nw] {
		for ; w != 0; w &= w - 1 {
			p.uFixed[k<<6|bits.TrailingZeros64(w)] |= b
		}
	}
}

// narrowRoot sets local variable i's domain to d, and marks its units
// to be looked at again.
func (p *diffNet) narrowRoot(i int32, d uint64) {
	p.dom[i] = d
	if p.nw == 1 { // at most 64 units: no loop (a third of spreadPeers)
		p.dirty[0] |= p.vMask[i]
		return
	}
	for k, w := range p.vMask[int(i)*p.nw:][:p.nw] {
		p.dirty[k] |= w
	}
}

// undoRoot drops the narrowings of a failed rootRun: the domains as
// loaded, nothing changed. (A run that fails in the sweep after
// spreadRoot has dropped its list already; the new run loads again.)
func (p *diffNet) undoRoot() {
	for _, i := range p.changed {
		p.chg[i] = false
	}
	p.changed = p.changed[:0]
	copy(p.dom, p.d0) // all loaded by spreadRoot
	clear(p.dirty)
}
