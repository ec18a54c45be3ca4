package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

func TestMemberGlobal(t *testing.T) {
	for _, neg := range []bool{false, true} {
		for _, imp := range []bool{false, true} {
			globalCheck{
				name:      fmt.Sprintf("member neg=%v imp=%v", neg, imp),
				instances: 80,
				dc:        true,
				make: func(rng *rand.Rand, m *Model) Global {
					x := smallVar(rng, m, "x")
					var lo, hi int64 = 0, 1
					switch rng.Intn(6) { // now and then b is fixed already
					case 0:
						hi = 0
					case 1:
						lo = 1
					}
					b, err := m.NewVarRange("b", lo, hi)
					if err != nil {
						panic(err)
					}
					set := make([]int64, rng.Intn(4))
					for i := range set {
						set[i] = rng.Int63n(11) - 5
					}
					g, err := NewMember(x, set, m.Ref(b))
					if err != nil {
						panic(err)
					}
					g.Neg, g.Imp = neg, imp
					return g
				},
			}.run(t)
		}
	}
}

func TestMemberNeedsBool(t *testing.T) {
	m := NewModel()
	x, _ := m.NewVarRange("x", 0, 3)
	if _, err := NewMember(m.Ref(x), []int64{1}, m.Ref(x)); err == nil {
		t.Fatal("member reified by a variable of 0..3 accepted")
	}
}
