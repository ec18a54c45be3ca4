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
		o.Restarts = true
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
	restarted := 0
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		for _, o := range allOptions() {
			o.Restarts, o.Seed = true, uint64(i)
			name := fmt.Sprintf("restarting model %d %v options %v/%v/%v", i, rm.desc, o.Order, o.Values, o.Prop)
			s := newSolver(t, rm.m, o)
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
			if s.restart.run > 1 {
				restarted++
			}
		}
	}
	if restarted == 0 {
		t.Error("no search restarted")
	}
	t.Logf("%d searches restarted", restarted)
}

// Restarts with a trimmed trail: the unwinding recomputes.
func TestRestartsTrimmed(t *testing.T) {
	defer func(u int64, b, g int) { restartUnit, bigDomains, trailBudget = u, b, g }(restartUnit, bigDomains, trailBudget)
	restartUnit, bigDomains, trailBudget = 2, 0, 16
	want := []int{1, 0, 0, 2, 10, 4, 40, 92}
	for _, o := range allOptions() {
		o.Restarts = true
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

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}
