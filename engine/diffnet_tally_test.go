package engine

import (
	"math/rand"
	"testing"
)

// randomUnit is a unit of 2 to 12 variables over values 0 to 9, about a
// third of them fixed, in the order of a random permutation of the net's
// variables.
func randomUnit(rng *rand.Rand) (dom []uint64, slots []int32) {
	n := 2 + rng.Intn(11)
	dom, slots = make([]uint64, n), make([]int32, n)
	for i := range dom {
		slots[i] = int32(i)
		if rng.Intn(3) == 0 {
			dom[i] = 1 << rng.Intn(10)
		} else {
			dom[i] = uint64(rng.Intn(1024)) | 1<<rng.Intn(10)
		}
	}
	rng.Shuffle(n, func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	return dom, slots
}

// tallyFixed (unit's first pass, without the count of unfixed variables,
// which unit takes from the fixed values) tallies as the loop it replaced
// did, on random units with and without two variables fixed alike.
func TestDiffNetTallyFixed(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	dups := 0
	for it := range 20000 {
		dom, slots := randomUnit(rng)
		var fixed, dup, once, twice, k uint64 // the loop unit had
		for _, i := range slots {
			d := dom[i]
			many := -b2u(d&(d-1) != 0)
			one := d &^ many
			dup |= fixed & one
			fixed |= one
			d &= many
			k += many & 1
			twice |= once & d
			once |= d
		}
		f, du, o, tw := tallyFixed(dom, slots)
		if f != fixed || (du != 0) != (dup != 0) || o != once || tw != twice {
			t.Fatalf("unit %d %b: tallyFixed %b %b %b %b, want %b %b %b %b", it, dom, f, du, o, tw, fixed, dup, once, twice)
		}
		if dup != 0 {
			dups++
			continue // unit fails: no count taken
		}
		if got := uint64(len(slots) - popcount(f)); got != k {
			t.Fatalf("unit %d %b: %d unfixed from the fixed values, want %d", it, dom, got, k)
		}
	}
	if dups == 0 {
		t.Error("no unit had two variables fixed alike: the test misses the case")
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
