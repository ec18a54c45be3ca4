package lang

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/csp-lang/csp/engine"
)

// compileLookups compiles src with lookups named (the element global) or
// not (the v1 lowering).
func compileLookups(t *testing.T, src string, named bool) *Program {
	t.Helper()
	defer func(old bool) { namedLookups = old }(namedLookups)
	namedLookups = named
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatalf("compile %q: %v", src, err)
	}
	return prog
}

// lookupOptions are the settings the element tests solve under.
func lookupOptions() []engine.Options {
	var out []engine.Options
	for _, o := range []engine.VarOrder{engine.OrderMRV, engine.OrderInput, engine.OrderDomWdeg} {
		for _, p := range []engine.PropLevel{engine.PropNone, engine.PropFC, engine.PropAC} {
			out = append(out, engine.Options{Order: o, Values: engine.ValuesMin, Prop: p})
		}
	}
	return out
}

// solutions returns every solution of prog as its JSON line, sorted,
// duplicates kept; with an objective, the last (optimal) one's objective
// value too.
func solutions(t *testing.T, prog *Program, o engine.Options) ([]string, int64, engine.Stats) {
	t.Helper()
	s, err := engine.NewSolver(prog.Model, o)
	if err != nil {
		t.Fatal(err)
	}
	var sols []string
	for s.Next() == engine.Solution {
		sols = append(sols, prog.JSON(s.Value))
	}
	sort.Strings(sols)
	return sols, s.Objective(), s.Stats()
}

// globalsAndAux counts the element globals and the variables lowering
// made.
func globalsAndAux(prog *Program) (int, int) {
	g, aux := 0, 0
	for _, c := range prog.Model.Constraints() {
		if c.Kind == engine.KindGlobal && c.Global.Name() == "element" {
			g++
		}
	}
	for _, d := range prog.Declared() {
		if !d {
			aux++
		}
	}
	return g, aux
}

// lookupDecls declares the params and the variables stmt uses.
func lookupDecls(stmt string) string {
	decls := "param a = [4, 1, 3]\nparam m = [1 2 3; 4 5 6]\n"
	words := strings.FieldsFunc(stmt, func(r rune) bool { return !unicode.IsLetter(r) })
	for _, v := range []struct{ name, decl string }{
		{"i", "var i in 0..4"}, {"j", "var j in 0..4"}, {"x", "var x in 0..3"}, {"y", "var y in 0..3"},
		{"q", "var q[1..3] in 1..3"}, {"b", "var b in 0..1"},
	} {
		if slices.Contains(words, v.name) {
			decls += v.decl + "\n"
		}
	}
	return decls
}

// Each statement, after its declarations, has the same solutions with lookups
// named as with the v1 lowering, under every setting; globals and aux
// count the element globals posted and the variables made, which says
// which positions are strict.
func TestElementSameSolutions(t *testing.T) {
	tests := []struct {
		stmt         string
		globals, aux int
	}{
		{"y = a[i]", 1, 0},
		{"a[i] = y", 1, 0},
		{"a[i] = 3", 1, 0},
		{"a[i] = a[j]", 2, 1},
		{"a[i] + y = 5", 1, 1},
		{"a[i] != y", 1, 1},
		{"a[i] in {1, 3}", 1, 1},
		{"a[i] not in {1, 3}", 1, 1},
		{"a[i] - x > m[x, j]", 2, 2},
		{"abs(a[i] - a[j]) >= 2", 2, 2},
		{"a[i]", 1, 1},
		{"min(a[i], y) = 1", 1, 1},
		{"sum(m[k, q[k]] for k in 1..2) <= 4", 2, 2},
		{"count(a[i], x) = 1", 1, 1},
		{"a[i] * 0 = 0", 1, 1},
		{"a[i]^0 = 1", 1, 1},
		{"m[x, j] = y", 1, 0},
		{"m[1, j] = y", 1, 0},
		{"a[i + 1] = y", 1, 0},
		{"a[2 + i] = y", 1, 0},
		{"a[i - 1] = y", 1, 0},
		{"a[x - y] = j", 1, 1},
		{"a[x * y] = 3", 1, 1},
		{"q[q[x]] = 2", 2, 1},
		{"a[q[i]] = y", 2, 1},
		{"[x, y, 3][i] = 2", 1, 0},
		{"q[i] = x", 1, 0},
		{"q[i] = i", 1, 0},
		{"x = a[i] and y = a[j]", 2, 0},
		{"forall k in 1..2: q[k] = a[q[k + 1]]", 2, 0},
		// Not strict: the v1 expression stays.
		{"not (a[i] = 3)", 0, 0},
		{"a[i] = 3 or y = 1", 0, 0},
		{"b -> a[i] = 3", 0, 0},
		{"(a[i] = 3) + y = 1", 0, 0},
		{"(if y > 0 then a[i] else 0 end) = 1", 0, 0},
		{"exists k in 1..2: a[q[k]] = 1", 0, 0},
		{"forall k in 1..2 where y > k: a[q[k]] = 1", 0, 0},
		{"sum(a[q[k]] for k in 1..3 where y > k) = 4", 0, 0},
		{"count(a[i] = 3, y = 1) = 1", 0, 0},
		{"[x + 1, y][i] = 2", 0, 0},
		// Objectives: a solution's objective is defined.
		{"minimize a[i] + y", 1, 1},
		{"maximize m[x, j] - a[i]", 2, 2},
		{"maximize if b = 1 then a[i] else 0 end", 0, 0},
	}
	for _, tt := range tests {
		src := lookupDecls(tt.stmt) + tt.stmt + "\n"
		named, plain := compileLookups(t, src, true), compileLookups(t, src, false)
		if g, aux := globalsAndAux(named); g != tt.globals || aux != tt.aux {
			t.Errorf("%s: %d element globals and %d new variables, want %d and %d", tt.stmt, g, aux, tt.globals, tt.aux)
		}
		if g, aux := globalsAndAux(plain); g != 0 || aux != 0 {
			t.Fatalf("%s without named lookups: %d globals, %d new variables", tt.stmt, g, aux)
		}
		optimizing := strings.HasPrefix(tt.stmt, "minimize") || strings.HasPrefix(tt.stmt, "maximize")
		for _, o := range lookupOptions() {
			want, wantObj, _ := solutions(t, plain, o)
			got, gotObj, _ := solutions(t, named, o)
			if optimizing {
				if (len(want) == 0) != (len(got) == 0) || gotObj != wantObj {
					t.Errorf("%s with %+v: optimum %d (%d solutions), want %d (%d)", tt.stmt, o, gotObj, len(got), wantObj, len(want))
				}
				continue
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s with %+v:\n got %d: %v\nwant %d: %v", tt.stmt, o, len(got), got, len(want), want)
			}
		}
	}
}

// The variables lowering makes are named after the source, with the
// generator values in place, and no output shows them.
func TestElementAuxNames(t *testing.T) {
	src := `param n = 3
param dist = [0 4 7; 4 0 2; 7 2 0]
param off = [5, 6, 7, 8]
var succ[1..n] in 1..n
var x, y in 0..3
alldiff(succ)
forall i in 1..n: succ[i] != i
off[x + y - 1] + 1 > 0
minimize sum(dist[i, succ[i]] for i in 1..n)
`
	prog := compileLookups(t, src, true)
	var names []string
	declared := prog.Declared()
	for v := range prog.Model.NumVars() {
		if !declared[v] {
			names = append(names, prog.Model.VarName(engine.Var(v)))
		}
	}
	want := []string{"off[x + y - 1]", "x + y - 1", "dist[1, succ[1]]", "dist[2, succ[2]]", "dist[3, succ[3]]"}
	if !slices.Equal(names, want) {
		t.Fatalf("new variables %q, want %q", names, want)
	}
	s, err := engine.NewSolver(prog.Model, engine.Options{Prop: engine.PropAC})
	if err != nil {
		t.Fatal(err)
	}
	var last string
	for s.Next() == engine.Solution {
		last = prog.JSON(s.Value) + "\n" + prog.Format(s.Value)
	}
	if strings.Contains(last, "dist") || strings.Contains(last, "off") {
		t.Fatalf("a new variable shows in the output:\n%s", last)
	}
	if s.Objective() != 13 {
		t.Fatalf("optimum %d, want 13", s.Objective())
	}
	if vars := prog.VarsOf("t.csp"); slices.ContainsFunc(vars, func(v engine.Var) bool { return !declared[v] }) {
		t.Fatalf("VarsOf lists a new variable: %v", vars)
	}
}

// A long source text keeps its beginning and its end.
func TestElementLongName(t *testing.T) {
	src := "var i in 1..3\nvar y in 0..99\n[10, 20, 30 + 0 * 1000000000000, 40, 50, 60, 70, 80, 90][i] + 1000000000000000000 * 0 = y + 1\n"
	prog := compileLookups(t, src, true)
	name := prog.Model.VarName(engine.Var(prog.Model.NumVars() - 1))
	if n := len([]rune(name)); n > 60 || !strings.HasPrefix(name, "[10, 20, 30") || !strings.HasSuffix(name, "80, 90][i]") {
		t.Fatalf("name %q (%d characters)", name, n)
	}
}

// tspModel is a travelling salesman tour as successors: alldiff and
// a position per city (MTZ), the objective a sum of lookups.
func tspModel(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "param n = %d\nparam d = [", n)
	for i := range n {
		if i > 0 {
			b.WriteString("; ")
		}
		for j := range n {
			fmt.Fprintf(&b, " %d", int64((i*7+j*13+i*j*5)%23+1)+abs64(int64(i-j))*3)
		}
	}
	b.WriteString(`]
var succ[1..n] in 1..n
var pos[1..n] in 1..n
alldiff(succ)
forall i in 1..n: succ[i] != i
pos[1] = 1
forall i in 2..n: pos[i] >= 2
forall i in 1..n: succ[i] = 1 or pos[succ[i]] = pos[i] + 1
minimize sum(d[i, succ[i]] for i in 1..n)
`)
	return b.String()
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// The objective of a tour becomes a sum of named lookups, each an element
// global, which made the search far smaller than the v1 lowering's until
// PropAC flattened v1 lookups into a lookup primitive of their own
// (engine/flatten.go): now the global must be no weaker.
func TestElementTSPObjective(t *testing.T) {
	src := tspModel(7)
	named, plain := compileLookups(t, src, true), compileLookups(t, src, false)
	_, obj := named.Model.Objective()
	sum, ok := obj.(*engine.Nary)
	if !ok || sum.Op != engine.OpSum || len(sum.Args) != 7 || !simpleExprs(sum.Args) {
		t.Fatalf("objective %T %v, want a sum of 7 variables", obj, obj)
	}
	if g, aux := globalsAndAux(named); g != 7 || aux != 7 {
		t.Fatalf("%d element globals, %d new variables; want 7 and 7", g, aux)
	}
	o := engine.Options{Order: engine.OrderDomWdeg, Prop: engine.PropAC}
	_, want, plainStats := solutions(t, plain, o)
	_, got, namedStats := solutions(t, named, o)
	if got != want {
		t.Fatalf("optimum %d, want %d", got, want)
	}
	t.Logf("optimum %d: %d nodes with the element global, %d with the v1 lowering", got, namedStats.Nodes, plainStats.Nodes)
	if namedStats.Nodes > plainStats.Nodes {
		t.Fatalf("%d nodes with the element global, %d without: weaker", namedStats.Nodes, plainStats.Nodes)
	}
}

// When the variables made reach their limit, a lookup whose index must
// be named too keeps its named result, linked in v1 form; then the
// lookups stay as they are.
func TestElementNamedLimit(t *testing.T) {
	defer func(old int64) { maxNamedWidths = old }(maxNamedWidths)
	maxNamedWidths = 4 // a[x + y]'s values 1, 3, 4: the index does not fit
	src := "param a = [4, 1, 3]\nvar x, y in 0..3\nvar z in 0..9\na[x + y] + z = 5\na[x] <= z\n"
	named, plain := compileLookups(t, src, true), compileLookups(t, src, false)
	if g, aux := globalsAndAux(named); g != 0 || aux != 1 {
		t.Fatalf("%d element globals, %d new variables; want 0 and 1", g, aux)
	}
	for _, o := range lookupOptions() {
		want, _, _ := solutions(t, plain, o)
		if got, _, _ := solutions(t, named, o); !slices.Equal(got, want) || len(want) == 0 {
			t.Fatalf("with %+v: %v, want %v", o, got, want)
		}
	}
}
