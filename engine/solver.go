package engine

import (
	"sync/atomic"
	"time"
)

// VarOrder chooses the next variable to branch on.
type VarOrder uint8

// Variable orders.
const (
	// OrderMRV picks the unassigned variable with the smallest domain; ties
	// go to the variable in the most constraints with another unassigned
	// variable, then to the first declared.
	OrderMRV VarOrder = iota
	// OrderInput picks the first unassigned variable in declaration order.
	OrderInput
	// OrderDomWdeg picks the unassigned variable with the smallest ratio
	// of domain size to weighted degree: the sum of the weights of its
	// constraints that still have another unassigned variable. Every
	// constraint starts with weight 1, and each time one of its
	// propagators fails (empties a domain or finds the constraint
	// violated) its weight grows by one. Ties go to the first declared.
	// The weights live in the Solver and persist across Next calls; Reset
	// clears them.
	OrderDomWdeg
	// OrderSmallest picks the unassigned variable with the least value in
	// its domain, the first declared (or listed, in a SearchPhase) among
	// equals: branching on start times with it starts the earliest task
	// first ("set times").
	OrderSmallest
	// OrderLargest picks the unassigned variable with the greatest value
	// in its domain, the first declared among equals.
	OrderLargest

	lastOrder = OrderLargest
)

var orderNames = [...]string{"mrv", "input", "domwdeg", "smallest", "largest"}

func (o VarOrder) String() string {
	if int(o) < len(orderNames) {
		return orderNames[o]
	}
	return "VarOrder(" + itoa(int64(o)) + ")"
}

// ValueOrder chooses the order in which a variable's values are tried.
type ValueOrder uint8

// Value orders.
const (
	ValuesMin ValueOrder = iota // ascending
	ValuesMax                   // descending: the course's piles try the last candidate first
	// ValuesMid tries first the value nearest the middle of the domain's
	// bounds, (min+max)/2, then the others by increasing distance to it,
	// the lower first on a tie: for 4..9, 6 7 5 8 4 9. A queen placed
	// near the middle of its column leaves the most room to the others:
	// with it, MRV finds the first solution of n-queens for n up to 10000
	// with almost no backtracking.
	ValuesMid
	// ValuesAuto is ValuesMid, except in an optimisation model for the
	// variables the objective grows or shrinks with: those try first the
	// value that makes the objective best (the smallest of a variable of
	// a minimised sum, the largest of one with a negative coefficient...),
	// then the others in order; a variable of more than 64 values that
	// the objective both grows and shrinks with is split, lower half
	// first. See valueorder.go. Under PropAC a domain of more than 2^16
	// values is split instead (decision.go): lower half first, or upper
	// half first where ValuesMax would start from the top.
	ValuesAuto
	// ValueSplit splits each domain in two around the middle of its
	// bounds, x <= m then x > m, under PropAC (MiniZinc's indomain_split);
	// under PropFC and PropNone it is ValuesMin.
	ValueSplit
	// ValueSplitMax splits with the upper half first, x > m then x <= m
	// (indomain_reverse_split); under PropFC and PropNone it is ValuesMax.
	ValueSplitMax
)

var valueNames = [...]string{"min", "max", "mid", "auto", "split", "split-max"}

func (v ValueOrder) String() string {
	if int(v) < len(valueNames) {
		return valueNames[v]
	}
	return "ValueOrder(" + itoa(int64(v)) + ")"
}

// PropLevel is how much the solver infers after each assignment.
type PropLevel uint8

// Propagation levels.
const (
	// PropFC is forward checking: after each assignment, every constraint
	// on the assigned variable removes the values of its other variables
	// that cannot be part of a solution with the assigned ones. An emptied
	// domain fails at once. No further propagation follows.
	PropFC PropLevel = iota
	// PropNone checks a constraint only once its variables are assigned.
	// Global constraints count as their pairwise parts.
	PropNone
	// PropAC propagates to a fixpoint: every domain change wakes the
	// constraints on the variable, which narrow the domains again, until
	// nothing changes or a domain empties, at the root and after every
	// decision. Each constraint is enforced as strongly as is cheap (see
	// ac.go): alldiff to domain consistency (Régin's matching algorithm,
	// up to 2^14 variable-value pairs; larger ones by removing the value
	// of each fixed variable from the others), which includes every value
	// forced by being the only place left for it; diagonal to arc
	// consistency on each pair; linear comparisons to bounds consistency
	// (binary equalities to domain consistency); any other binary
	// constraint over small domains to arc consistency; any other
	// constraint is flattened into one propagator per operator over hidden
	// variables (flatten.go), and kept arc consistent while its tuples are
	// few; linear equalities are presolved together. A variable left
	// with one value propagates at once, and the search branches only on
	// variables with two or more values, with binary choices x = v, then
	// x != v. Its string is "ac".
	PropAC
)

var propNames = [...]string{"fc", "none", "ac"}

func (p PropLevel) String() string {
	if int(p) < len(propNames) {
		return propNames[p]
	}
	return "PropLevel(" + itoa(int64(p)) + ")"
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; v > 0; v /= 10 {
		i--
		b[i] = byte('0' + v%10)
	}
	return string(b[i:])
}

// Default returns the settings csp solve and csp repl search with: dom/wdeg
// variable order, values from the middle out (ValuesAuto: in an
// optimisation model the objective's variables try their best value
// first), and propagation to a fixpoint (PropAC), without restarts. On
// the project's benchmarks (bench/RESULTS.md, engine/bench_test.go) they
// solve every sudoku, 9×9 and 16×16, in a few nodes each, find the first
// solution of n-queens up to n = 10000 with almost no backtracking, and
// count the solutions of 14-queens in fewer nodes than forward checking
// but about 7 times its time: forward checking on such a model runs the
// kernel of fcnet.go, which propagation to a fixpoint does not use. Start
// from it and set Deadline, Restarts or the others as needed:
//
//	opts := engine.Default()
//	opts.Deadline = time.Now().Add(10 * time.Second)
//
// The zero Options are not these: they are the textbook search, MRV with
// ascending values and forward checking, whose small steps suit a trace.
func Default() Options {
	return Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropAC}
}

// Options configure a Solver: how it searches, and when it stops. The
// zero value is the textbook search, MRV with ascending values and
// forward checking (--order mrv --values min --prop fc in csp solve);
// Default returns the settings csp solve uses unless told otherwise.
type Options struct {
	Order  VarOrder   // which variable to branch on next
	Values ValueOrder // in which order to try its values
	Prop   PropLevel  // how much to infer after each decision
	// Deadline, if not zero, stops the search when reached.
	Deadline time.Time
	// Progress, if set, is called from the search every few thousand
	// nodes with the statistics so far, so a caller can show progress. It
	// must return quickly. SolveParallel calls it from one worker at a
	// time with the statistics summed over the workers.
	Progress func(Stats)
	// StopFlag, if not nil, stops the search when it becomes true, like
	// Solver.Stop. One flag can stop many solvers, including the workers
	// of SolveParallel.
	StopFlag *atomic.Bool
	// Restarts makes the search go back to the root after a number of
	// failures that grows without bound, along the Luby sequence or
	// geometrically (restart.go): dom/wdeg keeps its weights, and ties
	// between variables are broken at random, seeded by Seed, from the
	// second run on. The search stays complete: a run that is never cut
	// off explores the whole tree. Once a satisfaction search has found a
	// solution, the run in progress goes on without cutoff, so that Next
	// still returns every solution once; branch and bound keeps
	// restarting, its bound carried from run to run. SolveParallel's
	// workers restart within their subproblems (to the subproblem's
	// root); the cutting of the tree does not restart.
	Restarts RestartPolicy
	// RestartScale is the cutoff of the first run, in failures (0:
	// DefaultRestartScale); the later cutoffs are multiples of it.
	RestartScale int64
	// RestartBase is how much RestartGeometric's cutoff grows from one
	// run to the next: more than 1 (0: 1.5). A cutoff that never grew
	// could keep a search from ever ending.
	RestartBase float64
	// Seed seeds the random tie-breaking of Restarts (and LNS).
	Seed uint64
	// LastConflict branches again on the variable of a decision x = v
	// that failed, until it is fixed (lastconflict.go). PropAC only.
	LastConflict bool
	// SolutionGuided tries first, for each variable, its value in the
	// last solution found, when its domain still has it (Beck 2007):
	// after a restart, branch and bound searches near its best solution.
	// PropAC only.
	SolutionGuided bool
	// LNS runs a large neighbourhood search beside the complete search of
	// an optimisation (lns.go): with SolveParallel on two workers or
	// more, on one of them; on one worker, the two take turns. The
	// complete search still proves the optimum; LNS finds better
	// solutions sooner on large problems. Solver.Next ignores it.
	LNS bool
	// FreeSearch ignores the model's search phases (Model.AddPhase):
	// every variable is searched under Order and Values, or
	// DefaultPhases (MiniZinc's -f).
	FreeSearch bool
	// DefaultPhases are searched first when the model has no phase of
	// its own, or FreeSearch ignores them (see phases.go).
	DefaultPhases []SearchPhase
}

// Status is the outcome of Solver.Next.
type Status uint8

// Search outcomes.
const (
	// Solution: a solution was found; read it with Value.
	Solution Status = iota
	// Exhausted: the search space is exhausted; no further solution exists
	// (for an optimisation, the last solution returned is optimal).
	Exhausted
	// Stopped: a limit (deadline, Stop or StopFlag) ended the search
	// early.
	Stopped
)

var statusNames = [...]string{"solution", "exhausted", "stopped"}

// String returns "solution", "exhausted" or "stopped".
func (st Status) String() string {
	if int(st) < len(statusNames) {
		return statusNames[st]
	}
	return "Status(" + itoa(int64(st)) + ")"
}

// Stats counts the work of a search.
type Stats struct {
	Nodes        int64         // assignments tried (PropAC: x = v and x != v branches)
	Failures     int64         // assignments that led to a dead end
	Solutions    int64         // solutions found
	Propagations int64         // propagator calls
	MaxDepth     int           // the most decisions on one branch (PropAC: x = v and x != v both count)
	MaxAssigned  int           // the most x = v decisions on one branch (MaxDepth but under PropAC)
	SearchTime   time.Duration // time spent inside Next and Propagate
}
