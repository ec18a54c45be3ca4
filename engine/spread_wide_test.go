package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// flatModel is a random model of the class spreadQueensFlat serves:
// consecutive variables over one domain wider than a word, under
// alldiff(q) and diagonal(q) with distinct positions, some of them
// bounded to a few values (so that the search fails and backtracks, and
// propagators wake on any of their changes), now and then with other
// variables around and an extra constraint. bound is the largest value
// a bounded variable keeps; every is true if all of q is bounded, which
// makes the model small enough to enumerate.
func flatModel(rng *rand.Rand, every bool) (m *Model, q []Var, lo, bound int64) {
	m = NewModel()
	n := 3 + rng.Intn(6)
	lo = int64(rng.Intn(7) - 3)
	width := int64(65 + rng.Intn(40))
	if rng.Intn(2) == 0 {
		width = reginMaxValues + 4 // no regin: the spread alone finds the wipes
	}
	if every {
		n = 3 + rng.Intn(3)
	}
	bound = lo + int64(n) - 1 + int64(rng.Intn(3))
	if rng.Intn(3) == 0 && !every {
		m.NewVarRange("before", 0, 5)
	}
	var args []Expr
	for i := range n {
		x, err := m.NewVarRange(fmt.Sprintf("q%d", i), lo, lo+width-1)
		if err != nil {
			panic(err)
		}
		q = append(q, x)
		args = append(args, m.Ref(x))
	}
	pos := make([]int64, n)
	for i, p := range rng.Perm(n + 3)[:n] {
		pos[i] = int64(p - 1)
	}
	m.AllDifferent(args)
	if _, err := m.Diagonal(args, pos); err != nil {
		panic(err)
	}
	for _, x := range q {
		if every || rng.Intn(6) > 0 {
			e, _ := NewBinary(OpLe, m.Ref(x), NewConst(bound))
			m.Require(e)
		}
	}
	if rng.Intn(2) == 0 {
		e, _ := NewBinary(OpNe, args[0], NewConst(lo+int64(rng.Intn(3))))
		m.Require(e)
	}
	if rng.Intn(3) == 0 && !every {
		y, _ := m.NewVarRange("after", 0, 3)
		e, _ := NewBinary(OpLt, m.Ref(y), args[1])
		m.Require(e)
	}
	return m, q, lo, bound
}

// usesFlat reports whether the solver has a multiSpread that runs
// spreadQueensFlat.
func usesFlat(s *Solver) bool {
	for _, p := range s.ac.props {
		if ms, ok := p.(*multiSpread); ok && ms.flat != nil {
			return true
		}
	}
	return false
}

// flatRun is what a search did: its solutions in order and statistics.
type flatRun struct {
	sols                         [][]int64
	nodes, failures, propagation int64
	weight                       []int64 // dom/wdeg: the failures charged to each constraint
}

func runFlat(t *testing.T, m *Model, o Options, flat bool, limit int) flatRun {
	t.Helper()
	flatQueens = flat
	defer func() { flatQueens = true }()
	s := newSolver(t, m, o)
	var r flatRun
	for len(r.sols) < limit && s.Next() == Solution {
		r.sols = append(r.sols, assignment(s, m.NumVars()))
	}
	st := s.Stats()
	r.nodes, r.failures, r.propagation = st.Nodes, st.Failures, st.Propagations
	r.weight = slices.Clone(s.weight)
	return r
}

func (r flatRun) equal(o flatRun) bool {
	return r.nodes == o.nodes && r.failures == o.failures && r.propagation == o.propagation &&
		slices.EqualFunc(r.sols, o.sols, slices.Equal) && slices.Equal(r.weight, o.weight)
}

// The flat path visits the same nodes, fails as often, runs as many
// propagators and finds the same solutions in the same order as
// spreadQueensWide, under every variable and value order.
func TestQueensFlatSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	models := 150
	if testing.Short() {
		models = 30
	}
	used, failed := 0, 0
	for i := range models {
		m, _, _, _ := flatModel(rng, false)
		fails := false
		for _, o := range allOptions() {
			if o.Prop != PropAC {
				continue // multiSpread is a PropAC propagator
			}
			if k := flatQueens; k && o.Order == OrderMRV && o.Values == ValuesMin {
				if usesFlat(newSolver(t, m, o)) {
					used++
				}
			}
			a, b := runFlat(t, m, o, true, 50), runFlat(t, m, o, false, 50)
			if !a.equal(b) {
				t.Fatalf("model %d %+v:\nflat %+v\nwide %+v", i, o, a, b)
			}
			fails = fails || a.failures > 0
		}
		if fails {
			failed++
		}
	}
	if used < models*3/4 || failed < models/2 {
		t.Errorf("the flat path served %d of %d models, %d searches failed somewhere", used, models, failed)
	}
}

// The flat path finds every solution of small bounded models, checked by
// enumerating the values up to the bound.
func TestQueensFlatBrute(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	for i := range 40 {
		m, q, lo, bound := flatModel(rng, true)
		var want [][]int64
		a := make([]int64, len(q))
		var rec func(k int)
		rec = func(k int) {
			if k == len(q) {
				if flatHolds(m, a) {
					want = append(want, slices.Clone(a))
				}
				return
			}
			for v := lo; v <= bound; v++ {
				a[k] = v
				rec(k + 1)
			}
		}
		rec(0)
		for _, o := range []Options{Default(), {Prop: PropAC, Order: OrderMRV, Values: ValuesMid}} {
			s := newSolver(t, m, o)
			if !usesFlat(s) {
				t.Fatalf("model %d: the flat path is not used", i)
			}
			var got [][]int64
			for s.Next() == Solution {
				got = append(got, assignment(s, len(q)))
			}
			slices.SortFunc(got, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("model %d %+v: %d solutions, want %d\ngot  %v\nwant %v", i, o, len(got), len(want), got, want)
			}
		}
	}
}

// Queens boards of many sizes: the same search with and without the flat
// path, and the flat path taken from 65 columns on.
func TestQueensFlatBoards(t *testing.T) {
	sizes := []int{65, 66, 70, 90, 128, 129, 200, 333}
	if !testing.Short() {
		sizes = append(sizes, 500, 1000)
	}
	for _, n := range sizes {
		m, _ := queens(t, n)
		opts := []Options{Default(), {Prop: PropAC, Order: OrderMRV, Values: ValuesMid},
			{Prop: PropAC, Order: OrderDomWdeg, Values: ValuesMid}}
		limit := 1
		if n < 100 { // the least value first thrashes on larger boards
			opts = append(opts, Options{Prop: PropAC, Order: OrderMRV, Values: ValuesMin},
				Options{Prop: PropAC, Order: OrderDomWdeg, Values: ValuesMin})
			limit = 3
		}
		for _, o := range opts {
			if !usesFlat(newSolver(t, m, o)) {
				t.Fatalf("%d-queens: the flat path is not used", n)
			}
			a, b := runFlat(t, m, o, true, limit), runFlat(t, m, o, false, limit)
			if !a.equal(b) || len(a.sols) != limit {
				t.Fatalf("%d-queens %+v: flat %d nodes %d failures %d solutions, wide %d %d %d",
					n, o, a.nodes, a.failures, len(a.sols), b.nodes, b.failures, len(b.sols))
			}
		}
	}
}

// flatHolds tests the constraints of a flatModel under assignment a.
func flatHolds(m *Model, a []int64) bool {
	for _, c := range m.Constraints() {
		vals := make([]int64, len(c.Args))
		for i, e := range c.Args {
			vals[i], _ = refEval(e, a)
		}
		for i := range vals {
			for j := range i {
				d := vals[i] - vals[j]
				switch c.Kind {
				case KindAllDiff:
					if d == 0 {
						return false
					}
				case KindDiagonal:
					if p := c.Pos[i] - c.Pos[j]; d == p || d == -p {
						return false
					}
				}
			}
		}
		if c.Kind == KindExpr && !refTruth(c.Expr, a) {
			return false
		}
	}
	return true
}

// Under a tracer, which reports every removal, the flat path steps aside
// (it reports only the removals a propagator wakes on): the events are
// those of spreadQueensWide, and the search is the one untraced.
func TestQueensFlatTraced(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for i := range 12 {
		m, _, _, _ := flatModel(rng, false)
		if i == 0 {
			m, _ = queens(t, 80)
		}
		o := Default()
		var traces [2][]string
		for k, flat := range []bool{true, false} {
			flatQueens = flat
			s := newSolver(t, m, o)
			s.SetTracer(&Tracer{Domains: true, Event: func(e TraceEvent) bool {
				traces[k] = append(traces[k], fmt.Sprintf("%+v", e))
				return true
			}})
			for range 3 {
				s.Next()
			}
			flatQueens = true
		}
		if len(traces[0]) == 0 || !slices.Equal(traces[0], traces[1]) {
			t.Fatalf("model %d: %d events with the flat path on, %d off", i, len(traces[0]), len(traces[1]))
		}
		if a, b := runFlat(t, m, o, true, 3), runFlat(t, m, o, false, 3); !a.equal(b) {
			t.Fatalf("model %d: the untraced searches differ", i)
		}
	}
}

// The flat path keeps its own set of the members not yet spread. When
// the other path spread some of them in between (a tracer set for a
// while, as SetTracer allows between calls), it rebuilds that set from
// the propagator's: a search switching paths at every solution is the
// search on the wide path alone.
func TestQueensFlatSwitched(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	defer func() { flatQueens = true }()
	for i := range 30 {
		m, _, _, _ := flatModel(rng, false)
		if i == 0 {
			m, _ = queens(t, 70)
		}
		for _, o := range []Options{Default(), {Prop: PropAC, Order: OrderMRV, Values: ValuesMin}} {
			want := runFlat(t, m, o, false, 12)
			s := newSolver(t, m, o)
			var got flatRun
			for k := 0; len(got.sols) < 12; k++ {
				flatQueens = k%2 == 1
				if s.Next() != Solution {
					break
				}
				got.sols = append(got.sols, assignment(s, m.NumVars()))
			}
			flatQueens = true
			st := s.Stats()
			got.nodes, got.failures, got.propagation = st.Nodes, st.Failures, st.Propagations
			got.weight = slices.Clone(s.weight)
			if !got.equal(want) {
				t.Fatalf("model %d %+v:\nswitched %+v\nwide     %+v", i, o, got, want)
			}
		}
	}
}

// Members left in the flat path's set by mistake would cost time only
// (an assigned variable holds no value a later queen forbids), so no
// search shows them: unlive is checked on its own. Members taken out of
// the propagator's set behind its back are taken out of the bit set at
// the next unlive, and a backtrack puts both back.
func TestQueensFlatUnlive(t *testing.T) {
	m, _ := queens(t, 100)
	s := newSolver(t, m, Default())
	var ms *multiSpread
	for _, p := range s.ac.props {
		if p, ok := p.(*multiSpread); ok && p.flat != nil {
			ms = p
		}
	}
	if ms == nil {
		t.Fatal("the flat path is not used")
	}
	st, q, live := &s.st, ms.flat, &ms.live
	st.push()
	live.remove(st, 3)
	live.remove(st, 64)
	q.unlive(st, 3, live) // 64 went some other way
	if !flatLiveSynced(s) || st.cell[q.liveN] != 98 {
		t.Fatalf("after unlive: the sets differ, or the count is %d", st.cell[q.liveN])
	}
	st.push()
	live.remove(st, 99)
	q.unlive(st, 99, live)
	if !flatLiveSynced(s) || st.cell[q.liveN] != 97 {
		t.Fatalf("after a second unlive: the sets differ, or the count is %d", st.cell[q.liveN])
	}
	st.pop()
	st.pop()
	if !flatLiveSynced(s) || st.cell[q.liveN] != 100 {
		t.Fatalf("after the pops: the sets differ, or the count is %d", st.cell[q.liveN])
	}
}

// flatLiveSynced reports whether each flat multiSpread's bit set of the
// members not yet spread holds exactly the members of its live set.
func flatLiveSynced(s *Solver) bool {
	t := &s.st
	for _, p := range s.ac.props {
		ms, ok := p.(*multiSpread)
		if !ok || ms.flat == nil {
			continue
		}
		q := ms.flat
		n := t.cell[ms.live.size]
		for m := range int32(len(ms.xs)) {
			in := t.cell[q.liveAt+m>>5]>>(m&31)&1 != 0
			if in != (ms.live.pos[m] < n) {
				return false
			}
		}
	}
	return true
}

// Diagonal positions go up to 2^60, so an offset v±d far outside a domain
// can share its low 32 bits with a bound: with q1 at distance 2^32+9 from
// q0, q0 = 0 puts 2^32+9 beside q1's maximum 9, which is not to be taken.
// Every pair (q0, q1) of 0..9 with q0 != q1 stays (90 of them, times the
// 10 rows of q2), flat pass or not, under every order.
func TestQueensFlatFarPositions(t *testing.T) {
	defer func() { flatQueens = true }()
	for _, order := range []VarOrder{OrderInput, OrderMRV, OrderDomWdeg} {
		for _, flat := range []bool{true, false} {
			flatQueens = flat
			m := NewModel()
			var q []Var
			for i := range 20 {
				x, err := m.NewVarRange(fmt.Sprint("q", i), 0, 999)
				if err != nil {
					t.Fatal(err)
				}
				q = append(q, x)
			}
			pos := make([]int64, len(q))
			pos[1], pos[2] = 1<<32+9, 1<<34
			for i := 3; i < len(q); i++ {
				pos[i] = int64(i) << 40
			}
			m.AllDifferent(m.Refs(q))
			if _, err := m.Diagonal(m.Refs(q), pos); err != nil {
				t.Fatal(err)
			}
			s := newSolver(t, m, Options{Order: order, Values: ValuesMin, Prop: PropAC})
			span := func(lo, hi int64) []int64 {
				var vs []int64
				for v := lo; v <= hi; v++ {
					vs = append(vs, v)
				}
				return vs
			}
			s.Restrict(q[0], span(0, 9))
			s.Restrict(q[1], span(0, 9))
			s.Restrict(q[2], span(20, 29))
			for i := 3; i < len(q); i++ {
				s.Restrict(q[i], []int64{int64(500 + 20*i)})
			}
			if got := countSolutions(s); got != 900 {
				t.Errorf("%v, flat %v: %d solutions, want 900", order, flat, got)
			}
		}
	}
}

// With a trail trimmed to a few records (the solver undoes a level by
// restoring the start and replaying the decisions, which puts the bit
// set of members not yet spread back to all of them) and with restarts,
// the flat path still searches as spreadQueensWide does. Trimmed, the
// propagation counts may differ: the replays' propagations are counted,
// and the flat path's bit set adds two cell records a node, so the trail
// is trimmed, and levels replayed, at other times.
func TestQueensFlatTrimmedRestarts(t *testing.T) {
	defer func(u int64, b, g int) { restartUnit, bigDomains, trailBudget = u, b, g }(restartUnit, bigDomains, trailBudget)
	b0, g0 := bigDomains, trailBudget
	for _, c := range []struct {
		name     string
		trimmed  bool
		restarts bool
	}{{"trimmed", true, false}, {"restarts", false, true}, {"both", true, true}} {
		restartUnit, bigDomains, trailBudget = 2, b0, g0
		if c.trimmed {
			bigDomains, trailBudget = 0, 16
		}
		rng := rand.New(rand.NewSource(19))
		used, bad := 0, 0
		for i := range 40 {
			m, _, _, _ := flatModel(rng, false)
			for _, o := range acOptions() {
				if c.restarts {
					o.Restarts = RestartLuby
				}
				if usesFlat(newSolver(t, m, o)) {
					used++
				}
				a, b := runFlat(t, m, o, true, 30), runFlat(t, m, o, false, 30)
				if c.trimmed {
					a.propagation = b.propagation
				}
				if !a.equal(b) && bad < 3 {
					bad++
					t.Errorf("%s: model %d %v/%v: flat %d nodes %d failures %d propagations, wide %d %d %d (same solutions: %v)",
						c.name, i, o.Order, o.Values, a.nodes, a.failures, a.propagation, b.nodes, b.failures, b.propagation,
						slices.EqualFunc(a.sols, b.sols, slices.Equal))
				}
			}
		}
		if used == 0 {
			t.Errorf("%s: the flat path served no model", c.name)
		}
	}
}
