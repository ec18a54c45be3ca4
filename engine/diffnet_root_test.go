package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// rootRecord is what a search shows of the root run: Propagate's answer
// and domains, then every node, solution, the statistics and the dom/wdeg
// weights at the end.
func rootRecord(s *Solver, all bool) []string {
	var out []string
	out = append(out, fmt.Sprint(s.Propagate()))
	for x := range s.n {
		out = append(out, fmt.Sprint(s.Domain(Var(x))))
	}
	s.trace = func(depth int, x Var, v int64, eq, ok bool) {
		out = append(out, traceNode(depth, int(x), v, eq, ok))
	}
	for st := s.Next(); st == Solution; st = s.Next() {
		sol := make([]int64, s.n)
		for x := range sol {
			sol[x] = s.Value(Var(x))
		}
		out = append(out, fmt.Sprint("solution", sol))
		if !all {
			break
		}
	}
	st := s.Stats()
	out = append(out, fmt.Sprint(st.Nodes, st.Failures, st.Propagations), fmt.Sprint(s.weight))
	return out
}

// rootRecords solves the puzzles one after another on one solver, as
// --each does, and returns rootRecord's lines for all of them, and the
// solver for its counters.
func rootRecords(t *testing.T, m *Model, cells []Var, o Options, puzzles []string, all bool) ([]string, *Solver) {
	s := newSolver(t, m, o)
	var rec []string
	for _, p := range puzzles {
		s.Reset()
		for c := range p {
			if d := sudokuDigit(p[c]); d > 0 {
				s.Restrict(cells[c], []int64{int64(d)})
			}
		}
		rec = append(rec, rootRecord(s, all)...)
	}
	return rec, s
}

func rootRuns(s *Solver) int {
	n := 0
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			n += p.roots
		}
	}
	return n
}

// rootRun (diffnet_root.go) leaves the root's domains, its failures and
// their charges, and the whole search after it, as the sweep alone:
// random models of diffNet's class under every PropAC setting, dom/wdeg
// included, with root failures among them, their solutions against brute
// force.
func TestDiffNetRootSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	models := 100
	if testing.Short() {
		models = 40
	}
	defer func() { useSpreadRoot = true }()
	fast, rootFail := 0, 0
	for i := range models {
		m := diffNetModel(rng)
		want := bruteDiff(m)
		for _, o := range allOptions() {
			if o.Prop != PropAC {
				continue
			}
			var recs [2][]string
			for k, on := range []bool{true, false} {
				useSpreadRoot = on
				s := newSolver(t, m, o)
				recs[k] = rootRecord(s, true)
				if on {
					fast += rootRuns(s)
				}
			}
			useSpreadRoot = true
			if !slices.Equal(recs[0], recs[1]) {
				t.Fatalf("model %d, options %+v:\nrootRun %v\nsweep   %v", i, o, recs[0], recs[1])
			}
			if recs[0][0] == "false" {
				rootFail++
			}
			if n := slices.IndexFunc(recs[0], func(l string) bool { return len(l) > 8 && l[:8] == "solution" }); (n >= 0) != (len(want) > 0) {
				t.Fatalf("model %d, options %+v: solutions %v, brute force %d", i, o, recs[0], len(want))
			}
		}
	}
	if fast == 0 || rootFail == 0 {
		t.Errorf("rootRun ran %d times, %d roots failed: the test misses a case", fast, rootFail)
	}
}

// On sudokus solved one after another (Reset and Restrict, as csp solve
// --each runs them), with a puzzle whose givens contradict each other
// only through the rules, rootRun changes nothing either.
func TestDiffNetRootSudokus(t *testing.T) {
	puzzles := append(readLines(t, "top95.txt")[:30], readLines(t, "sudoku17.txt")[2000:2060]...)
	// Row 1 needs a 1 that columns 1 to 8 and the last cell's 2 forbid.
	bad := []byte("........2" + ".1......." + "..1......" + "...1....." + "....1...." + ".....1..." + "......1.." + ".......1." + "1........")
	puzzles = append(puzzles, string(bad))
	m, cells := sudokuByKind()
	defer func() { useSpreadRoot = true }()
	for _, o := range []Options{Default(), {Order: OrderDomWdeg, Values: ValuesMax, Prop: PropAC}, {Order: OrderMRV, Prop: PropAC}} {
		var recs [2][]string
		fast := 0
		for k, on := range []bool{true, false} {
			useSpreadRoot = on
			var s *Solver
			recs[k], s = rootRecords(t, m, cells, o, puzzles, false)
			if on {
				fast = rootRuns(s)
			}
		}
		useSpreadRoot = true
		if i := firstDiff(recs[0], recs[1]); i >= 0 {
			t.Fatalf("%+v: line %d: rootRun %q, sweep %q", o, i, recs[0][i], recs[1][i])
		}
		if fast < 2*len(puzzles) { // Propagate's root and the search's
			t.Errorf("%+v: rootRun ran %d times for %d puzzles", o, fast, len(puzzles))
		}
	}
}

func firstDiff(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// Under a Tracer, which reports each unit's removals on their own, the
// root is swept as without rootRun.
func TestDiffNetRootTracerFallsBack(t *testing.T) {
	m, cells := sudokuByKind()
	p := readLines(t, "top95.txt")[0]
	for _, tracer := range []bool{false, true} {
		s := newSolver(t, m, Default())
		for c := range p {
			if d := sudokuDigit(p[c]); d > 0 {
				s.Restrict(cells[c], []int64{int64(d)})
			}
		}
		if tracer {
			s.SetTracer(&Tracer{Event: func(TraceEvent) bool { return true }})
		}
		if s.Next() != Solution {
			t.Fatal("no solution")
		}
		if n := rootRuns(s); (n > 0) == tracer {
			t.Errorf("tracer %v: rootRun ran %d times", tracer, n)
		}
	}
}

// The 1,000 17-clue sample and top95 solved as csp solve --each does,
// rootRun on and off: go test ./engine -run X -bench Sudoku -cpu 1.
func BenchmarkSudokuRoot(b *testing.B)  { benchSudokus(b, "sudoku17_sample1000.txt") }
func BenchmarkSudokuTop95(b *testing.B) { benchSudokus(b, "top95.txt") }

func benchSudokus(b *testing.B, name string) {
	puzzles := readLines(b, name)
	m, cells := sudokuByKind()
	for _, on := range []bool{true, false} {
		b.Run(fmt.Sprint("rootRun=", on), func(b *testing.B) {
			defer func() { useSpreadRoot = true }()
			useSpreadRoot = on
			s := newSolver(b, m, Default())
			for range b.N {
				for _, p := range puzzles {
					s.Reset()
					for c := range p {
						if d := sudokuDigit(p[c]); d > 0 {
							s.Restrict(cells[c], []int64{int64(d)})
						}
					}
					if s.Next() != Solution {
						b.Fatal("no solution")
					}
				}
			}
		})
	}
}
