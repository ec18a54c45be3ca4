package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// "-" reads the model, a data file or the --each lines from the standard
// input, named <stdin> in messages.
func TestStdin(t *testing.T) {
	queens, err := os.ReadFile("models/queens.csp")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"model", []string{"solve", "-", "-p", "n=6", "--count"}, string(queens), exitSolved, "4\n", ""},
		{"model with an error", []string{"solve", "-"}, "var x in 1..3\nx > qq\n", exitBadInput, "",
			"<stdin>:2:5: unknown name \"qq\"\n    x > qq\n        ^^\n"},
		{"check", []string{"check", "-"}, "var x in 1..3\nx > 1\n", exitSolved, "<stdin>: ok, 1 variable, 1 constraint\n", ""},
		{"check --json", []string{"check", "-", "--json"}, "var x in 1..3\nx >\n", exitBadInput,
			`{"type":"error","file":"<stdin>","line":2,"column":4,"message":"expected an expression`, "<stdin>:"},
		{"csp data", []string{"solve", "models/queens.csp", "-", "--count"}, "n = 6\n", exitSolved, "4\n", ""},
		{"JSON data", []string{"solve", "models/queens.csp", "-", "--count"}, `{"n": 6}`, exitSolved, "4\n", ""},
		{"JSON data with an error", []string{"solve", "models/queens.csp", "-"}, `{"n": 6.5}`, exitBadInput, "",
			"<stdin>:1:7: 6.5 is not a whole number: csp's values are integers\n"},
		{"batch lines", []string{"solve", "models/sudoku-nxn.csp", "-p", "N=4", "-p", "R=2", "-p", "C=2", "--each", "puzzle=-"},
			"1.....2......3.4\n11..............\n", exitUnsat, "1243342141322314\nno solution\n", ""},
		{"batch line error", []string{"solve", "models/sudoku-nxn.csp", "-p", "N=4", "-p", "R=2", "-p", "C=2", "--each", "-"},
			"\n1...\n", exitBadInput, "invalid: 4 characters, but puzzle needs 16\n", "<stdin>:2:5: 4 characters"},
		{"twice", []string{"solve", "-", "-"}, "var x in 1..3\n", exitBadInput, "",
			"csp: - names the standard input, which can be read once: give - once\n"},
		{"model and batch", []string{"solve", "-", "--each", "-"}, "var x in 1..3\n", exitBadInput, "",
			"csp: - names the standard input, which can be read once: give - once\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			if code != c.code || !strings.HasPrefix(stdout.String(), c.stdout) || !strings.HasPrefix(stderr.String(), c.stderr) ||
				c.stdout == "" && stdout.Len() > 0 || c.stderr == "" && stderr.Len() > 0 {
				t.Errorf("exit %d, want %d\n--- stdout\n%s--- want it to start with\n%s--- stderr\n%s--- want it to start with\n%s",
					code, c.code, stdout.String(), c.stdout, stderr.String(), c.stderr)
			}
		})
	}
}
