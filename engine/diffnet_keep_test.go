package engine

import (
	"math/rand"
	"testing"
)

func keptRuns(s *Solver) int {
	n := 0
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			n += p.keeps
		}
	}
	return n
}

// Keeping the domains between runs (diffnet_keep.go) leaves every search
// as loading them at each run: random models of diffNet's class with
// other constraints around (events from other propagators), of one and
// two words of units, under every PropAC setting, dom/wdeg included, on
// trailing and copying stores, with a bounded trail (levels restored
// from the snapshot) and with restarts; their solutions against brute
// force.
func TestDiffNetKeepSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	models := 60
	if testing.Short() {
		models = 24
	}
	l0, b0, g0 := copyLimit, bigDomains, trailBudget
	defer func() { copyLimit, bigDomains, trailBudget, useKeep = l0, b0, g0, true }()
	kept, stale := 0, 0
	keepStale = func(p *diffNet, vars []int32) { stale += len(vars) }
	defer func() { keepStale = nil }()
	for i := range models {
		m := diffNetModel(rng)
		if i%4 == 3 {
			m = wideDiffModel(rng)
		}
		want := bruteDiff(m)
		copyLimit = []int{0, 1 << 20, 0}[i%3]
		bigDomains, trailBudget = b0, g0
		if i%3 == 2 {
			bigDomains, trailBudget = 0, 16
		}
		opts := allOptions()
		opts = append(opts, Options{Order: OrderDomWdeg, Prop: PropAC, Restarts: true, Seed: uint64(i)})
		for _, o := range opts {
			if o.Prop != PropAC {
				continue
			}
			var recs [2][]string
			for k, on := range []bool{true, false} {
				useKeep = on
				s := newSolver(t, m, o)
				recs[k] = rootRecord(s, !o.Restarts)
				if on {
					kept += keptRuns(s)
				}
			}
			useKeep = true
			if l := firstDiff(recs[0], recs[1]); l >= 0 {
				t.Fatalf("model %d, options %+v: line %d:\nkept   %q\nloaded %q", i, o, l, recs[0][l:], recs[1][l:])
			}
			n := 0
			for _, l := range recs[0] {
				if len(l) > 8 && l[:8] == "solution" {
					n++
				}
			}
			if o.Restarts && n > 1 || !o.Restarts && n != len(want) || (n > 0) != (len(want) > 0) {
				t.Fatalf("model %d, options %+v: %d solutions, brute force %d", i, o, n, len(want))
			}
		}
	}
	if kept == 0 {
		t.Error("no run found its domains kept: the test checks nothing")
	}
	if stale > 0 {
		t.Errorf("runs found %d variables kept whose domains are not the store's", stale)
	}
}

// On sudokus solved one after another (Reset and Restrict, as csp solve
// --each runs them), and on top95's harder ones, keeping the domains
// changes no node, weight or count.
func TestDiffNetKeepSudokus(t *testing.T) {
	puzzles := append(readLines(t, "top95.txt")[:20], readLines(t, "sudoku17.txt")[3000:3040]...)
	m, cells := sudokuByKind()
	stale := 0
	keepStale = func(p *diffNet, vars []int32) { stale += len(vars) }
	defer func() { useKeep, keepStale = true, nil }()
	for _, o := range []Options{Default(), {Order: OrderDomWdeg, Values: ValuesMax, Prop: PropAC}, {Order: OrderMRV, Prop: PropAC}} {
		var recs [2][]string
		kept := 0
		for k, on := range []bool{true, false} {
			useKeep = on
			s := newSolver(t, m, o)
			for _, p := range puzzles {
				s.Reset()
				for c := range p {
					if d := sudokuDigit(p[c]); d > 0 {
						s.Restrict(cells[c], []int64{int64(d)})
					}
				}
				recs[k] = append(recs[k], rootRecord(s, true)...)
			}
			if on {
				kept = keptRuns(s)
			}
		}
		useKeep = true
		if i := firstDiff(recs[0], recs[1]); i >= 0 {
			t.Fatalf("%+v: line %d:\nkept   %q\nloaded %q", o, i, recs[0][i:], recs[1][i:])
		}
		if kept < len(puzzles) {
			t.Errorf("%+v: %d runs kept their domains for %d puzzles", o, kept, len(puzzles))
		}
		if stale > 0 {
			t.Fatalf("%+v: runs found %d variables kept whose domains are not the store's", o, stale)
		}
	}
}
