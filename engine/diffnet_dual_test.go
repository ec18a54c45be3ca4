package engine

import (
	"math/bits"
	"math/rand"
	"testing"
)

// dualHallFree never answers "no Hall set" for a unit that has one: on
// random units of k unfixed variables over k values (k from 4 to
// dualLimit), Hall sets planted now and then, every subset of 2 to k-2
// variables is tried for one whose values are as few as it or fewer.
// Both answers occur, so the check is not vacuous.
func TestDiffNetDualHallFree(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	free, hall := 0, 0
	for it := 0; it < 1500; it++ {
		k := 4 + rng.Intn(dualLimit-3)
		all := uint64(1)<<k - 1
		ud := make([]uint64, k)
		var union uint64
		for j := range ud {
			for bits.OnesCount64(ud[j]) < 2 {
				ud[j] = rng.Uint64() & rng.Uint64() & all
			}
			union |= ud[j]
		}
		if rng.Intn(3) == 0 { // a Hall set of h variables over h values
			h := 2 + rng.Intn(k-3)
			vals := uint64(0)
			for _, v := range rng.Perm(k)[:h] {
				vals |= 1 << v
			}
			for _, j := range rng.Perm(k)[:h] {
				ud[j] &= vals
				for bits.OnesCount64(ud[j]) < 2 {
					ud[j] |= 1 << rng.Intn(k) & vals
				}
			}
		}
		union = 0
		var cnt [65]int32
		for _, d := range ud {
			union |= d
			cnt[bits.OnesCount64(d)]++
		}
		if union != all {
			continue // fewer values than variables: regin fails before
		}
		has := false
		for set := uint32(0); set < 1<<k && !has; set++ {
			s := bits.OnesCount32(set)
			if s < 2 || s > k-2 {
				continue
			}
			var u uint64
			for j := range k {
				if set>>j&1 != 0 {
					u |= ud[j]
				}
			}
			has = bits.OnesCount64(u) <= s
		}
		got := dualHallFree(&cnt, ud, k)
		if got && has {
			t.Fatalf("unit %d %b: dualHallFree says free, but it has a Hall set", it, ud)
		}
		if got {
			free++
		}
		if has {
			hall++
		}
	}
	if free == 0 || hall == 0 {
		t.Errorf("%d units found free, %d with a Hall set: the test misses a case", free, hall)
	}
}
