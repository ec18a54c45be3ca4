package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

func calmSkips(s *Solver) int {
	n := 0
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			n += p.calmSkips
		}
	}
	return n
}

// Skipping the Régin tests that unit found would end at once (setCalm)
// leaves everything as it was: the root's domains, every node, the
// solutions (against brute force), the statistics and the dom/wdeg
// weights, on random models of diffNet's class under every PropAC
// setting, wide nets (two words of units) included.
func TestDiffNetCalmSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	models := 120
	if testing.Short() {
		models = 40
	}
	defer func() { useCalm = true }()
	skips := 0
	for i := range models {
		var m *Model
		if i%4 == 3 {
			m = wideDiffModel(rng)
		} else {
			m = diffNetModel(rng)
		}
		want := bruteDiff(m)
		for _, o := range allOptions() {
			if o.Prop != PropAC {
				continue
			}
			var recs [2][]string
			for k, on := range []bool{true, false} {
				useCalm = on
				s := newSolver(t, m, o)
				recs[k] = rootRecord(s, true)
				if on {
					skips += calmSkips(s)
				}
			}
			useCalm = true
			if j := firstDiff(recs[0], recs[1]); j >= 0 {
				t.Fatalf("model %d, options %+v: line %d: calm %q, without %q", i, o, j, recs[0][j], recs[1][j])
			}
			if n := slices.IndexFunc(recs[0], func(l string) bool { return len(l) > 8 && l[:8] == "solution" }); (n >= 0) != (len(want) > 0) {
				t.Fatalf("model %d, options %+v: solutions %v, brute force %d", i, o, recs[0], len(want))
			}
		}
	}
	if skips == 0 {
		t.Error("no Régin test was skipped: the test misses the case")
	}
}

// On sudokus solved one after another (Reset and Restrict, as csp solve
// --each runs them), the skips change nothing either.
func TestDiffNetCalmSudokus(t *testing.T) {
	puzzles := append(readLines(t, "top95.txt")[:30], readLines(t, "sudoku17.txt")[3000:3060]...)
	m, cells := sudokuByKind()
	defer func() { useCalm = true }()
	for _, o := range []Options{Default(), {Order: OrderDomWdeg, Values: ValuesMax, Prop: PropAC}, {Order: OrderMRV, Prop: PropAC}} {
		var recs [2][]string
		skips := 0
		for k, on := range []bool{true, false} {
			useCalm = on
			s := newSolver(t, m, o)
			for _, p := range puzzles {
				s.Reset()
				for c := range p {
					if d := sudokuDigit(p[c]); d > 0 {
						s.Restrict(cells[c], []int64{int64(d)})
					}
				}
				recs[k] = append(recs[k], rootRecord(s, false)...)
			}
			if on {
				skips = calmSkips(s)
			}
		}
		useCalm = true
		if i := firstDiff(recs[0], recs[1]); i >= 0 {
			t.Fatalf("%+v: line %d: calm %q, without %q", o, i, recs[0][i], recs[1][i])
		}
		if skips == 0 {
			t.Errorf("%+v: no Régin test skipped", o)
		}
	}
}

// regin gathers a unit's variables in scratch of 65 entries: a unit of
// 64 variables over 64 values with a Hall pair reaches it whole, and is
// pruned as the separate propagators prune it; one of 65 fails (in unit,
// before regin), given values or not.
func TestDiffNetReginPast64(t *testing.T) {
	defer func() { useDiffNet = true }()
	for _, fixed := range []int{-1, 0, 1, 3} {
		m := NewModel()
		var refs []Expr
		n := 65 + fixed
		if fixed < 0 {
			n = 64
		}
		for i := range n {
			lo, hi := int64(0), int64(63)
			switch {
			case fixed < 0 && i < 2:
				hi = 1 // the Hall pair
			case fixed > 0 && i >= 65:
				lo, hi = int64(i-65), int64(i-65) // given: 0, 1, ...
			}
			x, _ := m.NewVarRange(fmt.Sprintf("x%d", i), lo, hi)
			refs = append(refs, m.Ref(x))
		}
		m.AllDifferent(refs)
		var got [2][]string
		for k, net := range []bool{true, false} {
			useDiffNet = net
			s := newSolver(t, m, Options{Order: OrderMRV, Prop: PropAC})
			if net && !usesDiffNet(s) {
				t.Fatalf("%d fixed: no diffNet", fixed)
			}
			ok := s.Propagate()
			got[k] = append(got[k], fmt.Sprint(ok))
			for x := int32(0); ok && x < s.n; x++ { // after a failure: undefined
				got[k] = append(got[k], fmt.Sprint(s.Domain(Var(x))))
			}
		}
		if j := firstDiff(got[0], got[1]); j >= 0 {
			t.Fatalf("%d fixed: line %d: diffNet %q, separate %q", fixed, j, got[0][j], got[1][j])
		}
		if want := fmt.Sprint(fixed < 0); got[0][0] != want {
			t.Errorf("%d fixed: Propagate %s, want %s", fixed, got[0][0], want)
		}
	}
}
