package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// With a cutoff of one failure, nearly every run is cut short; the
// searches must still find exactly the solutions, each once, or the
// optimum, and count queens right.
func TestRestartsCrossCheck(t *testing.T) {
	defer func(u int64) { restartUnit = u }(restartUnit)
	restartUnit = 1
	want := []int{1, 0, 0, 2, 10, 4, 40, 92, 352}
	for _, o := range allOptions() {
		o.Restarts = RestartLuby
		for n := 1; n <= len(want); n++ {
			m, _ := queens(t, n)
			s := newSolver(t, m, o)
			if got := countSolutions(s); got != want[n-1] {
				t.Errorf("%v/%v/%v: %d-queens has %d solutions, want %d", o.Order, o.Values, o.Prop, n, got, want[n-1])
			}
		}
	}
	rng := rand.New(rand.NewSource(17))
	models := 1000
	if testing.Short() {
		models = 100
	}
	restarted, restartedBB := 0, 0
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		for k, o := range allOptions() {
			o.Restarts, o.Seed = RestartLuby+RestartPolicy(k%2), uint64(i)
			name := fmt.Sprintf("restarting model %d %v options %v/%v/%v", i, rm.desc, o.Order, o.Values, o.Prop)
			s := newSolver(t, rm.m, o)
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
			if s.restart.run > 1 {
				restarted++
				if s.obj != nil {
					restartedBB++
				}
			}
		}
	}
	if restarted == 0 || restartedBB == 0 {
		t.Errorf("%d searches restarted, %d of them branch and bound", restarted, restartedBB)
	}
	t.Logf("%d searches restarted, %d of them branch and bound", restarted, restartedBB)
}

// Restarts with a trimmed trail: the unwinding recomputes.
func TestRestartsTrimmed(t *testing.T) {
	defer func(u int64, b, g int) { restartUnit, bigDomains, trailBudget = u, b, g }(restartUnit, bigDomains, trailBudget)
	restartUnit, bigDomains, trailBudget = 2, 0, 16
	want := []int{1, 0, 0, 2, 10, 4, 40, 92}
	for _, o := range allOptions() {
		o.Restarts = RestartLuby
		for n := 1; n <= len(want); n++ {
			m, q := queens(t, n)
			s := newSolver(t, m, o)
			if st := s.Next(); (st == Solution) != (want[n-1] > 0) {
				t.Fatalf("%v/%v/%v %d-queens: %v", o.Order, o.Values, o.Prop, n, st)
			} else if st == Solution {
				checkQueens(t, s, q)
				if got := 1 + countSolutions(s); got != want[n-1] {
					t.Errorf("%v/%v/%v: %d-queens has %d solutions, want %d", o.Order, o.Values, o.Prop, n, got, want[n-1])
				}
			}
		}
	}
}

// The geometric cutoffs grow by half each run, from the scale.
func TestCutoffs(t *testing.T) {
	s := &Solver{opts: Options{Restarts: RestartGeometric, RestartScale: 10}}
	var got []int64
	for k := 1; k <= 6; k++ {
		got = append(got, s.cutoff(k))
	}
	if fmt.Sprint(got) != "[10 15 23 34 51 76]" {
		t.Errorf("geometric cutoffs %v", got)
	}
	s.opts.RestartBase = 2
	if c := s.cutoff(4); c != 80 {
		t.Errorf("geometric cutoff of run 4 with base 2: %d, want 80", c)
	}
	s.opts.RestartBase = 0
	s.opts.Restarts = RestartLuby
	if c := s.cutoff(7); c != 40 {
		t.Errorf("luby cutoff of run 7: %d, want 40", c)
	}
	if c := s.cutoff(1 << 20); c <= 0 {
		t.Errorf("geometric cutoff of run 2^20: %d", c)
	}
}

func TestRestartOptionErrors(t *testing.T) {
	m := NewModel()
	m.NewVarRange("x", 0, 1)
	for _, o := range []Options{{RestartBase: 1}, {RestartBase: 0.5}, {RestartBase: -2}, {RestartScale: -1}, {Restarts: lastRestart + 1}} {
		if _, err := NewSolver(m, o); err == nil {
			t.Errorf("NewSolver(%+v): no error", o)
		}
	}
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}
