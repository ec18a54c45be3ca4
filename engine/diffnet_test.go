package engine

import (
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
)

// diffNetModel is a random model of alldiffs over small domains sharing
// variables, as diffNet serves them: values a little below and above 0,
// now and then a domain wider than a word (its alldiffs are left to the
// separate propagators) or a constant argument, and a few other
// constraints around.
func diffNetModel(rng *rand.Rand) *Model {
	m := NewModel()
	n := 3 + rng.Intn(6)
	var refs []Expr
	for i := range n {
		lo := int64(rng.Intn(4) - 1)
		var vs []int64
		for v := lo; v < lo+int64(2+rng.Intn(n)); v++ {
			if rng.Intn(5) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		if rng.Intn(12) == 0 {
			vs = append(vs, 70+int64(rng.Intn(3)))
		}
		x, _ := m.NewVar(fmt.Sprintf("x%d", i), vs)
		refs = append(refs, m.Ref(x))
	}
	for range 1 + rng.Intn(4) {
		perm := rng.Perm(n)[:2+rng.Intn(n-1)]
		var args []Expr
		for _, x := range perm {
			args = append(args, refs[x])
		}
		if rng.Intn(6) == 0 {
			args = append(args, NewConst(int64(rng.Intn(4))))
		}
		m.AllDifferent(args)
	}
	if rng.Intn(2) == 0 {
		e, _ := NewBinary(OpLt, refs[0], refs[1])
		m.Require(e)
	}
	if rng.Intn(3) == 0 {
		e, _ := NewBinary(OpNe, refs[n-1], NewConst(int64(rng.Intn(3))))
		m.Require(e)
	}
	return m
}

// usesDiffNet reports whether the solver's PropAC propagators include a
// diffNet.
func usesDiffNet(s *Solver) bool {
	for _, p := range s.ac.props {
		if _, ok := p.(*diffNet); ok {
			return true
		}
	}
	return false
}

// diffNet reaches the fixpoint of the separate value and Régin
// propagators: the search trees are the same, node for node, on trailing
// and copying stores.
func TestDiffNetSameTree(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	models := 400
	if testing.Short() {
		models = 60
	}
	defer func(l int) { copyLimit, useDiffNet = l, true }(copyLimit)
	used := 0
	for i := range models {
		m := diffNetModel(rng)
		copyLimit = []int{0, 1 << 20}[i%2]
		for _, o := range allOptions() {
			if o.Prop != PropAC || o.Order == OrderDomWdeg {
				continue // dom/wdeg: the weights depend on which constraint a failure is charged to
			}
			var traces [2][]string
			for k, net := range []bool{true, false} {
				useDiffNet = net
				s := newSolver(t, m, o)
				if k == 0 && usesDiffNet(s) {
					used++
				}
				s.trace = func(depth int, x Var, v int64, eq, ok bool) {
					traces[k] = append(traces[k], traceNode(depth, int(x), v, eq, ok))
				}
				for st := s.Next(); st == Solution; st = s.Next() {
					traces[k] = append(traces[k], "solution")
				}
			}
			useDiffNet = true
			if !slices.Equal(traces[0], traces[1]) {
				t.Fatalf("model %d, options %+v:\ndiffNet  %v\nseparate %v", i, o, traces[0], traces[1])
			}
		}
	}
	if used < models {
		t.Errorf("diffNet served %d of %d solver runs", used, 6*models)
	}
}

// Every setting finds exactly the solutions brute force finds, with one
// worker and two, on trailing and copying stores; and root propagation
// keeps every value of every solution.
func TestDiffNetBrute(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	models := 200
	if testing.Short() {
		models = 40
	}
	defer func(l int) { copyLimit = l }(copyLimit)
	sat := 0
	for i := range models {
		m := diffNetModel(rng)
		sols := bruteDiff(m)
		want := solutionKeys(sols)
		if len(want) > 0 {
			sat++
		}
		for k, o := range allOptions() {
			copyLimit = []int{0, 1 << 20}[(i+k)%2]
			workers := 1 + (i+k)%2
			name := fmt.Sprintf("model %d %+v workers %d", i, o, workers)
			if got := solutionKeys(solveAll(t, name, m, o, workers)); !slices.Equal(got, want) {
				t.Fatalf("%s: solutions %v, want %v", name, got, want)
			}
		}
		s := newSolver(t, m, Options{Prop: PropAC})
		ok := s.Propagate()
		if !ok && len(sols) > 0 {
			t.Fatalf("model %d: root propagation fails, but it has %d solutions", i, len(sols))
		}
		for _, a := range sols {
			for x, v := range a {
				if !slices.Contains(s.Domain(Var(x)), v) {
					t.Fatalf("model %d: root propagation removed %d from x%d, which solution %v takes", i, v, x, a)
				}
			}
		}
	}
	if sat == 0 || sat == models {
		t.Errorf("%d of %d models satisfiable: the generator tests only one side", sat, models)
	}
}

// A failure inside the network charges the alldiff where it was found,
// for dom/wdeg.
func TestDiffNetFailedCons(t *testing.T) {
	m := NewModel()
	var refs []Expr
	for i := range 3 {
		x, _ := m.NewVarRange(fmt.Sprintf("x%d", i), 1, 2)
		refs = append(refs, m.Ref(x))
	}
	y, _ := m.NewVarRange("y", 1, 3)
	m.AllDifferent([]Expr{refs[0], m.Ref(y)})
	m.AllDifferent(refs) // three variables, two values
	s := newSolver(t, m, Default())
	if !usesDiffNet(s) {
		t.Fatal("no diffNet")
	}
	if s.Next() != Exhausted {
		t.Fatal("a solution to three different variables over two values")
	}
	if s.weight[1] < 2 || s.weight[0] != 1 {
		t.Errorf("weights %v: the failure belongs to the second alldiff", s.weight)
	}
}

// bruteDiff enumerates the solutions of a diffNetModel: expressions by
// refTruth, alldiffs by their values being pairwise different.
func bruteDiff(m *Model) [][]int64 {
	n := m.NumVars()
	a := make([]int64, n)
	var out [][]int64
	holds := func() bool {
		for _, c := range m.Constraints() {
			switch c.Kind {
			case KindExpr:
				if !refTruth(c.Expr, a) {
					return false
				}
			case KindAllDiff:
				seen := map[int64]bool{}
				for _, e := range c.Args {
					v, ok := refEval(e, a)
					if !ok || seen[v] {
						return false
					}
					seen[v] = true
				}
			default:
				panic("bruteDiff: an unexpected constraint")
			}
		}
		return true
	}
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if holds() {
				out = append(out, slices.Clone(a))
			}
			return
		}
		for _, v := range m.InitialDomain(Var(i)) {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// On sudokus of 9 x 9 and 25 x 25 (75 units: sets of units of two words)
// the trees are the same as with the separate propagators.
func TestDiffNetSudokuSameTree(t *testing.T) {
	sets := []struct{ path string }{
		{sudokuData + "top95.txt"},
		{"../bench/data/sudoku25_b50.txt"},
	}
	defer func() { useDiffNet = true }()
	for _, set := range sets {
		f, err := os.ReadFile(set.path)
		if err != nil {
			t.Skipf("no puzzles: %v", err)
		}
		lines := strings.Fields(string(f))[:3]
		for i, puzzle := range lines {
			m, _ := sudoku(t, puzzle)
			var traces [2][]string
			for k, net := range []bool{true, false} {
				useDiffNet = net
				s := newSolver(t, m, Options{Order: OrderMRV, Values: ValuesMid, Prop: PropAC})
				if net && !usesDiffNet(s) {
					t.Fatalf("%s %d: no diffNet", set.path, i+1)
				}
				s.trace = func(depth int, x Var, v int64, eq, ok bool) {
					traces[k] = append(traces[k], traceNode(depth, int(x), v, eq, ok))
				}
				if s.Next() != Solution {
					t.Fatalf("%s %d: no solution", set.path, i+1)
				}
			}
			if !slices.Equal(traces[0], traces[1]) {
				t.Fatalf("%s %d:\ndiffNet  %v\nseparate %v", set.path, i+1, traces[0], traces[1])
			}
		}
	}
}
