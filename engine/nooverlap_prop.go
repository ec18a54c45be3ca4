package engine

// The nooverlap propagator. It works on the tasks whose least duration p
// is positive, with est = min(start), lct = max(start) + p (the latest
// completion), and narrows start bounds only.
//
// Under PropAC (modeAC) each run repeats, until the bounds stop moving,
// Vilím's O(n log n) algorithms on a Θ-Λ tree (thetatree.go), each in
// both time directions (the backward one on mirrored times, -lct..-est):
//
//   - overload checking: no set of tasks fits between its least est and
//     its greatest lct: fail;
//   - detectable precedences: when ect_i > lst_j, j must precede i, so i
//     starts after every such j has completed;
//   - edge finding: when a task i cannot end before the set Θ of tasks
//     with smaller lct has completed without making Θ ∪ {i} overload, i
//     comes after all of Θ;
//   - not-last (and, mirrored, not-first): when the tasks that must start
//     before i ends cannot all complete before i's latest start, i is
//     not last among them and ends by the latest start of one of them.
//
// These subsume time-tabling on compulsory parts, which for one machine
// is the pairwise case of detectable precedences.
//
// Under PropFC (modeFC), after each assignment, it runs only the cheap
// part, in O(n²): the pairwise precedences, each task against each other
// (if j cannot complete before i must start, j starts after i's earliest
// completion, and the mirror), which covers time-tabling on the
// compulsory parts and the fixed tasks.

type noOverlapProp struct {
	s, d taskArgs
	task []int32 // the active tasks (least duration > 0), by local index
	fwd  *unarySide
	bwd  *unarySide // on mirrored times
}

func newNoOverlapProp(s, d taskArgs) *noOverlapProp {
	n := len(s.x)
	tree := newThetaTree(n)
	return &noOverlapProp{s: s, d: d, task: make([]int32, n),
		fwd: newUnarySide(n, tree), bwd: newUnarySide(n, tree)}
}

func (p *noOverlapProp) propagate(t *store, mode propMode) bool {
	for i := range p.d.x {
		if !p.d.atLeast(t, i, 0) {
			return false
		}
	}
	for {
		if t.tick(int32(len(p.s.x))) { // a pass; passes until the bounds stop
			return false
		}
		m := p.load(t)
		if m < 2 {
			return true
		}
		if mode == modeFC {
			p.pairwise()
		} else if !p.fwd.run() || !p.bwd.run() {
			return false
		}
		changed, ok := p.apply(t)
		if !ok || !changed {
			return ok
		}
	}
}

// load reads the active tasks' bounds into both sides and returns their
// number.
func (p *noOverlapProp) load(t *store) int {
	m := 0
	f, b := p.fwd, p.bwd
	for i := range p.s.x {
		d := p.d.min(t, i)
		if d <= 0 {
			continue
		}
		est, lct := p.s.min(t, i), p.s.max(t, i)+d
		p.task[m] = int32(i)
		f.est[m], f.lct[m], f.p[m], f.out[m], f.lctOut[m] = est, lct, d, est, lct
		b.est[m], b.lct[m], b.p[m], b.out[m], b.lctOut[m] = -lct, -est, d, -lct, -est
		m++
	}
	f.m, b.m = m, m
	return m
}

// apply narrows the start times to the bounds found: fwd.out and
// -bwd.lctOut raise each task's est, -bwd.out and fwd.lctOut lower its
// lct.
func (p *noOverlapProp) apply(t *store) (changed, ok bool) {
	f, b := p.fwd, p.bwd
	for a := range f.m {
		i := int(p.task[a])
		if est := max(f.out[a], -b.lctOut[a]); est > f.est[a] {
			changed = true
			if !p.s.atLeast(t, i, est) {
				return changed, false
			}
		}
		if lct := min(-b.out[a], f.lctOut[a]); lct < f.lct[a] {
			changed = true
			if !p.s.atMost(t, i, lct-f.p[a]) {
				return changed, false
			}
		}
	}
	return changed, true
}

// pairwise is modeFC's rule: for each ordered pair (i, j), if j cannot
// complete before i's latest start, j starts after i's earliest
// completion (and the mirror, on bwd).
func (p *noOverlapProp) pairwise() {
	f, b := p.fwd, p.bwd
	for i := range f.m {
		lst, ect := f.lct[i]-f.p[i], f.est[i]+f.p[i]
		for j := range f.m {
			if j == i {
				continue
			}
			if f.est[j]+f.p[j] > lst {
				f.out[j] = max(f.out[j], ect)
			}
			if f.lct[j]-f.p[j] < ect {
				b.out[j] = max(b.out[j], -lst)
			}
		}
	}
}

// unarySide runs the Θ-Λ tree algorithms in one time direction; they
// raise est, into out, except not-last, which lowers lct, into lctOut.
type unarySide struct {
	m                int
	est, lct, p, out []int64 // by active task
	lctOut           []int64
	byEst, byLct     []int32 // active tasks sorted
	byEct, byLst     []int32
	pos              []int32 // leaf of each task: its rank by est
	lstRank          []int32
	ect, lst         []int64 // est + p, lct - p
	tree             *thetaTree
	lastM            int // the number of active tasks the orders are of
}

func newUnarySide(n int, tree *thetaTree) *unarySide {
	u := &unarySide{tree: tree, lastM: -1}
	for _, s := range []*[]int64{&u.est, &u.lct, &u.p, &u.out, &u.lctOut, &u.ect, &u.lst} {
		*s = make([]int64, n)
	}
	for _, s := range []*[]int32{&u.byEst, &u.byLct, &u.byEct, &u.byLst, &u.pos, &u.lstRank} {
		*s = make([]int32, n)
	}
	return u
}

// sortAll orders the active tasks by est, lct, ect and lst. The orders
// of the last run are the starting point (when the same tasks are
// active): bounds move little between runs, so insertion sort is close to
// linear. They are only a hint, and need not be undone on backtrack.
func (u *unarySide) sortAll() {
	if u.m != u.lastM {
		for _, s := range [...][]int32{u.byEst, u.byLct, u.byEct, u.byLst} {
			for i := range u.m {
				s[i] = int32(i)
			}
		}
		u.lastM = u.m
	}
	for i := range u.m {
		u.ect[i], u.lst[i] = u.est[i]+u.p[i], u.lct[i]-u.p[i]
	}
	sortBy(u.byEst[:u.m], u.est)
	sortBy(u.byLct[:u.m], u.lct)
	sortBy(u.byEct[:u.m], u.ect)
	sortBy(u.byLst[:u.m], u.lst)
	for r, i := range u.byEst[:u.m] {
		u.pos[i] = int32(r)
	}
	for r, i := range u.byLst[:u.m] {
		u.lstRank[i] = int32(r)
	}
}

// sortBy sorts the indices idx by key, ties by index (so that runs are
// deterministic), by insertion: idx is nearly sorted already.
func sortBy(idx []int32, key []int64) {
	less := func(a, b int32) bool { return key[a] < key[b] || key[a] == key[b] && a < b }
	for i := 1; i < len(idx); i++ {
		x := idx[i]
		j := i
		for ; j > 0 && less(x, idx[j-1]); j-- {
			idx[j] = idx[j-1]
		}
		idx[j] = x
	}
}

// run checks overload and raises est by detectable precedences and edge
// finding; false: the tasks cannot fit.
func (u *unarySide) run() bool {
	u.sortAll()
	if !u.overload() {
		return false
	}
	u.detectable()
	u.notLast()
	return u.edgeFind()
}

// notLast takes the tasks i by increasing lct; the tree holds the tasks
// j with lst_j < lct_i. If those other than i cannot all complete by
// lst_i, i is not last among them: it ends by the greatest lst_j of them.
func (u *unarySide) notLast() {
	tr := u.tree
	tr.clear()
	q := 0
	for _, i := range u.byLct[:u.m] {
		for q < u.m {
			j := u.byLst[q]
			if u.lct[i] <= u.lct[j]-u.p[j] {
				break
			}
			tr.insert(u.pos[j], u.est[j], u.p[j])
			q++
		}
		last := q - 1 // the greatest lst in the tree other than i's
		if last >= 0 && u.byLst[last] == i {
			last--
		}
		if last < 0 {
			continue
		}
		in := int(u.lstRank[i]) < q
		if in {
			tr.remove(u.pos[i])
		}
		if lst := u.lct[i] - u.p[i]; tr.rootECT() > lst {
			j := u.byLst[last]
			u.lctOut[i] = min(u.lctOut[i], u.lct[j]-u.p[j])
		}
		if in {
			tr.insert(u.pos[i], u.est[i], u.p[i])
		}
	}
}

// overload adds the tasks by increasing lct: the tasks in the tree must
// complete by the last one's lct.
func (u *unarySide) overload() bool {
	tr := u.tree
	tr.clear()
	for _, j := range u.byLct[:u.m] {
		tr.insert(u.pos[j], u.est[j], u.p[j])
		if tr.rootECT() > u.lct[j] {
			return false
		}
	}
	return true
}

// detectable takes the tasks i by increasing ect; the tree holds the
// tasks j with lst_j < ect_i, which must all precede i (except i itself).
func (u *unarySide) detectable() {
	tr := u.tree
	tr.clear()
	q := 0
	for _, i := range u.byEct[:u.m] {
		ect := u.est[i] + u.p[i]
		for q < u.m {
			j := u.byLst[q]
			if ect <= u.lct[j]-u.p[j] {
				break
			}
			tr.insert(u.pos[j], u.est[j], u.p[j])
			q++
		}
		if int(u.lstRank[i]) < q { // i is in the tree: leave it out
			tr.remove(u.pos[i])
			u.out[i] = max(u.out[i], tr.rootECT())
			tr.insert(u.pos[i], u.est[i], u.p[i])
		} else {
			u.out[i] = max(u.out[i], tr.rootECT())
		}
	}
}

// edgeFind is Vilím's edge finding: Θ starts with every task; taking
// tasks j by decreasing lct, j leaves Θ for Λ, and while some gray task
// i would make Θ ∪ {i} complete after lct(Θ), i must follow all of Θ.
func (u *unarySide) edgeFind() bool {
	tr := u.tree
	tr.clear()
	for i := range u.m {
		tr.insert(u.pos[i], u.est[i], u.p[i])
	}
	for k := u.m - 1; k > 0; k-- {
		j := u.byLct[k]
		tr.gray(u.pos[j], u.est[j], u.p[j])
		lct := u.lct[u.byLct[k-1]] // lct(Θ)
		if tr.rootECT() > lct {
			return false
		}
		for {
			e, r := tr.rootECTB()
			if e <= lct || r < 0 {
				break
			}
			i := u.byEst[r]
			u.out[i] = max(u.out[i], tr.rootECT())
			tr.remove(r)
		}
	}
	return true
}
