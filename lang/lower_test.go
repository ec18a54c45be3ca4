package lang

import (
	"sort"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// solveAll compiles src and returns every solution as its JSON line,
// sorted, under the given options.
func solveAll(t *testing.T, src string, opts engine.Options) []string {
	t.Helper()
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatalf("compile %q: %v", src, err)
	}
	s, err := engine.NewSolver(prog.Model, opts)
	if err != nil {
		t.Fatalf("solver for %q: %v", src, err)
	}
	var sols []string
	for s.Next() == engine.Solution {
		sols = append(sols, prog.JSON(s.Value))
	}
	sort.Strings(sols)
	return sols
}

// Each case lists every solution of a small model, worked out by hand, so
// the lowering of each construct is checked through the whole pipeline,
// under every search setting.
func TestLoweringSemantics(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"range and set domain", "var x in 1..3 union {7}\nx != 2",
			[]string{`{"x":1}`, `{"x":3}`, `{"x":7}`}},
		{"diff domain", "var x in 1..5 diff {2, 4}",
			[]string{`{"x":1}`, `{"x":3}`, `{"x":5}`}},
		{"in and not in", "var x in 0..5\nx in {1, 3, 5}\nx not in 2..3",
			[]string{`{"x":1}`, `{"x":5}`}},
		{"in with variable bounds", "var x, y in 0..2\nx in 1..y",
			[]string{`{"x":1,"y":1}`, `{"x":1,"y":2}`, `{"x":2,"y":2}`}},
		{"in a list", "var x, y in 0..3\nx in [y, 3]\nx < 2",
			[]string{`{"x":0,"y":0}`, `{"x":1,"y":1}`}},
		{"implication", "var a, b in 0..1\na -> b",
			[]string{`{"a":0,"b":0}`, `{"a":0,"b":1}`, `{"a":1,"b":1}`}},
		{"equivalence and xor", "var a, b, c in 0..1\na <-> b\nb xor c",
			[]string{`{"a":0,"b":0,"c":1}`, `{"a":1,"b":1,"c":0}`}},
		{"booleans as numbers", "var x[1..3] in 0..2\ncount(x[i] = 2 for i in 1..3) = 2\nsum(x) = 4",
			[]string{`{"x":[0,2,2]}`, `{"x":[2,0,2]}`, `{"x":[2,2,0]}`}},
		{"division truncates", "var x in -3..3\nx / 2 = -1",
			[]string{`{"x":-3}`, `{"x":-2}`}},
		{"modulo has the dividend's sign", "var x in -3..3\nx % 2 = -1",
			[]string{`{"x":-3}`, `{"x":-1}`}},
		{"undefined makes the comparison false", "var x, y in 0..1\nnot (x / y = 0)",
			[]string{`{"x":0,"y":0}`, `{"x":1,"y":0}`, `{"x":1,"y":1}`}},
		{"element", "param a = [10, 20, 30]\nvar i in 0..4\nvar v in 0..40\nv = a[i]",
			[]string{`{"i":1,"v":10}`, `{"i":2,"v":20}`, `{"i":3,"v":30}`}},
		{"element out of range is false", "param a = [5, 6]\nvar i in 1..3\nnot (a[i] = 5)",
			[]string{`{"i":2}`, `{"i":3}`}},
		{"2-D element", "param m = [1 2; 3 4]\nvar r, c in 1..2\nm[r, c] = 3",
			[]string{`{"r":2,"c":1}`}},
		{"element over variables", "var q[1..2] in 1..2\nvar i in 1..2\nq[i] = 2\nq[1] = 1",
			[]string{`{"q":[1,2],"i":2}`}},
		{"if then else", "var x, y in 0..2\ny = if x > 0 then 2 else 1 end",
			[]string{`{"x":0,"y":1}`, `{"x":1,"y":2}`, `{"x":2,"y":2}`}},
		{"guarded forall", "var q[1..3] in 1..3\nforall i in 1..3: i > 1 -> q[i-1] < q[i]",
			[]string{`{"q":[1,2,3]}`}},
		{"forall block with where", "var q[1..3] in 0..1\nforall i in 1..3 where i != 2 { q[i] = 1 }",
			[]string{`{"q":[1,0,1]}`, `{"q":[1,1,1]}`}},
		{"where on a variable", "var x in 0..2\nvar q[1..2] in 0..1\nforall i in 1..2 where x >= i: q[i] = 1\nsum(q) = 0",
			[]string{`{"x":0,"q":[0,0]}`}},
		{"exists", "var q[1..3] in 0..1\nexists i in 1..3: q[i] = 1\nsum(q) <= 1",
			[]string{`{"q":[0,0,1]}`, `{"q":[0,1,0]}`, `{"q":[1,0,0]}`}},
		{"sum with a variable where", "var x in 0..3\nvar s in 0..10\ns = sum(i for i in 1..3 where i <= x)",
			[]string{`{"x":0,"s":0}`, `{"x":1,"s":1}`, `{"x":2,"s":3}`, `{"x":3,"s":6}`}},
		{"min max product abs", "var x, y in -2..2\nmin(x, y) = -2\nmax(x, y) = 1\nproduct([x, y]) = -2\nabs(x) = 2",
			[]string{`{"x":-2,"y":1}`}},
		// q[1] = 1 takes 2 from q[i]+i; what remains is q[2]+2 != q[3]+3.
		{"comprehension with offsets", "var q[1..3] in 1..3\nalldiff([q[i] + i for i in 1..3])\nq[1] = 1\nq[2] >= q[3]",
			[]string{`{"q":[1,1,1]}`, `{"q":[1,2,2]}`, `{"q":[1,3,1]}`, `{"q":[1,3,3]}`}},
		{"alldiff with constants", "var x, y in 1..3\nalldiff([x, y, 2])",
			[]string{`{"x":1,"y":3}`, `{"x":3,"y":1}`}},
		{"alldiff inside an expression", "var x, y, b in 0..1\nb -> alldiff([x, y])\nx = y",
			[]string{`{"x":0,"y":0,"b":0}`, `{"x":1,"y":1,"b":0}`}},
		{"slices keep indices", "var m[1..2, 1..3] in 0..1\nsum(m[1, ..]) = 3\nsum(m[.., 2..3]) = 2\nm[2, 1] = 0",
			[]string{`{"m":[[1,1,1],[0,0,0]]}`}},
		{"array equality skips blanks", "param p = [1 . 3]\nvar x[1..3] in 1..3\nx = p\nx[2] != 1",
			[]string{`{"x":[1,2,3]}`, `{"x":[1,3,3]}`}},
		{"array inequality", "param p = [1 1]\nvar x[1..2] in 1..2\nx != p\nx[1] = 1",
			[]string{`{"x":[1,2]}`}},
		{"increasing and decreasing", "var x[1..3] in 1..2\nincreasing(x)\nvar y[1..2] in 1..2\ndecreasing(y)\nx[2] = 2\ny[2] = 2",
			[]string{`{"x":[1,2,2],"y":[2,2]}`, `{"x":[2,2,2],"y":[2,2]}`}},
		{"diagonal", "var q[1..3] in 1..3\ndiagonal(q)\nq[1] = 1\nq[2] = 3",
			[]string{`{"q":[1,3,1]}`}},
		{"power", "var x in -3..3\nx^2 = 4\n2^3 = 8",
			[]string{`{"x":-2}`, `{"x":2}`}},
		{"generator over a list", "param vals = [2, 5]\nvar x in 0..9\nexists v in vals: x = v",
			[]string{`{"x":2}`, `{"x":5}`}},
		{"two names one range", "var q[1..2] in 1..2\nforall i, j in 1..2 where i < j: q[i] < q[j]",
			[]string{`{"q":[1,2]}`}},
		{"true and false", "var x in 0..1\nx = true or false",
			[]string{`{"x":1}`}},
		{"constant false is unsatisfiable", "var x in 0..1\n1 > 2", nil},
		{"implication of a conjunction", "var y in 0..1\nvar x[1..3] in 0..1\ny = 0 -> forall i in 1..3: x[i] = 1\nsum(x) <= 2",
			[]string{`{"y":1,"x":[0,0,0]}`, `{"y":1,"x":[0,0,1]}`, `{"y":1,"x":[0,1,0]}`, `{"y":1,"x":[0,1,1]}`,
				`{"y":1,"x":[1,0,0]}`, `{"y":1,"x":[1,0,1]}`, `{"y":1,"x":[1,1,0]}`}},
		{"implication of a conjunction that may be undefined", "var k in 0..3\nvar b[1..3] in 0..1\nk > 0 -> (b[k] and b[1])\nk < 2",
			[]string{`{"k":0,"b":[0,0,0]}`, `{"k":0,"b":[0,0,1]}`, `{"k":0,"b":[0,1,0]}`, `{"k":0,"b":[0,1,1]}`,
				`{"k":0,"b":[1,0,0]}`, `{"k":0,"b":[1,0,1]}`, `{"k":0,"b":[1,1,0]}`, `{"k":0,"b":[1,1,1]}`,
				`{"k":1,"b":[1,0,0]}`, `{"k":1,"b":[1,0,1]}`, `{"k":1,"b":[1,1,0]}`, `{"k":1,"b":[1,1,1]}`}},
		{"implication of a division", "var a in 0..1\nvar x, y in 0..1\na -> (x / y and x > 0)",
			[]string{`{"a":0,"x":0,"y":0}`, `{"a":0,"x":0,"y":1}`, `{"a":0,"x":1,"y":0}`, `{"a":0,"x":1,"y":1}`, `{"a":1,"x":1,"y":1}`}},
		{"implication of an and", "var a, b, c in 0..1\na -> b and c\nb + c <= 1", []string{
			`{"a":0,"b":0,"c":0}`, `{"a":0,"b":0,"c":1}`, `{"a":0,"b":1,"c":0}`}},
	}
	for _, tt := range tests {
		sort.Strings(tt.want)
		for _, opts := range allOptions() {
			got := solveAll(t, tt.src, opts)
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("%s with %+v:\n got %v\nwant %v", tt.name, opts, got, tt.want)
			}
		}
	}
}

func allOptions() []engine.Options {
	var out []engine.Options
	for _, o := range []engine.VarOrder{engine.OrderMRV, engine.OrderInput} {
		for _, v := range []engine.ValueOrder{engine.ValuesMin, engine.ValuesMax} {
			for _, p := range []engine.PropLevel{engine.PropFC, engine.PropNone} {
				out = append(out, engine.Options{Order: o, Values: v, Prop: p})
			}
		}
	}
	return out
}

func TestDataAndParams(t *testing.T) {
	model := Source{Name: "m.csp", Text: []byte("param n = 2\nparam k\nparam p[1..2, 1..2]\nvar x in 0..100\nx = n * 10 + k + sum(p)")}
	data := Source{Name: "d.csp", Text: []byte("k = 1\nparam p = [1 2 3 4]\n")}
	prog, err := Compile(Input{Model: model, Data: []Source{data}, Params: []string{"n=3"}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := engine.NewSolver(prog.Model, engine.Options{})
	if s.Next() != engine.Solution || prog.JSON(s.Value) != `{"x":41}` {
		t.Errorf("n=3 (from -p), k=1, sum(p)=10: want x = 41, got %s", prog.JSON(s.Value))
	}

	bad := []struct {
		data   string
		params []string
		want   string
	}{
		{"k = 1\nk = 2\np = [1 2 3 4]", nil, "d.csp:2:1: k is set twice (first at d.csp:1:1)"},
		{"k = 1\nm = 2\np = [1 2 3 4]", nil, `d.csp:2:1: data file sets m, which the model does not declare as a param`},
		{"k = 1\np = [1 2 3 4]\nx > 3", nil, "d.csp:3:1: a data file can only give parameters values: name = value"},
		{"k = 1\np = [1 2 3]", nil, "m.csp:3:7: param p is declared with shape [1..2, 1..2] (4 elements) but its value has shape [1..3] (3 elements)"},
		{"k = 1\np = [1 2 3 4]", []string{"n"}, `-p:1:1: -p wants name=value, found "n"`},
		{"k = 1\np = [1 2 3 4]", []string{"n=x"}, `-p n:1:1: x is a variable, but only constants can be used here`},
	}
	for _, b := range bad {
		_, err := Compile(Input{Model: model, Data: []Source{{Name: "d.csp", Text: []byte(b.data)}}, Params: b.params})
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("data %q params %v: got %v, want %s", b.data, b.params, err, b.want)
		}
	}
}

func TestFormatOutput(t *testing.T) {
	src := "var q[1..4] in 1..4\nalldiff(q)\ndiagonal(q)\nq[1] = 2\n" +
		"show q, board(q), \"first {q[1]}, sum {sum(q)}, {{braces}}\", grid([q[1] q[2]; q[3] q[4]], 1, 1)"
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := engine.NewSolver(prog.Model, engine.Options{})
	if s.Next() != engine.Solution {
		t.Fatal("no solution")
	}
	want := `q = [2 4 1 3]
. . Q .
Q . . .
. . . Q
. Q . .
first 2, sum 10, {braces}
2 | 4
--+--
1 | 3
`
	if got := prog.Format(s.Value); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// An implication whose consequent is a conjunction is posted as one
// implication a conjunct, which propagates as soon as its condition is
// decided; a constant false constraint is posted once, however often a
// generator repeats it.
func TestLoweringSplitsConstraints(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"var y in 0..1\nvar x[1..4] in 0..1\ny = 0 -> forall i in 1..4: x[i] = 1", 4},
		{"var a, b, c in 0..1\na -> b and c", 2},
		{"var a, b, c in 0..1\na -> b or c", 1},
		{"var x in 0..1\nforall i in 1..100000: i < 0", 1},
		{"var x in 0..1\nx = 0\n1 > 2\nx = 1\n0", 3},
	} {
		p, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(c.src)}})
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if got := len(p.Model.Constraints()); got != c.want {
			t.Errorf("%q: %d constraints, want %d", c.src, got, c.want)
		}
	}
}
