package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// spreadModel is a random model whose alldiff (with offsets) and diagonal
// constraints share their variable lists, so that multiSpread serves them,
// with a few other constraints around.
func spreadModel(rng *rand.Rand) *Model {
	m := NewModel()
	n := 3 + rng.Intn(5)
	var refs []Expr
	for i := range n {
		lo := int64(rng.Intn(3))
		var vs []int64
		for v := lo; v < lo+int64(2+rng.Intn(n+3)); v++ {
			if rng.Intn(5) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		if rng.Intn(8) == 0 { // now and then a domain wider than a word
			vs = append(vs, 70+int64(rng.Intn(3)))
		}
		x, _ := m.NewVar(fmt.Sprintf("x%d", i), vs)
		refs = append(refs, m.Ref(x))
	}
	for range 1 + rng.Intn(3) {
		perm := rng.Perm(n)[:2+rng.Intn(n-1)]
		for range 2 + rng.Intn(2) {
			var args []Expr
			var pos []int64
			for _, x := range perm {
				args = append(args, refs[x])
				pos = append(pos, int64(rng.Intn(9)-2))
			}
			switch rng.Intn(3) {
			case 0:
				m.AllDifferent(args)
			case 1:
				for i, a := range args {
					if c := pos[i]; c != 0 {
						e, _ := NewBinary(OpAdd, a, NewConst(c))
						args[i] = e
					}
				}
				m.AllDifferent(args)
			default:
				m.Diagonal(args, pos)
			}
		}
	}
	if rng.Intn(2) == 0 {
		e, _ := NewBinary(OpLt, refs[0], refs[1])
		m.Require(e)
	}
	return m
}

// The shared value propagator narrows as the separate ones do: the search
// trees are the same.
func TestMultiSpreadSameTree(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	models := 400
	if testing.Short() {
		models = 40
	}
	fused := 0
	for i := range models {
		m := spreadModel(rng)
		for _, o := range allOptions() {
			if o.Prop != PropAC || o.Order == OrderDomWdeg {
				continue // dom/wdeg: the weights depend on which propagator fails first
			}
			var traces [2][]string
			for k, fuse := range []bool{true, false} {
				fuseSpreads = fuse
				s := newSolver(t, m, o)
				if k == 0 {
					for _, p := range s.ac.props {
						if _, ok := p.(*multiSpread); ok {
							fused++
							break
						}
					}
				}
				s.trace = func(depth int, x Var, v int64, eq, ok bool) {
					traces[k] = append(traces[k], traceNode(depth, int(x), v, eq, ok))
				}
				for st := s.Next(); st == Solution; st = s.Next() {
					traces[k] = append(traces[k], "solution")
				}
			}
			fuseSpreads = true
			if !slices.Equal(traces[0], traces[1]) {
				t.Fatalf("model %d, options %+v:\nfused    %v\nseparate %v", i, o, traces[0], traces[1])
			}
		}
	}
	if fused < models/4 {
		t.Errorf("only %d solvers used multiSpread", fused)
	}
}

func TestMultiSpreadQueens(t *testing.T) {
	want := map[int]int{4: 2, 6: 4, 8: 92, 9: 352, 66: -1}
	for n, count := range want {
		m, q := queens(t, n)
		for _, o := range []Options{{Prop: PropAC}, Default()} {
			s := newSolver(t, m, o)
			if count < 0 { // wider than a word: the first solution
				if s.Next() != Solution {
					t.Fatalf("%d-queens: no solution", n)
				}
				for i := range q {
					for j := range i {
						a, b := s.Value(q[i]), s.Value(q[j])
						if a == b || absDiff(a, b) == uint64(i-j) {
							t.Fatalf("%d-queens: q%d = %d, q%d = %d", n, j+1, b, i+1, a)
						}
					}
				}
				continue
			}
			if got := countSolutions(s); got != count {
				t.Errorf("%d-queens %+v: %d solutions, want %d", n, o, got, count)
			}
		}
	}
}
