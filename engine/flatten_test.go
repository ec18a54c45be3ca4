package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// The brute-force cross-check of brute_test.go with every generic
// constraint flattened and left to its primitives alone (flatOnly): the
// random models' nested arithmetic, logic, undefined values and
// objectives, under PropAC's orders and value orders.
func TestFlattenedBruteForce(t *testing.T) {
	defer func(f bool, l int) { flatOnly, copyLimit = f, l }(flatOnly, copyLimit)
	flatOnly = true
	rng := rand.New(rand.NewSource(20260101))
	models := 3000
	if testing.Short() {
		models = 300
	}
	for i := range models {
		rm := randomModel(rng)
		want := rm.enumerate()
		copyLimit = []int{0, 1 << 20}[i%2]
		for _, o := range allOptions() {
			if o.Prop != PropAC {
				continue
			}
			name := fmt.Sprintf("model %d %v options %+v\n%s", i, rm.desc, o, modelText(rm.m))
			s, err := NewSolver(rm.m, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if o.Order == OrderMRV {
				checkPropagate(t, name, s, rm, want)
			}
			if _, obj := rm.m.Objective(); obj != nil {
				checkOptimum(t, name, s, rm, want)
			} else {
				checkSolutionSet(t, name, s, rm, want)
			}
		}
	}
}

// exprText writes e for failure messages.
func exprText(e Expr) string {
	switch e := e.(type) {
	case *Const:
		return fmt.Sprint(e.V)
	case *VarExpr:
		return fmt.Sprintf("x%d", e.V)
	case *Unary:
		return fmt.Sprintf("%s(%s)", [...]string{"-", "abs", "not"}[e.Op], exprText(e.X))
	case *Binary:
		return fmt.Sprintf("(%s %v %s)", exprText(e.X), e.Op, exprText(e.Y))
	case *Nary:
		s := e.Op.String() + "("
		for i, a := range e.Args {
			if i > 0 {
				s += ", "
			}
			s += exprText(a)
		}
		return s + ")"
	case *InSet:
		neg := ""
		if e.Negated {
			neg = "not "
		}
		return fmt.Sprintf("(%s %sin %v)", exprText(e.X), neg, e.Set)
	case *IfThenElse:
		return fmt.Sprintf("(if %s then %s else %s)", exprText(e.Cond), exprText(e.Then), exprText(e.Else))
	case *Element:
		s := fmt.Sprintf("[base %d: ", e.Base)
		for i, a := range e.Items {
			if i > 0 {
				s += ", "
			}
			s += exprText(a)
		}
		return s + "][" + exprText(e.Index) + "]"
	case *absDiffNe:
		return fmt.Sprintf("|%s - %s| != %d", exprText(e.X), exprText(e.Y), e.D)
	}
	return fmt.Sprintf("%T", e)
}

func modelText(m *Model) string {
	s := ""
	for x := range m.NumVars() {
		s += fmt.Sprintf("x%d in %v\n", x, m.InitialDomain(Var(x)))
	}
	for _, c := range m.Constraints() {
		switch c.Kind {
		case KindExpr:
			s += exprText(c.Expr) + "\n"
		default:
			s += fmt.Sprintf("kind %d %d args\n", c.Kind, len(c.Args))
		}
	}
	if sense, e := m.Objective(); e != nil {
		s += fmt.Sprintf("objective %v %s\n", sense, exprText(e))
	}
	return s
}

// FuzzEngine's deep models (its negative seeds), a few hundred of them
// in every run, with the primitives alone too.
func TestDeepModels(t *testing.T) {
	n := int64(300)
	if testing.Short() {
		n = 40
	}
	for seed := int64(-1); seed >= -n; seed-- {
		rm := randomDeepModel(rand.New(rand.NewSource(seed)))
		fuzzCheck(t, fmt.Sprintf("seed %d", seed), rm, true)
	}
}

// Hidden variables are never branched on and no trace event names one:
// the search's nodes, prunes and dead ends speak of the model's
// variables only, on models that flatten into many of them.
func TestHiddenNeverShown(t *testing.T) {
	for seed := int64(-1); seed >= -60; seed-- {
		rm := randomDeepModel(rand.New(rand.NewSource(seed)))
		s, err := NewSolver(rm.m, Default())
		if err != nil {
			t.Fatal(err)
		}
		n := Var(rm.m.NumVars())
		if s.st.numVars() == s.n {
			continue
		}
		s.SetTracer(&Tracer{Domains: true, Event: func(e TraceEvent) bool {
			if e.Var >= n {
				t.Fatalf("seed %d: a trace event names hidden variable %d: %+v", seed, e.Var, e)
			}
			return true
		}})
		for s.Next() == Solution {
		}
	}
}

// FlatZinc's reified shapes, b <-> x <= y, b = (x != y), r <-> (a and c),
// r <-> (a or c or d), which flattening posts with the model's 0/1
// variable as the result: against enumeration, with their primitives
// alone and as the defaults post them.
func TestReifiedShapes(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		rm := &randModel{m: NewModel()}
		g := &gen{rng: rng, rm: rm}
		var bools []Expr
		for k := range 3 {
			x, _ := rm.m.NewVarRange(fmt.Sprintf("x%d", k), int64(g.n(5)-2), int64(g.n(5)+2))
			rm.refs = append(rm.refs, rm.m.Ref(x))
		}
		for k := range 3 {
			b, _ := rm.m.NewVarRange(fmt.Sprintf("b%d", k), 0, 1)
			bools = append(bools, rm.m.Ref(b))
			rm.refs = append(rm.refs, rm.m.Ref(b))
		}
		for range 1 + g.n(3) {
			b := bools[g.n(3)]
			var rhs Expr
			switch g.n(3) {
			case 0:
				rhs = g.or(NewBinary(OpEq+BinOp(g.n(6)), g.linear(), NewConst(int64(g.n(3)-1))))
			case 1:
				rhs = g.or(NewBinary(OpAnd+BinOp(g.n(2)), g.boolean(0), g.boolean(0)))
			default:
				rhs = g.or(NewNary(OpAll+NaryOp(g.n(2)), []Expr{g.boolean(0), g.boolean(0), g.boolean(0)}))
			}
			op := OpIff
			if g.n(2) == 0 {
				op = OpEq
			}
			e := g.or(NewBinary(op, b, rhs))
			rm.m.Require(e)
			rm.checks = append(rm.checks, func(a []int64) bool { v, ok := refEval(e, a); return ok && v != 0 })
			rm.desc = append(rm.desc, "reified")
		}
		fuzzCheck(t, fmt.Sprintf("model %d", i), rm, true)
	}
}
