package lang

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCompile feeds arbitrary text to the whole front end. Whatever the
// input, Compile must return either a program or errors that each carry a
// position in the input, and never panic.
func FuzzCompile(f *testing.F) {
	seeds, _ := filepath.Glob("../models/*.csp")
	more, _ := filepath.Glob("../examples/*.csp")
	for _, path := range append(seeds, more...) {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(string(src))
		}
	}
	for _, s := range []string{"", "x", "var x in 1..3\nx = 2", "[", "forall i in 1..3 {", "show \"{", "param p = [1 2; 3]",
		"var x in 1..9\nx / 0 = 1", "var q[1..3] in 1..3\nq[q[1]] = q[q[2]]", "1_000_", "var x in -9223372036854775808..0",
		// Definitions, ++ and set comprehensions.
		"var x[1..3] in 1..3\ndef f(a, b) = a != b\nforall i in 1..2: f(x[i], x[i+1])",
		"var x[1..4] in 1..4\ndef box(i) {\n  alldiff(x[i..i+1])\n}\nbox(1)\nbox(3)\ndef total = sum(x)\nminimize total",
		"def f = g\ndef g = f\nvar x in 0..1\nx = f", "def f(a) = f(a)", "def f(n) = n\nparam n = f(2)\nvar x in n..n",
		"var x[1..2] in 0..1\nalldiff(x ++ [1] ++ [])", "param p = [1 2] ++ [3; 4]\nvar y in 0..9\ny = p[4]",
		"var q[1..3] in {i*i for i in 1..9}", "var x in 1..9\nx in {j for j in 1..9 where j % 2 = 0}",
		"def b { var y in 1..2 }\nb", "def f(a,) = 1", "var x in 0..1\ndef b { x = 1 }\nnot b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := Compile(Input{Model: Source{Name: "f.csp", Text: []byte(src)}})
		if err == nil {
			if prog == nil || prog.Model == nil {
				t.Fatal("no error and no program")
			}
			return
		}
		list, ok := err.(ErrorList)
		if !ok || len(list) == 0 {
			t.Fatalf("error of type %T: %v", err, err)
		}
		for _, e := range list {
			if e.Pos.Line < 1 || e.Pos.Col < 1 || e.Msg == "" {
				t.Fatalf("error without a position or message: %+v", e)
			}
		}
	})
}

// FuzzDataAndParams feeds arbitrary data files and -p values to a fixed
// model: the result is a program or errors with positions, never a panic.
func FuzzDataAndParams(f *testing.F) {
	model := Source{Name: "m.csp", Text: []byte("param n = 2\nparam p[1..2, 1..2]\nparam s = {1}\nvar x[1..n] in 1..9\nx[1] = p[1, 1]\n")}
	f.Add("p = [1 2; 3 4]", "n=3")
	f.Add("param p = [1 . 3 4]\nn = 5", "s={1, 2}")
	f.Add("p = [1 2 3 4]\np = [1 2 3 4]", "n=")
	f.Add("q = 1", "=3")
	f.Add("p = [[1]]", "n=10^30")
	f.Fuzz(func(t *testing.T, data, param string) {
		in := Input{Model: model, Data: []Source{{Name: "d.csp", Text: []byte(data)}}, Params: []string{param}}
		prog, err := Compile(in)
		if err == nil {
			if prog == nil || prog.Model == nil {
				t.Fatal("no error and no program")
			}
			return
		}
		list, ok := err.(ErrorList)
		if !ok || len(list) == 0 {
			t.Fatalf("error of type %T: %v", err, err)
		}
		for _, e := range list {
			if e.Pos.File == "" || e.Msg == "" {
				t.Fatalf("error without a file or message: %+v", e)
			}
		}
	})
}
