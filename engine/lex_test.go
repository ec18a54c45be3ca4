package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// lexLists draws two lists of length 0..4 over 0..2: distinct variables
// and constants, or, with repeats, some variables used twice.
func lexLists(rng *rand.Rand, m *Model, repeats bool) ([]Expr, []Expr) {
	n := rng.Intn(5)
	a := randomVars(rng, m, "a", n, 0, 2)
	b := randomVars(rng, m, "b", n, 0, 2)
	for i := range n {
		if rng.Intn(5) == 0 {
			a[i] = NewConst(int64(rng.Intn(3)))
		}
		if rng.Intn(5) == 0 {
			b[i] = NewConst(int64(rng.Intn(3)))
		}
		if repeats && rng.Intn(3) == 0 {
			all := append(slices.Clone(a), b...)
			if rng.Intn(2) == 0 {
				a[i] = all[rng.Intn(len(all))]
			} else {
				b[i] = all[rng.Intn(len(all))]
			}
		}
	}
	return a, b
}

// lexChecks are the harness tests of lex_less and lex_lesseq, with
// distinct variables (domain consistent) and with repeated ones.
func lexChecks() []globalCheck {
	var cs []globalCheck
	for _, strict := range []bool{false, true} {
		for _, repeats := range []bool{false, true} {
			cs = append(cs, globalCheck{
				name:      fmt.Sprintf("lex strict=%v repeats=%v", strict, repeats),
				instances: 80,
				dc:        !repeats,
				make: func(rng *rand.Rand, m *Model) Global {
					a, b := lexLists(rng, m, repeats)
					g, err := NewLex(a, b, strict)
					if err != nil {
						panic(err)
					}
					return g
				},
			})
		}
	}
	return cs
}

func TestLex(t *testing.T) {
	for _, c := range lexChecks() {
		c.run(t)
	}
}

// lexRoot posts g alone and returns the domains after root
// propagation under PropAC, or nil if it fails.
func lexRoot(t *testing.T, m *Model, g Global) [][]int64 {
	t.Helper()
	m.Post(g)
	return rootDomains(t, m)
}

// lexRangeVars adds variables with the given domains lo..hi.
func lexRangeVars(m *Model, name string, doms ...[2]int64) []Expr {
	out := make([]Expr, len(doms))
	for i, d := range doms {
		var vs []int64
		for v := d[0]; v <= d[1]; v++ {
			vs = append(vs, v)
		}
		x, err := m.NewVar(fmt.Sprintf("%s%d", name, i), vs)
		if err != nil {
			panic(err)
		}
		out[i] = m.Ref(x)
	}
	return out
}

func TestLexStrength(t *testing.T) {
	// a = [2, x, 3], b = [y, 1, z]: y >= 2; if y = 2 then x <= 1 and, if
	// x = 1, z > 3 for lex_less.
	m := NewModel()
	x := lexRangeVars(m, "x", [2]int64{0, 3})[0]
	y := lexRangeVars(m, "y", [2]int64{0, 2})[0]
	z := lexRangeVars(m, "z", [2]int64{0, 3})[0]
	g, _ := NewLex([]Expr{NewConst(2), x, NewConst(3)}, []Expr{y, NewConst(1), z}, true)
	d := lexRoot(t, m, g)
	// y = 2 is forced (its max), then x <= 1; x = 1 needs z > 3: none, so
	// x = 0 and z free.
	want := [][]int64{{0}, {2}, {0, 1, 2, 3}}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Fatalf("domains %v, want %v", d, want)
	}

	// Equal fixed lists: lex_lesseq holds, lex_less fails.
	for _, strict := range []bool{false, true} {
		m := NewModel()
		v := lexRangeVars(m, "v", [2]int64{1, 1}, [2]int64{2, 2})
		g, _ := NewLex(v, []Expr{NewConst(1), NewConst(2)}, strict)
		if d := lexRoot(t, m, g); (d == nil) != strict {
			t.Fatalf("strict=%v: root propagation gives %v", strict, d)
		}
	}

	// The empty lists.
	for _, strict := range []bool{false, true} {
		g, _ := NewLex(nil, nil, strict)
		if g.Holds(nil) == strict {
			t.Fatalf("strict=%v: empty lists", strict)
		}
	}
	if _, err := NewLex([]Expr{NewConst(1)}, nil, false); err == nil {
		t.Fatal("lists of different lengths accepted")
	}
}

// TestLexAlpha checks that α moves down a branch and comes back on
// backtracking: a search over lex_less on 8 pairs counts its solutions.
func TestLexAlpha(t *testing.T) {
	m := NewModel()
	n := 6
	var a, b []Expr
	for i := range n {
		a = append(a, lexRangeVars(m, fmt.Sprintf("a%d_", i), [2]int64{0, 1})...)
		b = append(b, lexRangeVars(m, fmt.Sprintf("b%d_", i), [2]int64{0, 1})...)
	}
	g, _ := NewLex(a, b, true)
	m.Post(g)
	// Pairs of 6-bit numbers with a < b: (64*64 - 64) / 2.
	for _, o := range allOptions() {
		s, err := NewSolver(m, o)
		if err != nil {
			t.Fatal(err)
		}
		if c := countSolutions(s); c != (64*64-64)/2 {
			t.Fatalf("%+v: %d solutions", o, c)
		}
	}
}

// TestLexIdempotent: with distinct variables (idem is set), a second run
// right after the first changes nothing.
func TestLexIdempotent(t *testing.T) {
	checked := 0
	for seed := range 300 {
		rng := rand.New(rand.NewSource(int64(seed)))
		m := NewModel()
		a, b := lexLists(rng, m, false)
		g, _ := NewLex(a, b, seed%2 == 0)
		m.Post(g)
		s, err := NewSolver(m, Options{Prop: PropAC})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range s.props {
			r, ok := p.(*globalRun)
			if !ok {
				continue
			}
			if !r.opts.idem {
				t.Fatalf("seed %d: idem not set with distinct variables", seed)
			}
			if !r.p.propagate(&s.st, modeAC) {
				continue
			}
			checked++
			before := fmt.Sprint(allDomains(s, m))
			if !r.p.propagate(&s.st, modeAC) {
				t.Fatalf("seed %d: the second run fails", seed)
			}
			if after := fmt.Sprint(allDomains(s, m)); after != before {
				t.Fatalf("seed %d: the second run narrows %s to %s", seed, before, after)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d instances checked", checked)
	}
}

func allDomains(s *Solver, m *Model) [][]int64 {
	out := make([][]int64, m.NumVars())
	for x := range out {
		out[x] = s.Domain(Var(x))
	}
	return out
}
