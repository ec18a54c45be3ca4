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
		for _, c := range []struct{ repeats, domain bool }{{false, true}, {true, true}, {false, false}} {
			repeats := c.repeats
			cs = append(cs, globalCheck{
				name:      fmt.Sprintf("extremum max=%v repeats=%v domain=%v", isMax, repeats, c.domain),
				instances: 60,
				dc:        !repeats && c.domain,
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
