package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Splitting a search into jobs that run anywhere: the decomposition of
// SolveParallel (parallel.go), handed out instead of kept in memory. A job
// is a list of subproblems; a subproblem is the path of decisions from the
// root to a node of the tree. The nodes are those where the cut stopped
// the search, plus the solutions it met above the cut, so the subproblems
// partition the tree: solving every job and adding up gives exactly what
// one search gives, whatever machine runs each job, and in any order.

// Decision is one step of a subproblem's path: X = V, or under PropAC's
// two-way branching X != V, X <= V or X > V (decision.go).
type Decision struct {
	X  Var
	V  int64
	Op DecisionOp
}

// Subproblem is the path of decisions from the root to a node of the
// search tree. Solving it means searching the subtree below that node.
type Subproblem []Decision

// ErrSplitStopped is Split's error when opts.Deadline or opts.StopFlag
// ended the decomposition.
var ErrSplitStopped = errors.New("the split was stopped by a limit before it finished")

// ErrNotEqualStep is SolveSubproblems' error for a subproblem with an
// x != v, x <= v or x > v step under a level other than PropAC: only
// PropAC's search branches that way, and only it can go on below such a
// step.
var ErrNotEqualStep = errors.New("a subproblem with an x != v, x <= v or x > v step is searched under PropAC only, the level that cut it")

// Split cuts the search tree of m, searched with opts, into at most jobs
// groups of subproblems that together cover the tree exactly once. It
// cuts deeper until there are at least jobs subproblems or the tree has
// no node that deep, so a small tree gives fewer groups; there is always
// at least one group (a model whose root fails gives one empty-path
// subproblem, whose search finds nothing). Groups hold consecutive
// subproblems in the order of the search, which share long prefixes.
// SplitPaths gives the same groups without copying those prefixes.
func Split(m *Model, opts Options, jobs int) ([][]Subproblem, error) {
	paths, starts, err := SplitPaths(m, opts, jobs)
	if err != nil {
		return nil, err
	}
	groups := make([][]Subproblem, len(starts))
	for g, from := range starts {
		to := paths.Len()
		if g+1 < len(starts) {
			to = starts[g+1]
		}
		for i := from; i < to; i++ {
			groups[g] = append(groups[g], paths.At(i))
		}
	}
	return groups, nil
}

// SplitPaths is Split with the subproblems of every group in one Paths,
// in order: group g starts at subproblem starts[g].
func SplitPaths(m *Model, opts Options, jobs int) (*Paths, []int, error) {
	jobs = max(jobs, 1)
	s, err := NewSolver(m, opts)
	if err != nil {
		return nil, nil, err
	}
	paths, err := s.cutInto(jobs)
	if err != nil {
		return nil, nil, err
	}
	if paths.Len() == 0 {
		paths.Add(Subproblem{})
	}
	n := paths.Len()
	groups := min(jobs, n)
	starts := make([]int, 0, groups)
	for i := range n {
		if g := i * groups / n; g == len(starts) {
			starts = append(starts, i)
		}
	}
	return paths, starts, nil
}

// cutInto cuts the tree at growing depths until the cut yields at least
// target subproblems, and returns them with the paths of the solutions
// above the cut, in the order of the search.
func (s *Solver) cutInto(target int) (*Paths, error) {
	subs := &Paths{}
	for depth := 1; ; depth++ {
		s.Reset()
		s.cutDepth, s.cutLow = depth, 0
		subs.reset()
		deeper := false
	cut:
		for {
			switch s.next() {
			case statusCut:
				deeper = true
				if err := subs.takeCut(s); err != nil {
					return nil, err
				}
			case Solution:
				if err := subs.takeCut(s); err != nil {
					return nil, err
				}
			case Stopped:
				return nil, ErrSplitStopped
			default:
				break cut
			}
		}
		if !deeper || subs.Len() >= target || depth >= int(s.n)+64 {
			s.cutDepth = 0
			return subs, nil
		}
	}
}

// SolveSubproblems searches the subproblems subs of m (as Split returns
// them, from a model built the same way; those cut under PropAC are
// searched under PropAC, see ErrNotEqualStep) on the given number of
// goroutines, like SolveParallel but with the subproblems given. Its
// answers for the subproblems of all of Split's groups, taken together,
// are SolveParallel's for m: the solutions are the same, the counts add
// up, and the best of the optima is the optimum. An optimisation's
// subproblems do not share a bound across calls, so each call reports its
// own improving solutions and its own optimum.
func SolveSubproblems(m *Model, opts Options, workers int, subs []Subproblem, onSolution func(values []int64) bool) (Status, Stats, error) {
	paths := &Paths{}
	for _, sub := range subs {
		if err := paths.Add(sub); err != nil {
			return Exhausted, Stats{}, err
		}
	}
	return SolvePaths(m, opts, workers, paths, onSolution)
}

// SolvePaths is SolveSubproblems with the subproblems held as Paths.
func SolvePaths(m *Model, opts Options, workers int, paths *Paths, onSolution func(values []int64) bool) (Status, Stats, error) {
	start := time.Now()
	if err := paths.check(m, opts.Prop); err != nil {
		return Exhausted, Stats{}, err
	}
	r, solvers, err := newParallelRun(m, opts, max(workers, 1), max(workers, 1), onSolution)
	if err != nil {
		return Exhausted, Stats{}, err
	}
	r.runWorkers(solvers, paths)
	st, stats := r.result(start)
	return st, stats, nil
}

// check reports the first step of p that m cannot search: a variable m
// does not have, or an x != v step under another level than PropAC.
func (p *Paths) check(m *Model, prop PropLevel) error {
	// first[k]: the first bad step on the path from the root to node k
	// (-1: none); a parent comes before its children.
	first := make([]int32, len(p.nodes))
	for k, nd := range p.nodes {
		first[k] = -1
		if nd.parent >= 0 {
			first[k] = first[nd.parent]
		}
		if first[k] < 0 && (nd.d.x < 0 || int(nd.d.x) >= m.NumVars() || nd.d.op != DecideEq && prop != PropAC) {
			first[k] = int32(k)
		}
	}
	for i, end := range p.ends {
		if end < 0 || first[end] < 0 {
			continue
		}
		if d := p.nodes[first[end]].d; d.x < 0 || int(d.x) >= m.NumVars() {
			return fmt.Errorf("subproblem %d: variable %d is not in the model", i+1, d.x)
		}
		return ErrNotEqualStep
	}
	return nil
}

// Fingerprint identifies m's variables (names and initial domains), its
// number of constraints and its objective, so that a subproblem made for
// one model is not searched in another: the same source with other data,
// parameters, or a propagation level that adds hidden variables, gives
// another fingerprint.
func (m *Model) Fingerprint() string {
	h := sha256.New()
	var buf [8]byte
	num := func(v int64) {
		binary.LittleEndian.PutUint64(buf[:], uint64(v))
		h.Write(buf[:])
	}
	for x := range m.vars {
		name := m.vars[x].name
		num(int64(len(name)))
		h.Write([]byte(name))
		lo, hi := m.InitialBounds(Var(x))
		num(m.InitialSize(Var(x)))
		num(lo)
		num(hi)
	}
	num(int64(len(m.cons)))
	num(int64(m.sense))
	if m.objective != nil {
		num(1)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
