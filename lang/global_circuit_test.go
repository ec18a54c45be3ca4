package lang

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Every solution of small circuit and subcircuit models, as statements
// and inside expressions, under every search setting.
func TestCircuitLowering(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"circuit of three", "var s[1..3] in 1..3\ncircuit(s)",
			[]string{`{"s":[2,3,1]}`, `{"s":[3,1,2]}`}},
		{"a slice keeps its indices", "var s[0..3] in 0..3\ns[0] = 0\ncircuit(s[1..3])",
			[]string{`{"s":[0,2,3,1]}`, `{"s":[0,3,1,2]}`}},
		{"a comprehension is indexed from 1", "var s[0..2] in 0..3\ncircuit([s[i] for i in 0..2])",
			[]string{`{"s":[2,3,1]}`, `{"s":[3,1,2]}`}},
		{"a matrix is row-major from 1", "var s[1..2, 1..2] in 1..4\ns[1, 1] = 2\ns[1, 2] = 3\ncircuit(s)",
			[]string{`{"s":[[2,3],[4,1]]}`}},
		{"one node", "var s[1..1] in 0..3\ncircuit(s)", []string{`{"s":[1]}`}},
		{"constants", "var a, b in 1..4\ncircuit([2, a, 4, b])",
			[]string{`{"a":3,"b":1}`}},
		{"subcircuit of three", "var s[1..3] in 1..3\nsubcircuit(s)",
			[]string{`{"s":[1,2,3]}`, `{"s":[1,3,2]}`, `{"s":[2,1,3]}`, `{"s":[2,3,1]}`, `{"s":[3,1,2]}`, `{"s":[3,2,1]}`}},
		{"subcircuit with a node in", "var s[1..3] in 1..3\ns[2] != 2\nsubcircuit(s)",
			[]string{`{"s":[1,3,2]}`, `{"s":[2,1,3]}`, `{"s":[2,3,1]}`, `{"s":[3,1,2]}`}},
		{"circuit in an expression", "var s[1..3] in 1..3\nvar b in 0..1\nalldiff(s)\nb = circuit(s)\ns[1] = 2",
			[]string{`{"s":[2,1,3],"b":0}`, `{"s":[2,3,1],"b":1}`}},
		{"not subcircuit", "var s[1..2] in 0..2\nnot subcircuit(s)",
			[]string{`{"s":[0,0]}`, `{"s":[0,1]}`, `{"s":[0,2]}`, `{"s":[1,0]}`, `{"s":[1,1]}`, `{"s":[2,0]}`, `{"s":[2,2]}`}},
		{"an argument that is no variable", "var s[1..3] in 0..2\ncircuit([s[i] + 1 for i in 1..3])",
			[]string{`{"s":[1,2,0]}`, `{"s":[2,0,1]}`}},
	}
	for _, tt := range tests {
		for _, o := range allOptions() {
			got := solveAll(t, tt.src, o)
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s %+v: got %v, want %v", tt.name, o, got, tt.want)
			}
		}
	}
}

func TestCircuitErrors(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"circuit(3)", []string{"t.csp:1:9: circuit needs a list, found the number 3"}},
		{"var s[1..3] in 1..3\nsubcircuit([s[1], ., s[3]])",
			[]string{"t.csp:2:12: subcircuit: its argument has a blank (element 2), which it cannot take"}},
		{"var s[1..3] in 1..3\ncircuit(s, s)", []string{"t.csp:2:1: circuit takes at most 1 argument, found 2"}},
		{"var s[9223372036854775806..9223372036854775807] in 1..2\ncircuit(s)",
			[]string{"t.csp:2:9: circuit: the successors are numbered from 9223372036854775806, too close to the limits of 64-bit integers"}},
	}
	for _, tt := range tests {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(tt.src)}})
		checkErrors(t, err, tt.want)
	}
}

// The knight's tour written in v1 syntax finds a tour on 6 x 6 and 8 x 8
// boards without a failure under the default settings.
func TestKnightsTourV1(t *testing.T) {
	src, err := os.ReadFile("testdata/circuit/knights-tour-v1.csp")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"6", "8"} {
		prog, err := Compile(Input{Model: Source{Name: "k.csp", Text: src}, Params: []string{"n=" + n}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := engine.NewSolver(prog.Model, engine.Options{Order: engine.OrderDomWdeg, Values: engine.ValuesMid, Prop: engine.PropAC})
		if err != nil {
			t.Fatal(err)
		}
		if s.Next() != engine.Solution {
			t.Fatalf("n = %s: no tour", n)
		}
		if st := s.Stats(); st.Failures > 10 {
			t.Errorf("n = %s: %d failures", n, st.Failures)
		}
		if !strings.Contains(prog.JSON(s.Value), `"succ":[`) {
			t.Errorf("n = %s: %s", n, prog.JSON(s.Value))
		}
	}
}
