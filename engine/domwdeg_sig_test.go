package engine

import (
	"math/rand"
	"testing"
)

// domWdegRef is selectDomWdeg as it was before the classes: each
// variable's weighted degree summed from its own constraints.
func domWdegRef(s *Solver) int32 {
	t := &s.st
	items := s.unassigned.items[:t.cell[s.unassigned.size]]
	best, bestSize, bestW := int32(-1), int64(0), int64(0)
	for _, x := range items {
		w := int64(0)
		lo, hi := s.groupAt[x], s.groupAt[x+1]
		for i, g := range s.groups[lo:hi] {
			if t.cell[g] > 1 {
				w += s.weight[s.groupCons[int(lo)+i]]
			}
		}
		size := int64(t.size(x))
		if l, r := size*bestW, bestSize*w; best < 0 || l < r || l == r && x < best {
			best, bestSize, bestW = x, size, w
		}
	}
	return best
}

// At every node of random searches (failures raise the weights), the
// degrees kept per class choose the variable the per-variable sums do.
func TestDomWdegClasses(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	checked, weighted, one := 0, 0, 0
	for range 300 {
		var m *Model
		switch rng.Intn(5) {
		case 0: // one class: every variable on the same constraints
			m, _ = queens(t, 5+rng.Intn(5))
		case 1, 2:
			m = randomModel(rng).m
		default:
			m = spreadModel(rng)
		}
		for _, prop := range []PropLevel{PropAC, PropFC} {
			s := newSolver(t, m, Options{Order: OrderDomWdeg, Values: ValuesMin, Prop: prop})
			s.trace = func(int, Var, int64, bool, bool) {
				if got, want := s.selectDomWdeg(), domWdegRef(s); got != want {
					t.Fatalf("dom/wdeg chose x%d, the per-variable sums x%d", got, want)
				}
				checked++
				if len(s.wdegs.deg) == 1 {
					one++
				}
			}
			for s.Next() == Solution {
			}
			for _, w := range s.weight {
				if w > 1 {
					weighted++
					break
				}
			}
		}
	}
	if checked < 1000 || weighted < 50 || one < 200 {
		t.Errorf("%d nodes checked (%d with one class), %d searches with a failure charged", checked, one, weighted)
	}
}
