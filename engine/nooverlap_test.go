package engine

import (
	"math/rand"
	"testing"
)

// randomTasks draws n tasks for a scheduling test: start variables (now
// and then a constant, a variable used twice, or a number that is
// undefined for some values) and durations, constant or variable (or
// undefinable), some of them 0 and, rarely, negative. At most
// maxUndefinable arguments of an instance are undefinable (each brings
// a variable of its own, and brute force tries every assignment): u
// counts them.
func randomTasks(rng *rand.Rand, m *Model, n int, hi int64, u *int) (start, dur []Expr) {
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
			if *u < maxUndefinable {
				*u++
				start[i] = undefinable(rng, m, "s", 0, hi)
			}
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
			if *u < maxUndefinable {
				*u++
				dur = append(dur, undefinable(rng, m, "d", int64(-rng.Intn(2)), 3))
				break
			}
			fallthrough
		default:
			dur = append(dur, NewConst(1+rng.Int63n(3)))
		}
		if i == 0 && rng.Intn(20) == 0 {
			dur[0] = NewConst(-1)
		}
	}
	return start, dur
}

// maxUndefinable is the most undefinable arguments of one instance.
const maxUndefinable = 2

// undefinable returns a number within lo..hi that is undefined for some
// values of a variable of m (one with two values or more, else a new
// one in 0..1): an element of constants with an index that can fall
// outside them, or a quotient whose divisor can be 0. The arguments of a
// global that are not variables or constants make it post its
// decomposition, so this tests that the decomposition requires them
// defined.
func undefinable(rng *rand.Rand, m *Model, name string, lo, hi int64) Expr {
	var v Var = -1
	for range 4 {
		if n := m.NumVars(); n > 0 {
			if w := Var(rng.Intn(n)); m.InitialSize(w) >= 2 {
				v = w
				break
			}
		}
	}
	if v < 0 {
		v, _ = m.NewVarRange(name+"u", 0, 1)
	}
	vlo, _ := m.InitialBounds(v)
	k := func() Expr { return NewConst(lo + rng.Int63n(hi-lo+1)) }
	if rng.Intn(3) == 0 {
		// k / (v - vlo): undefined at v = vlo, between 0 and k (so
		// within lo..hi, which holds 0) elsewhere.
		d, err := NewBinary(OpSub, m.Ref(v), NewConst(vlo))
		if err != nil {
			panic(err)
		}
		q, err := NewBinary(OpDiv, k(), d)
		if err != nil {
			panic(err)
		}
		return q
	}
	items := make([]Expr, 1+rng.Intn(2))
	for i := range items {
		items[i] = k()
	}
	e, err := NewElement(m.Ref(v), vlo+1, items) // v = vlo is outside
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
		var u int
		start, dur := randomTasks(rng, m, n, int64(1+n), &u)
		g, err := NewNoOverlap(start, dur)
		if err != nil {
			panic(err)
		}
		return g
	},
})

func TestNoOverlapGlobal(t *testing.T) { noOverlapCheck.run(t) }
