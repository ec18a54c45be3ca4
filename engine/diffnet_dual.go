package engine

import "math/bits"

// useDual enables dualHallFree; tests turn it off to compare.
var useDual = true

// dualLimit is the most unfixed variables dualHallFree counts for: four
// bit planes hold a count up to 15.
const dualLimit = 15

// dualHallFree tells whether a unit with as many values as its k unfixed
// variables (domains ud, at most dualLimit of them), at the cheap rules'
// fixpoint, surely has no Hall set Régin's test would act on: one of s
// variables over s values (it prunes the others' edges to them) or over
// fewer (no matching), for s from 2 to k-2 (regin). hallFreeN rules out
// the sizes s at which fewer than s variables have s values or fewer;
// this rules out the others from the values' side too: the k-s values
// the s variables leave are held only by the other k-s variables, so at
// least k-s values are held by k-s variables or fewer. (Over fewer
// values, more are held so.) Most of the units Régin's test finds
// unchanged on hard sudokus fail one side or the other.
//
// The values' holders are counted in four bit planes (bit v of plane b
// is bit b of value v's count), one carry chain per domain.
func dualHallFree(cnt *[65]int32, ud []uint64, k int) bool {
	var c0, c1, c2, c3 uint64
	for _, d := range ud {
		k0 := c0 & d
		c0 ^= d
		k1 := c1 & k0
		c1 ^= k0
		c3 |= c2 & k1 // no overflow: at most dualLimit
		c2 ^= k1
	}
	var le uint64     // the values held by t variables or fewer
	var held [16]int8 // per t: how many values that is
	for t := range k - 1 {
		eq := ^uint64(0)
		for b, c := range [4]uint64{c0, c1, c2, c3} {
			eq &= c ^ -(uint64(t>>b&1) ^ 1) // c where bit b of t is set, ^c where not
		}
		le |= eq
		held[t] = int8(bits.OnesCount64(le & (c0 | c1 | c2 | c3)))
	}
	vars := int32(0) // the unfixed variables with s values or fewer
	for s := 2; s <= k-2; s++ {
		vars += cnt[s]
		if vars >= int32(s) && int(held[k-s]) >= k-s {
			return false
		}
	}
	return true
}
