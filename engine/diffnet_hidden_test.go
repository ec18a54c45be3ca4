package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// hiddenRoot (diffnet_root.go) trusts uFixed[u] to hold no value but
// those of u's fixed variables: a value too many there would hide a
// hidden single, and the root would stop short of the cheap rules'
// fixpoint. After each root run, on random nets of one and of two words
// of units and on sudokus, every unit's uFixed is within the values of
// its fixed variables, and on the sudokus it is not empty (the check is
// not vacuous). The search itself is compared with the sweep's in
// diffnet_root_test.go.
func TestDiffNetRootFixedValues(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	marked := 0
	check := func(s *Solver, what string) {
		for _, pr := range s.ac.props {
			p, ok := pr.(*diffNet)
			if !ok || p.roots == 0 {
				continue
			}
			for u := range len(p.uAt) - 1 {
				var fixed uint64
				for _, i := range p.uVar[p.uAt[u]:p.uAt[u+1]] {
					if d := p.dom[i]; d&(d-1) == 0 {
						fixed |= d
					}
				}
				if extra := p.uFixed[u] &^ fixed; extra != 0 {
					t.Fatalf("%s: unit %d: uFixed %b holds %b, no fixed variable's value (fixed: %b)", what, u, p.uFixed[u], extra, fixed)
				}
				if p.uFixed[u] != 0 {
					marked++
				}
			}
		}
	}
	for i := range 60 {
		for _, m := range []*Model{diffNetModel(rng), wideDiffModel(rng)} {
			s := newSolver(t, m, Default())
			if s.Propagate() {
				check(s, fmt.Sprint("random model ", i))
			}
		}
	}
	m, cells := sudokuByKind()
	s := newSolver(t, m, Default())
	marked = 0
	for k, p := range readLines(t, "sudoku17.txt")[:40] {
		s.Reset()
		for c := range p {
			if d := sudokuDigit(p[c]); d > 0 {
				s.Restrict(cells[c], []int64{int64(d)})
			}
		}
		if !s.Propagate() {
			t.Fatalf("sudoku %d fails at the root", k)
		}
		check(s, "sudoku")
	}
	if marked == 0 {
		t.Error("no unit had a fixed value marked: the test checks nothing")
	}
}
