package fzn

import (
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// The examples of the FlatZinc specification (MiniZinc 2.6's "Specification
// of FlatZinc"), each a whole item, and the shapes MiniZinc 2.6 writes.
var specItems = []string{
	`predicate median_of_3(var int: x, var int: y, var int: z, var int: m);`,
	`predicate all_different(array [int] of var int: xs);`,
	`predicate exactly_one(array [int] of var bool: xs);`,
	`predicate gecode_regular(array [int] of var int: x, int: Q, int: S, array [int] of int: d, int: q0, set of int: F);`,
	`predicate p(var 1..3: a, 1..3: b, {1, 3}: c, set of 1..3: d, array [1..2] of var {1, 3}: e, 0.0..1.0: f);`,
	`float: pi = 3.141;`,
	`array [1..7] of int: fib = [1, 1, 2, 3, 5, 8, 13];`,
	`bool: beer_is_good = true;`,
	`set of int: s = {2, 3, 5};`,
	`set of int: r = 1..10;`,
	`set of int: e = {};`,
	`array [1..2] of set of int: ss = [{1, 2}, 3..4];`,
	`array [1..3] of float: fs = [2.718, -1.0, 3.0e8];`,
	`int: h = 0x1F;`,
	`int: o = -0o17;`,
	`var 0..9: digit;`,
	`var bool: b;`,
	`var set of 1..3: s;`,
	`var 0.0..1.0: x;`,
	`var int: y :: mip;`,
	`array [1..3] of var 1..10: b = [y, 3, digit];`,
	`var 1..10: x :: output_var;`,
	`array [1..4] of var int: zs :: output_array([1..4]) = [a, b, c, d];`,
	`array [1..6] of var int: m :: output_array([1..2, 1..3]) = [a, b, c, d, e, f];`,
	`var int: X_INTRODUCED_3 :: var_is_introduced :: is_defined_var;`,
	`var {1, 3, 5}: odd = 3;`,
	`var 1..3: z = x;`,
	`constraint int_le(0, x);`,
	`constraint int_lt(x, y);`,
	`constraint int_le(y, 10);`,
	`constraint int_lin_eq([2, 3], [x, y], 10) :: domain_propagation;`,
	`constraint int_plus(y, z, x) :: defines_var(x);`,
	`constraint int_lt(xs[1], xs[2]);`,
	`constraint set_in(x, {1, 3});`,
	`constraint array_bool_or([], true);`,
	`solve satisfy;`,
	`solve minimize w;`,
	`solve maximize 3;`,
	`solve :: int_search(xs, input_order, indomain_min, complete) satisfy;`,
	`solve :: int_search([x, y, z], first_fail, indomain_split, complete) maximize x;`,
	`solve :: seq_search([int_search(a, input_order, indomain_min, complete), bool_search([b], input_order, indomain_max)]) :: restart_luby(250) satisfy;`,
	`solve :: warm_start([x], [3]) :: int_search(x, smallest, indomain_min, complete) minimize o;`,
	`constraint f(x) :: foo("a string, with a \"quote\"");`,
}

// TestParseSpecExamples parses each example, prints the tree back as
// FlatZinc and parses that again: the two trees must be the same.
func TestParseSpecExamples(t *testing.T) {
	for _, src := range specItems {
		item := parseOne(t, src)
		again := parseOne(t, printItem(item))
		if !sameTree(item, again) {
			t.Errorf("%s: printed as %s, which parses to another tree:\n %s\n %s", src, printItem(item), dump(item), dump(again))
		}
	}
}

func parseOne(t *testing.T, src string) *Item {
	t.Helper()
	f, err := Parse("spec.fzn", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if len(f.Items) != 1 {
		t.Fatalf("%s: %d items", src, len(f.Items))
	}
	return f.Items[0]
}

func dump(it *Item) string {
	var b strings.Builder
	v := reflect.ValueOf(it)
	dumpValue(&b, v, true)
	return b.String()
}

func dumpValue(b *strings.Builder, v reflect.Value, withPos bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		dumpValue(b, v.Elem(), withPos)
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(lexer.Position{}) {
			if withPos {
				b.WriteString(v.Interface().(lexer.Position).String())
			}
			return
		}
		b.WriteString("{")
		for i := range v.NumField() {
			f := v.Field(i)
			if f.IsZero() {
				continue
			}
			b.WriteString(v.Type().Field(i).Name + ":")
			dumpValue(b, f, withPos)
			b.WriteString(" ")
		}
		b.WriteString("}")
	case reflect.Slice:
		b.WriteString("[")
		for i := range v.Len() {
			dumpValue(b, v.Index(i), withPos)
			b.WriteString(" ")
		}
		b.WriteString("]")
	default:
		b.WriteString(v.String())
		if v.Kind() == reflect.Bool && v.Bool() {
			b.WriteString("true")
		}
	}
}

// TestParseModel reads a whole model: every kind of item, comments, and
// the values the resolution gives.
func TestParseModel(t *testing.T) {
	src := `% a comment
predicate csp_all_different(array [int] of var int: x);
int: n = 3;
array [1..3] of int: w = [2, -1, 0x10];
var 1..3: a :: output_var;
var 1..3: b;   /* a block
comment */
var bool: p :: output_var;
array [1..2] of var 1..3: ab :: output_array([1..2]) = [a, b];
constraint csp_all_different(ab);
constraint int_lin_le(w, [a, b, 1], 20);
solve :: int_search(ab, input_order, indomain_max, complete) satisfy;
`
	f, err := Parse("m.fzn", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Items) != 10 {
		t.Fatalf("%d items, want 10", len(f.Items))
	}
	p, err := Compile("m.fzn", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Model.NumVars(); got != 3 {
		t.Errorf("%d engine variables, want 3 (a, b, p)", got)
	}
	if len(p.Search.Phases) != 1 || p.Search.Phases[0].VarSel != "input_order" || len(p.Search.Phases[0].Vars) != 2 {
		t.Errorf("search phases %+v", p.Search.Phases)
	}
	if w := f.Items[2].Decl.Value.Array.Elems[2].Num; w != "16" {
		t.Errorf("0x10 read as %s", w)
	}
}
