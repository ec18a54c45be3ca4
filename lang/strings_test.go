package lang

import (
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// A list of strings is shown whole or by element, at a constant index or
// a variable's, from the model, a data file or -p.
func TestStringListShown(t *testing.T) {
	text, _ := firstSolution(t, `param nations = ["English", "Spaniard", "Japanese"]
var x in 1..3
x = 3
show nations, "{nations[1]} and the {nations[x]}; {nations[4 - x]}"`)
	if want := "nations = [English Spaniard Japanese]\nEnglish and the Japanese; English\n"; text != want {
		t.Errorf("got:\n%s\nwant:\n%s", text, want)
	}
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte("param p\nparam q\nshow \"{p[2]} {q[1]}\"")},
		Data:   []Source{{Name: "d.dat", Text: []byte(`p = ["a", "b"]`)}},
		Params: []string{`q=["c"]`}})
	if err != nil {
		t.Fatal(err)
	}
	if got := prog.Format(func(engine.Var) int64 { return 0 }); got != "b c\n" {
		t.Errorf("from data and -p: got %q", got)
	}
}

func TestStringListErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"param s = [\"a\"]\nvar x in 1..2\nx = s[1]", `t.csp:3:5: s is a list of strings, which only show prints`},
		{"param s = [\"a\"]\nvar x in 1..2\nshow \"{s[x]}\"", "t.csp:3:10: the index x of s can be 1..2, outside its indices 1..1"},
		{"param s = [\"a\"]\nshow \"{s[1, 1]}\"", "t.csp:2:8: s is a list of strings: it takes one index, found 2"},
		{"param s = [\"a\"]\nshow \"{s[0]}\"", "t.csp:2:10: the index 0 of s can be 0, outside its indices 1..1"},
		{"param s = [\"a\", 1]", "t.csp:1:17: a list of strings holds strings only: this element is not one"},
	}
	for _, c := range cases {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(c.src)}})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q...", c.src, err, c.want)
		}
	}
}
