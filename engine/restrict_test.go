package engine

import (
	"slices"
	"strings"
	"testing"
	"time"
)

var restrictPuzzles = []string{
	"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
}

// solveGrid returns the first solution as a string and the statistics.
func solveGrid(s *Solver, cells []Var) (string, Stats) {
	if s.Next() != Solution {
		return "", s.Stats()
	}
	var b strings.Builder
	for _, c := range cells {
		b.WriteByte(sudokuSymbol(s.Value(c)))
	}
	st := s.Stats()
	st.SearchTime = 0
	return b.String(), st
}

// Restricting the cells of an empty grid to the givens searches exactly
// as the model with the givens as constraints, and one solver Reset
// between puzzles as fresh ones.
func TestRestrictAndReset(t *testing.T) {
	empty := strings.Repeat(".", 81)
	for _, o := range allOptions() {
		if o.Prop == PropNone || o.Prop == PropFC && o.Order == OrderInput {
			continue // slow on these grids: see TestRestrictQueens
		}
		base, cells := sudoku(t, empty)
		reused := newSolver(t, base, o)
		for round := range 2 {
			for _, p := range restrictPuzzles {
				m, mc := sudoku(t, p)
				want, wantSt := solveGrid(newSolver(t, m, o), mc)
				fresh := newSolver(t, base, o)
				for _, s := range []*Solver{fresh, reused} {
					for i := range p {
						if d := sudokuDigit(p[i]); d > 0 && !s.Restrict(cells[i], []int64{int64(d)}) {
							t.Fatalf("%v/%v/%v: Restrict failed", o.Order, o.Values, o.Prop)
						}
					}
					got, gotSt := solveGrid(s, cells)
					if got != want || gotSt != wantSt {
						t.Fatalf("%v/%v/%v round %d: %s %+v, want %s %+v", o.Order, o.Values, o.Prop, round, got, gotSt, want, wantSt)
					}
				}
				reused.Reset()
			}
		}
	}
}

// Restricting a queen to two rows searches as the unary constraint does.
func TestRestrictQueens(t *testing.T) {
	for _, o := range allOptions() {
		m, q := queens(t, 7)
		s := newSolver(t, m, o)
		if !s.Restrict(q[2], []int64{2, 6}) {
			t.Fatal("Restrict failed")
		}
		n1 := countSolutions(s)
		st1 := s.Stats()
		m.Require(NewInSet(m.Ref(q[2]), []int64{6, 2}, false))
		s2 := newSolver(t, m, o)
		n2 := countSolutions(s2)
		st2 := s2.Stats()
		st1.SearchTime, st2.SearchTime = 0, 0
		if n1 != n2 || st1 != st2 {
			t.Errorf("%v/%v/%v: %d %+v, want %d %+v", o.Order, o.Values, o.Prop, n1, st1, n2, st2)
		}
	}
}

func TestRestrictValues(t *testing.T) {
	for _, prop := range []PropLevel{PropFC, PropNone, PropAC} {
		m := newModel(t, span(1, 9), span(1, 9))
		m.m.AllDifferent([]Expr{m.ref(0), m.ref(1)})
		s := newSolver(t, m.m, Options{Prop: prop})
		if !s.Restrict(m.vars[0], []int64{7, 3, 12, 5, 3}) || !slices.Equal(s.Domain(m.vars[0]), []int64{3, 5, 7}) {
			t.Fatalf("%v: domain %v", prop, s.Domain(m.vars[0]))
		}
		if !s.Restrict(m.vars[1], []int64{5}) || countSolutions(s) != 2 {
			t.Fatalf("%v: restricted count", prop)
		}
		s.Reset()
		if s.Restrict(m.vars[0], []int64{0, 10}) {
			t.Fatalf("%v: emptying Restrict succeeded", prop)
		}
		if s.Next() != Exhausted || s.Stats().Nodes != 0 {
			t.Fatalf("%v: search after an empty Restrict", prop)
		}
		s.Reset()
		if got := countSolutions(s); got != 72 {
			t.Fatalf("%v: %d solutions after Reset, want 72", prop, got)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%v: Restrict after Next did not panic", prop)
				}
			}()
			s.Restrict(m.vars[0], []int64{1})
		}()
	}
}

// Reset also undoes a search whose trail was trimmed, and clears the
// bound of an optimisation.
func TestResetAfterTrimAndOptimum(t *testing.T) {
	defer func(b, g int) { bigDomains, trailBudget = b, g }(bigDomains, trailBudget)
	bigDomains, trailBudget = 0, 8
	for _, o := range allOptions() {
		m := newModel(t, span(0, 9), span(0, 9), span(0, 9))
		m.m.AllDifferent([]Expr{m.ref(0), m.ref(1), m.ref(2)})
		m.m.SetObjective(Maximize, m.nary(OpSum, m.ref(0), m.bin(OpMul, c(2), m.ref(1)), m.ref(2)))
		s := newSolver(t, m.m, o)
		var first []int64
		for range 3 {
			var objs []int64
			for s.Next() == Solution {
				objs = append(objs, s.Objective())
			}
			if len(objs) == 0 || objs[len(objs)-1] != 9*2+8+7 {
				t.Fatalf("%v/%v/%v: objectives %v", o.Order, o.Values, o.Prop, objs)
			}
			if first == nil {
				first = objs
			} else if !slices.Equal(objs, first) {
				t.Fatalf("%v/%v/%v: after Reset %v, first %v", o.Order, o.Values, o.Prop, objs, first)
			}
			s.Reset()
		}
	}
}

// A deadline that passed stops the search; Reset forgets it, so a solver
// reused for the next instance of a batch, with a new deadline, searches
// again. Stop, unlike a deadline, outlives Reset.
func TestDeadlineAndReset(t *testing.T) {
	m, cells := sudoku(t, restrictPuzzles[0])
	s := newSolver(t, m, Options{Order: OrderDomWdeg, Values: ValuesMid, Prop: PropAC})
	s.SetDeadline(time.Now().Add(-time.Second))
	if st := s.Next(); st != Stopped {
		t.Fatalf("past deadline: %v, want Stopped", st)
	}
	if st := s.Next(); st != Stopped {
		t.Fatalf("past deadline, second call: %v, want Stopped", st)
	}
	s.Reset()
	s.SetDeadline(time.Now().Add(time.Hour))
	if got, _ := solveGrid(s, cells); len(got) != 81 {
		t.Fatalf("after Reset with a new deadline: no solution")
	}
	s.Reset()
	s.Stop()
	s.Reset()
	s.SetDeadline(time.Time{})
	if st := s.Next(); st != Stopped {
		t.Fatalf("after Stop and Reset: %v, want Stopped", st)
	}
}

// A later deadline set during a search lets it go on.
func TestSetDeadlineLater(t *testing.T) {
	m, _ := sudoku(t, restrictPuzzles[0])
	s := newSolver(t, m, Options{Order: OrderDomWdeg, Values: ValuesMid, Prop: PropAC})
	s.SetDeadline(time.Now().Add(-time.Second))
	if st := s.Next(); st != Stopped {
		t.Fatalf("past deadline: %v, want Stopped", st)
	}
	s.SetDeadline(time.Now().Add(time.Hour))
	if st := s.Next(); st != Solution {
		t.Fatalf("later deadline: %v, want Solution", st)
	}
}
