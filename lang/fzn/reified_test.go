package fzn

import (
	"fmt"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// A reified x = c whose c lies inside x's bounds but not in its domain is
// false at the root, and x != c true: Gecode's reification is domain
// consistent, and the clauses MiniZinc builds over such literals
// (depot-placement's "some tour stop is C") propagate only if it is.
func TestReifiedEqualityOfAConstantIsDomainConsistent(t *testing.T) {
	for _, c := range []struct{ con, want string }{
		{"int_eq_reif(x, 2, r)", "[0]"}, {"int_eq_imp(x, 2, r)", "[0]"},
		{"int_eq_reif(2, x, r)", "[0]"}, {"int_ne_reif(x, 2, r)", "[1]"},
		{"int_eq_reif(x, 3, r)", "[0 1]"}, {"int_ne_imp(x, 2, r)", "[0 1]"},
	} {
		src := "var {1,3}: x :: output_var;\nvar bool: r :: output_var;\nconstraint " + c.con + ";\nsolve satisfy;\n"
		p, err := Compile("r.fzn", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		s, err := engine.NewSolver(p.Model, engine.Default())
		if err != nil {
			t.Fatal(err)
		}
		if !s.Propagate() {
			t.Fatalf("%s: no solution", c.con)
		}
		if got := fmt.Sprint(s.Domain(p.outputs[1].terms[0].v.eng)); got != c.want {
			t.Errorf("%s: r in %s after propagation, want %s", c.con, got, c.want)
		}
	}
}
