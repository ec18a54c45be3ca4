package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// smallVar adds a variable of a few values in -4..4, with holes; one in
// three has two values at most, so that some instances have no solution.
func smallVar(rng *rand.Rand, m *Model, name string) Expr {
	var vals []int64
	sparse := rng.Intn(3) == 0
	for v := int64(-4); v <= 4; v++ {
		if sparse && rng.Intn(5) == 0 || !sparse && rng.Intn(3) > 0 {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		vals = []int64{rng.Int63n(9) - 4}
	}
	x, err := m.NewVar(name, vals)
	if err != nil {
		panic(err)
	}
	return m.Ref(x)
}

// extremumChecks test minimum and maximum over 1 to 4 variables, with a
// variable repeated (MiniZinc writes min(x, x) when it does not know
// better) and z among the xs when repeats is set.
func extremumChecks() []globalCheck {
	var cs []globalCheck
	for _, isMax := range []bool{false, true} {
		for _, c := range []struct{ repeats, domain bool }{{false, true}, {true, true}, {false, false}, {true, false}} {
			repeats := c.repeats
			cs = append(cs, globalCheck{
				name:      fmt.Sprintf("extremum max=%v repeats=%v domain=%v", isMax, repeats, c.domain),
				instances: 60,
				dc:        !repeats && c.domain,
				bc:        !repeats,
				make: func(rng *rand.Rand, m *Model) Global {
					n := 1 + rng.Intn(4)
					z := smallVar(rng, m, "z")
					xs := make([]Expr, n)
					for i := range xs {
						xs[i] = smallVar(rng, m, fmt.Sprintf("x%d", i))
						if repeats && i > 0 && rng.Intn(3) == 0 {
							xs[i] = xs[rng.Intn(i)]
						}
					}
					if repeats && rng.Intn(3) == 0 {
						xs[rng.Intn(n)] = z
					}
					g, err := NewExtremum(z, xs, isMax)
					if err != nil {
						panic(err)
					}
					g.Domain = c.domain
					return g
				},
			})
		}
	}
	return cs
}

func TestExtremumGlobal(t *testing.T) {
	for _, c := range extremumChecks() {
		c.run(t)
	}
}

func TestAbsGlobal(t *testing.T) {
	for _, domain := range []bool{true, false} {
		globalCheck{
			name:      fmt.Sprintf("abs domain=%v", domain),
			instances: 60,
			dc:        domain,
			bc:        true,
			make: func(rng *rand.Rand, m *Model) Global {
				z, x := smallVar(rng, m, "z"), smallVar(rng, m, "x")
				if rng.Intn(5) == 0 {
					x = z
				}
				return &Abs{Z: z, X: x, Domain: domain}
			},
		}.run(t)
	}
}

func TestExtremumOfNothing(t *testing.T) {
	if _, err := NewExtremum(NewConst(0), nil, false); err == nil {
		t.Fatal("minimum of no value accepted")
	}
}

// TestBoundsFixpoint: the bounds propagators of min, max and abs run as
// idempotent (their own changes do not wake them again), so one run must
// reach their fixpoint however many values the holes make a bound skip.
// z odd and x even can never be equal: the bounds close in by a value or
// two a round, and the root must fail (a run that stopped after a fixed
// number of rounds would leave both domains, 31..969 and 32..968 after
// 16).
func TestBoundsFixpoint(t *testing.T) {
	span := func(from, to, step int64) []int64 {
		var vs []int64
		for v := from; v <= to; v += step {
			vs = append(vs, v)
		}
		return vs
	}
	for _, c := range []struct {
		name string
		make func(m *Model, z, x, far Expr) Global
	}{
		{"min", func(m *Model, z, x, far Expr) Global { return &Extremum{Z: z, Xs: []Expr{x, far}} }},
		{"max", func(m *Model, z, x, far Expr) Global {
			return &Extremum{Z: z, Xs: []Expr{x, m.Ref(mustVar(m, "low", span(-900, -800, 1)))}, Max: true}
		}},
		{"abs", func(m *Model, z, x, far Expr) Global { return &Abs{Z: z, X: x} }},
	} {
		m := NewModel()
		z := m.Ref(mustVar(m, "z", span(1, 999, 2)))
		x := m.Ref(mustVar(m, "x", span(0, 1000, 2)))
		far := m.Ref(mustVar(m, "far", span(2000, 2100, 1))) // never the minimum
		m.Post(c.make(m, z, x, far))
		for _, o := range []Options{{Prop: PropAC}, {Prop: PropFC}} {
			s, err := NewSolver(m, o)
			if err != nil {
				t.Fatal(err)
			}
			if s.Propagate() {
				t.Errorf("%s %v: root propagation left z %d..%d and x %d..%d; z odd and x even cannot meet",
					c.name, o.Prop, s.Domain(0)[0], s.Domain(0)[len(s.Domain(0))-1], s.Domain(1)[0], s.Domain(1)[len(s.Domain(1))-1])
			}
		}
	}
}

func mustVar(m *Model, name string, vals []int64) Var {
	x, err := m.NewVar(name, vals)
	if err != nil {
		panic(err)
	}
	return x
}

// TestBoundsMinMaxSearch: fast-food's shape (minima of absolute values,
// bounds consistent) searched twice, the second time after Reset: no
// allocation in the search, and the same search (Reset puts the live
// sets of the minima back in their first order).
func TestBoundsMinMaxSearch(t *testing.T) {
	m := NewModel()
	rng := rand.New(rand.NewSource(5))
	var ps []Expr
	for d := range 4 {
		ps = append(ps, m.Ref(mustVar(m, fmt.Sprintf("p%d", d), []int64{-6, -4, -3, -1, 0, 2, 3, 5, 6})))
	}
	for r := range 5 {
		var as []Expr
		for d, p := range ps {
			a := m.Ref(mustVar(m, fmt.Sprintf("a%d_%d", r, d), []int64{0, 1, 2, 3, 4, 5, 6}))
			m.Post(&Abs{Z: a, X: p})
			as = append(as, a)
		}
		isMax := rng.Intn(2) == 0
		zs := []int64{0, 1} // some p within 1 of 0
		if isMax {
			zs = []int64{4, 5} // none beyond 5, one beyond 3
		}
		z := m.Ref(mustVar(m, fmt.Sprintf("z%d", r), zs))
		m.Post(&Extremum{Z: z, Xs: as, Max: isMax})
	}
	s := newSolver(t, m, Options{Order: OrderInput, Prop: PropAC})
	n := countSolutions(s)
	st := s.Stats()
	if n == 0 || st.Failures == 0 {
		t.Fatalf("%d solutions, %d failures: the instance tests too little", n, st.Failures)
	}
	if a := testing.AllocsPerRun(3, func() { s.Reset(); countSolutions(s) }); a != 0 {
		t.Errorf("%v allocations per search", a)
	}
	s.Reset()
	if n2 := countSolutions(s); n2 != n || s.Stats().Propagations != st.Propagations || s.Stats().Nodes != st.Nodes {
		t.Errorf("after Reset: %d solutions, %d nodes, %d propagations; first search %d, %d, %d",
			n2, s.Stats().Nodes, s.Stats().Propagations, n, st.Nodes, st.Propagations)
	}
}
