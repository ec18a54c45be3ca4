package engine

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestResumableInterleaved(t *testing.T) {
	m, q := queens(t, 6)
	s := newSolver(t, m, Options{Order: OrderInput})
	var got [][]int64
	for s.Next() == Solution {
		a := make([]int64, len(q))
		for i, v := range q {
			a[i] = s.Value(v)
			if d := s.Domain(v); !slices.Equal(d, []int64{a[i]}) {
				t.Fatalf("Domain at a solution = %v", d)
			}
		}
		s.Propagate() // reading the state between calls must not disturb it
		got = append(got, a)
	}
	want := [][]int64{{2, 4, 6, 1, 3, 5}, {3, 6, 2, 5, 1, 4}, {4, 1, 5, 2, 6, 3}, {5, 3, 1, 6, 4, 2}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("solutions %v, want %v", got, want)
	}
	if st := s.Stats(); st.Solutions != 4 || st.MaxDepth != 6 || st.SearchTime <= 0 {
		t.Errorf("stats %+v", st)
	}
}

func TestValuesMaxIsTheMirror(t *testing.T) {
	m, q := queens(t, 8)
	s := newSolver(t, m, Options{Order: OrderInput, Values: ValuesMax})
	s.Next()
	for i, w := range []int64{1, 5, 8, 6, 3, 7, 2, 4} {
		if v := s.Value(q[i]); v != 9-w {
			t.Fatalf("q%d = %d, want %d", i+1, v, 9-w)
		}
	}
}

func TestStopFromAnotherGoroutine(t *testing.T) {
	// The other goroutine stops the search once it is under way: the
	// first progress report (a few thousand nodes in) tells it so, so the
	// verdict does not depend on how fast the machine is.
	m, _ := queens(t, 30)
	underway := make(chan struct{})
	var once sync.Once
	s := newSolver(t, m, Options{Order: OrderInput, Progress: func(Stats) { once.Do(func() { close(underway) }) }})
	go func() {
		<-underway
		s.Stop()
	}()
	n := 0
	st := s.Next()
	for ; st == Solution; st = s.Next() {
		n++
	}
	if st != Stopped {
		t.Fatalf("status %v", st)
	}
	if s.Next() != Stopped {
		t.Error("Next after Stop did not stop")
	}
	stats := s.Stats()
	if stats.Solutions != int64(n) || stats.Nodes == 0 || stats.Failures > stats.Nodes {
		t.Errorf("stats %+v after %d solutions", stats, n)
	}
}

func TestDeadline(t *testing.T) {
	m, _ := queens(t, 30)
	start := time.Now()
	s := newSolver(t, m, Options{Order: OrderInput, Deadline: start.Add(30 * time.Millisecond)})
	st := s.Next()
	for st == Solution {
		st = s.Next()
	}
	if st != Stopped {
		t.Fatalf("status %v", st)
	}
	// Only a hang fails here: a loaded machine may take long to reach
	// the deadline's check, and that says nothing about the solver.
	if d := time.Since(start); d > time.Minute {
		t.Errorf("stopped after %v", d)
	}
	past := newSolver(t, m, Options{Deadline: start.Add(-time.Second)})
	if st := past.Next(); st != Stopped || past.Stats().Nodes != 0 {
		t.Errorf("past deadline: %v after %d nodes", st, past.Stats().Nodes)
	}
}

func TestBranchAndBound(t *testing.T) {
	// Minimise 7a - 3b + 2c with a, b, c in 0..9 all different and
	// a + b + c = 12: the optimum is a = 0, b = 9, c = 3: -21.
	m := newModel(t, span(0, 9), span(0, 9), span(0, 9))
	m.m.AllDifferent([]Expr{m.ref(0), m.ref(1), m.ref(2)})
	m.m.Require(m.bin(OpEq, m.nary(OpSum, m.ref(0), m.ref(1), m.ref(2)), c(12)))
	obj := m.nary(OpSum, m.bin(OpMul, c(7), m.ref(0)), m.bin(OpMul, c(-3), m.ref(1)), m.bin(OpMul, c(2), m.ref(2)))
	for _, sense := range []Sense{Minimize, Maximize} {
		m.m.SetObjective(sense, obj)
		for _, o := range allOptions() {
			s := newSolver(t, m.m, o)
			var objs []int64
			for s.Next() == Solution {
				objs = append(objs, s.Objective())
			}
			want := int64(-21)
			if sense == Maximize {
				want = 7*9 - 3*0 + 2*3 // a = 9, b = 0, c = 3
			}
			if len(objs) == 0 || objs[len(objs)-1] != want {
				t.Errorf("%v %+v: objectives %v, want last %d", sense, o, objs, want)
			}
		}
	}
}

func TestObjectiveMustBeDefined(t *testing.T) {
	// maximise 12 / a with a in -2..3: a = 0 is no solution.
	m := newModel(t, span(-2, 3))
	m.m.SetObjective(Maximize, m.bin(OpDiv, c(12), m.ref(0)))
	s := newSolver(t, m.m, Options{})
	var got []int64
	for s.Next() == Solution {
		got = append(got, s.Value(m.vars[0]))
	}
	if !slices.Equal(got, []int64{-2, 1}) || s.Objective() != 12 { // -6, then 12
		t.Errorf("solutions %v objective %d", got, s.Objective())
	}
}

func TestConstantObjective(t *testing.T) {
	m := newModel(t, span(1, 3), span(1, 3))
	m.m.SetObjective(Minimize, c(4))
	s := newSolver(t, m.m, Options{})
	if s.Next() != Solution || s.Objective() != 4 || s.Next() != Exhausted {
		t.Error("a constant objective has one optimal solution")
	}
}

func TestNoVariables(t *testing.T) {
	m := NewModel()
	m.Require(NewConst(1))
	s := newSolver(t, m, Options{})
	if s.Next() != Solution || s.Next() != Exhausted || s.Next() != Exhausted {
		t.Error("an empty model has exactly one solution")
	}
	if !s.Propagate() {
		t.Error("Propagate on an empty model failed")
	}
}

func TestNewSolverErrors(t *testing.T) {
	m := newModel(t, span(1, 3))
	other := NewModel()
	for range 5 {
		other.NewVarRange("x", 1, 3)
	}
	cases := map[string]func(*Model){
		"foreign variable":   func(mm *Model) { mm.Require(other.Ref(4)) },
		"struct literal var": func(mm *Model) { mm.Require(&VarExpr{V: 0}) },
		"struct literal mul": func(mm *Model) { mm.Require(&Binary{Op: OpMul, X: m.ref(0), Y: NewConst(5)}) },
		"nil expression":     func(mm *Model) { mm.Require(nil) },
		"nil in alldiff":     func(mm *Model) { mm.AllDifferent([]Expr{m.ref(0), nil}) },
		"bad objective":      func(mm *Model) { mm.SetObjective(Minimize, &VarExpr{V: 0}) },
	}
	for name, post := range cases {
		mm := newModel(t, span(1, 3))
		post(mm.m)
		if _, err := NewSolver(mm.m, Options{}); err == nil {
			t.Errorf("%s: no error", name)
		} else if strings.Contains(err.Error(), "panic") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := NewSolver(m.m, Options{Prop: 7}); err == nil {
		t.Error("unknown propagation level accepted")
	}
	if _, err := NewSolver(nil, Options{}); err == nil {
		t.Error("nil model accepted")
	}
}

// The search allocates nothing per node once its slices have grown.
func TestSearchDoesNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, o := range allOptions() {
		m, _ := queens(t, 10)
		s := newSolver(t, m, o)
		for range 50 { // grow the trail and frames
			s.Next()
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		countSolutions(s)
		runtime.ReadMemStats(&after)
		nodes := s.Stats().Nodes
		if mallocs := after.Mallocs - before.Mallocs; mallocs > 10 {
			t.Errorf("%+v: %d allocations for %d nodes", o, mallocs, nodes)
		}
	}
}
