package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestLinearBoundsConsistent posts random linear comparisons over small
// domains with holes and checks, at the root under PropAC, that no
// solution lost a value and that each remaining bound has a support when
// the other variables range over the reals between their bounds (bounds
// consistency as Gecode's linear propagators give it). Sums of eight
// terms and more visit their terms widest first and stop at the first
// that cannot move (linear_bounds.go): the test covers both orders.
func TestLinearBoundsConsistent(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for inst := range 400 {
		m := NewModel()
		n := 2 + rng.Intn(10)
		coef := make([]int64, n)
		sum := []Expr{}
		for i := range n {
			var x Expr
			if i%3 == 0 && rng.Intn(2) == 0 { // now and then a wide term
				y, err := m.NewVarRange(fmt.Sprintf("x%d", i), -9, 9)
				if err != nil {
					t.Fatal(err)
				}
				x = m.Ref(y)
			} else {
				x = smallVar(rng, m, fmt.Sprintf("x%d", i))
			}
			coef[i] = rng.Int63n(7) - 3
			if coef[i] == 0 {
				coef[i] = 1
			}
			term, err := NewBinary(OpMul, NewConst(coef[i]), x)
			if err != nil {
				t.Fatal(err)
			}
			sum = append(sum, term)
		}
		k := rng.Int63n(9) - 4
		op := []BinOp{OpEq, OpLe, OpGe}[rng.Intn(3)]
		total, err := NewNary(OpSum, sum)
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewBinary(op, total, NewConst(k))
		if err != nil {
			t.Fatal(err)
		}
		m.Require(e)
		label := fmt.Sprintf("instance %d: %v %v %d", inst, coef, op, k)
		doms := rootDomains(t, m)
		var sols [][]int64
		if tuples(m) <= 1<<16 {
			sols = bruteSolutions(m)
		}
		if doms == nil {
			if len(sols) > 0 {
				t.Fatalf("%s: propagation failed, %d solutions", label, len(sols))
			}
			continue
		}
		for _, s := range sols {
			for x, v := range s {
				if !slices.Contains(doms[x], v) {
					t.Fatalf("%s: solution %v lost x%d = %d", label, s, x, v)
				}
			}
		}
		checkLinearBounds(t, label, doms, coef, k, op)
	}
}

// checkLinearBounds tests Σ coef·x rel k for bounds(R) consistency.
func checkLinearBounds(t *testing.T, label string, doms [][]int64, coef []int64, k int64, op BinOp) {
	t.Helper()
	lo, hi := int64(0), int64(0)
	for i, a := range coef {
		l, h := a*doms[i][0], a*doms[i][len(doms[i])-1]
		lo, hi = lo+min(l, h), hi+max(l, h)
	}
	for i, a := range coef {
		l, h := a*doms[i][0], a*doms[i][len(doms[i])-1]
		olo, ohi := lo-min(l, h), hi-max(l, h) // the others' range
		for _, v := range []int64{doms[i][0], doms[i][len(doms[i])-1]} {
			least, most := olo+a*v, ohi+a*v
			ok := true
			switch op {
			case OpEq:
				ok = least <= k && k <= most
			case OpLe:
				ok = least <= k
			case OpGe:
				ok = most >= k
			}
			if !ok {
				t.Fatalf("%s: x%d = %d has no support in the others' bounds %v", label, i, v, doms)
			}
		}
	}
}

// tuples returns the number of assignments of m's variables, up to 2^20.
func tuples(m *Model) int {
	n := 1
	for x := range m.NumVars() {
		n = min(n*len(m.InitialDomain(Var(x))), 1<<20)
	}
	return n
}

// TestLinearIncrementalSearch searches models of long sums, which
// linearIncr propagates from the sums it keeps on the trail, for every
// solution under every setting, against brute force: a sum that drifted
// from the domains on a backtrack would lose solutions or keep wrong ones.
func TestLinearIncrementalSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for inst := range 40 {
		m := NewModel()
		n := incrMinTerms + rng.Intn(4)
		var xs []Expr
		for i := range n {
			hi := int64(1)
			if i == 0 {
				hi = int64(2 + rng.Intn(5))
			}
			x, err := m.NewVarRange(fmt.Sprintf("x%d", i), 0, hi)
			if err != nil {
				t.Fatal(err)
			}
			xs = append(xs, m.Ref(x))
		}
		for range 2 + rng.Intn(2) {
			var sum []Expr
			for _, x := range xs {
				a := rng.Int63n(5) - 2
				if a == 0 {
					a = 1
				}
				term, err := NewBinary(OpMul, NewConst(a), x)
				if err != nil {
					t.Fatal(err)
				}
				sum = append(sum, term)
			}
			total, err := NewNary(OpSum, sum)
			if err != nil {
				t.Fatal(err)
			}
			op := []BinOp{OpEq, OpLe, OpGe}[rng.Intn(3)]
			e, err := NewBinary(op, total, NewConst(rng.Int63n(5)-2))
			if err != nil {
				t.Fatal(err)
			}
			m.Require(e)
		}
		want := solutionKeys(bruteSolutions(m))
		for _, o := range allOptions() {
			s := newSolver(t, m, o)
			var got [][]int64
			for s.Next() == Solution {
				sol := make([]int64, n)
				for i := range sol {
					sol[i] = s.Value(Var(i))
				}
				got = append(got, sol)
			}
			if g := solutionKeys(got); !slices.Equal(g, want) {
				t.Fatalf("instance %d, %+v: %d solutions, want %d", inst, o, len(g), len(want))
			}
		}
	}
}

// randomLongSumModel is a model of two or three linear comparisons, the
// first an equality, over ten or eleven variables, all 0/1 but one: sums
// long enough for linearIncr, for FuzzEngine.
func randomLongSumModel(rng *rand.Rand) *randModel {
	rm := &randModel{m: NewModel()}
	n := incrMinTerms + rng.Intn(2) // 2,560 to 5,120 assignments: enumerated fast
	for i := range n {
		lo, hi := int64(0), int64(1)
		if i == 0 {
			lo, hi = int64(-rng.Intn(2)), int64(1+rng.Intn(3))
		}
		x, err := rm.m.NewVarRange(fmt.Sprintf("x%d", i), lo, hi)
		if err != nil {
			panic(err)
		}
		rm.refs = append(rm.refs, rm.m.Ref(x))
	}
	for c := range 2 + rng.Intn(2) {
		coef := make([]int64, n)
		var sum []Expr
		for i, x := range rm.refs {
			coef[i] = rng.Int63n(7) - 3
			term, _ := NewBinary(OpMul, NewConst(coef[i]), x)
			sum = append(sum, term)
		}
		total, _ := NewNary(OpSum, sum)
		op := []BinOp{OpEq, OpLe, OpGe, OpNe}[rng.Intn(4)]
		if c == 0 {
			op = OpEq // few solutions, so that checking them all is quick
		}
		k := rng.Int63n(7) - 3
		e, _ := NewBinary(op, total, NewConst(k))
		rm.m.Require(e)
		rm.desc = append(rm.desc, fmt.Sprintf("%v·x %v %d", coef, op, k))
		rm.checks = append(rm.checks, func(a []int64) bool {
			s := int64(0)
			for i, c := range coef {
				s += c * a[i]
			}
			switch op {
			case OpEq:
				return s == k
			case OpLe:
				return s <= k
			case OpGe:
				return s >= k
			}
			return s != k
		})
	}
	return rm
}
