package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// A brute-force cross-check: random small models, solved by plain
// enumeration with an evaluator of their own, must give exactly the same
// solutions (or optimum) under every combination of options.

// refEval evaluates e under assignment a, following the semantics
// documented on Expr. It is deliberately independent of eval.go.
func refEval(e Expr, a []int64) (int64, bool) {
	switch e := e.(type) {
	case *Const:
		return e.V, true
	case *VarExpr:
		return a[e.V], true
	case *Unary:
		v, ok := refEval(e.X, a)
		switch e.Op {
		case OpNeg:
			return -v, ok
		case OpAbs:
			return max(v, -v), ok
		}
		return refBool(!ok || v == 0), true
	case *Binary:
		return refBinary(e, a)
	case *Nary:
		return refNary(e, a)
	case *InSet:
		v, ok := refEval(e.X, a)
		return refBool(ok && slices.Contains(e.Set, v) != e.Negated), true
	case *IfThenElse:
		if refTruth(e.Cond, a) {
			return refEval(e.Then, a)
		}
		return refEval(e.Else, a)
	case *Element:
		i, ok := refEval(e.Index, a)
		if !ok || i < e.Base || i-e.Base >= int64(len(e.Items)) {
			return 0, false
		}
		return refEval(e.Items[i-e.Base], a)
	}
	panic(fmt.Sprintf("refEval %T", e))
}

// refTruth is e as a truth value: defined and non-zero.
func refTruth(e Expr, a []int64) bool {
	v, ok := refEval(e, a)
	return ok && v != 0
}

func refBool(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func refBinary(e *Binary, a []int64) (int64, bool) {
	x, okx := refEval(e.X, a)
	y, oky := refEval(e.Y, a)
	defined := okx && oky
	bx, by := okx && x != 0, oky && y != 0
	switch e.Op {
	case OpAdd:
		return x + y, defined
	case OpSub:
		return x - y, defined
	case OpMul:
		return x * y, defined
	case OpDiv:
		if y == 0 {
			return 0, false
		}
		return x / y, defined
	case OpMod:
		if y == 0 {
			return 0, false
		}
		return x % y, defined
	case OpEq:
		return refBool(defined && x == y), true
	case OpNe:
		return refBool(defined && x != y), true
	case OpLt:
		return refBool(defined && x < y), true
	case OpLe:
		return refBool(defined && x <= y), true
	case OpGt:
		return refBool(defined && x > y), true
	case OpGe:
		return refBool(defined && x >= y), true
	case OpAnd:
		return refBool(bx && by), true
	case OpOr:
		return refBool(bx || by), true
	case OpXor:
		return refBool(bx != by), true
	case OpImplies:
		return refBool(!bx || by), true
	}
	return refBool(bx == by), true
}

func refNary(e *Nary, a []int64) (int64, bool) {
	var vs []int64
	defined := true
	for _, arg := range e.Args {
		v, ok := refEval(arg, a)
		defined = defined && ok
		vs = append(vs, v)
	}
	switch e.Op {
	case OpAll, OpAny:
		n := 0
		for _, arg := range e.Args {
			if refTruth(arg, a) {
				n++
			}
		}
		if e.Op == OpAll {
			return refBool(n == len(vs)), true
		}
		return refBool(n > 0), true
	case OpMin:
		return slices.Min(vs), defined
	case OpMax:
		return slices.Max(vs), defined
	}
	r := int64(0)
	if e.Op == OpProduct {
		r = 1
	}
	for _, v := range vs {
		if e.Op == OpSum {
			r += v
		} else {
			r *= v
		}
	}
	return r, defined
}

// randModel is a random model with its reference check.
type randModel struct {
	m      *Model
	refs   []Expr
	checks []func(a []int64) bool
	desc   []string
	small  [][]int64 // per variable, the values enumerate tries (nil: its initial domain)
}

type gen struct {
	rng *rand.Rand
	rm  *randModel
	// distinct: each constraint mentions a variable at most once (and no
	// coefficient is zero), so its variables are the ones it shows.
	distinct bool
	pool     []Expr // distinct: the variables the constraint may still use
}

func (g *gen) n(k int) int { return g.rng.Intn(k) }

// pickVar returns a variable, or a constant if distinct and none is left.
func (g *gen) pickVar() Expr {
	if !g.distinct {
		return g.rm.refs[g.n(len(g.rm.refs))]
	}
	if len(g.pool) == 0 {
		return NewConst(int64(g.n(3) + 1))
	}
	i := g.n(len(g.pool))
	e := g.pool[i]
	g.pool = append(g.pool[:i], g.pool[i+1:]...)
	return e
}

func (g *gen) leaf() Expr {
	if g.n(10) < 7 {
		return g.pickVar()
	}
	if g.distinct {
		return NewConst(int64(g.n(3) + 1))
	}
	return NewConst(int64(g.n(7) - 3))
}

// or returns e, or a leaf if building it failed (overflow, undefined).
func (g *gen) or(e Expr, err error) Expr {
	if err != nil {
		return g.leaf()
	}
	return e
}

func (g *gen) list(k, depth int, f func(int) Expr) []Expr {
	var out []Expr
	for range k {
		out = append(out, f(depth))
	}
	return out
}

func (g *gen) num(d int) Expr {
	if d <= 0 || g.n(4) == 0 {
		return g.leaf()
	}
	switch g.n(12) {
	case 0:
		return g.or(NewUnary(UnOp(g.n(2)), g.num(d-1))) // neg, abs
	case 1, 2, 3:
		return g.or(NewBinary(BinOp(g.n(5)), g.num(d-1), g.num(d-1))) // + - * / %
	case 4:
		// Often by zero, and the undefined result on either side.
		e := g.or(NewBinary(OpDiv+BinOp(g.n(2)), g.num(d-1), g.leaf()))
		if g.n(2) == 0 {
			return g.or(NewBinary(BinOp(g.n(3)), g.leaf(), e))
		}
		return e
	case 5, 6:
		return g.or(NewNary(NaryOp(g.n(4)), g.list(1+g.n(3), d-1, g.num))) // sum product min max
	case 7:
		cond := g.boolean(d - 1)
		if g.n(3) == 0 {
			cond = g.num(d - 1) // may be undefined
		}
		return NewIf(cond, g.num(d-1), g.num(d-1))
	case 8:
		return g.or(NewElement(g.num(d-1), int64(g.n(3)-1), g.list(1+g.n(3), d-1, g.num)))
	}
	return g.boolean(d - 1) // a boolean used as a number
}

func (g *gen) boolean(d int) Expr {
	if d <= 0 {
		return g.or(NewBinary(OpEq+BinOp(g.n(6)), g.leaf(), g.leaf()))
	}
	switch g.n(8) {
	case 0, 1:
		return g.or(NewBinary(OpEq+BinOp(g.n(6)), g.num(d-1), g.num(d-1)))
	case 2:
		set := g.list(g.n(4), 0, func(int) Expr { return NewConst(int64(g.n(7) - 3)) })
		vs := make([]int64, len(set))
		for i, e := range set {
			vs[i] = e.(*Const).V
		}
		return NewInSet(g.num(d-1), vs, g.n(2) == 0)
	case 3:
		if g.n(3) == 0 {
			return g.or(NewUnary(OpNot, g.num(d-1)))
		}
		return g.or(NewUnary(OpNot, g.boolean(d-1)))
	case 4, 5:
		x, y := g.boolean(d-1), g.boolean(d-1)
		if g.n(4) == 0 {
			y = g.num(d - 1)
		}
		return g.or(NewBinary(OpAnd+BinOp(g.n(5)), x, y))
	case 6:
		return g.or(NewNary(OpAll+NaryOp(g.n(2)), g.list(g.n(4), d-1, g.boolean)))
	}
	return g.num(d) // a number as a constraint: true when defined and non-zero
}

func (g *gen) linear() Expr {
	side := func() Expr {
		var terms []Expr
		for range 1 + g.n(3) {
			t := g.pickVar()
			switch g.n(4) {
			case 0:
				t = g.or(NewBinary(OpMul, NewConst(int64(g.n(3)+2)), t))
			case 1:
				t = g.or(NewUnary(OpNeg, t))
			}
			terms = append(terms, t)
		}
		if g.n(2) == 0 {
			terms = append(terms, NewConst(int64(g.n(9)-4)))
		}
		if g.n(2) == 0 {
			return g.or(NewNary(OpSum, terms))
		}
		e := terms[0]
		for _, t := range terms[1:] {
			e = g.or(NewBinary(OpAdd+BinOp(g.n(2)), e, t))
		}
		return e
	}
	rhs := NewConst(int64(g.n(9) - 4))
	if g.n(2) == 0 {
		rhs = side()
	}
	return g.or(NewBinary(OpEq+BinOp(g.n(6)), side(), rhs))
}

func (g *gen) allDiffArg() Expr {
	x := g.pickVar()
	k := NewConst(int64(g.n(5) - 2))
	switch g.n(10) {
	case 0:
		return g.or(NewBinary(OpAdd, x, k))
	case 1:
		return g.or(NewBinary(OpSub, x, k))
	case 2:
		return g.or(NewBinary(OpAdd, k, x))
	case 3:
		return k
	case 4:
		return g.num(2)
	}
	return x
}

func (g *gen) constraint() {
	rm := g.rm
	switch g.n(10) {
	case 0, 1:
		e := g.linear()
		rm.m.Require(e)
		rm.checks = append(rm.checks, func(a []int64) bool { v, ok := refEval(e, a); return ok && v != 0 })
		rm.desc = append(rm.desc, "linear")
	case 2, 3:
		args := g.list(1+g.n(4), 0, func(int) Expr { return g.allDiffArg() })
		rm.m.AllDifferent(args)
		rm.checks = append(rm.checks, func(a []int64) bool {
			return pairsOK(args, a, func(_, _ int, x, y int64) bool { return x != y })
		})
		rm.desc = append(rm.desc, "alldiff")
	case 4:
		args := g.list(1+g.n(4), 0, func(int) Expr {
			if g.n(4) == 0 {
				return g.allDiffArg()
			}
			return g.pickVar()
		})
		pos := make([]int64, len(args))
		for i := range pos {
			pos[i] = int64(g.n(6) - 2)
		}
		if _, err := rm.m.Diagonal(args, pos); err != nil {
			panic(err)
		}
		rm.checks = append(rm.checks, func(a []int64) bool {
			return pairsOK(args, a, func(i, j int, x, y int64) bool { return absDiff(x, y) != absDiff(pos[i], pos[j]) })
		})
		rm.desc = append(rm.desc, "diagonal")
	default:
		e := g.boolean(1 + g.n(3))
		if g.n(20) == 0 {
			e = g.or(NewBinary(OpLe, NewConst(1), NewConst(int64(g.n(3)))))
		}
		rm.m.Require(e)
		rm.checks = append(rm.checks, func(a []int64) bool { v, ok := refEval(e, a); return ok && v != 0 })
		rm.desc = append(rm.desc, "expr")
	}
}

// pairsOK reports whether every argument is defined (a lone one too) and
// every pair i < j satisfies ok.
func pairsOK(args []Expr, a []int64, ok func(i, j int, x, y int64) bool) bool {
	vs := make([]int64, len(args))
	for i, e := range args {
		v, defined := refEval(e, a)
		if !defined {
			return false
		}
		vs[i] = v
	}
	for i := range args {
		for j := i + 1; j < len(args); j++ {
			if !ok(i, j, vs[i], vs[j]) {
				return false
			}
		}
	}
	return true
}

func randomModel(rng *rand.Rand) *randModel {
	rm := &randModel{m: NewModel()}
	g := &gen{rng: rng, rm: rm}
	for i := range 2 + g.n(4) {
		lo := int64(g.n(6) - 3)
		var vs []int64
		for v := lo; v < lo+int64(1+g.n(5)); v++ {
			if g.n(5) > 0 || v == lo {
				vs = append(vs, v)
			}
		}
		x, err := rm.m.NewVar(fmt.Sprintf("x%d", i), vs)
		if err != nil {
			panic(err)
		}
		rm.refs = append(rm.refs, rm.m.Ref(x))
	}
	for range 1 + g.n(4) {
		g.constraint()
	}
	if g.n(3) == 0 {
		rm.m.SetObjective(Minimize+Sense(g.n(2)), g.num(2))
	}
	return rm
}

// enumerate returns every assignment that satisfies the model (and has a
// defined objective, if there is one).
func (rm *randModel) enumerate() [][]int64 {
	n := rm.m.NumVars()
	a := make([]int64, n)
	var out [][]int64
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			for _, c := range rm.checks {
				if !c(a) {
					return
				}
			}
			if _, obj := rm.m.Objective(); obj != nil {
				if _, ok := refEval(obj, a); !ok {
					return
				}
			}
			out = append(out, slices.Clone(a))
			return
		}
		vs := rm.m.InitialDomain
		if rm.small != nil {
			vs = func(x Var) []int64 { return rm.small[x] }
		}
		for _, v := range vs(Var(i)) {
			a[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

func TestBruteForceCrossCheck(t *testing.T) {
	rng := rand.New(rand.NewSource(20240601))
	models := 5000
	if testing.Short() {
		models = 200
	}
	stats := map[string]int{}
	defer func(l int) { copyLimit = l }(copyLimit)
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		copyLimit = []int{0, 1 << 20}[i%2] // trail every other model, copy the others
		if len(want) > 0 {
			stats["satisfiable"]++
		}
		if _, obj := rm.m.Objective(); obj != nil {
			stats["optimisation"]++
		}
		for k, o := range allOptions() {
			name := fmt.Sprintf("model %d %v options %+v", i, rm.desc, o)
			s, err := NewSolver(rm.m, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if k%3 == 0 {
				checkPropagate(t, name, s, rm, want)
			}
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
		}
	}
	t.Logf("%d models: %v", models, stats)
}

func assignment(s *Solver, n int) []int64 {
	a := make([]int64, n)
	for x := range a {
		a[x] = s.Value(Var(x))
	}
	return a
}

func checkSolutionSet(t *testing.T, name string, s *Solver, rm *randModel, want [][]int64) {
	seen := map[string]bool{}
	for len(seen) <= len(want) {
		st := s.Next()
		if st == Exhausted {
			break
		}
		if st != Solution {
			t.Fatalf("%s: status %v", name, st)
		}
		a := assignment(s, rm.m.NumVars())
		key := fmt.Sprint(a)
		if seen[key] {
			t.Fatalf("%s: solution %v returned twice", name, a)
		}
		seen[key] = true
	}
	if len(seen) != len(want) {
		t.Fatalf("%s: %d solutions, want %d: %v", name, len(seen), len(want), want)
	}
	for _, a := range want {
		if !seen[fmt.Sprint(a)] {
			t.Fatalf("%s: solution %v missing", name, a)
		}
	}
	if st := s.Stats(); st.Solutions != int64(len(want)) || st.Failures > st.Nodes {
		t.Fatalf("%s: stats %+v", name, st)
	}
}

func checkOptimum(t *testing.T, name string, s *Solver, rm *randModel, want [][]int64) {
	sense, obj := rm.m.Objective()
	valid := map[string]bool{}
	var best int64
	for i, a := range want {
		valid[fmt.Sprint(a)] = true
		v, _ := refEval(obj, a)
		if i == 0 || (sense == Minimize && v < best) || (sense == Maximize && v > best) {
			best = v
		}
	}
	var last int64
	n := 0
	for ; ; n++ {
		st := s.Next()
		if st == Exhausted {
			break
		}
		a := assignment(s, rm.m.NumVars())
		v, _ := refEval(obj, a)
		switch {
		case st != Solution:
			t.Fatalf("%s: status %v", name, st)
		case !valid[fmt.Sprint(a)]:
			t.Fatalf("%s: %v is not a solution", name, a)
		case s.Objective() != v:
			t.Fatalf("%s: Objective() = %d, want %d", name, s.Objective(), v)
		case n > 0 && (sense == Minimize && v >= last || sense == Maximize && v <= last):
			t.Fatalf("%s: objective %d after %d does not improve", name, v, last)
		case n > len(want):
			t.Fatalf("%s: too many solutions", name)
		}
		last = v
	}
	if (n == 0) != (len(want) == 0) || n > 0 && last != best {
		t.Fatalf("%s: %d solutions ending with %d, want optimum %d of %d solutions", name, n, last, best, len(want))
	}
}

// checkPropagate verifies that Propagate removes no value of a solution,
// fails only without solutions, and leaves the search unaffected (the
// caller then checks the solutions).
func checkPropagate(t *testing.T, name string, s *Solver, rm *randModel, want [][]int64) {
	ok := s.Propagate()
	if !ok && len(want) > 0 {
		t.Fatalf("%s: Propagate failed, but %v is a solution", name, want[0])
	}
	if !ok {
		return
	}
	for x := range rm.m.NumVars() {
		dom := s.Domain(Var(x))
		for _, a := range want {
			if !slices.Contains(dom, a[x]) {
				t.Fatalf("%s: Propagate removed %d from x%d (%v), which solution %v uses", name, a[x], x, dom, a)
			}
		}
	}
}
