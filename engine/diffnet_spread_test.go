package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// randomUnit is a unit of 2 to 12 variables over values 0 to 9, about a
// third of them fixed, in a net of as many variables (slot i is local
// variable i) where each belongs to a few of 5 units.
func randomUnit(rng *rand.Rand) (dom []uint64, slots []int32, vMask []uint64) {
	n := 2 + rng.Intn(11)
	dom, slots, vMask = make([]uint64, n), make([]int32, n), make([]uint64, n)
	for i := range dom {
		slots[i] = int32(i)
		vMask[i] = 1 | uint64(rng.Intn(32))
		if rng.Intn(3) == 0 {
			dom[i] = 1 << rng.Intn(10)
		} else {
			dom[i] = uint64(rng.Intn(1024)) | 1<<rng.Intn(10)
		}
	}
	rng.Shuffle(n, func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
	return dom, slots, vMask
}

// tallyFixed (unit's first pass, without the count of unfixed variables,
// which unit takes from the fixed values) tallies as the loop it replaced
// did, on random units with and without two variables fixed alike.
func TestDiffNetTallyFixed(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	dups := 0
	for it := range 20000 {
		dom, slots, _ := randomUnit(rng)
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

// spread64 does what spread does on random units (no two fixed alike, as
// unit calls them): the same results, domains, list of changed variables
// in the same order, units woken, and on a failure the same charge and
// wiped variable; the variables it leaves differing from the ones spread
// leaves after a failure are in its list (abandon hands them to reload).
func TestDiffNetSpread64(t *testing.T) {
	rng := rand.New(rand.NewSource(32))
	fails, more := 0, 0
	for it := range 20000 {
		dom, slots, vMask := randomUnit(rng)
		var fixed uint64
		dup := false
		for _, d := range dom {
			if d&(d-1) == 0 {
				dup = dup || fixed&d != 0
				fixed |= d
			}
		}
		if dup {
			continue
		}
		spread := fixed &^ uint64(rng.Intn(1024)) // some of the fixed values
		if rng.Intn(4) == 0 {
			spread = fixed
		}
		var got [2]string
		var nets [2]*diffNet
		var stores [2]*store
		for k := range 2 {
			n := len(dom)
			p := &diffNet{dom: slices.Clone(dom), nw: 1, work: make([]uint64, 1), slow: make([]uint64, 1),
				vMask: vMask, chg: make([]bool, n), uCons: []int32{0, 7, 0, 0, 0}, xs: make([]int32, n)}
			for i := range p.xs {
				p.xs[i] = int32(100 + i)
			}
			st := &store{wiped: -1}
			var m, o, tw, kk uint64
			var ok bool
			if k == 0 {
				m, o, tw, kk, ok = p.spread(st, 1, slots, spread, fixed)
			} else {
				m, o, tw, kk, ok = p.spread64(st, 1, slots, spread, fixed)
			}
			if ok {
				got[k] = fmt.Sprint(m, o, tw, kk, p.dom, p.changed, p.work, p.slow)
			} else {
				got[k] = fmt.Sprint("fail ", p.failed, st.wiped)
			}
			nets[k], stores[k] = p, st
		}
		if got[0] != got[1] {
			t.Fatalf("unit %d %b, spreading %b: spread %s, spread64 %s", it, dom, spread, got[0], got[1])
		}
		if got[0][:4] == "fail" {
			fails++
			for i, d := range nets[1].dom {
				if d != nets[0].dom[i] && !slices.Contains(nets[1].changed, int32(i)) {
					t.Fatalf("unit %d %b: after a failure, variable %d is %b, %b, and not listed", it, dom, i, d, nets[0].dom[i])
				}
			}
		} else if got[0][0] != '0' {
			more++
		}
	}
	if fails == 0 || more == 0 {
		t.Errorf("%d failures, %d new fixed values: the test misses a case", fails, more)
	}
}
