package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// Constraints over one wide variable are filtered at the root, the
// cheapest first, and once per model: the solvers built after the first
// take the domain it left (filterCheapFirst).

// wideUnaries returns a random model of one wide variable (a span past
// bitsetSpan) and a few constraints over it alone, and the values that
// satisfy them all, by brute force.
func wideUnaries(rng *rand.Rand) (*Model, []int64) {
	m := NewModel()
	lo := int64(rng.Intn(2_000_000) - 1_000_000)
	span := int64(70_000 + rng.Intn(50_000))
	x, err := m.NewVarIntervals("x", []Interval{{lo, lo + span - 1}})
	if err != nil {
		panic(err)
	}
	ref := m.Ref(x)
	type test func(v int64) bool
	var tests []test
	for range 1 + rng.Intn(3) {
		a, b := int64(2+rng.Intn(30)), int64(rng.Intn(10))
		var e Expr
		var f test
		switch rng.Intn(3) {
		case 0: // x % a = b % a
			r := b % a
			mod, _ := NewBinary(OpMod, ref, NewConst(a))
			e, _ = NewBinary(OpEq, mod, NewConst(r))
			f = func(v int64) bool { w, _ := ModInt(v, a); return w == r }
		case 1: // the digit of 10^k (k = b % 4) is not b
			k := []int64{1, 10, 100, 1000}[b%4]
			q, _ := NewBinary(OpDiv, ref, NewConst(k))
			d, _ := NewBinary(OpMod, q, NewConst(10))
			e, _ = NewBinary(OpNe, d, NewConst(b))
			f = func(v int64) bool { w, _ := ModInt(v/k, 10); return w != b }
		default: // the sum of the last three digits is at least a
			var ds []Expr
			for _, k := range []int64{1, 10, 100} {
				q, _ := NewBinary(OpDiv, ref, NewConst(k))
				d, _ := NewBinary(OpMod, q, NewConst(10))
				ds = append(ds, d)
			}
			s, _ := NewNary(OpSum, ds)
			e, _ = NewBinary(OpGe, s, NewConst(a))
			f = func(v int64) bool {
				n := int64(0)
				for _, k := range []int64{1, 10, 100} {
					w, _ := ModInt(v/k, 10)
					n += w
				}
				return n >= a
			}
		}
		m.Require(e)
		tests = append(tests, f)
	}
	var want []int64
	for v := lo; v < lo+span; v++ {
		if !slices.ContainsFunc(tests, func(f test) bool { return !f(v) }) {
			want = append(want, v)
		}
	}
	return m, want
}

func TestWideFiltersAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 30
	if testing.Short() {
		n = 10
	}
	for i := range n {
		m, want := wideUnaries(rng)
		for k, opts := range []Options{{Prop: PropAC}, {Prop: PropFC}, {Prop: PropAC, Order: OrderInput}} {
			s, err := NewSolver(m, opts)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("instance %d, solver %d: %s", i, k, modelText(m))
			if len(want) == 0 {
				if s.Propagate() {
					t.Fatalf("%s: no value satisfies the constraints, but propagation succeeds", name)
				}
				continue
			}
			if got := s.Domain(0); !slices.Equal(got, want) {
				t.Fatalf("%s: filtered to %d values, want %d", name, len(got), len(want))
			}
		}
	}
}

// TestWideFilterOnce checks that the second solver of a model takes the
// domain the first one's filter left, not a filter of its own: with the
// memo's entry replaced by a smaller domain, the second solver has it.
func TestWideFilterOnce(t *testing.T) {
	m := NewModel()
	x, err := m.NewVarIntervals("x", []Interval{{0, 999_999}})
	if err != nil {
		t.Fatal(err)
	}
	mod, _ := NewBinary(OpMod, m.Ref(x), NewConst(97))
	c, _ := NewBinary(OpEq, mod, NewConst(0))
	m.Require(c)
	s, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Domain(x); len(got) != 10310 || got[1] != 97 {
		t.Fatalf("x %% 97 = 0 over 0..999999: %d values, want 10310", len(got))
	}
	f, ok := m.filters.done[c]
	if !ok {
		t.Fatal("the filter was not kept for the model's other solvers")
	}
	f.after = []Interval{{97, 97}, {194, 194}}
	m.filters.done[c] = f
	s2, err := NewSolver(m, Options{Prop: PropAC})
	if err != nil {
		t.Fatal(err)
	}
	if got := s2.Domain(x); !slices.Equal(got, []int64{97, 194}) {
		t.Fatalf("the second solver filtered again: %d values", len(got))
	}
}
