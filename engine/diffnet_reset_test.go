package engine

import (
	"slices"
	"testing"
)

// A solver Reset and restricted to a puzzle searches it exactly as a new
// solver would, whatever it solved before: csp solve --each answers a
// line the same on any worker. (diffNet's sweeps once went on from where
// the last puzzle left them, and the failures, charged to other units,
// steered dom/wdeg elsewhere.)
func TestDiffNetResetAsNew(t *testing.T) {
	all := readLines(t, "sudoku17.txt")
	puzzles := append(all[1300:1400:1400], all[2600:2700]...) // two that once differed among them
	m, cells := sudokuByKind()
	search := func(s *Solver, p string) []string {
		var tr []string
		s.trace = func(depth int, x Var, v int64, eq, ok bool) {
			tr = append(tr, traceNode(depth, int(x), v, eq, ok))
		}
		for k := range p {
			if d := sudokuDigit(p[k]); d > 0 {
				s.Restrict(cells[k], []int64{int64(d)})
			}
		}
		if s.Next() != Solution {
			t.Fatal("no solution")
		}
		return tr
	}
	for _, o := range []Options{Default(), {Order: OrderDomWdeg, Values: ValuesMin, Prop: PropAC}} {
		reused := newSolver(t, m, o)
		if !usesDiffNet(reused) {
			t.Fatal("no diffNet")
		}
		for i, p := range puzzles {
			reused.Reset()
			got := search(reused, p)
			want := search(newSolver(t, m, o), p)
			if !slices.Equal(got, want) {
				t.Fatalf("%+v, puzzle %d after %d others: %d nodes, a new solver %d", o, i+1, i, len(got), len(want))
			}
		}
	}
}

// sudokuByKind is the empty sudoku with its units posted as
// models/sudoku.csp posts them: the rows, then the columns, then the
// blocks.
func sudokuByKind() (*Model, []Var) {
	m := NewModel()
	cells := make([]Var, 81)
	for i := range cells {
		cells[i], _ = m.NewVarRange("cell", 1, 9)
	}
	units := sudokuUnits(9, 3)
	for kind := range 3 {
		for u := kind; u < len(units); u += 3 {
			var args []Expr
			for _, i := range units[u] {
				args = append(args, m.Ref(cells[i]))
			}
			m.AllDifferent(args)
		}
	}
	return m, cells
}
