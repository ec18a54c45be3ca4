package engine

import (
	"fmt"
	"hash/fnv"
	"io"
	"math/rand"
	"testing"
)

// Under dom/wdeg the search over a diffNet depends on which unit each
// failure is charged to, which the comparison with the separate
// propagators cannot check (their charges differ). An optimisation of
// diffNet must leave those searches as they were: these digests hash
// the search trees and statistics that diffNet gave at commit ec54a5b,
// before its loops were reworked (with Reset starting its sweeps anew), on random models of its class and on
// sudokus (Reset and Restrict, as csp solve --each runs them). The
// sudokus' digest changed once since, on purpose: the search starts the
// sweeps from the first unit, not where the root's run left them (the
// root may take another order to its fixpoint, diffnet_root.go); on the
// 49,151 17-clue sudokus that made 56,165 nodes 56,298 (failures 21,559
// 21,622).
func TestDiffNetDomWdegUnchanged(t *testing.T) {
	const wantRandom, wantSudoku uint64 = 0xf0abd2b39e8d21e3, 0xcccd2cfa473b4b16
	opts := []Options{Default(), {Order: OrderDomWdeg, Values: ValuesMax, Prop: PropAC}}
	h := fnv.New64a()
	rng := rand.New(rand.NewSource(21))
	for range 300 {
		m := diffNetModel(rng)
		for _, o := range opts {
			s := newSolver(t, m, o)
			hashSearch(h, s, true)
		}
	}
	if got := h.Sum64(); got != wantRandom {
		t.Errorf("random models: digest %#x, want %#x", got, wantRandom)
	}
	puzzles := append(readLines(t, "top95.txt")[:40], readLines(t, "sudoku17.txt")[1300:1400]...)
	m, cells := sudokuByKind()
	h.Reset()
	for _, o := range opts {
		s := newSolver(t, m, o)
		for _, p := range puzzles {
			s.Reset()
			for k := range p {
				if d := sudokuDigit(p[k]); d > 0 {
					s.Restrict(cells[k], []int64{int64(d)})
				}
			}
			hashSearch(h, s, false)
		}
	}
	if got := h.Sum64(); got != wantSudoku {
		t.Errorf("sudokus: digest %#x, want %#x", got, wantSudoku)
	}
}

// hashSearch writes s's search to h: each node, each solution (all of
// them, or the first), the statistics.
func hashSearch(h io.Writer, s *Solver, all bool) {
	s.trace = func(depth int, x Var, v int64, eq, ok bool) {
		io.WriteString(h, traceNode(depth, int(x), v, eq, ok))
	}
	for st := s.Next(); st == Solution; st = s.Next() {
		io.WriteString(h, "solution")
		if !all {
			break
		}
	}
	st := s.Stats()
	fmt.Fprintln(h, st.Nodes, st.Failures, st.Propagations)
}
