package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// netModel is a random model of the kernel's class (fcnet.go): domains of
// a few values with holes, some starting below 0, now and then one
// stretching to the end of a word; alldiffs with and without offsets,
// diagonals, and binary linear constraints (!=, <, <=, = with
// coefficients and constants), over 1 to 10 variables. With other set, a
// constraint outside the class or a domain wider than a word is added
// now and then, which the kernel must leave to the general search.
func netModel(rng *rand.Rand, other bool) *Model {
	m := NewModel()
	n := 1 + rng.Intn(10)
	refs := make([]Expr, n)
	for i := range n {
		lo := int64(rng.Intn(7) - 3)
		var vs []int64
		for v := lo; v < lo+int64(1+rng.Intn(6)); v++ {
			if rng.Intn(4) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		if rng.Intn(10) == 0 {
			vs = append(vs, lo+63) // the last bit of the word
		}
		if other && rng.Intn(10) == 0 {
			vs = append(vs, lo+64) // two words
		}
		x, _ := m.NewVar(fmt.Sprintf("x%d", i), vs)
		refs[i] = m.Ref(x)
	}
	pick := func(k int) []Expr {
		var out []Expr
		for _, i := range rng.Perm(n)[:k] {
			out = append(out, refs[i])
		}
		return out
	}
	bin := func(op BinOp, a, b Expr) Expr {
		e, err := NewBinary(op, a, b)
		if err != nil {
			panic(err)
		}
		return e
	}
	for range rng.Intn(6) {
		k := 2 + rng.Intn(n)
		if k > n {
			continue
		}
		args := pick(k)
		switch rng.Intn(6) {
		case 0:
			m.AllDifferent(args)
		case 1:
			for i := range args {
				if c := int64(rng.Intn(5) - 2); c != 0 {
					args[i] = bin(OpAdd, args[i], NewConst(c))
				}
			}
			m.AllDifferent(args)
		case 2:
			pos := make([]int64, k)
			for i := range pos {
				pos[i] = int64(rng.Intn(7) - 2)
			}
			if _, err := m.Diagonal(args, pos); err != nil {
				panic(err)
			}
		default:
			a, b := args[0], args[1]
			if rng.Intn(2) == 0 {
				b = bin(OpAdd, b, NewConst(int64(rng.Intn(5)-2)))
			}
			if rng.Intn(4) == 0 {
				a = bin(OpMul, NewConst(int64(rng.Intn(3)+2)), a)
			}
			op := []BinOp{OpNe, OpNe, OpLt, OpLe, OpEq, OpGt}[rng.Intn(6)]
			m.Require(bin(op, a, b))
		}
	}
	if other && n >= 3 && rng.Intn(4) == 0 {
		a := pick(3)
		m.Require(bin(OpNe, bin(OpAdd, bin(OpAdd, a[0], a[1]), a[2]), NewConst(int64(rng.Intn(6)))))
	}
	return m
}

// bruteNet enumerates the solutions of a netModel in lexicographic order.
func bruteNet(m *Model) [][]int64 {
	n := m.NumVars()
	a := make([]int64, n)
	var out [][]int64
	holds := func() bool {
		for _, c := range m.Constraints() {
			vals := make([]int64, len(c.Args))
			for i, e := range c.Args {
				v, ok := refEval(e, a)
				if !ok {
					return false
				}
				vals[i] = v
			}
			switch c.Kind {
			case KindExpr:
				if !refTruth(c.Expr, a) {
					return false
				}
			case KindAllDiff:
				for i := range vals {
					if slices.Contains(vals[i+1:], vals[i]) {
						return false
					}
				}
			case KindDiagonal:
				for i := range vals {
					for j := i + 1; j < len(vals); j++ {
						if d := c.Pos[j] - c.Pos[i]; vals[j] == vals[i]+d || vals[j] == vals[i]-d {
							return false
						}
					}
				}
			default:
				panic("bruteNet: an unexpected constraint")
			}
		}
		return true
	}
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if holds() {
				out = append(out, slices.Clone(a))
			}
			return
		}
		for _, v := range m.InitialDomain(Var(i)) {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// netRun is what a search did: its solutions in order, its statistics
// (SearchTime left out), the dom/wdeg weights, and whether the kernel ran.
type netRun struct {
	sols    [][]int64
	stats   Stats
	weights []int64
	kernel  bool
}

// runNet searches m to the end with the kernel on or off, stopping every
// `every` nodes (0: never) and resuming, which must change nothing.
func runNet(t *testing.T, m *Model, o Options, on bool, every int64) netRun {
	t.Helper()
	fcNetOn = on
	defer func() { fcNetOn = true }()
	s := newSolver(t, m, o)
	var r netRun
	for {
		if every > 0 {
			s.nodeLimit = s.stats.Nodes + every
		}
		st := s.Next()
		r.kernel = s.net != nil // built on entering the kernel, which it keeps
		if st == Stopped && every > 0 && s.nodeHit {
			s.nodeHit = false
			continue
		}
		if st != Solution {
			break
		}
		r.sols = append(r.sols, slices.Clone(s.sol))
	}
	r.stats = s.Stats()
	r.stats.SearchTime = 0
	r.weights = slices.Clone(s.weight)
	return r
}

// netOptions are the settings the kernel takes.
func netOptions() []Options {
	var out []Options
	for _, order := range []VarOrder{OrderMRV, OrderInput, OrderDomWdeg} {
		for _, values := range []ValueOrder{ValuesMin, ValuesMax} {
			out = append(out, Options{Order: order, Values: values, Prop: PropFC})
		}
	}
	return out
}

// compareRuns fails unless the two searches are the same.
func compareRuns(t *testing.T, name string, got, want netRun) {
	t.Helper()
	if !slices.EqualFunc(got.sols, want.sols, slices.Equal) {
		t.Fatalf("%s: solutions\nkernel  %v\ngeneral %v", name, got.sols, want.sols)
	}
	if got.stats != want.stats {
		t.Fatalf("%s: statistics\nkernel  %+v\ngeneral %+v", name, got.stats, want.stats)
	}
	if !slices.Equal(got.weights, want.weights) {
		t.Fatalf("%s: weights kernel %v, general %v", name, got.weights, want.weights)
	}
}

// The kernel searches the general path's tree: the same solutions in the
// same order, the same statistics and dom/wdeg weights, under every
// setting it takes, on random models of its class, n-queens and graph
// colouring; and the solutions are those of brute force.
func TestNetSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	models := 200
	if testing.Short() {
		models = 40
	}
	used := 0
	for i := range models {
		m := netModel(rng, false)
		want := bruteNet(m)
		for _, o := range netOptions() {
			name := fmt.Sprintf("model %d, %v/%v", i, o.Order, o.Values)
			got := runNet(t, m, o, true, 0)
			compareRuns(t, name, got, runNet(t, m, o, false, 0))
			if got.kernel {
				used++
			}
			sorted := slices.Clone(got.sols)
			slices.SortFunc(sorted, slices.Compare)
			if !slices.EqualFunc(sorted, want, slices.Equal) {
				t.Fatalf("%s: %d solutions, brute force %d", name, len(sorted), len(want))
			}
		}
	}
	if used < models*len(netOptions())*3/4 {
		t.Errorf("the kernel ran on %d searches of %d", used, models*len(netOptions()))
	}
	for n := 1; n <= 10; n++ {
		m, _ := queens(t, n)
		for _, o := range netOptions() {
			got := runNet(t, m, o, true, 0)
			if !got.kernel {
				t.Fatalf("%d-queens, %+v: the kernel did not run", n, o)
			}
			compareRuns(t, fmt.Sprintf("%d-queens, %v/%v", n, o.Order, o.Values), got, runNet(t, m, o, false, 0))
		}
	}
	cliques := 0
	for i := range 40 {
		m := cliqueModel(rng)
		want := bruteNet(m)
		for _, o := range netOptions() {
			name := fmt.Sprintf("clique %d, %v/%v", i, o.Order, o.Values)
			got := runNet(t, m, o, true, 0)
			compareRuns(t, name, got, runNet(t, m, o, false, 0))
			slices.SortFunc(got.sols, slices.Compare)
			if !slices.EqualFunc(got.sols, want, slices.Equal) {
				t.Fatalf("%s: %d solutions, brute force %d", name, len(got.sols), len(want))
			}
		}
		s := newSolver(t, m, Options{})
		s.Next()
		if s.net != nil && s.net.clique {
			cliques++
		}
	}
	if cliques < 20 {
		t.Errorf("only %d cliques of 40 took assignClique", cliques)
	}
	for i := range 20 {
		m := colouring(rng, 6+rng.Intn(8), 3+rng.Intn(2))
		for _, o := range netOptions() {
			got := runNet(t, m, o, true, 0)
			if !got.kernel {
				t.Fatalf("colouring %d: the kernel did not run", i)
			}
			compareRuns(t, fmt.Sprintf("colouring %d, %v/%v", i, o.Order, o.Values), got, runNet(t, m, o, false, 0))
		}
	}
}

// cliqueModel is an alldiff with offsets over all its variables, and now
// and then a diagonal over them too, on domains with holes: every two
// variables are neighbours, in the same constraints, as in n-queens.
func cliqueModel(rng *rand.Rand) *Model {
	m := NewModel()
	n := 2 + rng.Intn(6)
	args := make([]Expr, n)
	pos := make([]int64, n)
	for i := range n {
		lo := int64(rng.Intn(5) - 2)
		var vs []int64
		for v := lo; v < lo+int64(n+rng.Intn(3)); v++ {
			if rng.Intn(5) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		x, _ := m.NewVar(fmt.Sprintf("x%d", i), vs)
		args[i], pos[i] = m.Ref(x), int64(rng.Intn(2*n))
		if c := int64(rng.Intn(3) - 1); c != 0 && rng.Intn(2) == 0 {
			args[i], _ = NewBinary(OpAdd, args[i], NewConst(c))
		}
	}
	m.AllDifferent(args)
	if rng.Intn(2) == 0 {
		refs := make([]Expr, n)
		for i := range n {
			refs[i] = m.Ref(Var(i))
		}
		m.Diagonal(refs, pos)
	}
	return m
}

// colouring is a random graph of n vertices to colour with k colours:
// x != y on each edge.
func colouring(rng *rand.Rand, n, k int) *Model {
	m := NewModel()
	refs := make([]Expr, n)
	for i := range refs {
		x, _ := m.NewVarRange(fmt.Sprintf("c%d", i), 1, int64(k))
		refs[i] = m.Ref(x)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if rng.Intn(3) == 0 {
				e, _ := NewBinary(OpNe, refs[i], refs[j])
				m.Require(e)
			}
		}
	}
	return m
}

// Stopping at a node limit every few nodes and resuming changes nothing:
// the kernel keeps its place between calls of Next.
func TestNetResume(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for i := range 60 {
		m := netModel(rng, false)
		if i%10 == 0 {
			m, _ = queens(t, 7)
		}
		for _, o := range netOptions() {
			name := fmt.Sprintf("model %d, %v/%v", i, o.Order, o.Values)
			want := runNet(t, m, o, false, 0)
			for _, every := range []int64{1, 3, 17} {
				compareRuns(t, fmt.Sprintf("%s, every %d", name, every), runNet(t, m, o, true, every), want)
			}
		}
	}
}

// A Stop, a StopFlag or a passed deadline stops the kernel's search, and
// Reset starts it again from the root.
func TestNetLimits(t *testing.T) {
	m, _ := queens(t, 10)
	s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropFC})
	if s.Next() != Solution || s.phase != phaseNet {
		t.Fatal("no first solution from the kernel")
	}
	first := slices.Clone(s.sol)
	s.SetDeadline(time.Now().Add(-time.Second))
	for range 300 { // the clock is read every 256 nodes
		if st := s.Next(); st == Stopped {
			break
		}
	}
	if !s.timedOut {
		t.Fatal("the deadline did not stop the kernel")
	}
	s.SetDeadline(time.Time{})
	var flag atomic.Bool
	flag.Store(true)
	s.opts.StopFlag = &flag
	if st := s.Next(); st != Stopped {
		t.Fatalf("StopFlag: %v", st)
	}
	s.opts.StopFlag = nil
	s.Stop()
	if st := s.Next(); st != Stopped {
		t.Fatalf("Stop: %v", st)
	}
	s.stopFlag.Store(false)
	s.Reset()
	if s.Next() != Solution || !slices.Equal(s.sol, first) {
		t.Fatalf("after Reset: %v, want %v", s.sol, first)
	}
	if n := countSolutions(s); n != 723 {
		t.Fatalf("%d more solutions after the first, want 723", n)
	}
}

// Domain shows the kernel's domains: the values of a solution.
func TestNetDomain(t *testing.T) {
	m, _ := queens(t, 6)
	s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropFC})
	if s.Next() != Solution || s.phase != phaseNet {
		t.Fatal("no solution from the kernel")
	}
	for x := range 6 {
		if d := s.Domain(Var(x)); !slices.Equal(d, []int64{s.Value(Var(x))}) {
			t.Fatalf("Domain(%d) = %v at a solution with %d", x, d, s.Value(Var(x)))
		}
	}
}

// Settings and models the kernel does not take keep the general path:
// trace hooks, a tracer, an objective, AC, no propagation, values from the
// middle or automatic, restarts, a constraint over three variables, a
// domain wider than a word, and a cut (SolveParallel's decomposition).
func TestNetFallback(t *testing.T) {
	q, _ := queens(t, 8)
	fc := Options{Order: OrderMRV, Prop: PropFC}
	uses := func(m *Model, o Options, set func(s *Solver)) bool {
		s := newSolver(t, m, o)
		if set != nil {
			set(s)
		}
		s.Next()
		return s.net != nil
	}
	if !uses(q, fc, nil) {
		t.Fatal("8-queens under fc does not use the kernel")
	}
	withObj, _ := queens(t, 8)
	withObj.SetObjective(Minimize, withObj.Ref(0))
	three := colouring(rand.New(rand.NewSource(1)), 6, 3)
	sum, _ := NewBinary(OpAdd, three.Ref(0), three.Ref(1))
	sum, _ = NewBinary(OpAdd, sum, three.Ref(2))
	ne, _ := NewBinary(OpNe, sum, NewConst(4))
	three.Require(ne)
	wide := NewModel()
	a, _ := wide.NewVarRange("a", 0, 64)
	b, _ := wide.NewVarRange("b", 0, 3)
	ne, _ = NewBinary(OpNe, wide.Ref(a), wide.Ref(b))
	wide.Require(ne)
	cases := []struct {
		name string
		m    *Model
		o    Options
		set  func(s *Solver)
	}{
		{"trace hook", q, fc, func(s *Solver) { s.trace = func(int, Var, int64, bool, bool) {} }},
		{"tracer", q, fc, func(s *Solver) { s.SetTracer(&Tracer{Event: func(TraceEvent) bool { return true }}) }},
		{"objective", withObj, fc, nil},
		{"ac", q, Options{Prop: PropAC}, nil},
		{"none", q, Options{Prop: PropNone}, nil},
		{"mid", q, Options{Prop: PropFC, Values: ValuesMid}, nil},
		{"auto", q, Options{Prop: PropFC, Values: ValuesAuto}, nil},
		{"restarts", q, Options{Prop: PropFC, Restarts: RestartLuby}, nil},
		{"ternary", three, fc, nil},
		{"two words", wide, fc, nil},
		{"cut", q, fc, func(s *Solver) { s.cutDepth = 2 }},
	}
	for _, c := range cases {
		if uses(c.m, c.o, c.set) {
			t.Errorf("%s: the kernel ran", c.name)
		}
	}
	// Outside the class, a random model still searches as before.
	rng := rand.New(rand.NewSource(8))
	for i := range 80 {
		m := netModel(rng, true)
		o := netOptions()[i%len(netOptions())]
		compareRuns(t, fmt.Sprintf("model %d", i), runNet(t, m, o, true, 0), runNet(t, m, o, false, 0))
	}
}

// Under SolveParallel, whose workers start the kernel at their
// subproblem's base, and on Split's subproblems, the counts and the
// statistics are those of the general path. (On two workers the
// propagations depend on which worker took which subproblem, since a
// worker replays only the part of a path it does not share with its last
// one: they are compared on one.)
func TestNetParallel(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var ms []*Model
	for n := 6; n <= 9; n++ {
		m, _ := queens(t, n)
		ms = append(ms, m)
	}
	for range 6 {
		ms = append(ms, colouring(rng, 10, 3))
	}
	// Small trees, cut down to their solutions: subproblems whose path
	// assigns every variable.
	ms = append(ms, colouring(rng, 2, 2), colouring(rng, 3, 3))
	for i, m := range ms {
		for _, o := range netOptions() {
			var got, want [2]Stats
			for k, on := range []bool{true, false} {
				fcNetOn = on
				st, stats, err := SolveParallel(m, o, 2, nil)
				if err != nil || st != Exhausted {
					t.Fatalf("model %d: %v %v", i, st, err)
				}
				stats.SearchTime, stats.Propagations = 0, 0
				got[k] = stats
				groups, err := Split(m, o, 3+6*(i%2))
				if err != nil {
					t.Fatal(err)
				}
				var sum Stats
				for _, g := range groups {
					_, st, err := SolveSubproblems(m, o, 1, g, nil)
					if err != nil {
						t.Fatal(err)
					}
					sum.add(st)
					sum.Solutions += st.Solutions
				}
				sum.SearchTime = 0
				want[k] = sum
			}
			fcNetOn = true
			if got[0] != got[1] || want[0] != want[1] || want[0].Solutions == 0 && i < 4 {
				t.Fatalf("model %d, %v/%v: parallel %+v / %+v, split %+v / %+v", i, o.Order, o.Values, got[0], got[1], want[0], want[1])
			}
			if got[0].Solutions != want[0].Solutions {
				t.Fatalf("model %d: parallel %d solutions, split %d", i, got[0].Solutions, want[0].Solutions)
			}
		}
	}
}

// The kernel's search allocates nothing once its solver is built and has
// entered it once: on a clique (n-queens), a dense network (colouring)
// and one of more than 64 variables (the list layout).
func TestNetDoesNotAllocate(t *testing.T) {
	q, _ := queens(t, 8)
	big := colouring(rand.New(rand.NewSource(3)), 70, 4)
	for _, m := range []*Model{q, colouring(rand.New(rand.NewSource(2)), 12, 3), big} {
		s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropFC})
		s.nodeLimit = 20000 // 70 vertices are not coloured every way
		countSolutions(s)
		if s.net == nil {
			t.Fatal("the kernel did not run")
		}
		if a := testing.AllocsPerRun(3, func() { s.Reset(); countSolutions(s) }); a != 0 {
			t.Errorf("%d variables: %v allocations per search", m.NumVars(), a)
		}
	}
}

// On sudokus of 9 x 9 (81 variables: the list layout) and 16 x 16, the
// kernel searches the general path's tree, up to a node limit.
func TestNetSudoku(t *testing.T) {
	sets := []struct {
		name  string
		count int
	}{{"hardest", 11}, {"top95", 10}, {"hexadoku16", 2}}
	run := func(m *Model, o Options, on bool) netRun {
		fcNetOn = on
		defer func() { fcNetOn = true }()
		s := newSolver(t, m, o)
		s.nodeLimit = 5000
		var r netRun
		for s.Next() == Solution {
			r.sols = append(r.sols, slices.Clone(s.sol))
		}
		r.kernel = s.net != nil
		r.stats = s.Stats()
		r.stats.SearchTime = 0
		r.weights = s.weight
		return r
	}
	for _, set := range sets {
		lines := readLines(t, set.name+".txt")
		for i, p := range lines[:min(set.count, len(lines))] {
			m, _ := sudoku(t, p)
			for _, o := range []Options{{Prop: PropFC}, {Order: OrderDomWdeg, Values: ValuesMax, Prop: PropFC}} {
				got := run(m, o, true)
				if !got.kernel {
					t.Fatalf("%s %d: the kernel did not run", set.name, i)
				}
				compareRuns(t, fmt.Sprintf("%s %d, %v", set.name, i, o.Order), got, run(m, o, false))
			}
		}
	}
}

// A count in the kernel keeps Progress's live totals growing, on one
// worker (runAll's countAll) as on two, as TestSolveParallelProgressCountsLive
// checks for the general path.
func TestNetProgressCountsLive(t *testing.T) {
	m := NewModel()
	const n = 16
	for i := range n {
		if _, err := m.NewVarRange(fmt.Sprintf("x%d", i), 0, 1); err != nil {
			t.Fatal(err)
		}
	}
	o := Options{Order: OrderInput, Prop: PropFC}
	if s := newSolver(t, m, o); s.Next() != Solution || s.net == nil {
		t.Fatal("the kernel does not run on the model")
	}
	for _, workers := range []int{1, 2} {
		var seen []int64
		o.Progress = func(st Stats) { seen = append(seen, st.Solutions) } // calls are serialised
		status, st, err := SolveParallel(m, o, workers, nil)
		// On two workers the decomposition's cuts count nodes too.
		if err != nil || status != Exhausted || st.Solutions != 1<<n || workers == 1 && st.Nodes != 1<<(n+1)-2 {
			t.Fatalf("%d workers: %v %v %+v", workers, status, err, st)
		}
		if len(seen) < 5 {
			t.Fatalf("%d workers: only %d progress calls", workers, len(seen))
		}
		// The totals never go down and grow while the search runs; two
		// calls in a row may see the same total on two workers (the other
		// worker's call came before any new solution was added).
		grew := 0
		for i := 1; i < len(seen); i++ {
			if seen[i] < seen[i-1] || seen[i] > st.Solutions {
				t.Fatalf("%d workers: progress call %d saw %d solutions after %d: %v", workers, i, seen[i], seen[i-1], seen)
			}
			if seen[i] > seen[i-1] {
				grew++
			}
		}
		if grew < 3 {
			t.Fatalf("%d workers: the count grew at only %d of %d progress calls: %v", workers, grew, len(seen), seen)
		}
	}
}
