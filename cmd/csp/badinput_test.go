package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInputs gives the tool each kind of bad input the robustness issue
// lists. Each must get a clear answer: the exit status, and a message
// naming the problem, never a panic or a hang.
func TestBadInputs(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	rep := strings.Repeat
	model := write("model.csp", "param n = 2\nparam p[1..2] = [1 2]\nvar x in 1..n\n")
	tests := []struct {
		name string
		args []string
		code int
		want string // in stdout+stderr
	}{
		{"empty file", []string{"solve", write("empty.csp", "")}, 0, ""},
		{"binary garbage", []string{"solve", write("garbage.csp", "\x7fELF\x02\x01\x01\x00\x00\xff\xfe\x01")}, 2, "illegal character NUL"},
		{"invalid UTF-8", []string{"solve", write("utf8.csp", "var x in 1..3\nx = \xff 2\n")}, 2, "utf8.csp:2:5: invalid UTF-8 encoding"},
		{"byte-order mark", []string{"solve", write("bom.csp", "\ufeffvar x in 1..3\nx > 2\n")}, 0, "x = 3"},
		{"byte-order mark, error on line 1", []string{"solve", write("bom1.csp", "\ufeffvar x in 1..y\n")}, 2, "bom1.csp:1:13: unknown name \"y\"\n    var x in 1..y\n                ^"},
		{"byte-order mark in a data file", []string{"solve", model, write("bomdata.csp", "\ufeffn = 3\n"), "-a"}, 0, "x = 3"},
		{"byte-order mark in a batch file", []string{"solve", write("g.csp", "param g[1..2]\nvar x[1..2] in 1..2\nx = g\n"), "--each", write("bom.txt", "\ufeff1.\n")}, 0, "11"},
		{"byte-order mark in a REPL script", []string{"repl"}, 0, "x = 3"},
		{"NUL byte", []string{"solve", write("nul.csp", "var x in 1..3\x00\n")}, 2, "illegal character NUL"},
		{"100 MB file", []string{"solve", write("huge.csp", rep(" ", 100<<20))}, 2, "larger than 64 MB"},
		{"1 MB line", []string{"solve", write("line.csp", "var x in 1..3\nx = "+rep(" ", 1<<20)+"2\n")}, 0, "x = 2"},
		{"100,000 nested brackets", []string{"solve", write("deep.csp", "var x in 1..3\nx = "+rep("(", 100000)+"x"+rep(")", 100000))}, 2, "brackets nested more than 500 deep"},
		{"100,000 minus signs", []string{"solve", write("neg.csp", "var x in 1..3\nx = "+rep("-", 100000)+"x")}, 2, "more than 500 - or not in a row"},
		{"100,000 nested ifs", []string{"solve", write("if.csp", "var x in 0..1\nx = "+rep("if x = 1 then ", 100000)+"1"+rep(" else 0 end", 100000))}, 2, "expression nested more than 500 deep"},
		{"domain -2^62..2^62", []string{"solve", write("dom.csp", "var x in -2^62..2^62\n")}, 2, "is too wide"},
		{"array of 10^8", []string{"solve", write("arr.csp", "var a[1..10^8] in 0..1\n")}, 2, "a would take the model past the 1000000 variables csp allows"},
		{"comprehension of 10^9", []string{"solve", write("comp.csp", "var x in 0..1\nx = sum([1 for i in 1..10^9])\n")}, 2, "the model is too large"},
		{"product overflows", []string{"solve", write("prod.csp", "var x, y in 0..2000000\nx * y * x * y * x = 1\n")}, 2, "integer overflow"},
		{"sum overflows", []string{"solve", write("sum.csp", "param big = 9223372036854775000\nvar x in 0..1000\nx + big = 5\n")}, 2, "integer overflow"},
		{"constant overflow", []string{"solve", write("const.csp", "param n = 3037000500 * 3037000500\n")}, 2, "does not fit in 64 bits"},
		{"constant division by zero", []string{"solve", write("div0.csp", "param n = 5 / 0\n")}, 2, "division by zero"},
		{"constant modulo by zero", []string{"solve", write("mod0.csp", "param n = 5 % (2 - 2)\n")}, 2, "division by zero"},
		{"variable division by zero", []string{"solve", write("vdiv.csp", "var x, y in 0..1\nx / y = 1\n"), "--count"}, 0, "1"},
		{"-p that does not parse", []string{"solve", model, "-p", "n=1+"}, 2, "-p n:1:3: expected an expression"},
		{"-p for no param", []string{"solve", model, "-p", "m=3"}, 2, "-p sets m, which the model does not declare as a param"},
		{"-p without =", []string{"solve", model, "-p", "n"}, 2, `-p wants name=value, found "n"`},
		{"data file sets a param twice", []string{"solve", model, write("twice.csp", "n = 2\nn = 3\n")}, 2, "n is set twice"},
		{"data file sets an undeclared param", []string{"solve", model, write("undecl.csp", "m = 2\n")}, 2, "data file sets m, which the model does not declare"},
		{"data file with a constraint", []string{"solve", model, write("constr.csp", "x > 1\n")}, 2, "a data file can only give parameters values"},
		{"directory as model", []string{"solve", dir}, 2, "is a directory, not a file"},
		{"missing model", []string{"solve", filepath.Join(dir, "nope.csp")}, 2, "no such file or directory"},
		{"no model", []string{"solve"}, 2, "no model file given"},
		{"unknown flag", []string{"solve", model, "--frobnicate"}, 2, "unknown flag --frobnicate"},
		{"bad -n", []string{"solve", model, "-n", "lots"}, 2, `-n "lots": not a number`},
		{"bad timeout", []string{"solve", model, "--timeout", "soon"}, 2, "not a positive duration"},
		{"unknown command", []string{"slove"}, 2, `unknown command "slove" (did you mean "solve"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			code := run(tt.args, strings.NewReader("\ufeffvar x in 1..3\nx > 2\n:solve\n"), &out, &out)
			if code != tt.code || !strings.Contains(out.String(), tt.want) {
				text := out.String()
				if len(text) > 500 {
					text = text[:500] + "..."
				}
				t.Errorf("exit %d, want %d; output must contain %q:\n%s", code, tt.code, tt.want, text)
			}
		})
	}
}

// fileWriter returns a function that writes a file into dir and returns
// its path, failing the test if it cannot.
func fileWriter(t *testing.T, dir string) func(name, text string) string {
	return func(name, text string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
}
