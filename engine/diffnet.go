package engine

import "math/bits"

// diffNet makes a network of alldiff constraints domain consistent (the
// fixpoint of Régin's filtering on each of them), in one propagator, when
// their variables' values all fit in one 64-bit word: the alldiffs of a
// connected group, over distinct variables without offsets, whose values
// lie within 64 of the group's least one (diffnet_build.go). Sudoku's 27
// units, a latin square's rows and columns, a magic square's lines
// with their alldiff, any such model gets it.
//
// Separate value and Régin propagators per constraint (acSpread,
// reginProp) reach the same fixpoint, but pay the propagation loop for
// each wake-up and each changed variable, and read every domain from the
// store again at each run. Here a run loads the domains it needs (all of
// them in a small net) into words once, keeps a work list of the units
// (alldiffs) whose variables changed, brings each to its own fixpoint
// with word operations, and writes every narrowed domain back once at
// the end. A unit is processed
// in two steps: the values of its fixed variables are removed from the
// others until no new variable is fixed (the cheap rule that does most
// of the work), then Régin's test on the bit sets of its unfixed
// variables, skipped when no Hall set can exist (hallFree) or when the
// cheap rules left the unit too few unfixed variables for one (calm),
// and ended, when the unit has as many values as unfixed variables, by
// its strongly connected components (pruneTight). Both steps are
// monotone, so the fixpoint, and the search tree, is the one of the
// separate propagators; only the constraint a failure is charged to
// (dom/wdeg) may differ, being the unit where it was found.
//
// The matching of each unit is kept between runs, unrestored on
// backtrack, as reginProp's: any matching is a valid start.
type diffNet struct {
	xs    []int32 // model variable of each local variable
	shift []uint8 // local bit of value v = store offset + shift (v - base)

	uAt   []int32 // unit u's slots: uAt[u]:uAt[u+1]
	uVar  []int32 // per slot: its local variable
	match []int8  // per slot: its matched value, -1 if none
	uCons []int32 // per unit: the model constraint

	dom     []uint64 // per local variable: its domain in local bits, this run
	d0      []uint64 // as loaded from the store
	at      []uint32 // the run that loaded it
	uRun    []uint32 // per unit: the run that loaded its variables
	run     uint32
	chg     []bool   // narrowed in this run, not yet written back
	changed []int32  // those variables
	vMask   []uint64 // per local variable, nw words: the set of its units
	nw      int      // words of a set of units
	work    []uint64 // the units to bring to the cheap rules' fixpoint
	slow    []uint64 // the units to give Régin's test
	calm    []uint64 // units Régin's test would pass unchanged (unit found them so)
	at1     int32    // where next looks first in work
	at2     int32    // and in slow

	marg  [64]int32  // scratch: per value, the unfixed variable (index into ud) matched to it
	ud    [65]uint64 // scratch: Régin's test's unfixed variables: their domains,
	us    [65]int32  // their slots (one more: regin's gathering writes there past 64),
	mt    [64]int8   // their matched values
	reach [64]uint64 // scratch: per matched value, the values it reaches
	comp  [64]uint64 // scratch: per matched value, its strongly connected component

	calmSkips   int // the tests calm spared (tests)
	tightSplits int // components pruneTight found past a unit's first (tests)
	roots1      int // cheapRoot1's runs (tests)

	peerAt []int32 // local variable i's peers: peer[peerAt[i]:peerAt[i+1]]
	peer   []int32
	fixq   []int32  // spreadRoot's queue of fixed variables
	uFixed []uint64 // spreadRoot: per unit, the values its spread variables are fixed to
	dirty  []uint64 // spreadRoot's units to look for hidden values in
	work0  []uint64 // work and slow as rootRun found them
	roots  int      // rootRun's runs (tests)
	slow0  []uint64

	failed int32 // the constraint charged with the last failure

	mark   int32   // the store's cells of the stamp (diffnet_keep.go), -1 if none
	stamp  uint64  // the last run's stamp
	keptOK bool    // the last run succeeded: dom and d0 are the store's
	keeps  int     // runs that found the domains kept (tests)
	reload []int32 // the variables a kept run that failed loaded or narrowed
	events         // the local variables changed since the last run
}

func (p *diffNet) failedCons() int32 { return p.failed }

// loadUnit loads the domains of unit u's variables not yet loaded in this
// run, at its first visit in the run: unit and regin then read the words
// without a test for each variable.
func (p *diffNet) loadUnit(t *store, u int32) {
	p.uRun[u] = p.run
	at, run := p.at, p.run
	for _, i := range p.uVar[p.uAt[u]:p.uAt[u+1]] {
		if at[i] != run {
			p.load(t, i)
		}
	}
}

// eagerLoad is the most variables a net loads all at once at the start
// of a sweep rather than unit by unit: in a small net a run reaches most
// of them (69 of 81 on average on top95's sudokus), and one pass over
// the variables costs less than a test for each slot of each unit.
const eagerLoad = 128

// loadAll loads every variable not yet loaded in this run, and marks
// every unit loaded.
func (p *diffNet) loadAll(t *store) {
	at, run := p.at, p.run
	for i, r := range at {
		if r != run {
			p.load(t, int32(i))
		}
	}
	for u := range p.uRun {
		p.uRun[u] = run
	}
}

func (p *diffNet) load(t *store, i int32) {
	p.at[i] = p.run
	d := t.word(p.xs[i]) << p.shift[i]
	p.dom[i], p.d0[i] = d, d
}

// set narrows local variable i to d (not empty) and schedules its units
// but u: to the cheap rules and to Régin's test, and u itself to Régin's
// test too if the cheap rules narrowed it (dc false).
func (p *diffNet) set(i int32, d uint64, u int32, dc bool) {
	if !p.chg[i] {
		p.chg[i] = true
		p.changed = append(p.changed, i)
	}
	p.dom[i] = d
	if p.nw == 1 { // wake's one-word path, without its call
		w := p.vMask[i]
		p.work[0] = (p.work[0] | w) &^ (1 << u)
		p.slow[0] = (p.slow[0] | w) &^ (b2u(dc) << u)
		return
	}
	p.wake(i, u, dc)
}

// wake schedules the units of local variable i, but not skip (if not
// negative) for the cheap rules, and not for Régin's test either if dc.
// skip is the unit being processed, whose bits were cleared when it was
// taken: only its own changes could have set them again.
func (p *diffNet) wake(i, skip int32, dc bool) {
	if p.nw == 1 { // at most 64 units: no loop
		w := p.vMask[i]
		p.work[0] |= w
		p.slow[0] |= w
		if skip >= 0 {
			p.work[0] &^= 1 << skip
			p.slow[0] &^= b2u(dc) << skip
		}
		return
	}
	m := p.vMask[int(i)*p.nw:][:p.nw]
	for k, w := range m {
		p.work[k] |= w
		p.slow[k] |= w
	}
	if skip >= 0 {
		p.work[skip>>6] &^= 1 << (skip & 63)
		if dc {
			p.slow[skip>>6] &^= 1 << (skip & 63)
		}
	}
}

// next takes a unit out of set, or returns -1 if it is empty: the first
// at or after *from, round the set, which it then moves past. Sweeping
// round lets each unit gather the changes of all the others before it
// is processed again; taking the least every time processes the first
// units over and over.
func next(set []uint64, from *int32) int32 {
	if len(set) == 1 { // at most 64 units: no loop
		w := set[0]
		if w == 0 {
			return -1
		}
		if h := w &^ (1<<(*from&63) - 1); h != 0 {
			w = h
		}
		u := int32(bits.TrailingZeros64(w))
		set[0] &^= 1 << u
		*from = (u + 1) & 63
		return u
	}
	nw := int32(len(set))
	k := *from >> 6
	w := set[k] &^ (1<<(*from&63) - 1)
	for i := int32(0); w == 0; i++ {
		if i == nw {
			return -1
		}
		k++
		if k == nw {
			k = 0
		}
		w = set[k]
	}
	b := int32(bits.TrailingZeros64(w))
	set[k] &^= 1 << b
	u := k<<6 + b
	*from = u + 1
	if *from == nw<<6 {
		*from = 0
	}
	return u
}

// reset makes the net sweep its units from the first, as a new one: where
// a sweep starts decides in which unit a failure is found, and so the
// dom/wdeg weights. The matchings stay: any is a valid start.
func (p *diffNet) reset() {
	p.at1, p.at2 = 0, 0
}

// flush writes the narrowed domains back to the store.
func (p *diffNet) flush(t *store) {
	for _, i := range p.changed {
		p.chg[i] = false
		if rm := (p.d0[i] &^ p.dom[i]) >> p.shift[i]; rm != 0 {
			t.removeMask(p.xs[i], rm)
		}
		p.d0[i] = p.dom[i]
	}
	p.changed = p.changed[:0]
}

func (p *diffNet) propagate(s *Solver) bool {
	kept := p.kept(s)
	p.keptOK = false
	t := &s.st
	if kept {
		for _, l := range p.reload {
			p.load(t, l)
		}
	} else {
		p.newRun()
	}
	p.reload = p.reload[:0]
	for _, l := range p.pending {
		if kept {
			p.load(t, l)
		}
		p.wake(l, -1, false)
	}
	if kept {
		p.reload = append(p.reload, p.pending...)
	}
	p.pending = p.pending[:0]
	if s.ac.root && s.tr == nil && useSpreadRoot && p.rootRun(s) {
		p.keep(t)
		return true
	}
	if !p.sweep(s, kept) {
		// Kept, the run knows where dom differs from the store once
		// this node is undone: the variables it loaded or narrowed
		// (abandon lists them in reload). Otherwise it loaded all.
		// Under a tracer, sweep wrote each unit's removals as it went,
		// and those it wrote before the failure are in no list: the
		// next run loads all.
		p.keptOK = kept && s.tr == nil
		return false
	}
	p.keep(t)
	return true
}

// newRun starts a run: no domain is loaded.
func (p *diffNet) newRun() {
	p.run++
	if p.run == 0 { // wrapped: no stamp may look current
		clear(p.at)
		clear(p.uRun)
		p.run = 1
	}
}

// sweep brings the units to their fixpoint and writes the domains back;
// kept: the domains are loaded (kept).
func (p *diffNet) sweep(s *Solver, kept bool) bool {
	t := &s.st
	if len(p.xs) <= eagerLoad && !kept {
		p.loadAll(t)
	}
	// A unit is calm only as unit last left it in this sweep: rootRun
	// puts units in slow that unit has not seen.
	clear(p.calm)
	// The fixed values first, everywhere, then Régin's test on one unit,
	// and again: the cheap rule does most of the work, and every unit
	// Régin sees is as narrow as it gets.
	for {
		var ok bool
		u := next(p.work, &p.at1)
		if u >= 0 {
			ok = p.unit(t, u)
		} else if u = next(p.slow, &p.at2); u >= 0 {
			// Taken all the same: where the sweep stands next is where
			// the test, finding nothing, would leave it.
			if p.calm[u>>6]>>(u&63)&1 != 0 {
				p.calmSkips++
				ok = true
			} else {
				ok = p.regin(t, u)
			}
		} else {
			p.flush(t)
			return true
		}
		if !ok {
			p.abandon()
			return false
		}
		if s.tr != nil { // each unit's removals are its own (--trace=domains)
			p.flush(t)
			s.traceRan(p.uCons[u], t.touched, nil)
		}
	}
}

// abandon drops the work of a failed run: the node is undone, and nothing
// was written.
func (p *diffNet) abandon() {
	clear(p.work)
	clear(p.slow)
	p.reload = append(p.reload, p.changed...)
	for _, i := range p.changed {
		p.chg[i] = false
	}
	p.changed = p.changed[:0]
}

// fail charges unit u with a failure, and variable i, if not negative,
// with the emptied domain.
func (p *diffNet) fail(t *store, u, i int32) bool {
	p.failed = p.uCons[u]
	if i >= 0 {
		t.wiped = p.xs[i]
	}
	return false
}

// unit brings u to the fixpoint of the two cheap rules: the value of a
// fixed variable is removed from the others, and, when the unfixed
// variables have exactly as many values between them as they are, a
// value only one of them can take is its value (and fewer values fail).
//
// The tallies (see tallyOf) are plain locals, not a struct whose address
// a method takes: the compiler then keeps them in registers, and these
// loops are most of a sudoku's time.
func (p *diffNet) unit(t *store, u int32) bool {
	if p.uRun[u] != p.run {
		p.loadUnit(t, u)
	}
	slots := p.uVar[p.uAt[u]:p.uAt[u+1]]
	dom := p.dom
	fixed, dup, once, twice := tallyFixed(dom, slots)
	if dup != 0 {
		return p.fail(t, u, -1)
	}
	// Without two fixed alike, as many fixed variables as their values.
	k := uint64(len(slots) - bits.OnesCount64(fixed))
	spread := fixed & once // the fixed values left in other domains
	for {
		if spread != 0 {
			var more uint64
			var ok bool
			more, once, twice, k, ok = p.spread(t, u, slots, spread, fixed)
			if !ok {
				return false
			}
			if more != 0 {
				fixed |= more
				spread = more
				continue
			}
		}
		switch n := uint64(bits.OnesCount64(once)); {
		case n < k:
			return p.fail(t, u, -1) // k variables, fewer values
		case n > k:
			p.setCalm(u, k <= 2)
			return true
		}
		hidden := once &^ twice
		if hidden == 0 {
			p.setCalm(u, k <= 3)
			return true
		}
		if !p.takeHidden(t, u, slots, hidden) {
			return false
		}
		// Held by no other variable: nothing to remove here, but the
		// values the fixed ones lost may leave new hidden ones.
		fixed |= hidden
		spread = 0
		once, twice, k = tallyOf(dom, slots)
	}
}

// tallyFixed is unit's first pass: the values of the fixed variables
// among slots, those fixed twice, and the values of the unfixed ones held
// once or more and twice or more, which stand if no fixed value is among
// them. A function of its own, not inlined: inside unit, whose calls keep
// many values live, the compiler kept the tallies on the stack, five
// loads and stores a slot. The number of unfixed variables is not
// counted here but from fixed (unit): one register less, and none spills.
//
//go:noinline
func tallyFixed(dom []uint64, slots []int32) (fixed, dup, once, twice uint64) {
	for _, i := range slots {
		d := dom[i]
		one := d & -b2u(d&(d-1) == 0) // d if fixed
		dup |= fixed & one
		fixed |= one
		d ^= one
		twice |= once & d
		once |= d
	}
	return fixed, dup, once, twice
}

// useCalm enables setCalm; tests turn it off to compare.
var useCalm = true

// setCalm records whether Régin's test on unit u, as unit leaves it,
// would end at once, finding nothing (see regin: k unfixed variables,
// k <= 2, or k <= 3 and as many values): the sweep then skips it. Every
// change to u's domains after this puts u in work again (wake), and unit
// records it anew before any test is taken (work goes first); the test's
// own narrowings do not wake u, but it has been taken then.
func (p *diffNet) setCalm(u int32, calm bool) {
	w := &p.calm[u>>6]
	*w = *w&^(1<<(u&63)) | b2u(calm && useCalm)<<(u&63)
}

// tallyOf counts the values of the unfixed variables among slots: those
// held once or more, twice or more, and the number of variables. The
// test "one value" is made without a branch: it is as often true as not,
// and a mispredicted branch costs more than the test.
func tallyOf(dom []uint64, slots []int32) (once, twice, k uint64) {
	for _, i := range slots {
		d := dom[i]
		many := -b2u(d&(d-1) != 0) // all ones if unfixed
		d &= many
		k += many & 1
		twice |= once & d
		once |= d
	}
	return once, twice, k
}

// spread removes the values spread from the unfixed variables of unit u
// (fixed: every fixed value), tallies them again as tallyOf, and returns
// the values of the variables it left fixed.
func (p *diffNet) spread(t *store, u int32, slots []int32, spread, fixed uint64) (more, once, twice, k uint64, ok bool) {
	dom := p.dom
	for _, i := range slots {
		d := dom[i]
		many := -b2u(d&(d-1) != 0) // all ones if unfixed
		if d&spread&many != 0 {
			if d &^= spread; d == 0 {
				return 0, 0, 0, 0, p.fail(t, u, i)
			}
			p.set(i, d, u, false)
			if d&(d-1) == 0 {
				if (fixed|more)&d != 0 {
					return 0, 0, 0, 0, p.fail(t, u, -1)
				}
				more |= d
				continue
			}
		}
		d &= many
		k += many & 1
		twice |= once & d
		once |= d
	}
	return more, once, twice, k, true
}

// takeHidden fixes each variable of unit u that holds one of the values
// hidden, held by no other.
func (p *diffNet) takeHidden(t *store, u int32, slots []int32, hidden uint64) bool {
	for _, i := range slots {
		d := p.dom[i]
		h := d & hidden
		if h == 0 || d&(d-1) == 0 {
			continue
		}
		if h&(h-1) != 0 {
			return p.fail(t, u, -1) // two values only it can take
		}
		p.set(i, h, u, false)
	}
	return true
}

// b2u is 1 for true: the compiler makes it a flag, not a branch.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
