package lang

import (
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// jsonModel declares params of each kind a JSON data file can give.
const jsonModel = `param n
param list[1..3]
param grid[1..2, 1..3]
param s
param b
var x[1..2, 1..3] in 0..9
x = grid
`

// A JSON data file gives params their values as a .csp data file would:
// numbers, booleans, lists, matrices with null blanks, and sets.
func TestJSONDataValues(t *testing.T) {
	data := `{"n": -4, "list": [1, 2, 3], "grid": [[1, null, 3], [null, 5, 6]],
 "s": {"set": [1, [3, 5], 9]}, "b": true}`
	prog, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(jsonModel)}, Data: []Source{{Name: "d.json", Text: []byte(data)}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Next() != engine.Solution {
		t.Fatal("no solution")
	}
	got := prog.Format(s.Value)
	// The given cells are fixed; the blanks are free (the first value).
	if want := "x = [\n  1 0 3\n  0 5 6\n]\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for name, want := range map[string]string{"n": "-4", "list": "[1 2 3]", "s": "{1, 3..5, 9}", "b": "1"} {
		q, err := prog.Query(Source{Name: "q", Text: []byte(name)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if v := q.Value(s.Value); v != want {
			t.Errorf("%s = %s, want %s", name, v, want)
		}
	}
}

// Each mistake in a JSON data file is reported at its place in the JSON
// text, once, without follow-on errors about the params it left unset.
func TestJSONDataErrors(t *testing.T) {
	const ok = `"n": 1, "list": [1, 2, 3], "s": {"set": []}, "b": false`
	cases := []struct{ data, want string }{
		{`{` + ok + `, "grid": [[1, 2, 3], [4, 5]]}`, "d.json:1:79: this row has 2 values and the first has 3"},
		{`{` + ok + `, "grid": [[1, 2, 3], [4, 5, 6], [7, 8, 9]]}`, "m.csp:3:7: param grid is declared with shape [1..2, 1..3] (6 elements) but its value has shape [1..3, 1..3]"},
		{`{` + ok + `, "grid": [[[1], [2], [3]], [4, 5, 6]]}`, "d.json:1:68: a matrix is a list of rows, each a list of values"},
		{`{` + ok + `, "grid": [1, [2, 3]]}`, "d.json:1:71: a list mixes values and lists"},
		{`{"n": 2.5}`, "d.json:1:7: 2.5 is not a whole number"},
		{`{"n": 1e3}`, "d.json:1:7: 1e3 is not a whole number"},
		{`{"n": "8"}`, "d.json:1:7: a string is no value of a param"},
		{"{\"n\": 8,\n \"list\" [1]}", "d.json:2:9: malformed JSON: '[' after object key"},
		{`{"n": 8, "list": [1, 2`, "d.json:1:23: the JSON text ends too soon"},
		{`[1, 2]`, "d.json:1:1: a JSON data file is one object whose keys are params"},
		{`{"n": 8} {}`, "d.json:1:10: text after the JSON object"},
		{`{"n": 8, "n": 9}`, "d.json:1:10: n is set twice (first at d.json:1:2)"},
		{`{"1n": 8}`, `d.json:1:2: "1n" is not a param name`},
		{`{"m": 8, ` + ok + `, "grid": [[1, 2, 3], [4, 5, 6]]}`, "d.json:1:2: data file sets m, which the model does not declare as a param"},
		{`{"n": 99999999999999999999, "list": [1, 2, 3], "s": {"set": []}, "b": false, "grid": [[1, 2, 3], [4, 5, 6]]}`, "d.json:1:7: the number 99999999999999999999 does not fit in 64 bits"},
		{`{"s": {"range": [1]}}`, `d.json:1:8: an object inside a value is a set`},
		{`{"s": {"set": 1}}`, `d.json:1:15: a set's elements are a list`},
		{`{"s": {"set": [[1, 2, 3]]}}`, `d.json:1:16: a list in a set is a range [lo, hi]`},
		{`{"s": {"set": [1], "x": 2}}`, `d.json:1:20: a set object has the one key "set"`},
	}
	for _, c := range cases {
		_, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(jsonModel)}, Data: []Source{{Name: "d.json", Text: []byte(c.data)}}})
		list, _ := err.(ErrorList)
		if len(list) != 1 || !strings.HasPrefix(list[0].Error(), c.want) {
			t.Errorf("%s:\ngot  %v\nwant %s...", c.data, err, c.want)
		}
	}
}

// The standard input has no name to go by: it is JSON when it starts
// with a brace.
func TestJSONDataFromStdin(t *testing.T) {
	for _, c := range []struct {
		text string
		json bool
	}{{" \n{\"n\": 1}", true}, {"n = 1", false}, {"{\"n\": 1}", true}} {
		if got := isJSONData(StdinName, []byte(c.text)); got != c.json {
			t.Errorf("%q: JSON %v, want %v", c.text, got, c.json)
		}
	}
	if !isJSONData("d.JSON", nil) || isJSONData("d.csp", []byte("{")) {
		t.Error("a named file is JSON by its extension alone")
	}
}

// A long JSON data file is read once, positions counted on from the last
// (the count from the start at each token made 200000 numbers take
// hours), and its reading stops at a compile limit, with the error where
// it stopped.
func TestJSONDataLong(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"p": [`)
	for i := range 100_000 {
		if i > 0 {
			b.WriteString(", ")
		}
		if i%1000 == 999 {
			b.WriteString("\n")
		}
		b.WriteString(itoa(int64(i)))
	}
	b.WriteString("]}")
	model := Source{Name: "m.csp", Text: []byte("param p[1..100000]\nvar x in 0..9\nx = p[1234] % 10\n")}
	data := []Source{{Name: "d.json", Text: []byte(b.String())}}
	prog, err := Compile(Input{Model: model, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := engine.NewSolver(prog.Model, engine.Options{})
	if s.Next() != engine.Solution || prog.Format(s.Value) != "x = 3\n" {
		t.Errorf("p[1234] %% 10: got %q", prog.Format(s.Value))
	}
	_, err = Compile(Input{Model: model, Data: data, Limits: Limits{Stop: func() string { return "interrupted" }}})
	want := "d.json:66:3732: compiling stopped (interrupted) while reading this data file"
	if err == nil || !HitLimit(err) || !strings.Contains(err.Error(), want) {
		t.Errorf("stopped: %v, want %q", err, want)
	}
	// Positions stay right after the scan moved on: an error at the end.
	_, err = Compile(Input{Model: model, Data: []Source{{Name: "d.json", Text: []byte(b.String()[:b.Len()-1])}}})
	if err == nil || !strings.Contains(err.Error(), "d.json:101:") {
		t.Errorf("cut short: %v, want an error on line 101", err)
	}
}
