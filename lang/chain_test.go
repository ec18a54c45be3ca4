package lang

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// TestLongChainsShallowStack compiles and solves lines of many terms with
// the goroutine stack capped at 4 MB: a pass that recursed once per term
// (tens of thousands of frames) would die of it (issue 16).
func TestLongChainsShallowStack(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 25000
	}
	defer debug.SetMaxStack(debug.SetMaxStack(2 << 20))
	rep := func(unit, sep string) string { return strings.TrimSuffix(strings.Repeat(unit+sep, n), sep) }
	list := "[" + rep("x", ", ") + "]"
	tests := []struct {
		name, src string
		want      int64 // the value of x in the first solution; 0: none
		err       string
	}{
		{"+ of constants", "var x in 1..3\nx = " + rep("1", " + ") + " - " + itoa(int64(n-2)) + "\n", 2, ""},
		{"+ of variables", "var x in 1..3\n" + rep("x", " + ") + " = " + itoa(3*int64(n)) + "\n", 3, ""},
		{"- of variables", "var x in 1..3\nx - " + rep("x", " - ") + " = " + itoa(-2*int64(n-1)) + "\n", 2, ""},
		{"* of variables", "var x in 0..1\n" + rep("x", " * ") + " = 1\n", 1, ""},
		{"or", "var x in 1..3\n" + rep("x = 4", " or ") + " or x = 2\n", 2, ""},
		{"and", "var x in 1..3\n" + rep("x >= 3", " and ") + "\n", 3, ""},
		{"nested and", "var x in 1..3\nx = 1 or " + rep("x >= 3", " and ") + "\n", 1, ""},
		{"xor", "var x in 1..3\n" + rep("x = 3", " xor ") + " xor x = 3\n", 3, ""},
		{"union", "param s = " + rep("{2}", " union ") + "\nvar x in s\n", 2, ""},
		{"++", "param s = " + rep("[1]", " ++ ") + "\nvar x in 1..3\nx = length(s) - " + itoa(int64(n-3)) + "\n", 3, ""},
		{"list", "var x in 1..3\nsum(" + list + ") = " + itoa(2*int64(n)) + "\n", 2, ""},
		{"list in forall", "var x in 1..3\nforall i in 1..2: sum(" + list + ") >= " + itoa(int64(n)) + " * (i + 1)\n", 3, ""},
		{"definition", "def s = " + rep("x", " + ") + "\nvar x in 1..3\ns = " + itoa(int64(n)) + "\n", 1, ""},
		{"/ of variables", "var x in 1..3\nx = " + rep("x", " / ") + "\n", 0, "more than 10000 operators in a row"},
	}
	for _, tt := range tests {
		prog, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(tt.src)}})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			msg := err.Error()
			if len(msg) > 300 {
				msg = msg[:300]
			}
			t.Errorf("%s: %s", tt.name, msg)
			continue
		}
		s, err := engine.NewSolver(prog.Model, engine.Options{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		x := prog.Decls[len(prog.Decls)-1].Vars[0]
		if st := s.Next(); st != engine.Solution {
			t.Errorf("%s: no solution", tt.name)
		} else if v := s.Value(x); v != tt.want {
			t.Errorf("%s: x = %d, want %d", tt.name, v, tt.want)
		}
	}
}
