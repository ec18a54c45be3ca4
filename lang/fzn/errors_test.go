package fzn

import (
	"bytes"
	"strings"
	"testing"

	"github.com/csp-lang/csp/lang"
)

// Malformed FlatZinc, and models csp refuses: each gets one error with its
// place, printed as lang prints errors (the line and a caret).
var errorCases = []struct {
	name, src, want string
}{
	{"missing semicolon", "var 1..3: x\nsolve satisfy;\n",
		"e.fzn:1:12: expected \";\" at the end of the item, found keyword solve at line 2\n    var 1..3: x\n               ^\n"},
	{"missing colon", "var 1..3 x;\nsolve satisfy;\n",
		"e.fzn:1:10: expected \":\", found name x\n    var 1..3 x;\n             ^\n"},
	{"unclosed call", "var 1..3: x;\nconstraint int_le(x, 2;\nsolve satisfy;\n",
		"e.fzn:2:23: expected \")\", found the end of the item\n"},
	{"cut short", "var 1..3: x;\nsolve satisfy",
		"e.fzn:2:14: expected \";\", found the end of the file (an item ends with \";\")\n"},
	{"no item begins", "var 1..3: x;\nx = 3;\nsolve satisfy;\n",
		"e.fzn:2:1: expected a type, \"constraint\", \"predicate\" or \"solve\", found name x\n"},
	{"no solve kind", "var 1..3: x;\nsolve :: int_search([x], input_order, indomain_min) x;\n",
		"e.fzn:2:53: expected \"satisfy\", \"minimize\" or \"maximize\", found name x\n"},
	{"empty array element", "array [1..3] of int: a = [1, , 2];\nsolve satisfy;\n",
		"e.fzn:1:30: expected an expression, found \",\"\n"},
	{"unclosed array", "array [1..3] of int: a = [1, 2 3];\nsolve satisfy;\n",
		"e.fzn:1:32: expected \"]\", found number 3\n"},
	{"name in a set", "var 1..3: x;\nconstraint set_in(x, {1, x});\nsolve satisfy;\n",
		"e.fzn:2:26: expected an integer, found name x\n"},
	{"index not a number", "array [1..1] of var 1..3: a = [x];\nconstraint int_le(a[b], 1);\nsolve satisfy;\n",
		"e.fzn:2:21: expected an integer, found name b\n"},
	{"range cut short", "var 1..: x;\nsolve satisfy;\n",
		"e.fzn:1:8: expected an integer, found \":\"\n"},
	{"array of nothing", "array [1..2] of : a;\nsolve satisfy;\n",
		"e.fzn:1:17: expected a type, found \":\"\n"},
	{"bad character", "var 1..3: x;\nconstraint int_le(x, #);\nsolve satisfy;\n",
		"e.fzn:2:22: unexpected character '#'\n"},
	{"integer too large", "var 1..3: x;\nconstraint int_le(x, 99999999999999999999);\nsolve satisfy;\n",
		"e.fzn:2:22: the integer 99999999999999999999 does not fit in 64 bits\n"},
	{"unclosed string", "var 1..3: x :: foo(\"abc);\nsolve satisfy;\n",
		"e.fzn:1:20: the string is never closed on its line\n"},
	{"unclosed comment", "var 1..3: x; /* forever\nsolve satisfy;\n",
		"e.fzn:1:14: the comment is never closed\n"},
	{"undeclared", "var 1..3: xx;\nconstraint int_le(x, 2);\nsolve satisfy;\n",
		"e.fzn:2:19: x is not declared (did you mean xx?)\n"},
	{"declared twice", "var 1..3: x;\nvar 1..3: x;\nsolve satisfy;\n",
		"e.fzn:2:11: x is declared twice (first at line 1)\n"},
	{"arity", "var 1..3: x;\nconstraint int_le(x, 3, 4);\nsolve satisfy;\n",
		"e.fzn:2:12: int_le takes 2 arguments, not 3\n"},
	{"argument type", "var 1..3: x;\nconstraint int_le(x, [1, 2]);\nsolve satisfy;\n",
		"e.fzn:2:22: argument 2 of int_le must be an int, not an array of ints\n"},
	{"bool for int", "var bool: b;\nconstraint int_le(b, 1);\nsolve satisfy;\n",
		"e.fzn:2:19: argument 1 of int_le must be an int, not the var bool b\n"},
	{"unknown constraint", "var 1..3: x;\nconstraint gecode_foo(x);\nsolve satisfy;\n",
		"e.fzn:2:12: csp does not know the constraint gecode_foo: was the model compiled with csp's library (minizinc --solver csp, after csp mzn install)?\n"},
	{"no solve", "var 1..3: x;\n",
		"e.fzn:1:1: the model has no solve item\n"},
	{"two solves", "var 1..3: x;\nsolve satisfy;\nsolve satisfy;\n",
		"e.fzn:3:1: a second solve item: a model has one\n"},
	{"var float", "var 1..3: x;\nvar 0.0..1.0: f;\nsolve satisfy;\n",
		"e.fzn:2:1: csp supports int and bool variables: line 2 declares var float\n    var 0.0..1.0: f;\n    ^\n"},
	{"array of var float", "array [1..2] of var float: fs = [a, b];\nsolve satisfy;\n",
		"e.fzn:1:1: csp supports int and bool variables: line 1 declares an array of var float\n"},
	{"var set", "var 1..3: x;\nvar set of 1..3: s;\nsolve satisfy;\n",
		"e.fzn:2:1: csp supports int and bool variables: line 2 declares var set of int\n"},
	{"float constraint", "var 1..3: x;\nconstraint int2float(x, 1.0);\nsolve satisfy;\n",
		"e.fzn:2:12: csp supports int and bool variables: int2float is a float constraint\n"},
	{"set constraint", "var 1..3: x;\nconstraint set_card({1}, x);\nsolve satisfy;\n",
		"e.fzn:2:12: csp supports int and bool variables: set_card is a set constraint\n"},
	{"array length", "var 1..3: x;\narray [1..3] of var 1..3: a = [x];\nsolve satisfy;\n",
		"e.fzn:2:31: a is declared with 3 elements but given 1\n"},
	{"index out of range", "var 1..3: x;\narray [1..1] of var 1..3: a = [x];\nconstraint int_le(a[2], 1);\nsolve satisfy;\n",
		"e.fzn:3:19: a[2] is out of its index set 1..1\n"},
	{"output_array on a variable", "var 1..3: x :: output_array([1..2]);\nsolve satisfy;\n",
		"e.fzn:1:16: output_array is not for x: output_var marks a variable, output_array an array\n"},
	{"output_array size", "var 1..3: x;\narray [1..2] of var 1..3: a :: output_array([1..3]) = [x, x];\nsolve satisfy;\n",
		"e.fzn:2:32: output_array's index sets have 3 cells, but the array has 2 elements\n"},
	{"bool objective", "var bool: b;\nsolve maximize b;\n",
		"e.fzn:2:16: the objective must be an int, not the var bool b\n"},
	{"lin lengths", "var 1..3: x;\nconstraint int_lin_eq([1, 2], [x], 3);\nsolve satisfy;\n",
		"e.fzn:2:12: int_lin_eq: 2 coefficients for 1 variables\n"},
	{"call outside annotation", "var 1..3: x;\nconstraint int_le(f(x), 2);\nsolve satisfy;\n",
		"e.fzn:2:19: f(...) is a call: only annotations have them in FlatZinc\n"},
	{"index set", "array [0..2] of int: a = [1, 2, 3];\nsolve satisfy;\n",
		"e.fzn:1:1: a FlatZinc array is indexed 1..n\n"},
	{"par type", "int: n = true;\nsolve satisfy;\n",
		"e.fzn:1:10: n is declared int but given the bool constant true\n"},
	{"mixed array", "var 1..3: x;\nvar bool: b;\nconstraint int_lin_eq([1, 1], [x, b], 2);\nsolve satisfy;\n",
		"e.fzn:3:35: an array holds one type: element 2 is the var bool b, element 1 the var int x\n"},
	{"regular table", "var 1..3: x;\nconstraint csp_regular([x], 2, 2, [1, 2, 2], 1, {2});\nsolve satisfy;\n",
		"e.fzn:2:12: csp_regular: regular: the transition table has 3 entries, not Q × S = 4\n"},
}

func TestErrors(t *testing.T) {
	for _, c := range errorCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Compile("e.fzn", []byte(c.src))
			if err == nil {
				t.Fatalf("no error for\n%s", c.src)
			}
			var b bytes.Buffer
			lang.PrintErrors(&b, err, p.Sources)
			got := b.String()
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("got\n%s\nwant it to start with\n%s", got, c.want)
			}
			if list, ok := err.(lang.ErrorList); !ok || len(list) != 1 {
				t.Errorf("want one error, got %v", err)
			}
		})
	}
}

// An unsatisfiable model is not an error: its empty domains and false
// constant constraints make the engine model one with no solution.
func TestUnsatisfiableIsNoError(t *testing.T) {
	for _, src := range []string{
		"var 3..1: x;\nsolve satisfy;\n",
		"var 1..3: x = 5;\nsolve satisfy;\n",
		"var 1..3: x;\nconstraint int_le(4, 3);\nsolve satisfy;\n",
		"var 1..3: x;\nconstraint int_div(x, 0, x);\nsolve satisfy;\n",
		"var 1..3: x;\nconstraint array_int_maximum(x, []);\nsolve satisfy;\n",
	} {
		sols, err := solveAll(t, src, engineDefault())
		if err != nil {
			t.Errorf("%s: %v", src, err)
		} else if len(sols) != 0 {
			t.Errorf("%s: solutions %v", src, sols)
		}
	}
}
