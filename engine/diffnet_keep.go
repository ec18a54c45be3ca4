package engine

import "slices"

// Keeping a small net's domains between runs. A net of at most eagerLoad
// variables loads them all at each run (diffnet.go): on a 17-clue sudoku
// a tenth of the engine's time, at a search node where one variable, the
// decision, changed. After a run that succeeded, dom and d0 are the
// store's domains (flush wrote every narrowing), and they stay so until
// (a) another propagator or the search narrows a variable: that is an
// event, in pending at the next run (the net is quiet: its own changes
// are in dom already), or (b) the store is undone (pop, restore, Reset):
// no event says so.
//
// For (b), the net writes a fresh stamp into two reversible cells of the
// store at the end of each run that succeeded. Undoing a level where it
// ran puts back an older stamp; undoing only levels where it did not run
// leaves its stamp, and then restores nothing it loaded: every change
// since its last run was an event, and a level's propagation ends with
// the net run after its variables' last change, or fails and is undone.
// So at the next run, the cells holding the last stamp mean that dom is
// the store's domains but for the pending variables, which are loaded
// again; otherwise every variable is. A run that fails writes nothing
// back and leaves the cells as they were; its node is undone. If it found
// its domains kept, the only ones that then differ from the store are
// those it loaded (pending) or narrowed: it lists them in reload, for the
// next run to load. If it loaded all, the next one loads all.
// A Reset undoes every level, and the root (propagateAll, after Restrict
// changed domains before any level) loads all. The stamp has 64 bits: it
// does not come back.

// useKeep enables keeping the domains; tests turn it off to compare.
var useKeep = true

// keepStale, when not nil, is called by each run that finds its domains
// kept with the local variables whose dom or d0 is not the store's domain
// (tests: there must be none).
var keepStale func(p *diffNet, stale []int32)

// buildKeep gives a net that loads all its variables its stamp cells.
func (p *diffNet) buildKeep(t *store) {
	if len(p.xs) > eagerLoad {
		p.mark = -1
		return
	}
	p.mark = t.newCell(0)
	t.newCell(0)
}

// kept says whether dom holds the store's domains but for the pending
// variables.
func (p *diffNet) kept(s *Solver) bool {
	if !p.keptOK || p.mark < 0 || s.ac.root || !useKeep {
		return false
	}
	c := s.st.cell[p.mark:][:2]
	if c[0] != int32(uint32(p.stamp)) || c[1] != int32(uint32(p.stamp>>32)) {
		return false
	}
	p.keeps++
	if keepStale != nil {
		p.checkKept(&s.st)
	}
	return true
}

// checkKept reports to keepStale the variables, but those to be loaded
// (pending, reload), whose kept domains are not the store's.
func (p *diffNet) checkKept(t *store) {
	var stale []int32
	for i := range p.xs {
		d := t.word(p.xs[i]) << p.shift[i]
		l := int32(i)
		if (p.dom[i] != d || p.d0[i] != d) && !slices.Contains(p.pending, l) && !slices.Contains(p.reload, l) {
			stale = append(stale, int32(i))
		}
	}
	keepStale(p, stale)
}

// keep stamps the end of a run that succeeded.
func (p *diffNet) keep(t *store) {
	if p.mark < 0 {
		return
	}
	p.stamp++
	t.set(p.mark, int32(uint32(p.stamp)))
	if hi := int32(uint32(p.stamp >> 32)); t.cell[p.mark+1] != hi {
		t.set(p.mark+1, hi)
	}
	p.keptOK = true
}
