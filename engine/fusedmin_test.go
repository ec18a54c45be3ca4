package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// fusedModel is a random n-queens-like model: q over one domain (wider
// than a word but now and then not), alldiff(q) and diagonal(q) with the
// positions 0..n-1 or distinct random ones, holes in some domains, and
// sometimes bounds that make the search fail, a constraint between two
// queens (a propagator that wakes on any of their changes), or a variable
// outside q, with which the pass's choice cannot be used. An easy model
// has only the holes.
func fusedModel(rng *rand.Rand, n int, easy bool) *Model {
	m := NewModel()
	lo := int64(rng.Intn(7) - 3)
	width := int64(max(n, 65) + rng.Intn(40))
	if rng.Intn(2) == 0 || easy {
		width = int64(reginMaxEdges/n + 1 + rng.Intn(50)) // no Régin after the pass
	}
	if rng.Intn(5) == 0 {
		width = int64(n + rng.Intn(3))
	}
	other := rng.Intn(6) == 0 && !easy
	if other && rng.Intn(2) == 0 {
		m.NewVarRange("before", 0, 3)
	}
	args := make([]Expr, n)
	for i := range n {
		x, err := m.NewVarRange(fmt.Sprintf("q%d", i), lo, lo+width-1)
		if err != nil {
			panic(err)
		}
		args[i] = m.Ref(x)
	}
	pos := make([]int64, n)
	for i := range pos {
		pos[i] = int64(i)
	}
	if rng.Intn(4) == 0 {
		for i, p := range rng.Perm(n + 5)[:n] {
			pos[i] = int64(p - 2)
		}
	}
	m.AllDifferent(args)
	if _, err := m.Diagonal(args, pos); err != nil {
		panic(err)
	}
	require := func(op BinOp, a, b Expr) {
		e, err := NewBinary(op, a, b)
		if err != nil {
			panic(err)
		}
		m.Require(e)
	}
	for range rng.Intn(n + 1) {
		require(OpNe, args[rng.Intn(n)], NewConst(lo+rng.Int63n(width)))
	}
	if rng.Intn(3) == 0 && !easy {
		bound := lo + int64(n) - 1 + int64(rng.Intn(3))
		for _, a := range args {
			if rng.Intn(4) == 0 {
				require(OpLe, a, NewConst(bound))
			}
		}
	}
	if n > 1 && rng.Intn(4) == 0 && !easy {
		require(OpLt, args[rng.Intn(n)], args[rng.Intn(n)])
	}
	if other {
		y, _ := m.NewVarRange("after", 0, 3)
		require(OpLt, m.Ref(y), args[0])
	}
	return m
}

// fusedRun is what a search did: its status, solutions in order,
// statistics and dom/wdeg weights.
type fusedRun struct {
	status                        Status
	sols                          [][]int64
	nodes, failures, propagations int64
	weight                        []int64
}

func (r fusedRun) String() string {
	return fmt.Sprintf("%v, %d solutions, %d nodes, %d failures, %d propagations",
		r.status, len(r.sols), r.nodes, r.failures, r.propagations)
}

func (r fusedRun) equal(o fusedRun) bool {
	return r.status == o.status && r.nodes == o.nodes && r.failures == o.failures &&
		r.propagations == o.propagations && slices.EqualFunc(r.sols, o.sols, slices.Equal) &&
		slices.Equal(r.weight, o.weight)
}

// runFused searches m for up to sols solutions, stopping at nodes nodes if
// positive, with the pass's choice used or not, or checked at every node.
func runFused(t *testing.T, m *Model, o Options, fused, check bool, sols int, nodes int64) (r fusedRun) {
	t.Helper()
	fusedChoices, checkFused = fused, check
	defer func() { fusedChoices, checkFused = true, false }()
	s := newSolver(t, m, o)
	s.nodeLimit = nodes
	for len(r.sols) < sols {
		if r.status = s.Next(); r.status != Solution {
			break
		}
		r.sols = append(r.sols, assignment(s, m.NumVars()))
	}
	st := s.Stats()
	r.nodes, r.failures, r.propagations = st.Nodes, st.Failures, st.Propagations
	r.weight = slices.Clone(s.weight)
	return r
}

// fusedOptions are the settings the pass's choice can serve (dom/wdeg
// under PropAC, with and without restarts) and some it cannot.
func fusedOptions() []Options {
	var out []Options
	for _, v := range []ValueOrder{ValuesAuto, ValuesMin, ValuesMax, ValuesMid} {
		out = append(out, Options{Order: OrderDomWdeg, Values: v, Prop: PropAC})
	}
	out = append(out, Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropAC, Restarts: RestartLuby, Seed: 3},
		Options{Order: OrderDomWdeg, Values: ValuesMin, Prop: PropAC, Restarts: RestartLuby, Seed: 5},
		Options{Order: OrderMRV, Values: ValuesAuto, Prop: PropAC},
		Options{Order: OrderInput, Values: ValuesMin, Prop: PropAC},
		Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropFC})
	return out
}

// The choice the queens pass keeps for dom/wdeg gives the search it
// replaces: the same solutions in the same order, statistics, weights and
// status, under every value order, with restarts, node limits and a
// bounded trail, on random queens-like models of 1 to 300 queens; at
// every node it is used, it is the variable the scan picks (checkFused),
// and it is used on most of the models it can serve.
func TestFusedChoiceSameSearch(t *testing.T) {
	defer func(u int64, b, g int) { restartUnit, bigDomains, trailBudget = u, b, g }(restartUnit, bigDomains, trailBudget)
	restartUnit = 2
	rng := rand.New(rand.NewSource(18))
	models := 120
	if testing.Short() {
		models = 40
	}
	b0, g0 := bigDomains, trailBudget
	served := 0
	for i := range models {
		n := 1 + rng.Intn(70)
		if i%10 == 9 {
			n = 100 + rng.Intn(201)
		}
		bigDomains, trailBudget = b0, g0
		if i%3 == 2 {
			bigDomains, trailBudget = 0, 16+rng.Intn(200) // trimmed: levels replayed
		}
		m := fusedModel(rng, n, false)
		before := fusedChecked.Load()
		for k, o := range fusedOptions() {
			// A node limit always: some models have no solution, and
			// proving it could take long.
			sols, nodes := 1+rng.Intn(4), int64(4*n+400)
			if k%3 == 1 {
				nodes = 1 + rng.Int63n(int64(3*n+10))
			}
			a := runFused(t, m, o, true, false, sols, nodes)
			b := runFused(t, m, o, false, false, sols, nodes)
			if !a.equal(b) {
				t.Fatalf("model %d (%d queens) %+v, %d nodes at most:\nwith the pass's choice %v\nwithout %v", i, n, o, nodes, a, b)
			}
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("model %d (%d queens) %+v: %v", i, n, o, e)
					}
				}()
				if c := runFused(t, m, o, true, true, sols, nodes); !c.equal(b) {
					t.Fatalf("model %d %+v: checked %v, scanned %v", i, o, c, b)
				}
			}()
		}
		if fusedChecked.Load() > before {
			served++
		}
	}
	if served < models/3 {
		t.Errorf("the pass's choice served %d of %d models", served, models)
	}
}

// With a variable outside the queens, or a queens group whose domains
// fit a word, the pass's choice is never used, and the search is the
// scan's.
func TestFusedChoiceFallsBack(t *testing.T) {
	o := Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropAC}
	for _, c := range []struct {
		name  string
		model func() *Model
	}{
		{"other variable", func() *Model {
			m, q := queens(t, 80)
			y, _ := m.NewVarRange("y", 0, 3)
			e, _ := NewBinary(OpLt, m.Ref(y), m.Ref(q[0]))
			m.Require(e)
			return m
		}},
		{"narrow", func() *Model { m, _ := queens(t, 40); return m }},
	} {
		m := c.model()
		before := fusedChecked.Load()
		a := runFused(t, m, o, true, true, 1, 5000)
		if fusedChecked.Load() != before {
			t.Errorf("%s: the pass's choice was used", c.name)
		}
		if b := runFused(t, m, o, false, false, 1, 5000); !a.equal(b) || len(a.sols) != 1 {
			t.Errorf("%s: %v, scanning %v", c.name, a, b)
		}
	}
	m, _ := queens(t, 200)
	before := fusedChecked.Load()
	runFused(t, m, o, true, true, 1, 0)
	if got := fusedChecked.Load() - before; got < 150 {
		t.Errorf("200-queens: the pass's choice was used at %d nodes", got)
	}
}

// sparseQueens is n-queens over the rows 0..n-1 and one far row, which
// makes the domains wide (no Régin, which prunes after the pass) but
// small, so that the search splits into few subproblems.
func sparseQueens(t *testing.T, n int) *Model {
	m := NewModel()
	values := make([]int64, n+1)
	for i := range values {
		values[i] = int64(i)
	}
	values[n] = reginMaxValues + 10
	args := make([]Expr, n)
	pos := make([]int64, n)
	for i := range n {
		x, err := m.NewVar(fmt.Sprintf("q%d", i), values)
		if err != nil {
			t.Fatal(err)
		}
		args[i], pos[i] = m.Ref(x), int64(i)
	}
	m.AllDifferent(args)
	if _, err := m.Diagonal(args, pos); err != nil {
		t.Fatal(err)
	}
	return m
}

// SolveParallel (on one worker, whose order is fixed, and on two) and
// the split subproblems find the same solutions with the pass's choice
// as without, and use it.
func TestFusedChoiceParallel(t *testing.T) {
	defer func() { fusedChoices, checkFused = true, false }()
	o := Options{Order: OrderDomWdeg, Values: ValuesAuto, Prop: PropAC}
	first := func(m *Model, workers, k int) (Status, [][]int64) {
		var sols [][]int64
		st, _, err := SolveParallel(m, o, workers, func(v []int64) bool {
			sols = append(sols, slices.Clone(v))
			return len(sols) < k
		})
		if err != nil {
			t.Fatal(err)
		}
		return st, sols
	}
	split := func(m *Model) [][]int64 {
		gs, err := Split(m, o, 4)
		if err != nil {
			t.Fatal(err)
		}
		var sols [][]int64
		for _, g := range gs {
			if _, _, err := SolveSubproblems(m, o, 1, g, func(v []int64) bool {
				sols = append(sols, slices.Clone(v))
				return true
			}); err != nil {
				t.Fatal(err)
			}
		}
		return sols
	}
	before := fusedChecked.Load()
	for _, n := range []int{6, 7, 8} {
		m := sparseQueens(t, n)
		var runs [2]string
		for k, fused := range []bool{true, false} {
			fusedChoices, checkFused = fused, fused
			st, sols := first(m, 1, 100000)
			st2, sols2 := first(m, 2, 100000)
			if st2 != st || len(sols2) != len(sols) || st != Exhausted {
				t.Errorf("%d queens: on two workers %v with %d solutions, on one %v with %d", n, st2, len(sols2), st, len(sols))
			}
			runs[k] = fmt.Sprint(st, sols, split(m))
		}
		if runs[0] != runs[1] {
			t.Errorf("%d queens: with the pass's choice and without differ", n)
		}
	}
	if fusedChecked.Load() == before {
		t.Error("the pass's choice was never used")
	}
}
