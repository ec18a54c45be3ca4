package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// noOverlapRoot posts nooverlap over tasks with the given start ranges and
// durations, propagates under PropAC and returns the start bounds.
func noOverlapRoot(t *testing.T, lo, hi, dur []int64) ([][2]int64, bool) {
	t.Helper()
	m := NewModel()
	var start, d []Expr
	for i := range lo {
		x, err := m.NewVarRange("s", lo[i], hi[i])
		if err != nil {
			t.Fatal(err)
		}
		start = append(start, m.Ref(x))
		d = append(d, NewConst(dur[i]))
	}
	g, err := NewNoOverlap(start, d)
	if err != nil {
		t.Fatal(err)
	}
	m.Post(g)
	return rootBounds(t, m, len(lo))
}

func TestNoOverlapEdgeFinding(t *testing.T) {
	// Three tasks of 3 within [0, 10) leave no room for a fourth before
	// time 9: it must follow all three (edge finding; no pair shows it).
	b, ok := noOverlapRoot(t, []int64{0, 0, 0, 0}, []int64{7, 7, 7, 17}, []int64{3, 3, 3, 3})
	if !ok || b[3][0] != 9 {
		t.Fatalf("edge finding: got %v %v, want the last task to start at 9 or later", b, ok)
	}
	// Mirror: a task that cannot fit after the three must precede them.
	b, ok = noOverlapRoot(t, []int64{10, 10, 10, 0}, []int64{17, 17, 17, 17}, []int64{3, 3, 3, 3})
	if !ok || b[3][1] != 8 {
		t.Fatalf("edge finding, mirrored: got %v %v, want the last task to start by 8", b, ok)
	}
}

func TestNoOverlapDetectablePrecedence(t *testing.T) {
	// j (lst 1) must precede i (ect 6), so i starts after j ends at 4.
	b, ok := noOverlapRoot(t, []int64{0, 0}, []int64{4, 1}, []int64{6, 4})
	if !ok || b[0][0] != 4 {
		t.Fatalf("detectable precedence: got %v %v, want task 1 to start at 4", b, ok)
	}
}

func TestNoOverlapOverload(t *testing.T) {
	// Three tasks of 4 in a window of 11: overload.
	if b, ok := noOverlapRoot(t, []int64{0, 0, 0}, []int64{7, 7, 7}, []int64{4, 4, 4}); ok {
		t.Fatalf("overload not detected: %v", b)
	}
}

func TestNoOverlapNoAlloc(t *testing.T) {
	m := NewModel()
	var start, d []Expr
	for i := range 8 {
		x, _ := m.NewVarRange("s", 0, 40)
		start = append(start, m.Ref(x))
		d = append(d, NewConst(int64(1+i%4)))
	}
	g, _ := NewNoOverlap(start, d)
	m.Post(g)
	s, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	var r *globalRun
	for _, p := range s.props {
		if gr, ok := p.(*globalRun); ok {
			r = gr
		}
	}
	if r == nil {
		t.Fatal("no global propagator")
	}
	for _, mode := range []propMode{modeFC, modeAC} {
		if n := testing.AllocsPerRun(20, func() { r.p.propagate(&s.st, mode) }); n != 0 {
			t.Errorf("propagate (mode %d) allocates %v times per run", mode, n)
		}
	}
}

func TestNoOverlapNotLast(t *testing.T) {
	// Tasks 0 and 1 (5 each, starting by 8) cannot both complete before
	// task 2's latest start, 7: task 2 is not last, so it ends by the
	// latest start of one of them, 8, and starts by 6.
	b, ok := noOverlapRoot(t, []int64{0, 0, 0}, []int64{8, 8, 7}, []int64{5, 5, 2})
	if !ok || b[2][1] != 6 {
		t.Fatalf("not-last: got %v %v, want task 2 to start by 6", b, ok)
	}
	// Mirrored in [0, 13) (not-first): task 2 starts at 5 or later.
	b, ok = noOverlapRoot(t, []int64{0, 0, 4}, []int64{8, 8, 11}, []int64{5, 5, 2})
	if !ok || b[2][0] != 5 {
		t.Fatalf("not-first: got %v %v, want task 2 to start at 5 or later", b, ok)
	}
}

// TestNoOverlapRootSound checks, on instances larger than the shared
// harness can enumerate under every setting, that root propagation keeps
// every value some solution uses.
func TestNoOverlapRootSound(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	n := 60
	if testing.Short() {
		n = 15
	}
	for k := range n {
		m := NewModel()
		tasks := 5 + rng.Intn(2)
		var start, dur []Expr
		for range tasks {
			lo := rng.Int63n(6)
			x, _ := m.NewVarRange("s", lo, lo+rng.Int63n(8))
			start = append(start, m.Ref(x))
			dur = append(dur, NewConst(1+rng.Int63n(4)))
		}
		g, _ := NewNoOverlap(start, dur)
		m.Post(g)
		sols := bruteSolutions(m)
		s, err := NewSolver(m, Options{Prop: PropAC})
		if err != nil {
			t.Fatal(err)
		}
		if !s.Propagate() {
			if len(sols) > 0 {
				t.Fatalf("instance %d: root propagation failed, but %v is a solution", k, sols[0])
			}
			continue
		}
		for _, a := range sols {
			for x, v := range a {
				if !slices.Contains(s.Domain(Var(x)), v) {
					t.Fatalf("instance %d: root propagation removed %d from s%d, which solution %v uses", k, v, x, a)
				}
			}
		}
	}
}
