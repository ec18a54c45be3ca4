package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// inverseInstance draws inverse(f, g) over n <= 4 elements (rarely 4)
// with bases in 0..2, domains reaching one below the index range, some
// constants, and, with shared, variables shared by f and g.
func inverseInstance(rng *rand.Rand, m *Model, shared bool) Global {
	n := rng.Intn(4)
	if rng.Intn(10) == 0 {
		n = 4
	}
	bf, bg := int64(rng.Intn(3)), int64(rng.Intn(3))
	f := randomVars(rng, m, "f", n, bg-1, bg+int64(n)-1)
	g := randomVars(rng, m, "g", n, bf-1, bf+int64(n)-1)
	for i := range n {
		if rng.Intn(8) == 0 {
			f[i] = NewConst(bg + int64(rng.Intn(n)))
		}
		if rng.Intn(8) == 0 {
			g[i] = NewConst(bf + int64(rng.Intn(n)))
		}
		if shared && rng.Intn(3) == 0 {
			g[i] = f[rng.Intn(n)]
		}
	}
	inv, err := NewInverse(f, g, bf, bg)
	if err != nil {
		panic(err)
	}
	return inv
}

// inverseChecks are the harness tests of inverse: distinct variables
// (domain consistent) and variables shared by the two lists.
func inverseChecks() []globalCheck {
	var cs []globalCheck
	for _, shared := range []bool{false, true} {
		cs = append(cs, globalCheck{
			name:      fmt.Sprintf("inverse shared=%v", shared),
			instances: 60,
			dc:        !shared,
			make:      func(rng *rand.Rand, m *Model) Global { return inverseInstance(rng, m, shared) },
		})
	}
	return cs
}

func TestInverse(t *testing.T) {
	for _, c := range inverseChecks() {
		c.run(t)
	}
}

func TestInverseErrors(t *testing.T) {
	if _, err := NewInverse([]Expr{NewConst(1)}, nil, 1, 1); err == nil {
		t.Error("lists of different lengths accepted")
	}
	if _, err := NewInverse([]Expr{NewConst(1)}, []Expr{NewConst(1)}, 1<<63-1, 1); err == nil {
		t.Error("indices past the largest integer accepted")
	}
}

// TestInverseStrength checks the ranges and the channelling on one case,
// and Régin's alldiff on another: two elements of f sharing two values
// leave the third value to the third element.
func TestInverseStrength(t *testing.T) {
	m := NewModel()
	f := lexRangeVars(m, "f", [2]int64{-1, 0}, [2]int64{0, 2}, [2]int64{1, 2})
	g := lexRangeVars(m, "g", [2]int64{1, 3}, [2]int64{1, 3}, [2]int64{1, 3})
	inv, _ := NewInverse(f, g, 1, 0)
	d := lexRoot(t, m, inv)
	// f1 = 0 (-1 is no index of g), so g0 = 1 and 1 leaves g1 and g2;
	// g = 3 would need f3 = 2... all of g1, g2 in {2, 3} have supports.
	want := [][]int64{{0}, {1, 2}, {1, 2}, {1}, {2, 3}, {2, 3}}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Fatalf("domains %v, want %v", d, want)
	}
	m = NewModel()
	f = lexRangeVars(m, "f", [2]int64{1, 2}, [2]int64{1, 2}, [2]int64{1, 3})
	g = lexRangeVars(m, "g", [2]int64{1, 3}, [2]int64{1, 3}, [2]int64{1, 3})
	inv, _ = NewInverse(f, g, 1, 1)
	d = lexRoot(t, m, inv)
	want = [][]int64{{1, 2}, {1, 2}, {3}, {1, 2}, {1, 2}, {3}}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Fatalf("domains %v, want %v", d, want)
	}
}

// TestInverseQueens counts the 6-queens solutions of the dual model:
// q[r] is the column of row r, c[k] the row of column k, inverse(q, c),
// with the diagonals on q only.
func TestInverseQueens(t *testing.T) {
	const n = 6 // 4 solutions
	m := NewModel()
	var q, c []Expr
	for i := range n {
		x, _ := m.NewVar(fmt.Sprint("q", i), gccRange(1, n))
		q = append(q, m.Ref(x))
	}
	for i := range n {
		x, _ := m.NewVar(fmt.Sprint("c", i), gccRange(1, n))
		c = append(c, m.Ref(x))
	}
	inv, _ := NewInverse(q, c, 1, 1)
	m.Post(inv)
	for i := range n {
		for j := i + 1; j < n; j++ {
			d, _ := NewBinary(OpSub, q[i], q[j])
			a, _ := NewUnary(OpAbs, d)
			e, _ := NewBinary(OpNe, a, NewConst(int64(j-i)))
			m.Require(e)
		}
	}
	for _, o := range allOptions() {
		if o.Prop == PropNone {
			continue // the columns are not tested before every queen is placed
		}
		s, err := NewSolver(m, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := countSolutions(s); got != 4 {
			t.Fatalf("%+v: %d solutions, want 4", o, got)
		}
	}
}
