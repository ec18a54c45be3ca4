package lang

import (
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// The globals of global_lex.go, global_gcc.go and global_inverse.go,
// through the whole pipeline: each model's solutions, worked out by hand,
// under every search setting, as a statement (the propagator) and inside
// an expression (the decomposition).
func TestLexGCCInverse(t *testing.T) {
	tests := []struct {
		name, decls, con string
		want             []string
	}{
		{"lex_less", "var a[1..2] in 0..1\nparam b = [1, 0]", "lex_less(a, b)",
			[]string{`{"a":[0,0]}`, `{"a":[0,1]}`}},
		{"lex_lesseq", "var a[1..2] in 0..1\nparam b = [1, 0]", "lex_lesseq(a, b)",
			[]string{`{"a":[0,0]}`, `{"a":[0,1]}`, `{"a":[1,0]}`}},
		{"lex of slices", "var m[1..2, 1..2] in 0..1\nforall i in 1..2: m[i, 1] + m[i, 2] = 1", "lex_less(m[1, ..], m[2, ..])",
			[]string{`{"m":[[0,1],[1,0]]}`}},
		{"lex of a matrix and a comprehension", "var m[1..2, 1..2] in 0..1\nsum(m) = 3", "lex_less([1, 1, 1, 0], m)",
			[]string{}},
		{"gcc", "var x[1..3] in 1..3\nvar c[1..2] in 0..3\nx[1] < x[2]\nx[2] < x[3]", "global_cardinality(x, [1, 3], c)",
			[]string{`{"x":[1,2,3],"c":[1,1]}`}},
		{"gcc values outside", "var x[1..2] in 0..2\nx[1] <= x[2]", "global_cardinality(x, [1], [1])",
			[]string{`{"x":[0,1]}`, `{"x":[1,2]}`}},
		{"gcc magic", "var s[0..3] in 0..3", "global_cardinality(s, [i for i in 0..3], s)",
			[]string{`{"s":[1,2,1,0]}`, `{"s":[2,0,2,0]}`}},
		{"inverse", "var f[1..3] in 1..3\nvar g[1..3] in 1..3\nf[1] = 2\nf[2] = 3", "inverse(f, g)",
			[]string{`{"f":[2,3,1],"g":[3,1,2]}`}},
		{"inverse with bases", "var f[0..1] in 0..5\nvar g[4..5] in 0..5\nf[0] = 5", "inverse(f, g)",
			[]string{`{"f":[5,4],"g":[1,0]}`}},
		{"inverse of a comprehension", "var g[0..2] in 0..3\ng[0] = 3", "inverse([2, 3, 1], g)",
			[]string{}},
		{"inverse of a comprehension from 1", "var g[0..2] in 1..3", "inverse([i - 1 for i in [3, 1, 2]], g)",
			[]string{`{"g":[2,3,1]}`}},
	}
	for _, tt := range tests {
		for _, form := range []string{tt.con, "var on in 1..1\non = 1 -> " + tt.con} {
			src := tt.decls + "\n" + form
			want := tt.want
			if strings.HasPrefix(form, "var on") {
				want = nil
				for _, w := range tt.want {
					want = append(want, strings.TrimSuffix(w, "}")+`,"on":1}`)
				}
			}
			for _, opts := range append(allOptions(), engine.Options{Prop: engine.PropAC}) {
				got := solveAll(t, src, opts)
				if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
					t.Errorf("%s (%q) %+v: got %v, want %v", tt.name, form, opts, got, want)
				}
			}
		}
	}
}
