package engine

import (
	"fmt"
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

// outsiders adds to m variables outside its alldiffs that narrow theirs
// (z < x, z > x, z != x): a decision on one of them changes the net's
// variables by another propagator's events, and the branch that undoes
// it need not change them again.
func outsiders(m *Model, rng *rand.Rand) {
	n := m.NumVars()
	for k := range 2 + rng.Intn(2) {
		z, _ := m.NewVarRange(fmt.Sprintf("z%d", k), -1, 4)
		x := m.Ref(Var(rng.Intn(n)))
		op := []BinOp{OpLt, OpGt, OpNe}[rng.Intn(3)]
		e, _ := NewBinary(op, m.Ref(z), x)
		m.Require(e)
	}
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
		if i%2 == 0 {
			outsiders(m, rng)
		}
		want := bruteDiff(m)
		copyLimit = []int{0, 1 << 20, 0}[i%3]
		bigDomains, trailBudget = b0, g0
		if i%3 == 2 {
			bigDomains, trailBudget = 0, 16
		}
		opts := allOptions()
		opts = append(opts, Options{Order: OrderDomWdeg, Prop: PropAC, Restarts: RestartLuby, Seed: uint64(i)})
		for _, o := range opts {
			if o.Prop != PropAC {
				continue
			}
			var recs [2][]string
			for k, on := range []bool{true, false} {
				useKeep = on
				s := newSolver(t, m, o)
				recs[k] = rootRecord(s, o.Restarts == RestartNone)
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
			if o.Restarts != RestartNone && n > 1 || o.Restarts == RestartNone && n != len(want) || (n > 0) != (len(want) > 0) {
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
			var s *Solver
			recs[k], s = rootRecords(t, m, cells, o, puzzles, true)
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

// A kept run that fails lists the variables it loaded for the next run to
// load again: here z = 0 narrows y and y2 (by y != z, y2 != z), the net
// fails, and neither z != 0 nor z = 1 touches them again, so that the
// next run, woken by y = 0, finds y2 as the failed run left it unless
// it loads it again.
func TestDiffNetKeepAfterFailure(t *testing.T) {
	m := NewModel()
	z, _ := m.NewVar("z", []int64{0, 1, 2})
	y, _ := m.NewVar("y", []int64{0, 2, 3})
	y2, _ := m.NewVar("y2", []int64{0, 2, 3})
	w, _ := m.NewVar("w", []int64{2, 3})
	v, _ := m.NewVar("v", []int64{0, 1, 2, 3})
	m.AllDifferent([]Expr{m.Ref(y), m.Ref(y2), m.Ref(w)})
	m.AllDifferent([]Expr{m.Ref(y2), m.Ref(w), m.Ref(v)})
	for _, x := range []Var{y, y2} {
		e, _ := NewBinary(OpNe, m.Ref(x), m.Ref(z))
		m.Require(e)
	}
	stale := 0
	keepStale = func(p *diffNet, vars []int32) { stale += len(vars) }
	defer func() { useKeep, keepStale = true, nil }()
	o := Options{Order: OrderInput, Values: ValuesMin, Prop: PropAC}
	var recs [2][]string
	for k, on := range []bool{true, false} {
		useKeep = on
		s := newSolver(t, m, o)
		if !usesDiffNet(s) {
			t.Fatal("the model has no diffNet")
		}
		recs[k] = rootRecord(s, true)
		if on && keptRuns(s) == 0 {
			t.Error("no run found its domains kept")
		}
	}
	if l := firstDiff(recs[0], recs[1]); l >= 0 {
		t.Fatalf("line %d:\nkept   %q\nloaded %q", l, recs[0][l:], recs[1][l:])
	}
	if stale > 0 {
		t.Errorf("runs found %d variables kept whose domains are not the store's", stale)
	}
}

// Under a tracer (--trace, --tree, the browser's view) the net writes each
// unit's removals to the store as it goes (sweep), so that a run that
// fails after a unit has already written cannot leave its domains kept:
// the next run loads them all. On top95's first puzzles, with a tracer,
// keeping changes no solution, node or weight, and no run finds a kept
// domain that is not the store's (before the fix, 8 of the 20 had "no
// solution").
func TestDiffNetKeepTraced(t *testing.T) {
	puzzles := readLines(t, "top95.txt")[:20]
	m, cells := sudokuByKind()
	stale := 0
	keepStale = func(p *diffNet, vars []int32) { stale += len(vars) }
	defer func() { useKeep, keepStale = true, nil }()
	events := 0
	for _, o := range []Options{Default(), {Order: OrderMRV, Prop: PropAC}} {
		var recs [2][]string
		for k, on := range []bool{true, false} {
			useKeep = on
			for _, p := range puzzles {
				s := newSolver(t, m, o)
				for c := range p {
					if d := sudokuDigit(p[c]); d > 0 {
						s.Restrict(cells[c], []int64{int64(d)})
					}
				}
				s.SetTracer(&Tracer{Domains: true, Event: func(TraceEvent) bool { events++; return true }})
				recs[k] = append(recs[k], rootRecord(s, true)...)
			}
		}
		useKeep = true
		if i := firstDiff(recs[0], recs[1]); i >= 0 {
			t.Fatalf("%+v: line %d:\nkept   %q\nloaded %q", o, i, recs[0][i:], recs[1][i:])
		}
		if stale > 0 {
			t.Fatalf("%+v: runs found %d variables kept whose domains are not the store's", o, stale)
		}
	}
	if events == 0 {
		t.Fatal("the tracer saw nothing")
	}
}
