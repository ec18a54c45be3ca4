package lang

import (
	"regexp"
	"slices"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Each case lists every solution of a small model with a table
// constraint, worked out by hand, under every search setting.
func TestTableSemantics(t *testing.T) {
	const T = "param T = [1 2\n           2 .\n           3 1]\n"
	tests := []struct {
		name, src string
		want      []string
	}{
		{"in", T + "var x, y in 1..3\n[x, y] in T",
			[]string{`{"x":1,"y":2}`, `{"x":2,"y":1}`, `{"x":2,"y":2}`, `{"x":2,"y":3}`, `{"x":3,"y":1}`}},
		{"not in", T + "var x, y in 1..3\n[x, y] not in T",
			[]string{`{"x":1,"y":1}`, `{"x":1,"y":3}`, `{"x":3,"y":2}`, `{"x":3,"y":3}`}},
		{"table", T + "var x, y in 1..3\ntable([x, y], T)\nx != 2",
			[]string{`{"x":1,"y":2}`, `{"x":3,"y":1}`}},
		{"a slice and a comprehension", T + "var q[1..2, 1..2] in 1..3\nq[1, ..] in T\n[q[2, j] for j in 1..2] in T\nq[1, 1] = q[2, 2] + 2\nq[2, 1] != 2",
			[]string{`{"q":[[3,1],[3,1]]}`}},
		{"an array by name", T + "var x[1..2] in 1..3\nx in T\nx[1] != 2",
			[]string{`{"x":[1,2]}`, `{"x":[3,1]}`}},
		{"a constant and a repeated variable", T + "var x in 1..3\n[x, x] in T\n[x, 1] in T",
			[]string{`{"x":2}`}},
		{"a one-row table", "param one[1..1, 1..2] = [2 3]\nvar x, y in 1..3\n[x, y] in one",
			[]string{`{"x":2,"y":3}`}},
		{"inside an expression", T + "var x, y in 1..3\nvar b in 0..1\nb = ([x, y] in T)\nx = 3",
			[]string{`{"x":3,"y":1,"b":1}`, `{"x":3,"y":2,"b":0}`, `{"x":3,"y":3,"b":0}`}},
		{"not table", T + "var x, y in 1..3\nnot table([x, y], T)\nx = 1",
			[]string{`{"x":1,"y":1}`, `{"x":1,"y":3}`}},
		{"constants fold", T + "var x in 1..2\n[1, 2] in T\n[3, 3] not in T\nx = 1",
			[]string{`{"x":1}`}},
		{"undefined makes in false", T + "var x in 0..2\nvar y in 1..2\nvar b in 0..1\nb = ([2, y / x] in T)",
			[]string{`{"x":0,"y":1,"b":0}`, `{"x":0,"y":2,"b":0}`, `{"x":1,"y":1,"b":1}`, `{"x":1,"y":2,"b":1}`, `{"x":2,"y":1,"b":1}`, `{"x":2,"y":2,"b":1}`}},
		{"undefined makes not in false", T + "var x in 0..1\nvar y in 1..3\n[1, y / x] not in T",
			[]string{`{"x":1,"y":1}`, `{"x":1,"y":3}`}},
		{"an undefined element as a statement", "param a = [1, 2]\nparam T = [1 .; 2 5]\nvar i in 0..3\nvar y in 4..5\n[a[i], y] in T",
			[]string{`{"i":1,"y":4}`, `{"i":1,"y":5}`, `{"i":2,"y":5}`}},
	}
	for _, tc := range tests {
		for _, o := range allSettings() {
			got := solveAll(t, tc.src, o)
			if !slices.Equal(got, sortedCopy(tc.want)) {
				t.Errorf("%s under %+v:\n got %v\nwant %v", tc.name, o, got, tc.want)
				break
			}
		}
	}
}

func allSettings() []engine.Options {
	var out []engine.Options
	for _, prop := range []engine.PropLevel{engine.PropNone, engine.PropFC, engine.PropAC} {
		for _, order := range []engine.VarOrder{engine.OrderInput, engine.OrderMRV} {
			out = append(out, engine.Options{Order: order, Prop: prop})
		}
	}
	return out
}

func sortedCopy(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// A table statement is the table global; inside an expression it is its
// decomposition.
func TestTableLowering(t *testing.T) {
	globals := func(src string) (tables, others int) {
		t.Helper()
		prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
		if err != nil {
			t.Fatalf("compile %q: %v", src, err)
		}
		for _, c := range prog.Model.Constraints() {
			if g, ok := c.Global.(*engine.Table); ok && c.Kind == engine.KindGlobal {
				tables++
				if g.Rows() != 2 {
					t.Errorf("%q: a table of %d rows, want 2", src, g.Rows())
				}
			} else {
				others++
			}
		}
		return tables, others
	}
	const head = "param T = [1 2; 2 1]\nvar x[1..2] in 1..3\nvar b in 0..1\n"
	for _, c := range []struct {
		stmt           string
		tables, others int
	}{
		{"x in T", 1, 0},
		{"x not in T", 1, 0},
		{"[x[2], x[1]] in T", 1, 0},
		{"x[1..2] in T", 1, 0},
		{"[x[i] for i in 1..2] not in T", 1, 0},
		{"table(x, T)", 1, 0},
		{"forall k in 1..2: x in T", 2, 0},
		{"b -> x in T", 0, 1},
		{"b -> table(x, T)", 0, 1},
	} {
		tables, others := globals(head + c.stmt)
		if tables != c.tables || others != c.others {
			t.Errorf("%s: %d tables and %d other constraints, want %d and %d", c.stmt, tables, others, c.tables, c.others)
		}
	}
}

func TestTableErrors(t *testing.T) {
	const head = "param T = [1 2; 2 1]\nparam L = [1, 2, 3]\nvar x, y in 1..3\n"
	for _, c := range []struct {
		stmt string
		col  int
		msg  string
	}{
		{"[x, y] in L", 11, `^in needs a table \(a constant matrix\) on its right, found a list \[1\.\.3\] \(a table of one row`},
		{"[x, y] not in {1, 2}", 15, `^not in needs a table \(a constant matrix\) on its right, found a set$`},
		{"[x, y, x] in T", 14, `^a table row of the wrong length: the rows of the table have 2 elements, the tuple 3$`},
		{"[x, .] in T", 5, `^a tuple cannot hold a blank, but element 2 is one$`},
		{"[x, y] in [x 1; 2 2]", 11, `^a table must be constant, but its element \[1, 1\] depends on a variable$`},
		{"T in T", 1, `^in needs a tuple \(a list of one dimension\) on its left, found a matrix \[1\.\.2, 1\.\.2\]$`},
		{"table(x, T)", 7, `^table needs a tuple \(a list of one dimension\) as its first argument, found a number that depends on a variable$`},
		{"table([x, y], 3)", 15, `^table needs a table \(a constant matrix\) as its second argument, found the number 3$`},
		{"x = 1 -> [x, y] in [1 2 3]", 20, `^in needs a table`},
		{"table([x, y], T, T)", 1, `^table takes at most 2 arguments`},
	} {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(head + c.stmt)}})
		errs, _ := err.(ErrorList)
		if len(errs) != 1 {
			t.Errorf("%s: errors %v, want one", c.stmt, err)
			continue
		}
		e := errs[0]
		if e.Pos.Line != 4 || e.Pos.Col != c.col || !regexp.MustCompile(c.msg).MatchString(e.Msg) {
			t.Errorf("%s: error at 4:%d %q, want 4:%d matching %q", c.stmt, e.Pos.Col, e.Msg, c.col, c.msg)
		}
	}
}
