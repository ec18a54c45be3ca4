package engine

import "math/bits"

// regin makes unit u domain consistent once no fixed value is left in
// another domain: propagateSmall on the unit's words.
func (p *diffNet) regin(t *store, u int32) bool {
	if p.uRun[u] != p.run {
		p.loadUnit(t, u)
	}
	lo, hi := p.uAt[u], p.uAt[u+1]
	var union uint64
	var cnt [65]int32 // unfixed variables by size, for hallFreeN
	k := 0
	for s := lo; s < hi; s++ {
		d := p.dom[p.uVar[s]]
		if d&(d-1) == 0 {
			p.match[s] = -1
			continue
		}
		k++
		union |= d
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
	// A maximum matching, from the last one.
	var matched uint64
	for s := lo; s < hi; s++ {
		mv := p.match[s]
		if mv < 0 {
			continue
		}
		if p.dom[p.uVar[s]]>>mv&1 == 0 || matched>>mv&1 != 0 {
			p.match[s] = -1
			continue
		}
		matched |= 1 << mv
		p.marg[mv] = s
	}
	for s := lo; s < hi; s++ {
		d := p.dom[p.uVar[s]]
		if d&(d-1) == 0 || p.match[s] >= 0 {
			continue
		}
		if f := d &^ matched; f != 0 {
			v := int8(bits.TrailingZeros64(f))
			p.match[s], p.marg[v] = v, s
			matched |= 1 << v
			continue
		}
		var seen uint64
		if !p.augment(s, &seen, &matched) {
			return p.fail(t, u, -1)
		}
	}
	// Which values each matched value reaches along alternating paths.
	for s := lo; s < hi; s++ {
		if mv := p.match[s]; mv >= 0 {
			p.reach[mv] = p.dom[p.uVar[s]] &^ (1 << mv)
		}
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
	for s := lo; s < hi; s++ {
		mv := p.match[s]
		if mv < 0 {
			continue // fixed
		}
		i := p.uVar[s]
		d := p.dom[i]
		keep := d
		for vs := d &^ free &^ (1 << mv); vs != 0; vs &= vs - 1 {
			if v := bits.TrailingZeros64(vs); p.reach[v]&(free|1<<mv) == 0 {
				keep &^= 1 << v
			}
		}
		if keep != d {
			p.set(i, keep, u, true) // keeps mv: never empty
		}
	}
	return true
}

// augment looks for an augmenting path from slot s over values not yet
// seen, and flips it.
func (p *diffNet) augment(s int32, seen, matched *uint64) bool {
	for c := p.dom[p.uVar[s]] &^ *seen; c != 0; c &= c - 1 {
		v := int8(bits.TrailingZeros64(c))
		*seen |= 1 << v
		if *matched>>v&1 == 0 || p.augment(p.marg[v], seen, matched) {
			p.match[s], p.marg[v] = v, s
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
