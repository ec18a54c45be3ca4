package engine

import "math/bits"

// useSpread64 enables spread64; tests turn it off to compare.
var useSpread64 = true

// spread64 is spread for a unit of at most 64 variables. spread called
// set, and so wake, for each variable it narrowed, inside its loop: the
// compiler then kept every tally on the stack, and whether a variable
// holds a spread value, as often true as not, was a branch. Here the
// loop narrows without a branch, notes the narrowed slots in a word,
// and set's bookkeeping (the changed list, the work lists) is done
// after it, in slot order: the same list in the same order, and the same
// units woken, as spread. The failures are tested in slot order, as
// there, so the same one is found (spreadFail).
func (p *diffNet) spread64(t *store, u int32, slots []int32, spread, fixed uint64) (more, once, twice, k uint64, ok bool) {
	p.spreads64++
	fm, once, twice, hit, bad := spreadPass(p.dom, slots, spread, fixed)
	if bad >= 0 {
		return 0, 0, 0, 0, p.spreadFail(t, u, slots, hit, bad)
	}
	p.setSlots(slots, hit, u)
	// No two fixed alike: as many fixed variables as their values.
	return fm &^ fixed, once, twice, uint64(len(slots) - bits.OnesCount64(fm)), true
}

// spreadPass is spread64's loop, a function of its own that the compiler
// gives every register: fm is fixed with the values of the variables it
// left fixed, once and twice tally the unfixed ones, hit holds the
// narrowed slots, bad the slot where it stopped on a failure, or -1.
//
//go:noinline
func spreadPass(dom []uint64, slots []int32, spread, fixed uint64) (fm, once, twice, hit uint64, bad int) {
	fm = fixed
	for j, i := range slots {
		d := dom[i]
		many := -b2u(d&(d-1) != 0) // all ones if unfixed
		nd := d &^ (spread & many) // a fixed one keeps its value
		dom[i] = nd
		hit |= b2u(nd != d) << (j & 63)
		one := nd & many & -b2u(nd&(nd-1) == 0) // newly fixed (or emptied: 0)
		if nd == 0 || fm&one != 0 {
			return fm, once, twice, hit, j
		}
		fm |= one
		nd &= -b2u(nd&(nd-1) != 0) // the unfixed ones are tallied
		twice |= once & nd
		once |= nd
	}
	return fm, once, twice, hit, -1
}

// setSlots does set's bookkeeping for the slots in hit, in order, whose
// domains spread64 wrote.
func (p *diffNet) setSlots(slots []int32, hit uint64, u int32) {
	for ; hit != 0; hit &= hit - 1 {
		i := slots[bits.TrailingZeros64(hit)]
		p.set(i, p.dom[i], u, false)
	}
}

// spreadFail ends spread64 at slot j, which was left empty or fixed to a
// value another variable of unit u is fixed to. spread had set the slots
// before it, and the latter; the former it left as it was, but
// spreadPass wrote it empty: set too, it is in the run's list, which
// abandon passes on for reloading (a kept domain must be the store's).
func (p *diffNet) spreadFail(t *store, u int32, slots []int32, hit uint64, j int) bool {
	p.setSlots(slots, hit, u)
	if i := slots[j]; p.dom[i] == 0 {
		return p.fail(t, u, i)
	}
	return p.fail(t, u, -1)
}
