package engine

import (
	"math/rand"
	"testing"
)

func TestCumulativeGlobal(t *testing.T) {
	globalCheck{
		name:      "cumulative",
		instances: 100,
		make: func(rng *rand.Rand, m *Model) Global {
			n := 2 + rng.Intn(3)
			start, dur := randomTasks(rng, m, n, int64(n))
			var dem []Expr
			for range n {
				switch rng.Intn(5) {
				case 0:
					dem = append(dem, randomVars(rng, m, "r", 1, int64(-rng.Intn(2)), 3)...)
				case 1:
					dem = append(dem, NewConst(0))
				default:
					dem = append(dem, NewConst(1+rng.Int63n(3)))
				}
			}
			var capacity Expr
			switch rng.Intn(4) {
			case 0:
				capacity = randomVars(rng, m, "c", 1, -1, 4)[0]
			case 1:
				capacity = NewConst(int64(rng.Intn(6)) - 1)
			default:
				capacity = NewConst(2 + rng.Int63n(3))
			}
			g, err := NewCumulative(start, dur, dem, capacity)
			if err != nil {
				panic(err)
			}
			return g
		},
	}.run(t)
}
