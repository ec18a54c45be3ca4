package engine

import (
	"slices"
	"testing"
)

// x in S over a wide domain: the member propagator moves the bounds to
// the members, and once that leaves a small domain it must filter it too,
// for it is not run again for its own change (0 was a solution of
// w in {-1, 1} over -10^9..10^9).
func TestMemberOverAWideDomain(t *testing.T) {
	for _, set := range [][]int64{{-1, 1}, {-5, 0, 5, 1_000_000, 3_000_000}, {7}} {
		for _, o := range allOptions() {
			if o.Prop != PropAC {
				continue // fc and none read the constraint as a whole, not as primitives
			}
			m := NewModel()
			x, err := m.NewVarRange("x", -1_000_000_000, 1_000_000_000)
			if err != nil {
				t.Fatal(err)
			}
			m.Require(NewInSet(m.Ref(x), set, false))
			var got []int64
			for _, a := range solveAll(t, "member", m, o, 1) {
				got = append(got, a[0])
			}
			slices.Sort(got)
			if !slices.Equal(got, set) {
				t.Errorf("x in %v under %+v: %v", set, o, got)
			}
		}
	}
}
