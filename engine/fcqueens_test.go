package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// Under forward checking, an alldiff and a diagonal over the same
// arguments run as one pass (forwardQueens). The search must be the one of
// the two propagators run apart, node for node, and so must the counts
// of propagations and the dom/wdeg weights, which depend on which of the
// two a failure is charged to.
func TestForwardQueensSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	models := 100
	if testing.Short() {
		models = 30
	}
	fusedModels := 0
	for i := range models {
		m := spreadModel(rng)
		if i%5 == 0 { // n-queens itself, now and then wider than a word
			n := []int{5, 6, 8, 66}[rng.Intn(4)]
			m, _ = queens(t, n)
		}
		for _, o := range allOptions() {
			if o.Prop != PropFC {
				continue
			}
			var traces [2][]string
			var stats [2]Stats
			var weights [2][]int64
			for k, fuse := range []bool{true, false} {
				fuseSpreads = fuse
				s := newSolver(t, m, o)
				s.nodeLimit = 3000 // 66-queens is not counted to the end
				if k == 0 && s.fcFuse != nil && o.Order == OrderMRV && o.Values == ValuesMin {
					fusedModels++
				}
				s.trace = func(depth int, x Var, v int64, eq, ok bool) {
					traces[k] = append(traces[k], traceNode(depth, int(x), v, eq, ok))
				}
				for st := s.Next(); st == Solution; st = s.Next() {
					traces[k] = append(traces[k], "solution")
				}
				stats[k] = s.Stats()
				weights[k] = slices.Clone(s.weight)
			}
			fuseSpreads = true
			if !slices.Equal(traces[0], traces[1]) {
				t.Fatalf("model %d, options %+v:\nfused    %v\nseparate %v", i, o, traces[0], traces[1])
			}
			a, b := stats[0], stats[1]
			if a.Nodes != b.Nodes || a.Failures != b.Failures || a.Propagations != b.Propagations || a.Solutions != b.Solutions {
				t.Fatalf("model %d, options %+v: fused %+v, separate %+v", i, o, a, b)
			}
			if !slices.Equal(weights[0], weights[1]) {
				t.Fatalf("model %d, options %+v: weights fused %v, separate %v", i, o, weights[0], weights[1])
			}
		}
	}
	if fusedModels < models/5 {
		t.Errorf("only %d models ran forwardQueens", fusedModels)
	}
}

// The fused pass counts n-queens right, on domains of one word and wider.
func TestForwardQueensCounts(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 0, 3: 0, 4: 2, 6: 4, 8: 92, 9: 352} {
		m, _ := queens(t, n)
		s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropFC})
		if n >= 4 && s.fcFuse == nil {
			t.Fatalf("%d-queens: the pair is not fused", n)
		}
		if got := countSolutions(s); got != want {
			t.Errorf("%d-queens: %d solutions, want %d", n, got, want)
		}
	}
	m, q := queens(t, 70)
	s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropFC})
	if s.Next() != Solution {
		t.Fatal("70-queens: no solution")
	}
	checkQueens(t, s, q)
}
