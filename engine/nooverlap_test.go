package engine

import (
	"math/rand"
	"testing"
)

// randomTasks draws n tasks for a scheduling test: start variables (now
// and then a constant, a variable used twice, or a number that is
// undefined for some values) and durations, constant or variable (or
// undefinable), some of them 0 and, rarely, negative.
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
		case 2:
			start[i] = undefinable(rng, m, "s", 0, hi)
		}
	}
	for i := range n {
		switch rng.Intn(7) {
		case 0:
			lo := int64(0)
			if rng.Intn(4) == 0 {
				lo = -1
			}
			dur = append(dur, randomVars(rng, m, "d", 1, lo, 3)...)
		case 1:
			dur = append(dur, NewConst(0))
		case 2:
			dur = append(dur, undefinable(rng, m, "d", int64(-rng.Intn(2)), 3))
		default:
			dur = append(dur, NewConst(1+rng.Int63n(3)))
		}
		if i == 0 && rng.Intn(20) == 0 {
			dur[0] = NewConst(-1)
		}
	}
	return start, dur
}

// undefinable returns a number within lo..hi that is undefined for some
// values of the new variables it reads: an element of constants, with
// an index that can fall outside them, or a quotient whose divisor can
// be 0. The arguments of a global that are not variables or constants
// make it post its decomposition, so this tests that the decomposition
// requires them defined.
func undefinable(rng *rand.Rand, m *Model, name string, lo, hi int64) Expr {
	if rng.Intn(3) == 0 {
		// k / y with y in 0..1: k at y = 1, undefined at y = 0.
		y, _ := m.NewVarRange(name+"y", 0, 1)
		e, err := NewBinary(OpDiv, NewConst(lo+rng.Int63n(hi-lo+1)), m.Ref(y))
		if err != nil {
			panic(err)
		}
		return e
	}
	items := make([]Expr, 1+rng.Intn(2))
	for k := range items {
		items[k] = NewConst(lo + rng.Int63n(hi-lo+1))
	}
	i, _ := m.NewVarRange(name+"i", 0, int64(len(items))) // 0 is outside items[1..]
	e, err := NewElement(m.Ref(i), 1, items)
	if err != nil {
		panic(err)
	}
	return e
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
