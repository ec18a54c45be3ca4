package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// The rule for undefined values (docs/language.md, "Undefined results"),
// context by context: each statement is solved over x in 0..2, where
// 6 / x and p[x] (p indexed 1..2) are undefined at x = 0, and the values
// of x that satisfy it are listed.
func TestUndefinedRule(t *testing.T) {
	tests := []struct {
		stmt string
		want string // the solutions' x
	}{
		// Numbers carry it.
		{"(6 / x)^0 = 1", "1 2"},
		{"p[x]^0 = 1", "1 2"},
		{"(6 / x)^1 >= 0", "1 2"},
		{"0 * (6 / x) = 0", "1 2"},
		{"abs(-(6 / x)) > 0", "1 2"},
		{"sum(6 / x, 1) >= 1", "1 2"},
		{"count(6 / x, 1) = 1", ""},
		{"count(6 / x, 1) = 2", "1 2"},
		{"count(6 / x = 6, 1) = 1", "0 2"},
		{"min(6 / x, 9) >= 0", "1 2"},
		{"product(p[x], 1) >= 0", "1 2"},
		{"(if x > 0 then 6 / x else 0 end) >= 0", "0 1 2"},
		{"(if x >= 0 then 6 / x else 0 end) >= 0", "1 2"},
		// Comparisons and memberships are truth tests.
		{"6 / x != 3", "1"},
		{"not (6 / x = 3)", "0 1"},
		{"6 / x not in {1}", "1 2"},
		{"6 / x not in [1]", "1 2"},
		{"6 / x not in 1..1", "1 2"},
		{"6 / x not in x..x", "1 2"},
		{"not (6 / x in [1])", "0 1 2"},
		{"x not in [6 / x, 9]", "1 2"},
		{"x in [6 / x, 1, 2]", "1 2"},
		{"x not in 6 / x .. 9", "1 2"},
		{"not (x in 6 / x .. 9)", "0 1 2"},
		{"x not in {10} union 20..30000", "0 1 2"},
		{"6 / x not in {10} union 20..30000", "1 2"},
		{"[x, 6 / x] != [1, 1]", "1 2"},
		{"not ([x, 6 / x] = [0, 1])", "0 1 2"},
		// Globals in expressions, a lone element too.
		{"alldiff([6 / x])", "1 2"},
		{"not alldiff([6 / x])", "0"},
		{"not alldiff([6 / x, 7])", "0"},
		{"increasing([6 / x])", "1 2"},
		{"not decreasing([p[x]])", "0"},
		{"not diagonal([6 / x])", "0"},
		// A number used as a truth value.
		{"p[x]", "1 2"},
		{"not p[x]", "0"},
		{"6 / x and true", "1 2"},
		{"not (6 / x)", "0"},
		{"true or 6 / x", "0 1 2"},
		{"6 / x or true", "0 1 2"},
		{"false -> 6 / x", "0 1 2"},
		{"6 / x -> false", "0"},
		{"6 / x xor true", "0"},
		{"6 / x <-> false", "0"},
		{"not (exists i in 1..1: 6 / x)", "0"},
		{"not (exists i in 1..2: 6 / x)", "0"},
		{"not (forall i in 1..1: 6 / x)", "0"},
		{"not (forall i in 1..3: 6 / x)", "0"},
		{"exists i in 1..0: 6 / x", ""},
		{"forall i in 1..0: 6 / x", "0 1 2"},
		{"(exists i in 1..1: x + 5) = 1", "0 1 2"},
		{"(if 6 / x then 1 else 2 end) = 2", "0"},
		{"sum(6 / x for i in 1..3 where x > 0) = 0", "0"},
		{"sum(1 for i in 1..3 where 6 / x) = 0", "0"},
		{"count(6 / x for i in 1..2) = 2", "1 2"},
	}
	decls := "param p = [5, 7]\nvar x in 0..2\n"
	for _, tt := range tests {
		for _, o := range allOptions() {
			sols := solveAll(t, decls+tt.stmt+"\n", o)
			var xs []string
			for _, s := range sols {
				xs = append(xs, strings.TrimSuffix(strings.TrimPrefix(s, `{"x":`), "}"))
			}
			if got := strings.Join(xs, " "); got != tt.want {
				t.Errorf("%s (%+v): x in {%s}, want {%s}", tt.stmt, o, got, tt.want)
			}
		}
	}
}

// An objective must be defined where a solution is: p[x]^0 is not 1 where
// x is outside p's index set.
func TestUndefinedObjective(t *testing.T) {
	for _, sense := range []string{"minimize", "maximize"} {
		src := fmt.Sprintf("param p = [3, 0, 7]\nvar x in 0..4\n%s p[x]^0 * 10 - x\n", sense)
		prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range allOptions() {
			s, _ := engine.NewSolver(prog.Model, o)
			var last string
			for s.Next() == engine.Solution {
				last = prog.JSON(s.Value)
			}
			want := map[string]string{"minimize": `{"x":3}`, "maximize": `{"x":1}`}[sense]
			if last != want {
				t.Errorf("%s, %+v: optimum %s, want %s", sense, o, last, want)
			}
		}
	}
}
