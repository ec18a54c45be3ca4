package engine

import "sort"

// Large neighbourhood search (Options.LNS; Shaw 1998, Perron, Shaw and
// Furnon 2004), for optimisation. Around the best solution so far (the
// incumbent), a neighbourhood relaxes part of the variables and keeps
// the rest; the solver searches what is left, under the bound "better
// than the incumbent" and a small failure limit; a better solution found
// there becomes the incumbent, and the next neighbourhood is drawn. The
// neighbourhoods are drawn with chances after their recent success (pick):
//
//   - random: a random share of the candidate variables is relaxed;
//   - constraints: a random variable and the variables it shares
//     constraints with, and theirs, breadth first, until the share is
//     reached: a part of the model that hangs together (a machine and
//     the jobs through it, a region of a map);
//   - window (schedules only): the tasks the incumbent starts in a
//     window of time.
//
// The candidates are the variables of the search phases (the model's, or
// the start times csp branches on in a schedule), else all of them. A
// kept candidate is fixed to its incumbent value, unless the bound
// already excludes that value at the root (the last tasks of a schedule
// whose makespan must shrink); in a schedule, kept tasks keep instead
// their order on their machines (lns_order.go), so that they can all
// move earlier. The share relaxed adapts: it grows when a neighbourhood
// is searched to its end without a better solution, and shrinks when
// the failure limit cuts the search short.
//
// LNS alone proves nothing: a neighbourhood searched to its end only
// shows that it holds no better solution. SolveParallel runs it beside
// the complete search (parallel.go), which proves the optimum.

// lnsKind is a kind of neighbourhood.
type lnsKind uint8

const (
	nbRandom lnsKind = iota
	nbConstraints
	nbWindow
	nbKinds
)

// lnsFailures is the failure limit of one neighbourhood's search.
const lnsFailures = 200

// lnsSearch is one solver's large neighbourhood search.
type lnsSearch struct {
	s      *Solver
	keeper *orderKeeper // the order of a schedule's machines, or nil
	cands  []int32      // the variables a neighbourhood relaxes or keeps
	isTask []bool       // per variable: a task of the keeper
	adj    [][]int32    // per candidate variable: the candidates it shares a constraint with
	tasks  []int32      // the keeper's task variables

	inc     []int64 // the incumbent: a value per variable
	incObj  int64
	haveInc bool
	crit    []bool // per variable: the bound excludes its incumbent value at the root
	critFor int64  // the incumbent objective crit was computed for
	critOK  bool

	rng     uint64
	share   [nbKinds]float64 // per kind: the share of the candidates relaxed
	score   [nbKinds]float64 // per kind: its recent rate of improvement (pick)
	kind    lnsKind
	relaxed []bool
	queue   []int32
	weights []int64 // dom/wdeg's weights, kept across neighbourhoods

	neighbourhoods, improvements int64 // counts, for the tests
	fruitless                    int   // neighbourhoods in a row without a better solution
	exhausted                    int64 // neighbourhoods searched to their end

	slot         int   // SolveParallel: the progress slot of the LNS worker
	nodes        int64 // nodes searched so far
	firstStarted bool  // the search for a first solution is under way
}

// newLNS prepares a large neighbourhood search of m with opts: a solver
// of its own, with the order keeper in a schedule.
func newLNS(m *Model, opts Options) (*lnsSearch, error) {
	opts.Restarts = RestartNone // a neighbourhood is searched once, within its failure limit
	keeper := newOrderKeeper(m)
	lm := m
	if keeper != nil {
		copyM := *m
		copyM.cons = append(m.cons[:len(m.cons):len(m.cons)], Constraint{Kind: KindGlobal, Global: keeper})
		lm = &copyM
	}
	s, err := NewSolver(lm, opts)
	if err != nil {
		return nil, err
	}
	l := &lnsSearch{s: s, keeper: keeper, rng: opts.Seed*0x9e3779b97f4a7c15 + 0x2545f4914f6cdd1d,
		inc: make([]int64, s.n), crit: make([]bool, s.n), relaxed: make([]bool, s.n), isTask: make([]bool, s.n)}
	for k := range l.share {
		l.share[k], l.score[k] = 0.2, 1
	}
	l.candidates(m, opts)
	if keeper != nil {
		for _, ts := range keeper.machines {
			for _, t := range ts {
				if !l.isTask[t.x] {
					l.isTask[t.x] = true
					l.tasks = append(l.tasks, t.x)
				}
			}
		}
	}
	l.adjacency(m)
	return l, nil
}

// candidates sets the variables a neighbourhood relaxes or keeps: those of
// the search phases in force, else every variable.
func (l *lnsSearch) candidates(m *Model, opts Options) {
	given := m.phases
	if opts.FreeSearch || len(given) == 0 {
		given = opts.DefaultPhases
	}
	seen := make([]bool, l.s.n)
	for _, p := range given {
		for _, v := range p.Vars {
			if !seen[v] {
				seen[v] = true
				l.cands = append(l.cands, int32(v))
			}
		}
	}
	if len(l.cands) == 0 {
		for x := range l.s.n {
			l.cands = append(l.cands, x)
		}
	}
}

// adjacency links the candidates that share a constraint.
func (l *lnsSearch) adjacency(m *Model) {
	s := l.s
	isCand := make([]bool, s.n)
	for _, x := range l.cands {
		isCand[x] = true
	}
	byCons := make([][]int32, len(m.Constraints()))
	for _, x := range l.cands {
		for _, c := range s.groupCons[s.groupAt[x]:s.groupAt[x+1]] {
			if int(c) < len(byCons) {
				byCons[c] = append(byCons[c], x)
			}
		}
	}
	l.adj = make([][]int32, s.n)
	for _, xs := range byCons {
		for _, x := range xs {
			for _, y := range xs {
				if y != x {
					l.adj[x] = append(l.adj[x], y)
				}
			}
		}
	}
	for x, ys := range l.adj { // each neighbour once
		sort.Slice(ys, func(i, j int) bool { return ys[i] < ys[j] })
		out := ys[:0]
		for i, y := range ys {
			if i == 0 || y != ys[i-1] {
				out = append(out, y)
			}
		}
		l.adj[x] = out
	}
}

// random returns a random number below n (xorshift).
func (l *lnsSearch) random(n int) int {
	l.rng ^= l.rng << 13
	l.rng ^= l.rng >> 7
	l.rng ^= l.rng << 17
	return int(l.rng % uint64(n))
}

// setIncumbent makes values, with objective obj, the incumbent.
func (l *lnsSearch) setIncumbent(values []int64, obj int64) {
	copy(l.inc, values)
	l.incObj, l.haveInc = obj, true
}

// lnsOutcome is how the search of one neighbourhood ended.
type lnsOutcome uint8

const (
	lnsImproved  lnsOutcome = iota // it found a better solution
	lnsExhausted                   // it holds none
	lnsCut                         // the failure limit ended it
	lnsStopped                     // a deadline or a stop ended it
	lnsOptimal                     // the root under the bound has no solution: the incumbent is optimal
)

// step searches one neighbourhood of the incumbent, reporting each better
// solution it finds through report (false: stop), which sees the solver
// holding it.
func (l *lnsSearch) step(report func(*Solver) bool) lnsOutcome {
	s := l.s
	l.reset()
	if !l.critFor0() {
		return lnsOptimal
	}
	l.draw()
	for _, x := range l.cands {
		if l.relaxed[x] || l.crit[x] || l.keeper != nil && l.isTask[x] {
			continue
		}
		s.Restrict(Var(x), l.inc[x:x+1])
	}
	l.neighbourhoods++
	s.failLimit = lnsFailures
	defer func() { s.failLimit = 0 }()
	out := lnsExhausted
	for {
		switch s.Next() {
		case Solution:
			out = lnsImproved
			l.improvements++
			l.setIncumbent(s.sol, s.solObj)
			if !report(s) {
				return lnsStopped
			}
			continue
		case Stopped:
			if !s.nodeHit {
				return lnsStopped
			}
			if out != lnsImproved {
				out = lnsCut
			}
		case Exhausted:
			if out != lnsImproved {
				l.exhausted++
			}
		}
		l.adapt(out)
		if out == lnsImproved {
			l.fruitless = 0
		} else {
			l.fruitless++
		}
		return out
	}
}

// reset brings the solver back to its root, keeping dom/wdeg's weights,
// with no order kept.
func (l *lnsSearch) reset() {
	s := l.s
	l.weights = append(l.weights[:0], s.weight...)
	s.Reset()
	copy(s.weight, l.weights)
	if l.keeper != nil {
		l.keeper.clear()
	}
}

// critFor0 marks, for the incumbent's objective, the candidates whose
// incumbent value the bound alone excludes at the root: fixing them
// would empty the neighbourhood. It reports false if the root has no
// solution under the bound: nothing is better than the incumbent.
func (l *lnsSearch) critFor0() bool {
	s := l.s
	if l.critOK && l.critFor == l.incObj {
		return true
	}
	s.objOn = true
	s.syncBound()
	ok := s.Propagate()
	if ok {
		for _, x := range l.cands {
			l.crit[x] = !s.st.contains(x, l.inc[x])
		}
	}
	s.dropPropagation()
	s.objOn = s.objOn0
	l.critFor, l.critOK = l.incObj, true
	return ok
}

// draw chooses the next neighbourhood: the variables relaxed, and in a
// schedule the order kept.
func (l *lnsSearch) draw() {
	clear(l.relaxed)
	k := l.pick()
	l.kind = k
	n := max(1, int(l.share[k]*float64(len(l.cands))+0.5))
	switch k {
	case nbRandom:
		l.drawRandom(n)
	case nbConstraints:
		l.drawConnected(n)
	case nbWindow:
		l.drawWindow(n)
	}
	if l.keeper != nil {
		l.keepOrder()
	}
}

// drawRandom relaxes n candidates at random.
func (l *lnsSearch) drawRandom(n int) {
	q := append(l.queue[:0], l.cands...)
	for i := 0; i < n && i < len(q); i++ {
		j := i + l.random(len(q)-i)
		q[i], q[j] = q[j], q[i]
		l.relaxed[q[i]] = true
	}
	l.queue = q[:0]
}

// drawConnected relaxes n candidates reached from a random one through
// the constraints, breadth first, each variable's neighbours from a
// random place in its list; another random seed if the part runs out.
func (l *lnsSearch) drawConnected(n int) {
	q := l.queue[:0]
	done := 0
	for done < n && done < len(l.cands) {
		seed := l.cands[l.random(len(l.cands))]
		if l.relaxed[seed] {
			continue
		}
		l.relaxed[seed] = true
		done++
		q = append(q[:0], seed)
		for h := 0; h < len(q) && done < n; h++ {
			ys := l.adj[q[h]]
			if len(ys) == 0 {
				continue
			}
			off := l.random(len(ys))
			for i := range ys {
				y := ys[(off+i)%len(ys)]
				if !l.relaxed[y] {
					l.relaxed[y] = true
					done++
					q = append(q, y)
					if done == n {
						break
					}
				}
			}
		}
	}
	l.queue = q[:0]
}

// drawWindow relaxes n tasks that the incumbent starts one after the
// other in time, from a random one on.
func (l *lnsSearch) drawWindow(n int) {
	ts := append(l.queue[:0], l.tasks...)
	sort.Slice(ts, func(i, j int) bool { return l.inc[ts[i]] < l.inc[ts[j]] })
	n = min(n, len(ts))
	from := l.random(len(ts) - n + 1)
	for _, x := range ts[from : from+n] {
		l.relaxed[x] = true
	}
	l.queue = ts[:0]
}

// keepOrder sets, on each machine, the chain of the tasks kept, in the
// order the incumbent runs them.
func (l *lnsSearch) keepOrder() {
	k := l.keeper
	for m, ts := range k.machines {
		ch := k.chains[m][:0]
		for i, t := range ts {
			if !l.relaxed[t.x] {
				ch = append(ch, int32(i))
			}
		}
		sort.Slice(ch, func(a, b int) bool { return l.inc[ts[ch[a]].x] < l.inc[ts[ch[b]].x] })
		k.chains[m] = ch
	}
}

// pick draws the kind of the next neighbourhood, each with a chance
// after its recent rate of improvement (adaptive LNS, Ropke and Pisinger
// 2006), never below scoreFloor: the kind that improves a schedule (the
// window, or a machine's jobs) is drawn more while it does.
func (l *lnsSearch) pick() lnsKind {
	total := 0.0
	for k := range nbKinds {
		if l.kindOK(k) {
			total += l.score[k]
		}
	}
	r := float64(l.random(1<<20)) / (1 << 20) * total
	last := lnsKind(0)
	for k := range nbKinds {
		if !l.kindOK(k) {
			continue
		}
		last = k
		if r -= l.score[k]; r < 0 {
			return k
		}
	}
	return last
}

// kindOK reports whether kind k applies: the window needs a schedule.
func (l *lnsSearch) kindOK(k lnsKind) bool { return k != nbWindow || l.keeper != nil }

// scoreFloor and scoreDecay shape pick's chances: a kind's score moves a
// tenth of the way to 1 after each improvement and to 0 after each
// neighbourhood without one, and stays above the floor.
const (
	scoreFloor = 0.1
	scoreDecay = 0.9
)

// adapt changes the share the kind just searched relaxes: more when its
// neighbourhood held nothing better, less when the limit cut it short;
// and its score.
func (l *lnsSearch) adapt(out lnsOutcome) {
	sc := &l.score[l.kind]
	*sc *= scoreDecay
	if out == lnsImproved {
		*sc += 1 - scoreDecay
	}
	*sc = max(*sc, scoreFloor)
	sh := &l.share[l.kind]
	switch out {
	case lnsExhausted:
		*sh = min(0.9, *sh*1.1)
	case lnsCut:
		*sh = max(0.02, *sh*0.97)
	}
}
