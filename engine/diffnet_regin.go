package engine

import "math/bits"

// regin makes unit u domain consistent once no fixed value is left in
// another domain: propagateSmall on the unit's words. Its unfixed
// variables are gathered in ud, us and mt first: the passes below read
// them there, not through the unit's slots, and skip the fixed ones.
func (p *diffNet) regin(t *store, u int32) bool {
	if p.uRun[u] != p.run {
		p.loadUnit(t, u)
	}
	lo, hi := p.uAt[u], p.uAt[u+1]
	var union uint64
	var cnt [65]int32 // variables by size, for hallFreeN (which skips size 1)
	k := 0
	// Without a branch on "fixed": as often true as not, mispredicted
	// it cost more than this loop's stores. A fixed variable is written
	// at ud[k] too, where the next unfixed one overwrites it; past 64
	// unfixed, n < k below, and the writes stay at ud[64].
	dom, uVar, match := p.dom, p.uVar[lo:hi], p.match[lo:hi]
	for j, i := range uVar {
		d := dom[i]
		many := -b2u(d&(d-1) != 0) // all ones if unfixed
		match[j] |= int8(^many)    // -1 if fixed
		at := min(k, 64)
		p.ud[at], p.us[at] = d, lo+int32(j)
		k += int(many & 1)
		union |= d & many
		cnt[bits.OnesCount64(d)]++
	}
	n := bits.OnesCount64(union)
	if n < k {
		return p.fail(t, u, -1) // pigeonhole
	}
	// Below, hallFreeN looks for Hall sets of 2 to k-2 variables (n ==
	// k) or 2 to k-1: none with so few.
	if k <= 2 || n == k && k <= 3 {
		return true
	}
	// Régin's test runs once every unit is at the cheap rules' fixpoint
	// (work is empty). With as many values as variables, a Hall set of
	// k-1 variables would leave the last one a value nobody else can
	// take, which the cheap rules would have fixed; so only Hall sets of
	// 2 to k-2 variables can prune, or be missing a matching.
	if n == k && hallFreeN(&cnt, k-1) || hallFreeN(&cnt, k) {
		return true
	}
	ud, us, mt := p.ud[:k], p.us[:k], p.mt[:k]
	// A maximum matching, from the last one.
	var matched uint64
	for j, s := range us {
		mv := p.match[s]
		mt[j] = mv
		if mv < 0 {
			continue
		}
		if ud[j]>>mv&1 == 0 || matched>>mv&1 != 0 {
			mt[j] = -1
			continue
		}
		matched |= 1 << mv
		p.marg[mv] = int32(j)
	}
	for j, d := range ud {
		if mt[j] >= 0 {
			continue
		}
		if f := d &^ matched; f != 0 {
			v := int8(bits.TrailingZeros64(f))
			mt[j], p.marg[v] = v, int32(j)
			matched |= 1 << v
			continue
		}
		var seen uint64
		if !p.augment(int32(j), &seen, &matched) {
			p.keepMatch(k)
			return p.fail(t, u, -1)
		}
	}
	p.keepMatch(k)
	// Which values each matched value reaches along alternating paths.
	for j, mv := range mt {
		p.reach[mv] = ud[j] &^ (1 << mv)
	}
	if n == k && useTight {
		p.pruneTight(u, k, matched)
		return true
	}
	if closedReach(p.reach[:], matched, union&^matched) {
		return true
	}
	for ks := matched; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros64(ks)
		kb, rk := uint64(1)<<k, p.reach[k]
		for vs := matched; vs != 0; vs &= vs - 1 {
			if v := bits.TrailingZeros64(vs); p.reach[v]&kb != 0 {
				p.reach[v] |= rk
			}
		}
	}
	free := ^matched
	for j, d := range ud {
		mv := mt[j]
		keep := d
		for vs := d &^ free &^ (1 << mv); vs != 0; vs &= vs - 1 {
			if v := bits.TrailingZeros64(vs); p.reach[v]&(free|1<<mv) == 0 {
				keep &^= 1 << v
			}
		}
		if keep != d {
			p.set(p.uVar[us[j]], keep, u, true) // keeps mv: never empty
		}
	}
	return true
}

// useTight enables pruneTight; tests turn it off to compare.
var useTight = true

// pruneTight ends regin on a unit whose k unfixed variables have k
// values between them, all matched: with no free value, an edge x–v is
// kept iff v lies in the strongly connected component of x's own value
// (over reach, the matched values' graph). The components are found one
// by one, each as the values a forward search from its least one reaches
// that reach it back, both within the values not yet placed; the first
// is usually all of them (closedReach's answer, at its cost), and then
// nothing is removed. Otherwise each variable keeps its value's
// component: no transitive closure of reach, O(k^2), as regin takes for
// a unit with free values.
func (p *diffNet) pruneTight(u int32, k int, matched uint64) {
	reach := &p.reach
	for rest := matched; rest != 0; {
		root := rest & -rest
		fwd := root
		for frontier := root; frontier != 0; {
			var next uint64
			for vs := frontier; vs != 0; vs &= vs - 1 {
				next |= reach[bits.TrailingZeros64(vs)]
			}
			next &= rest
			frontier = next &^ fwd
			fwd |= next
		}
		bwd := root
		for grew := true; grew; {
			grew = false
			for vs := fwd &^ bwd; vs != 0; vs &= vs - 1 {
				if v := bits.TrailingZeros64(vs); reach[v]&bwd != 0 {
					bwd |= 1 << v
					grew = true
				}
			}
		}
		if bwd == matched {
			return // strongly connected: every edge is kept
		}
		p.tightSplits++
		for vs := bwd; vs != 0; vs &= vs - 1 {
			p.comp[bits.TrailingZeros64(vs)] = bwd
		}
		rest &^= bwd
	}
	for j, d := range p.ud[:k] {
		if keep := d & p.comp[p.mt[j]]; keep != d {
			p.set(p.uVar[p.us[j]], keep, u, true) // keeps its value: never empty
		}
	}
}

// keepMatch keeps the matching of the first k unfixed variables for the
// next test of their unit.
func (p *diffNet) keepMatch(k int) {
	for j, s := range p.us[:k] {
		p.match[s] = p.mt[j]
	}
}

// augment looks for an augmenting path from unfixed variable j (an index
// into ud) over values not yet seen, and flips it.
func (p *diffNet) augment(j int32, seen, matched *uint64) bool {
	for c := p.ud[j&63] &^ *seen; c != 0; c &= c - 1 {
		v := int8(bits.TrailingZeros64(c))
		*seen |= 1 << v
		if *matched>>v&1 == 0 || p.augment(p.marg[v], seen, matched) {
			p.mt[j&63], p.marg[v] = v, j
			*matched |= 1 << v
			return true
		}
	}
	return false
}

// hallFreeN is hallFree for any number of arguments.
func hallFreeN(cnt *[65]int32, u int) bool {
	c := int32(0)
	for k := 2; k < u && k <= 64; k++ {
		c += cnt[k]
		if c >= int32(k) {
			return false
		}
	}
	return true
}
