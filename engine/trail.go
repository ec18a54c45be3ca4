package engine

// The store holds every piece of search state that changes below the root:
// the domains (see domain.go) and a few counters. A large store undoes
// changes through a trail on backtrack; a small one copies its whole
// state at each level instead (see copyState at the end of this file).
//
// Two kinds of change are recorded:
//
//   - Reversible integers (cells): a write saves the old value the first
//     time the cell is written at the current level. A per-cell stamp says
//     whether that has happened (MiniCP's "magic" scheme), so each cell is
//     saved at most once per level however often it is written.
//   - Value removals: clearing one bit of a domain records (var, offset), and
//     undoing it sets the bit again and widens the size and bounds. This is
//     what keeps the trail small on problems like 10000 queens, where each
//     node removes a few values from thousands of domains: one 8-byte record
//     per removed value, with no record for the size or word it touched.
//
// Undo runs the records of a level in reverse order. A cell saved at the
// level is restored to its value at the start of the level after every
// removal record in between has been undone, so mixing the two kinds is
// safe: see the invariants in domain.go.
type store struct {
	cell  []int32  // reversible integers
	stamp []uint32 // stamp[i] == magic: cell i is already saved at this level
	magic uint32
	log   []entry
	marks []int // len(log) at each push

	// changes counts domain changes; Propagate stops at a fixpoint when a
	// round leaves it unchanged.
	changes uint64

	// wiped is the variable whose last value a removal refused to take
	// since the last push, or -1: the reason a node failed, for tracing.
	wiped int32

	words []uint64  // domain bits, see domain.go
	vi    []varInfo // per variable

	// Wide domains (domain_wide.go) and the log that undoes their
	// changes, trailing or copying, with len(wlog) at each push.
	wide   []wideDom
	wlog   []wideRec
	wmarks []int
	wsaved []Interval // the gaps that wlog's splices replaced

	// A bounded trail (see trim): at most budget records (0: no bound);
	// levels 1..lost-1 have lost theirs, and snap holds the state at the
	// start of the search to recompute them from.
	budget    int
	lost      int
	snapCell  []int32
	snapWords []uint64 // the words at the snapshot, or nil: runs and snapDiff
	snapDiff  []wordAt // the words that differ from their run's pattern
	snapWide  wideState
	runs      []wordRun // how addVars laid the words out

	// Copying instead of trailing (see copyState): each open level's cells
	// and words, one level after another.
	copying    bool
	savedCells []int32
	savedWords []uint64

	// PropAC: the variables whose domain changed since the propagation
	// loop last looked (see ac.go).
	track   bool
	touched []int32
	tmark   []bool // per variable: in touched

	// The last queens pass's choice for dom/wdeg (see fusedMin).
	fused fusedMin

	// Stopping inside propagation (poll.go): the work units left before
	// the next look at the limits, the look, and whether one said stop.
	poll   int32
	limits func() bool
	halted bool
}

// touch records that the domain of x changed.
func (t *store) touch(x int32) {
	if !t.tmark[x] {
		t.tmark[x] = true
		t.touched = append(t.touched, x)
	}
}

// entry is one trail record: a >= 0 restores cell a to b; a < 0 puts
// back offset b into the domain of variable ^a.
type entry struct{ a, b int32 }

// record appends e to the log. The log grows by doubling: append grows a
// large slice by a quarter, which on 1000-queens (over a million records
// on the way to the first solution) copied the log a dozen times: 34 MB
// allocated in all instead of 17, and as many more collections.
func (t *store) record(e entry) {
	if len(t.log) == cap(t.log) {
		t.growLog()
	}
	t.log = append(t.log, e)
}

func (t *store) growLog() {
	t.log = append(make([]entry, 0, 2*cap(t.log)+1024), t.log...)
}

// newCell adds a reversible integer and returns its index.
func (t *store) newCell(v int32) int32 {
	t.cell = append(t.cell, v)
	t.stamp = append(t.stamp, 0)
	return int32(len(t.cell) - 1)
}

// set writes a reversible integer.
func (t *store) set(i int32, v int32) {
	if !t.copying && t.stamp[i] != t.magic {
		t.stamp[i] = t.magic
		t.record(entry{i, t.cell[i]})
	}
	t.cell[i] = v
}

// push opens a level: changes from now on are undone by the matching pop.
func (t *store) push() {
	if t.wide != nil {
		t.wmarks = append(t.wmarks, len(t.wlog))
	}
	if t.copying {
		t.savedCells = append(t.savedCells, t.cell...)
		t.savedWords = append(t.savedWords, t.words...)
		t.marks = append(t.marks, 0)
		t.wiped = -1
		return
	}
	if t.budget > 0 && len(t.log) > t.budget && t.snapCell != nil {
		t.trim()
	}
	t.marks = append(t.marks, len(t.log))
	t.wiped = -1
	t.bump()
}

// Bounded trail. On 10000-queens the path to a solution removes some 10^8
// values, too many records to keep. When the log exceeds its budget, trim
// drops the records of the oldest search levels (1 and up; level 0, the
// root, keeps its own), keeping the newest levels, at least the top one,
// within half the budget. Those levels can no longer be undone record by
// record: the solver undoes one by restoring snap, the state at the start
// of the search, and replaying the decisions of the levels it keeps
// (Solver.popLevel). A search with few deep backtracks, as on large
// queens, never needs to.
func (t *store) trim() {
	top := len(t.marks) - 1 // the newest level, always kept
	k := max(t.lost, 1)
	for k < top && len(t.log)-t.marks[k] > t.budget/2 {
		k++
	}
	if k <= max(t.lost, 1) || k > top {
		return
	}
	t.log = dropLevels(t.log, t.marks, k)
	if t.wide != nil {
		t.wlog = dropLevels(t.wlog, t.wmarks, k)
	}
	t.lost = k
}

// dropLevels removes from log the records of levels 1..k-1, whose starts
// are in marks, and moves the marks.
func dropLevels[E any](log []E, marks []int, k int) []E {
	from, to := marks[1], marks[k]
	n := copy(log[from:], log[to:])
	for j := 1; j < len(marks); j++ {
		if j < k {
			marks[j] = from
		} else {
			marks[j] -= to - from
		}
	}
	return log[:from+n]
}

// poppable reports whether the top level still has its records.
func (t *store) poppable() bool {
	l := len(t.marks) - 1
	return l == 0 || l >= t.lost
}

// snapshot records the state at the start of the search, with level 0
// open on top of the trail.
//
// The words are kept as their differences from the initial domains:
// a large search starts from domains that the root changed little (none
// on n-queens), so that a copy would double the memory of the largest
// part of the state, 1.25 GB on 100000-queens. When the root changed many
// words, a plain copy is smaller and is kept instead.
func (t *store) snapshot() {
	t.snapCell = append(t.snapCell[:0], t.cell...)
	t.snapWide = t.copyWide(t.snapWide)
	t.snapWords, t.snapDiff = nil, t.snapDiff[:0]
	for _, r := range t.runs {
		for k := range r.count {
			for i, w := range r.pattern {
				if at := r.at(k, i); t.words[at] != w {
					t.snapDiff = append(t.snapDiff, wordAt{at, t.words[at]})
				}
			}
		}
		if 2*len(t.snapDiff) > len(t.words) {
			t.snapWords, t.snapDiff = append([]uint64(nil), t.words...), nil
			break
		}
	}
	t.lost = 0
}

// restore returns to the snapshot: only level 0 is open, with its records.
func (t *store) restore() {
	copy(t.cell, t.snapCell)
	if t.snapWords != nil {
		copy(t.words, t.snapWords)
	} else {
		for _, r := range t.runs {
			for k := range r.count {
				for i, w := range r.pattern {
					t.words[r.at(k, i)] = w
				}
			}
		}
		for _, d := range t.snapDiff {
			t.words[d.i] = d.w
		}
	}
	if len(t.marks) > 1 {
		t.log = t.log[:t.marks[1]]
	}
	t.marks = t.marks[:1]
	if t.wide != nil {
		if len(t.wmarks) > 1 {
			t.wlog = t.wlog[:t.wmarks[1]]
		}
		t.wmarks = t.wmarks[:1]
		t.setWide(t.snapWide)
	}
	t.lost = 0
	t.bump()
}

// pop undoes every change made since the matching push.
func (t *store) pop() {
	if t.wide != nil {
		t.undoWide(t.wmarks[len(t.wmarks)-1])
		t.wmarks = t.wmarks[:len(t.wmarks)-1]
	}
	if t.copying {
		l := len(t.marks) - 1
		t.marks = t.marks[:l]
		nc, nw := l*len(t.cell), l*len(t.words)
		copy(t.cell, t.savedCells[nc:])
		copy(t.words, t.savedWords[nw:])
		t.savedCells, t.savedWords = t.savedCells[:nc], t.savedWords[:nw]
		return
	}
	mark := t.marks[len(t.marks)-1]
	t.marks = t.marks[:len(t.marks)-1]
	for i := len(t.log) - 1; i >= mark; i-- {
		e := t.log[i]
		if e.a >= 0 {
			t.cell[e.a] = e.b
		} else {
			t.unremove(^e.a, e.b)
		}
	}
	t.log = t.log[:mark]
	t.bump()
}

// level returns the number of open levels.
func (t *store) level() int { return len(t.marks) }

// bump starts a new stamp generation. Popping bumps too: the parent level
// continues with cells whose stamps belong to the popped child, and those
// must be saved again if the parent writes them. On wrap-around every stamp
// is cleared so that an old stamp can never look current.
func (t *store) bump() {
	t.magic++
	if t.magic == 0 {
		clear(t.stamp)
		t.magic = 1
	}
}

// commitRoot forgets the records made before the first push: root changes
// are never undone.
func (t *store) commitRoot() {
	if len(t.marks) == 0 {
		t.log = t.log[:0]
		t.wlog = t.wlog[:0]
		t.bump()
	}
}

// Copying. A store whose state is small (n-queens for n up to a few
// dozen, a 9x9 sudoku) saves all of it at each push and copies it back
// at each pop: one block copy per level instead of a trail record per
// change and its undo one by one, and no record kept while propagating.
// copyLimit is the largest state, in bytes, that is copied; a variable
// so that tests can run every search both ways.
var copyLimit = 2048

// copyState switches the store to copying if its state is small enough.
// It is called once the solver is built, with no level open.
func (t *store) copyState() {
	// A bounded trail (bigDomains) stays a trail: tests lower bigDomains to
	// make small searches trim.
	t.copying = len(t.marks) == 0 && 4*len(t.cell)+8*len(t.words) <= copyLimit && len(t.words) < bigDomains
}

// wordAt is a word of store.words and its index.
type wordAt struct {
	i int
	w uint64
}

// wordRun is a run of variables added by one addVars: count variables
// whose words start as pattern.
type wordRun struct {
	base, count int
	pattern     []uint64
}

// at returns the index in store.words of word i of the k-th variable of
// the run (see addVars).
func (r *wordRun) at(k, i int) int {
	if len(r.pattern) == 1 {
		return r.base + k
	}
	return r.base + i*r.count + k
}
