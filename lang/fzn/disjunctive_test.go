package fzn

import (
	"slices"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Three tasks that pairwise do not overlap, as MiniZinc flattens them
// (half-reified with array_bool_or, reified with bool_clause), and one
// clause that is not such a pair.
const disjunctiveFzn = `
array [1..2] of int: X_1 = [1,-1];
var 0..6: a :: output_var;
var 0..6: b :: output_var;
var 0..6: c :: output_var;
var bool: p1 :: var_is_introduced :: is_defined_var;
var bool: p2 :: var_is_introduced :: is_defined_var;
var bool: p3 :: var_is_introduced :: is_defined_var;
var bool: p4 :: var_is_introduced :: is_defined_var;
var bool: p5 :: var_is_introduced :: is_defined_var;
var bool: p6 :: var_is_introduced :: is_defined_var;
var bool: q1 :: var_is_introduced :: is_defined_var;
var bool: q2 :: var_is_introduced :: is_defined_var;
constraint int_lin_le_imp(X_1,[a,b],-2,p1) :: defines_var(p1);
constraint int_lin_le_imp(X_1,[b,a],-3,p2) :: defines_var(p2);
constraint array_bool_or([p1,p2],true);
constraint int_lin_le_reif(X_1,[a,c],-2,p3) :: defines_var(p3);
constraint int_lin_le_reif([-1,1],[a,c],-1,p4) :: defines_var(p4);
constraint bool_clause([p3,p4],[]);
constraint int_lin_le_imp(X_1,[b,c],-3,p5) :: defines_var(p5);
constraint int_lin_le_imp(X_1,[c,b],-1,p6) :: defines_var(p6);
constraint array_bool_or([p5,p6],true);
constraint int_lin_le_imp(X_1,[a,b],-1,q1) :: defines_var(q1);
constraint int_lin_le_imp(X_1,[a,c],-1,q2) :: defines_var(q2);
constraint array_bool_or([q1,q2],true);
solve satisfy;
`

// TestDisjunctionsNoted: the three pairs are told to the engine (not the
// clause whose differences do not mirror each other), and the implied
// nooverlap they make changes no solution.
func TestDisjunctionsNoted(t *testing.T) {
	p, err := Compile("d.fzn", []byte(disjunctiveFzn))
	if err != nil {
		t.Fatal(err)
	}
	if n := p.Model.NotedDisjunctions(); n != 3 {
		t.Errorf("%d pairs noted, want 3", n)
	}
	var want []string
	for _, prop := range []engine.PropLevel{engine.PropFC, engine.PropAC} {
		got, err := solveAll(t, disjunctiveFzn, engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: prop})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		if want == nil {
			want = got
			if len(want) == 0 {
				t.Fatal("no solution: the test does not test")
			}
		} else if !slices.Equal(got, want) {
			t.Errorf("prop %v: %d solutions, want %d", prop, len(got), len(want))
		}
	}
}
