package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

func TestSolveParallelCountsQueens(t *testing.T) {
	want := []int64{1, 0, 0, 2, 10, 4, 40, 92, 352}
	for _, o := range allOptions() {
		for n := 1; n <= len(want); n++ {
			m, q := queens(t, n)
			for _, w := range []int{1, 2, 3} {
				var seen atomic.Int64
				st, stats, err := SolveParallel(m, o, w, func(vals []int64) bool {
					for i := range q {
						for j := i + 1; j < len(q); j++ {
							if vals[q[i]] == vals[q[j]] || absDiff(vals[q[i]], vals[q[j]]) == uint64(j-i) {
								t.Errorf("queens %d and %d attack each other", i, j)
							}
						}
					}
					seen.Add(1)
					return true
				})
				if err != nil || st != Exhausted || stats.Solutions != want[n-1] || seen.Load() != want[n-1] {
					t.Fatalf("%v/%v/%v %d-queens, %d workers: %v %+v (%d calls) %v, want %d",
						o.Order, o.Values, o.Prop, n, w, st, stats, seen.Load(), err, want[n-1])
				}
			}
		}
	}
}

// SolveParallel finds exactly the enumerator's solutions, or its optimum,
// on random models, for every combination of options.
func TestSolveParallelCrossCheck(t *testing.T) {
	rng := rand.New(rand.NewSource(99))
	models := 600
	if testing.Short() {
		models = 60
	}
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		for k, o := range allOptions() {
			workers := 2 + (i+k)%3
			name := fmt.Sprintf("model %d %v options %v/%v/%v, %d workers", i, rm.desc, o.Order, o.Values, o.Prop, workers)
			checkParallel(t, name, rm, want, o, workers)
		}
	}
}

// checkParallel runs SolveParallel and compares what it reports with the
// enumerated solutions.
func checkParallel(t *testing.T, name string, rm *randModel, want [][]int64, o Options, workers int) {
	t.Helper()
	sense, obj := rm.m.Objective()
	var got [][]int64
	st, stats, err := SolveParallel(rm.m, o, workers, func(vals []int64) bool {
		got = append(got, slices.Clone(vals))
		return true
	})
	if err != nil || st != Exhausted || stats.Solutions != int64(len(got)) {
		t.Fatalf("%s: %v %+v %v", name, st, stats, err)
	}
	if obj == nil {
		key := func(a []int64) string { return fmt.Sprint(a) }
		gotKeys, wantKeys := map[string]bool{}, map[string]bool{}
		for _, a := range got {
			if gotKeys[key(a)] {
				t.Fatalf("%s: %v reported twice", name, a)
			}
			gotKeys[key(a)] = true
		}
		for _, a := range want {
			wantKeys[key(a)] = true
		}
		if len(gotKeys) != len(wantKeys) {
			t.Fatalf("%s: %d solutions, want %d", name, len(gotKeys), len(wantKeys))
		}
		for k := range wantKeys {
			if !gotKeys[k] {
				t.Fatalf("%s: %s missing", name, k)
			}
		}
		return
	}
	if len(want) == 0 {
		if len(got) != 0 {
			t.Fatalf("%s: solutions %v of an unsatisfiable model", name, got)
		}
		return
	}
	var best int64
	for j, a := range want {
		v, _ := refEval(obj, a)
		if j == 0 || sense == Minimize && v < best || sense == Maximize && v > best {
			best = v
		}
	}
	var last int64
	for j, a := range got {
		v, ok := refEval(obj, a)
		if !ok || !slices.ContainsFunc(want, func(w []int64) bool { return slices.Equal(w, a) }) {
			t.Fatalf("%s: %v is not a solution", name, a)
		}
		if j > 0 && (sense == Minimize && v >= last || sense == Maximize && v <= last) {
			t.Fatalf("%s: objective %d after %d", name, v, last)
		}
		last = v
	}
	if len(got) == 0 || last != best {
		t.Fatalf("%s: reported %v, want optimum %d", name, got, best)
	}
}

func TestSolveParallelStops(t *testing.T) {
	m, _ := queens(t, 10)
	for _, o := range []Options{{}, {Prop: PropAC}} {
		calls := 0
		st, stats, _ := SolveParallel(m, o, 2, func([]int64) bool { calls++; return calls < 5 })
		if st != Solution || calls != 5 || stats.Solutions != 5 {
			t.Errorf("%v: stopping after 5: %v, %d calls, %+v", o.Prop, st, calls, stats)
		}
	}
	big, _ := queens(t, 30)
	// The flag is raised at the first progress report, a few thousand
	// nodes in, whatever the machine's speed; only a hang fails the time.
	var flag atomic.Bool
	start := time.Now()
	st, _, _ := SolveParallel(big, Options{Order: OrderInput, StopFlag: &flag, Progress: func(Stats) { flag.Store(true) }}, 2, nil)
	if st != Stopped || time.Since(start) > time.Minute {
		t.Errorf("StopFlag: %v after %v", st, time.Since(start))
	}
	st, _, _ = SolveParallel(big, Options{Order: OrderInput, Deadline: time.Now().Add(30 * time.Millisecond)}, 3, nil)
	if st != Stopped {
		t.Errorf("Deadline: %v", st)
	}
	var progress atomic.Int64
	var done atomic.Bool
	st, _, _ = SolveParallel(big, Options{Order: OrderInput, Deadline: time.Now().Add(5 * time.Minute), StopFlag: &done,
		Progress: func(s Stats) { progress.Store(s.Nodes); done.Store(true) }}, 2, nil)
	if progress.Load() == 0 || st != Stopped {
		t.Errorf("Progress: %d nodes, %v", progress.Load(), st)
	}
}

func TestSolveParallelErrors(t *testing.T) {
	m := NewModel()
	m.Require(&VarExpr{V: 3})
	if _, _, err := SolveParallel(m, Options{}, 2, nil); err == nil {
		t.Error("no error for a bad model")
	}
}

// A trail bounded to a few records makes nearly every backtrack recompute
// its levels from the snapshot; the searches must not notice.
func TestTrimmedTrail(t *testing.T) {
	defer func(b, g int) { bigDomains, trailBudget = b, g }(bigDomains, trailBudget)
	bigDomains, trailBudget = 0, 16
	want := []int{1, 0, 0, 2, 10, 4, 40, 92}
	for _, o := range allOptions() {
		for n := 1; n <= len(want); n++ {
			m, _ := queens(t, n)
			s := newSolver(t, m, o)
			if got := countSolutions(s); got != want[n-1] {
				t.Errorf("%v/%v/%v: %d-queens has %d solutions, want %d", o.Order, o.Values, o.Prop, n, got, want[n-1])
			}
		}
	}
	rng := rand.New(rand.NewSource(5))
	models := 300
	if testing.Short() {
		models = 30
	}
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		for _, o := range allOptions() {
			name := fmt.Sprintf("trimmed model %d %v options %v/%v/%v", i, rm.desc, o.Order, o.Values, o.Prop)
			s := newSolver(t, rm.m, o)
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
			checkParallel(t, name, rm, want, o, 2)
		}
	}
}

// TestSolveParallelWide: on a model with a wide domain (money in
// 10000..99999), 2 workers find the same 16 solutions as 1, and with MRV
// (no learning) their nodes are those of 1 worker plus the
// decomposition's, which visits only the top of the tree.
func TestSolveParallelWide(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of counting")
	}
	m := sendMostMoney(t)
	o := Options{Order: OrderMRV, Prop: PropFC}
	_, one, err := SolveParallel(m, o, 1, nil)
	if err != nil || one.Solutions != 16 {
		t.Fatalf("1 worker: %+v %v", one, err)
	}
	_, two, err := SolveParallel(m, o, 2, nil)
	if err != nil || two.Solutions != 16 {
		t.Fatalf("2 workers: %+v %v", two, err)
	}
	if two.Nodes < one.Nodes || two.Nodes > one.Nodes+one.Nodes/100 {
		t.Errorf("nodes: %d with 2 workers, %d with 1", two.Nodes, one.Nodes)
	}
}

// An optimisation that a search in order finishes within probeNodes is
// not split: two workers do exactly one worker's search.
func TestSolveParallelProbe(t *testing.T) {
	m, q := queens(t, 8)
	w, _ := NewNary(OpSum, []Expr{m.Ref(q[0]), m.Ref(q[7])})
	m.SetObjective(Minimize, w)
	_, one, err := SolveParallel(m, Default(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, two, err := SolveParallel(m, Default(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if one.Nodes >= probeNodes || two.Nodes != one.Nodes || two.Solutions != one.Solutions {
		t.Fatalf("1 worker: %d nodes, %d solutions; 2 workers: %d nodes, %d solutions", one.Nodes, one.Solutions, two.Nodes, two.Solutions)
	}
}
