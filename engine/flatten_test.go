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
