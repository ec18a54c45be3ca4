package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestShiftedEqDomainConsistent posts x - y = c (and -x + y = c) over
// domains with holes spanning up to a few hundred values, at odd offsets,
// and checks at the root under PropAC that exactly the values with a
// support are left: word-wide shifts must not lose or keep one.
func TestShiftedEqDomainConsistent(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	randDomain := func() []int64 {
		lo, n := rng.Int63n(400)-200, 1+rng.Intn(300)
		var vs []int64
		for v := lo; v < lo+int64(n); v++ {
			if rng.Intn(4) > 0 {
				vs = append(vs, v)
			}
		}
		if len(vs) == 0 {
			vs = append(vs, lo)
		}
		return vs
	}
	for inst := range 300 {
		dx, dy := randDomain(), randDomain()
		m := NewModel()
		x, _ := m.NewVar("x", dx)
		y, _ := m.NewVar("y", dy)
		a := []int64{1, -1}[rng.Intn(2)]
		c := rng.Int63n(200) - 100
		if inst%3 == 0 && len(dx) > 0 { // a shift with many supports
			c = a * (dx[0] - dy[0])
		}
		lhs, _ := NewBinary(OpSub, m.Ref(x), m.Ref(y))
		if a < 0 {
			lhs, _ = NewBinary(OpSub, m.Ref(y), m.Ref(x))
		}
		e, _ := NewBinary(OpEq, lhs, NewConst(c))
		m.Require(e)
		var wantX, wantY []int64
		for _, v := range dx {
			if w := v - a*c; slices.Contains(dy, w) {
				wantX = append(wantX, v)
				wantY = append(wantY, w)
			}
		}
		slices.Sort(wantY)
		label := fmt.Sprintf("instance %d: a=%d c=%d x in %v y in %v", inst, a, c, dx, dy)
		doms := rootDomains(t, m)
		if len(wantX) == 0 {
			if doms != nil {
				t.Fatalf("%s: no solution, propagation left %v", label, doms)
			}
			continue
		}
		if doms == nil || !slices.Equal(doms[0], wantX) || !slices.Equal(doms[1], wantY) {
			t.Fatalf("%s: got %v, want x %v y %v", label, doms, wantX, wantY)
		}
	}
}
