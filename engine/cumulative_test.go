package engine

import (
	"math/rand"
	"testing"
)

var cumulativeCheck = registerGlobalCheck(globalCheck{
	name:      "cumulative",
	instances: 60,
	make: func(rng *rand.Rand, m *Model) Global {
		n := 2 + rng.Intn(3)
		var u int
		start, dur := randomTasks(rng, m, n, int64(n), &u)
		var dem []Expr
		for range n {
			switch rng.Intn(6) {
			case 0:
				dem = append(dem, randomVars(rng, m, "r", 1, int64(-rng.Intn(2)), 3)...)
			case 1:
				dem = append(dem, NewConst(0))
			case 2:
				if u < maxUndefinable {
					u++
					dem = append(dem, undefinable(rng, m, "r", int64(-rng.Intn(2)), 3))
					break
				}
				dem = append(dem, NewConst(1))
			default:
				dem = append(dem, NewConst(1+rng.Int63n(3)))
			}
		}
		var capacity Expr
		switch rng.Intn(5) {
		case 0:
			capacity = randomVars(rng, m, "c", 1, -1, 4)[0]
		case 1:
			capacity = NewConst(int64(rng.Intn(6)) - 1)
		case 2:
			if u < maxUndefinable {
				capacity = undefinable(rng, m, "c", int64(-rng.Intn(2)), 4)
				break
			}
			capacity = NewConst(2)
		default:
			capacity = NewConst(2 + rng.Int63n(3))
		}
		g, err := NewCumulative(start, dur, dem, capacity)
		if err != nil {
			panic(err)
		}
		return g
	},
})

func TestCumulativeGlobal(t *testing.T) { cumulativeCheck.run(t) }

// cumulativeRoot posts cumulative over tasks with the given start ranges,
// durations and demands, propagates under PropAC and returns the start
// bounds.
func cumulativeRoot(t *testing.T, lo, hi, dur, dem []int64, capacity int64) ([][2]int64, bool) {
	t.Helper()
	m := NewModel()
	var start, d, r []Expr
	for i := range lo {
		x, err := m.NewVarRange("s", lo[i], hi[i])
		if err != nil {
			t.Fatal(err)
		}
		start = append(start, m.Ref(x))
		d = append(d, NewConst(dur[i]))
		r = append(r, NewConst(dem[i]))
	}
	g, err := NewCumulative(start, d, r, NewConst(capacity))
	if err != nil {
		t.Fatal(err)
	}
	m.Post(g)
	return rootBounds(t, m, len(lo))
}

func TestCumulativeTimetable(t *testing.T) {
	// Task 0 must run during [2, 5) (start 2..2, duration 3) with demand
	// 2 of 3; task 1 (demand 2, duration 2) cannot run beside it: it
	// starts at 5 or later, or ends by 2 (start 0): its bounds stay 0..8,
	// and values 1..4 remain inside (bounds only). Task 2 (demand 1) fits
	// beside it and keeps 0..8.
	b, ok := cumulativeRoot(t, []int64{2, 1, 0}, []int64{2, 8, 8}, []int64{3, 2, 2}, []int64{2, 2, 1}, 3)
	if !ok || b[1] != [2]int64{5, 8} || b[2] != [2]int64{0, 8} {
		t.Fatalf("timetable: got %v %v, want task 1 in 5..8 and task 2 in 0..8", b, ok)
	}
	// Mirrored: task 1 must end by 2.
	b, ok = cumulativeRoot(t, []int64{2, 0}, []int64{2, 3}, []int64{3, 2}, []int64{2, 2}, 3)
	if !ok || b[1] != [2]int64{0, 0} {
		t.Fatalf("timetable, backward: got %v %v, want task 1 at 0", b, ok)
	}
	// Two compulsory parts over capacity: failure.
	if b, ok := cumulativeRoot(t, []int64{0, 1}, []int64{1, 2}, []int64{4, 4}, []int64{2, 2}, 3); ok {
		t.Fatalf("overfull profile not detected: %v", b)
	}
}

func TestCumulativeOverload(t *testing.T) {
	// Four tasks of 2 days needing 2 of 3, all within [0, 4): energy 16
	// against 12, though no task has a compulsory part.
	if b, ok := cumulativeRoot(t, []int64{0, 0, 0, 0}, []int64{2, 2, 2, 2}, []int64{2, 2, 2, 2}, []int64{2, 2, 2, 2}, 3); ok {
		t.Fatalf("energy overload not detected: %v", b)
	}
	// Three fit in energy (12): no failure at the root.
	if _, ok := cumulativeRoot(t, []int64{0, 0, 0}, []int64{2, 2, 2}, []int64{2, 2, 2}, []int64{2, 2, 2}, 3); !ok {
		t.Fatal("three tasks of energy 4 within capacity 3 x 4 failed")
	}
}

func TestCumulativeNoAlloc(t *testing.T) {
	m := NewModel()
	var start, d, r []Expr
	for i := range 8 {
		x, _ := m.NewVarRange("s", int64(i), int64(i+6))
		start = append(start, m.Ref(x))
		d = append(d, NewConst(int64(3+i%4)))
		r = append(r, NewConst(int64(1+i%3)))
	}
	c, _ := m.NewVarRange("c", 0, 30)
	g, _ := NewCumulative(start, d, r, m.Ref(c))
	m.Post(g)
	s, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.props {
		if gr, ok := p.(*globalRun); ok {
			if n := testing.AllocsPerRun(20, func() { gr.p.propagate(&s.st, modeAC) }); n != 0 {
				t.Errorf("propagate allocates %v times per run", n)
			}
			return
		}
	}
	t.Fatal("no global propagator")
}
