package engine

import (
	"slices"
	"sort"
)

// The cumulative propagator: time-tabling on compulsory parts under
// PropFC and PropAC (it is the cheap part), with energy overload checking
// under PropAC, repeated until the bounds stop moving.
//
// Each task is read with its least duration p, least demand h and the
// greatest capacity, which is sound: a schedule with longer tasks, larger
// demands or a smaller capacity also fits these. A task with p > 0 and
// lst = max(start) < ect = min(start) + p runs during [lst, ect) wherever
// it starts: its compulsory part. The profile sums the compulsory parts
// (a sweep over their sorted ends), and then
//
//   - a profile higher than the capacity fails (the capacity's least
//     value is raised to the profile's height);
//   - a task cannot run over a stretch of the profile where the others'
//     part (its own compulsory part taken out) plus its demand exceeds the
//     capacity: its earliest start is pushed past such stretches that
//     overlap [est, est+p), and its latest completion before those that
//     overlap [lct-p, lct);
//   - a task's demand is at most the capacity less the others' highest
//     load within its compulsory part, and at most the capacity if its
//     duration is positive.
//
// Per pass this costs O(n log n) for the profile and O(n) per task to
// scan it, O(n²) at worst.
//
// Under PropAC (modeAC) each pass first checks energy overload (Vilím,
// CP 2009) on a Θ tree (thetatree.go) over the energies c·p: taking the
// tasks by increasing lct, the tasks taken so far need more than
// capacity × (lct - est) for some est among them: fail. Under PropFC it
// is left out.

type cumulativeProp struct {
	s, d, r, c taskArgs
	est, lct   []int64 // per task, as read
	p, h       []int64 // least duration, least demand
	evT, evD   []int64 // profile events: time, change of height
	evOrd      []int32
	cmpEv      func(a, b int32) int
	segA, segB []int64 // the profile: [segA[k], segB[k]) at height segH[k] > 0
	segH       []int64
	newE, newL []int64
	tree       *thetaTree // overload checking
	byEst      []int32
	byLct      []int32
	pos        []int32
	lastM      int
	act        []int32 // tasks in the overload check
	aEst, aLct []int64 // by index in act
}

func newCumulativeProp(s, d, r, c taskArgs) *cumulativeProp {
	n := len(s.x)
	p := &cumulativeProp{s: s, d: d, r: r, c: c}
	for _, v := range []*[]int64{&p.est, &p.lct, &p.p, &p.h, &p.newE, &p.newL} {
		*v = make([]int64, n)
	}
	p.evT, p.evD, p.evOrd = make([]int64, 2*n), make([]int64, 2*n), make([]int32, 2*n)
	p.tree, p.lastM = newThetaTree(n), -1
	p.byEst, p.byLct, p.pos, p.act = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	p.aEst, p.aLct = make([]int64, n), make([]int64, n)
	p.segA, p.segB, p.segH = make([]int64, 0, 2*n), make([]int64, 0, 2*n), make([]int64, 0, 2*n)
	p.cmpEv = func(a, b int32) int {
		switch ta, tb := p.evT[a], p.evT[b]; {
		case ta < tb:
			return -1
		case ta > tb:
			return 1
		}
		return int(a - b)
	}
	return p
}

func (p *cumulativeProp) propagate(t *store, mode propMode) bool {
	if !p.c.atLeast(t, 0, 0) {
		return false
	}
	for i := range p.s.x {
		if !p.d.atLeast(t, i, 0) || !p.r.atLeast(t, i, 0) {
			return false
		}
	}
	for {
		if t.tick(int32(len(p.s.x))) { // a pass, O(n²) at worst; passes until the bounds stop
			return false
		}
		capMax, ok := p.load(t)
		if !ok {
			return false
		}
		if mode == modeAC && !p.overload(capMax) {
			return false
		}
		if !p.c.atLeast(t, 0, p.profile()) {
			return false
		}
		changed, ok := p.sweep(t, capMax)
		if !ok || !changed {
			return ok
		}
	}
}

// load reads the tasks' bounds and caps the demands of the tasks of
// positive duration at the capacity.
func (p *cumulativeProp) load(t *store) (int64, bool) {
	capMax := p.c.max(t, 0)
	for i := range p.s.x {
		p.p[i], p.h[i] = p.d.min(t, i), p.r.min(t, i)
		if p.p[i] > 0 && !p.r.atMost(t, i, capMax) {
			return 0, false
		}
		p.est[i] = p.s.min(t, i)
		p.lct[i] = p.s.max(t, i) + p.p[i]
	}
	return capMax, true
}

// profile builds the segments of positive height from the compulsory
// parts and returns the greatest height.
func (p *cumulativeProp) profile() int64 {
	ne := 0
	for i := range p.s.x {
		if lst, ect := p.lct[i]-p.p[i], p.est[i]+p.p[i]; p.h[i] > 0 && lst < ect {
			p.evT[ne], p.evD[ne] = lst, p.h[i]
			p.evT[ne+1], p.evD[ne+1] = ect, -p.h[i]
			ne += 2
		}
	}
	ord := p.evOrd[:ne]
	for k := range ord {
		ord[k] = int32(k)
	}
	slices.SortFunc(ord, p.cmpEv)
	p.segA, p.segB, p.segH = p.segA[:0], p.segB[:0], p.segH[:0]
	height, top := int64(0), int64(0)
	for k := 0; k < ne; {
		at := p.evT[ord[k]]
		for ; k < ne && p.evT[ord[k]] == at; k++ {
			height += p.evD[ord[k]]
		}
		if height > 0 { // then another event follows: a part ends
			p.segA = append(p.segA, at)
			p.segB = append(p.segB, p.evT[ord[k]])
			p.segH = append(p.segH, height)
			top = max(top, height)
		}
	}
	return top
}

// others is the load of segment k without task i's compulsory part.
func (p *cumulativeProp) others(k, i int) int64 {
	if lst, ect := p.lct[i]-p.p[i], p.est[i]+p.p[i]; p.segA[k] >= lst && p.segB[k] <= ect {
		return p.segH[k] - p.h[i] // inside i's part, which the segment bounds
	}
	return p.segH[k]
}

// sweep moves each task's bounds off the stretches of the profile where
// it does not fit, and caps variable demands; it reports whether a
// domain changed.
func (p *cumulativeProp) sweep(t *store, capMax int64) (changed, ok bool) {
	nseg := len(p.segA)
	for i := range p.s.x {
		p.newE[i], p.newL[i] = p.est[i], p.lct[i]
		pi, hi := p.p[i], p.h[i]
		if pi == 0 || hi == 0 || nseg == 0 {
			continue
		}
		e := p.est[i]
		for k := sort.Search(nseg, func(k int) bool { return p.segB[k] > e }); k < nseg && p.segA[k] < e+pi; k++ {
			if p.others(k, i)+hi > capMax {
				e = p.segB[k]
			}
		}
		l := p.lct[i]
		for k := sort.Search(nseg, func(k int) bool { return p.segA[k] >= l }) - 1; k >= 0 && p.segB[k] > l-pi; k-- {
			if p.others(k, i)+hi > capMax {
				l = p.segA[k]
			}
		}
		p.newE[i], p.newL[i] = e, l
	}
	for i := range p.s.x {
		if p.newE[i] > p.est[i] {
			changed = true
			if !p.s.atLeast(t, i, p.newE[i]) {
				return changed, false
			}
		}
		if p.newL[i] < p.lct[i] {
			changed = true
			if !p.s.atMost(t, i, p.newL[i]-p.p[i]) {
				return changed, false
			}
		}
		if p.r.x[i] >= 0 && !p.capDemand(t, i, capMax) {
			return changed, false
		}
	}
	return changed, true
}

// capDemand caps the demand of task i at the capacity less the others'
// highest load within i's compulsory part.
func (p *cumulativeProp) capDemand(t *store, i int, capMax int64) bool {
	lst, ect := p.lct[i]-p.p[i], p.est[i]+p.p[i]
	if p.p[i] == 0 || lst >= ect {
		return true
	}
	top := int64(0)
	for k := sort.Search(len(p.segA), func(k int) bool { return p.segB[k] > lst }); k < len(p.segA) && p.segA[k] < ect; k++ {
		top = max(top, p.others(k, i))
	}
	return p.r.atMost(t, i, capMax-top)
}

// overload is energy overload checking: the tasks with p > 0 and h > 0,
// by increasing lct, enter a Θ tree keyed by capacity × est with energy
// h·p; the root's envelope, the largest capacity × est_j + the energy of
// the tasks in the tree starting at est_j or later, must not pass
// capacity × lct. (Skipped if those products could overflow.)
func (p *cumulativeProp) overload(capMax int64) bool {
	m := 0
	for i := range p.s.x {
		if p.p[i] > 0 && p.h[i] > 0 {
			p.act[m] = int32(i)
			m++
		}
	}
	if m < 2 || capMax <= 0 {
		return true
	}
	// Bound the products capacity × time and the energies explicitly,
	// so that every sum in the tree stays within ±2^62.
	const safe = int64(1) << 61
	var energy, tmax int64
	for a := range m {
		i := p.act[a]
		e, ok := MulInt(p.h[i], p.p[i])
		if !ok {
			return true
		}
		if energy, ok = AddInt(energy, e); !ok || energy > safe {
			return true
		}
		tmax = max(tmax, abs64(p.est[i]), abs64(p.lct[i]))
		p.aEst[a], p.aLct[a] = p.est[i], p.lct[i]
	}
	if c, ok := MulInt(capMax, tmax); !ok || c > safe {
		return true
	}
	if m != p.lastM {
		for a := range m {
			p.byEst[a], p.byLct[a] = int32(a), int32(a)
		}
		p.lastM = m
	}
	sortBy(p.byEst[:m], p.aEst)
	sortBy(p.byLct[:m], p.aLct)
	for r, a := range p.byEst[:m] {
		p.pos[a] = int32(r)
	}
	tr := p.tree
	tr.clear()
	for _, a := range p.byLct[:m] {
		i := p.act[a]
		tr.insert(p.pos[a], capMax*p.est[i], p.h[i]*p.p[i])
		if tr.rootECT() > capMax*p.lct[i] {
			return false
		}
	}
	return true
}
