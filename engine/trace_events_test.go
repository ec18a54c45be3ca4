package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// traceLines runs s to its first solution and tells its events as text.
func traceLines(t *testing.T, s *Solver, domains bool) []string {
	t.Helper()
	var got []string
	s.SetTracer(&Tracer{Domains: domains, Event: func(e TraceEvent) bool {
		got = append(got, eventText(s, e))
		return true
	}})
	if s.Next() != Solution {
		t.Fatal("no solution")
	}
	return got
}

func eventText(s *Solver, e TraceEvent) string {
	switch e.Kind {
	case TraceNode:
		op := "="
		if !e.Eq {
			op = "!="
		}
		return fmt.Sprintf("%d q%d%s%d", e.Depth, e.Var+1, op, e.Value)
	case TracePrune:
		return fmt.Sprintf("%d  q%d-%v by %d", e.Depth, e.Var+1, e.Values, e.Constraint)
	case TraceFail:
		return fmt.Sprintf("%d  wiped q%d con %d", e.Depth, e.Var+1, e.Constraint)
	case TraceBacktrack:
		return fmt.Sprintf("%d back q%d", e.Depth, e.Var+1)
	case TraceSolution:
		var p []string
		for d := 1; d <= e.Depth; d++ {
			x, v, _, rest := s.Pile(d, nil)
			p = append(p, fmt.Sprintf("q%d=%d%v", x+1, v, rest))
		}
		return "solution " + strings.Join(p, " ")
	}
	return fmt.Sprint(e.Kind)
}

// The course's 4-queens exploration, told event by event.
func TestTraceQueens4(t *testing.T) {
	m, _ := queens(t, 4)
	s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: PropFC})
	got := traceLines(t, s, false)
	want := []string{
		"1 q1=1", "2 q2=3", "2  wiped q3 con 1", "2 q2=4", "3 q3=2", "3  wiped q4 con 1",
		"3 back q3", "2 back q2",
		"1 q1=2", "2 q2=4", "3 q3=1", "4 q4=3",
		"solution q1=2[4 3] q2=4[] q3=1[] q4=3[]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("trace\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// With Domains, each node lists what forward checking removed, and
// which constraint removed it.
func TestTraceDomains(t *testing.T) {
	m, _ := queens(t, 4)
	s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: PropFC})
	got := traceLines(t, s, true)
	want := []string{"1 q1=1", "1  q2-[1] by 0", "1  q2-[2] by 1", "1  q3-[1] by 0", "1  q3-[3] by 1", "1  q4-[1] by 0", "1  q4-[4] by 1"}
	if !slices.Equal(got[:7], want) {
		t.Errorf("trace starts %q, want %q", got[:7], want)
	}
}

// Returning false stops the narration, not the search.
func TestTraceStops(t *testing.T) {
	m, _ := queens(t, 8)
	s := newSolver(t, m, Options{})
	n := 0
	s.SetTracer(&Tracer{Event: func(TraceEvent) bool { n++; return n < 3 }})
	count := 0
	for s.Next() == Solution {
		count++
	}
	if n != 3 || count != 92 {
		t.Errorf("%d events, %d solutions; want 3 and 92", n, count)
	}
}

// Piles under max and mid orders, and PropAC's binary branches.
func TestTracePiles(t *testing.T) {
	m, _ := queens(t, 5)
	s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMax, Prop: PropFC})
	got := traceLines(t, s, false)
	if w := "solution q1=5[1 2 3 4] q2=3[1 2] q3=1[] q4=4[] q5=2[]"; got[len(got)-1] != w {
		t.Errorf("max: %s, want %s", got[len(got)-1], w)
	}
	s = newSolver(t, m, Options{Order: OrderInput, Values: ValuesMid, Prop: PropFC})
	got = traceLines(t, s, false)
	if w := "solution q1=3[5 1 4 2] q2=1[5] q3=4[] q4=2[] q5=5[]"; got[len(got)-1] != w {
		t.Errorf("mid: %s, want %s", got[len(got)-1], w)
	}
	s = newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: PropAC})
	got = traceLines(t, s, true)
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "solution") {
		t.Errorf("ac: %q", got)
	}
}

// A restart is reported, and the branch starts again from the root.
func TestTraceRestart(t *testing.T) {
	m, _ := queens(t, 14)
	s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMin, Prop: PropFC, Restarts: RestartLuby})
	restarts, afterRestart := 0, -1
	s.SetTracer(&Tracer{Event: func(e TraceEvent) bool {
		switch {
		case e.Kind == TraceRestart:
			restarts++
			afterRestart = 0
		case e.Kind == TraceNode && afterRestart == 0:
			afterRestart = e.Depth
		}
		return true
	}})
	if s.Next() != Solution {
		t.Fatal("no solution")
	}
	if restarts == 0 || afterRestart != 1 {
		t.Errorf("%d restarts, first node after one at depth %d; want some, and depth 1", restarts, afterRestart)
	}
}
