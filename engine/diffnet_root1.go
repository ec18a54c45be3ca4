package engine

import "math/bits"

// useRoot1 enables cheapRoot1; tests turn it off to compare.
var useRoot1 = true

// cheapRoot1 is spreadRoot's loop for a net of at most 64 units, whose
// sets of units are one word, with markFixed and next inline and
// spreadPeers1 and hiddenRoot as spreadList and hidden1: the set of units
// to look at again stays in a register instead of going through memory
// at each peer and each unit. It
// visits the units in the same order as that loop and leaves the same
// domains (those of the rules' fixpoint, unique). q holds the n
// variables loaded fixed; dirty[0] every unit.
func (p *diffNet) cheapRoot1(q []int32, n int) bool {
	p.roots1++
	dom := p.dom
	vm := p.vMask[:len(dom)]
	uFixed := p.uFixed
	dirty := p.dirty[0]
	var hpos uint
	for k := 0; ; {
		for ; k < n; k++ {
			i := q[k]
			b := dom[i]
			for m := vm[i]; m != 0; m &= m - 1 {
				uFixed[bits.TrailingZeros64(m)] |= b
			}
			var more uint64
			was := n
			more, n = spreadList(dom, vm, p.peer[p.peerAt[i]:p.peerAt[i+1]], b, q, n)
			dirty |= more
			for _, j := range q[was:n] { // a peer left empty is queued too
				if dom[j] == 0 {
					p.dirty[0] = dirty // undoRoot clears it
					return false
				}
			}
		}
		if dirty == 0 {
			p.dirty[0] = 0
			return true
		}
		w := dirty // the first unit at or after hpos, round: as next
		if h := w &^ (1<<hpos - 1); h != 0 {
			w = h
		}
		u := bits.TrailingZeros64(w)
		dirty &^= 1 << u
		hpos = uint(u+1) & 63
		var ok bool
		if n, dirty, ok = p.hidden1(q, n, int32(u), dirty); !ok {
			p.dirty[0] = dirty
			return false
		}
	}
}

// hidden1 is hiddenRoot for cheapRoot1, with the set of units to look at
// again passed in and out rather than through memory. (Its second pass
// without a branch was measured slower: a quarter of the calls reach it,
// and then a value is hidden in about one variable of nine.)
func (p *diffNet) hidden1(q []int32, n int, u int32, dirty uint64) (int, uint64, bool) {
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
		return n, dirty, false
	case c > len(slots):
		return n, dirty, true
	}
	hidden := once &^ twice &^ p.uFixed[u]
	if hidden == 0 {
		return n, dirty, true
	}
	vm := p.vMask[:len(dom)]
	for _, i := range slots {
		d := dom[i]
		h := d & hidden
		if h == 0 || d&(d-1) == 0 {
			continue
		}
		if h&(h-1) != 0 {
			return n, dirty, false // two values only it can take
		}
		dom[i] = h
		dirty |= vm[i]
		q[n] = i
		n++
	}
	return n, dirty, true
}

// spreadList removes value b from the domains of peers, queues at q[n]
// those it leaves with one value or none, and returns the units of those
// it changed, and the queue's new length. As spreadPeers1, without a
// branch; a function of its own, not inlined: inside cheapRoot1 the
// compiler kept half the loop's values on the stack (here, three; the
// 17-clue sample 2% faster). A variable is queued twice only when emptied, which
// fails (cheapRoot1): the queue has room for one variable's peers past
// the variables (buildPeers).
//
//go:noinline
func spreadList(dom, vm []uint64, peers []int32, b uint64, q []int32, n int) (uint64, int) {
	var dirty uint64
	vm = vm[:len(dom)]
	for _, j := range peers {
		d := dom[j]
		nd := d &^ b
		dom[j] = nd
		hit := b2u(d != nd)
		dirty |= vm[j] & -hit
		q[n] = j
		n += int(hit & b2u(nd&(nd-1) == 0))
	}
	return dirty, n
}
