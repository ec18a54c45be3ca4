package engine

import (
	"math/rand"
	"testing"
)

// randomTasks draws n tasks for a scheduling test: start variables (now
// and then a constant, or a variable used twice) and durations, constant
// or variable, some of them 0 and, rarely, negative.
func randomTasks(rng *rand.Rand, m *Model, n int, hi int64) (start, dur []Expr) {
	start = randomVars(rng, m, "s", n, 0, hi)
	for i := range start {
		switch rng.Intn(8) {
		case 0:
			start[i] = NewConst(rng.Int63n(hi + 1))
		case 1:
			if i > 0 {
				start[i] = start[rng.Intn(i)]
			}
		}
	}
	for i := range n {
		switch rng.Intn(6) {
		case 0:
			lo := int64(0)
			if rng.Intn(4) == 0 {
				lo = -1
			}
			dur = append(dur, randomVars(rng, m, "d", 1, lo, 3)...)
		case 1:
			dur = append(dur, NewConst(0))
		default:
			dur = append(dur, NewConst(1+rng.Int63n(3)))
		}
		if i == 0 && rng.Intn(20) == 0 {
			dur[0] = NewConst(-1)
		}
	}
	return start, dur
}

var noOverlapCheck = registerGlobalCheck(globalCheck{
	name:      "nooverlap",
	instances: 100,
	make: func(rng *rand.Rand, m *Model) Global {
		n := 2 + rng.Intn(3)
		start, dur := randomTasks(rng, m, n, int64(1+n))
		g, err := NewNoOverlap(start, dur)
		if err != nil {
			panic(err)
		}
		return g
	},
})

func TestNoOverlapGlobal(t *testing.T) { noOverlapCheck.run(t) }
