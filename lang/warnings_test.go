package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWarnings(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // "line:col: start of message", in order
	}{
		{"issue 27 repro", "param n = 4\nvar q[1..n] in 1..n\nforall i in 1..n: q[i] !=\ndiagonal(q)\n",
			[]string{"4:1: this line continues the statement above, which ends with !="}},
		{"indented continuation", "param n = 4\nvar q[1..n] in 1..n\nforall i in 1..n: q[i] !=\n    q[n - i + 1]\n", nil},
		{"continuation by a number", "var x in 1..9\nx = 1 +\n2\n", nil},
		{"a name after an operator", "var x, y in 1..9\nx = 1 +\ny\n",
			[]string{"3:1: this line continues the statement above, which ends with +"}},
		{"a quantifier after and", "var x[1..3] in 1..9\nx[1] = 1 and\nalldiff(x)\n",
			[]string{"3:1: this line continues the statement above, which ends with and"}},
		{"inside parentheses", "var x, y in 1..9\nx = (1 +\ny)\n", nil},
		{"global in arithmetic", "var x[1..3] in 1..3\nx[1] + alldiff(x) = 2\n",
			[]string{"2:8: the truth value of alldiff (1 or 0) is used as a number by +"}},
		{"global in a comparison", "var x[1..3] in 1..3\nx[1] != increasing(x)\n",
			[]string{"2:9: the truth value of increasing (1 or 0) is used as a number by !="}},
		{"global negated", "var x[1..3] in 1..3\nx[1] = -alldiff(x)\n",
			[]string{"2:9: the truth value of alldiff (1 or 0) is used as a number by -"}},
		{"global in parentheses", "var x[1..3] in 1..3\nx[1] = (alldiff(x))\nx[2] = 1 + ( alldiff(x) )\n", nil},
		{"global as if", "var x[1..3] in 1..3\nx[1] = if alldiff(x) then 1 else 0 end\n", nil},
		{"global in logic", "var x[1..3] in 1..3\nx[1] = 1 -> alldiff(x)\nnot alldiff(x) or x[2] = 2\n", nil},
		{"continuation warned once", "var q[1..3] in 1..3\nq[1] !=\nalldiff(q)\n",
			[]string{"3:1: this line continues"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(c.src)}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			if len(p.Warnings) != len(c.want) {
				t.Fatalf("got %d warnings %v, want %d %q", len(p.Warnings), p.Warnings, len(c.want), c.want)
			}
			for i, w := range p.Warnings {
				got := w.Pos.String() + ": " + w.Msg
				if !strings.HasPrefix(got, "m.csp:"+c.want[i]) {
					t.Errorf("warning %d: got %q, want %q...", i, got, c.want[i])
				}
			}
		})
	}
}

// TestNoWarningsShipped: nothing shipped in models/ and examples/ warns.
func TestNoWarningsShipped(t *testing.T) {
	files, _ := filepath.Glob("../models/*.csp")
	more, _ := filepath.Glob("../examples/*.csp")
	files = append(files, more...)
	if len(files) < 20 {
		t.Fatalf("only %d models found", len(files))
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, errs, _ := parsePartial(file, text, nil, nil)
		if len(errs) > 0 {
			t.Errorf("%s: %v", file, errs)
			continue
		}
		if w := warningsOf(f, Sources{file: text}); len(w) > 0 {
			t.Errorf("%s warns: %v", file, w)
		}
	}
}

func TestPrintWarnings(t *testing.T) {
	src := "var q[1..3] in 1..3\nq[1] !=\nalldiff(q)\n"
	p, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	PrintWarnings(&b, p.Warnings, p.Sources)
	want := "m.csp:3:1: warning: this line continues the statement above, which ends with !=: indent it if that is meant, or finish the line above\n    alldiff(q)\n    ^^^^^^^\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
