package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// An undefined argument of a global constraint makes it false, whichever
// argument it is (an element of any list, a count, a capacity), also where
// the constraint does not otherwise read it (a lone task, a task of
// duration 0): the rule of docs/language.md, "Undefined results". Each
// template has U for one argument; U is p[s] with p = [V], undefined at
// s = 0 and V at s = 1. With G the template and G[V] the template with V
// in place of U:
//
//   - G has the solutions of G[V], all at s = 1;
//   - not G has every assignment at s = 0 and, at s = 1, those of G[V]'s
//     complement;
//   - s = 0 -> G has every assignment at s = 1 and none at s = 0;
//
// under every search setting, as a statement and decomposed.
func TestGlobalUndefinedArgument(t *testing.T) {
	tests := []struct {
		decls, g, v string
	}{
		{"var x in 0..2", "alldiff([U, x])", "1"},
		{"", "alldiff([U])", "1"},
		{"var x in 0..2", "increasing([x, U])", "1"},
		{"var x in 0..3", "diagonal([U, x])", "1"},
		{"var x in 1..2", "circuit([U, x])", "2"},
		{"var x in 1..2", "subcircuit([x, U])", "2"},
		{"var x in 0..2\nvar c in 0..2", "global_cardinality([U, x], [1, 2], [c, 1])", "1"},
		{"var x in 0..2", "global_cardinality([x, 1], [1], [U])", "2"},
		{"var x in 1..2\nvar y in 1..2", "inverse([U, x], [y, 1])", "2"},
		{"var x in 1..2\nvar y in 1..2", "inverse([x, y], [U, 1])", "2"},
		{"var x in 0..2", "lex_less([U], [x])", "1"},
		{"var x in 0..2", "lex_lesseq([x, 0], [1, U])", "1"},
		{"", "nooverlap([U], [1])", "1"},
		{"", "nooverlap([U, 5], [0, 1])", "1"},
		{"var x in 0..2", "nooverlap([U, x], [0, 1])", "1"},
		{"var x in 0..2", "nooverlap([x], [U])", "1"},
		{"var x in 0..2", "nooverlap([x, 1], [U, 1])", "1"},
		{"", "cumulative([U], [1], [1], 1)", "1"},
		{"var x in 0..2", "cumulative([U, x], [0, 1], [1, 1], 1)", "1"},
		{"var x in 0..2", "cumulative([x, U], [1, 1], [1, 0], 1)", "1"},
		{"var x in 0..2", "cumulative([x], [U], [1], 1)", "1"},
		{"var x in 0..2", "cumulative([x, 0], [1, 1], [U, 1], 1)", "1"},
		{"var x in 0..2", "cumulative([x, 0], [1, 1], [1, 1], U)", "1"},
		{"var x in 0..2", "cumulative([x], [0], [1], U)", "1"},
		{"var x in 0..1", "regular([U, x], \"1 .\")", "1"},
		{"var x in 0..1", "regular([x, U], \".*\")", "1"},
		{"var x in 0..1", "runs([U, x], [1])", "1"},
		{"var x in 0..1", "table([U, x], [1 0; 0 1])", "1"},
		{"var x in 0..1", "[x, U] not in [1 0; 0 0]", "1"},
	}
	for _, tt := range tests {
		decls := "param p = [" + tt.v + "]\nvar s in 0..1\n" + tt.decls + "\n"
		g := strings.ReplaceAll(tt.g, "U", "p[s]")
		for _, decompose := range []bool{false, true} {
			for _, o := range undefinedOptions() {
				solve := func(stmt string) []string { return solveWith(t, decls+stmt+"\n", o, decompose) }
				all := solve("true")
				var defined []string // G[V], at s = 1
				for _, a := range solve(strings.ReplaceAll(tt.g, "U", tt.v)) {
					if strings.HasPrefix(a, `{"s":1`) {
						defined = append(defined, a)
					}
				}
				var wantNot, wantImp []string
				for _, a := range all {
					at1 := strings.HasPrefix(a, `{"s":1`)
					if !at1 || !slices.Contains(defined, a) {
						wantNot = append(wantNot, a)
					}
					if at1 {
						wantImp = append(wantImp, a)
					}
				}
				name := tt.g + " " + undefinedOptName(o, decompose)
				check := func(stmt string, want []string) {
					if got := solve(stmt); !slices.Equal(got, want) {
						t.Errorf("%s: %s has solutions %v, want %v", name, stmt, got, want)
					}
				}
				check(g, defined)
				check("not ("+g+")", wantNot)
				check("s = 0 -> "+g, wantImp)
			}
		}
	}
}

// undefinedOptions are the course's settings and the defaults, under
// each order.
func undefinedOptions() []engine.Options {
	var out []engine.Options
	for _, ord := range []engine.VarOrder{engine.OrderMRV, engine.OrderInput, engine.OrderDomWdeg} {
		for _, p := range []engine.PropLevel{engine.PropNone, engine.PropFC, engine.PropAC} {
			out = append(out, engine.Options{Order: ord, Values: engine.ValuesMin, Prop: p})
		}
	}
	return append(out, engine.Default())
}

func undefinedOptName(o engine.Options, decompose bool) string {
	s := o.Order.String() + "/" + o.Values.String() + "/" + o.Prop.String()
	if decompose {
		s += " --decompose"
	}
	return s
}

// solveWith is solveAll, decomposed if asked.
func solveWith(t *testing.T, src string, o engine.Options, decompose bool) []string {
	t.Helper()
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}, Decompose: decompose})
	if err != nil {
		t.Fatalf("compile %q: %v", src, err)
	}
	s, err := engine.NewSolver(prog.Model, o)
	if err != nil {
		t.Fatalf("solver for %q: %v", src, err)
	}
	var sols []string
	for s.Next() == engine.Solution {
		sols = append(sols, prog.JSON(s.Value))
	}
	slices.Sort(sols)
	return sols
}
