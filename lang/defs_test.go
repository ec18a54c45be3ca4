package lang

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Definitions, ++ and set comprehensions through the whole pipeline: each
// case lists every solution of a small model, worked out by hand, under
// every search setting.
func TestDefsSemantics(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"expression definition", "var x, y in 1..3\ndef adjacent(a, b) = abs(a - b) = 1\nadjacent(x, y)\nx < y",
			[]string{`{"x":1,"y":2}`, `{"x":2,"y":3}`}},
		{"not of a definition", "var x, y in 1..2\ndef same(a, b) = a = b\nnot same(x, y)",
			[]string{`{"x":1,"y":2}`, `{"x":2,"y":1}`}},
		{"used before the line that writes it", "var x in 0..5\nx = twice(2)\ndef twice(k) = 2 * k",
			[]string{`{"x":4}`}},
		{"named expression", "var x[1..2] in 0..2\ndef total = sum(x)\ntotal = 3\nx[1] < x[2]",
			[]string{`{"x":[1,2]}`}},
		{"named expression with parentheses", "var x[1..2] in 0..2\ndef total() = sum(x)\ntotal() = 4",
			[]string{`{"x":[2,2]}`}},
		{"block", "var x[1..4] in 1..2\ndef pair(i) {\n  x[i] != x[i+1]\n  x[i] <= 1 + 0\n}\npair(1)\npair(3)",
			[]string{`{"x":[1,2,1,2]}`}},
		{"block in a forall", "var x[1..4] in 1..2\ndef pair(i) {\n  x[i] != x[i+1]\n}\nforall i in {1, 3}: pair(i)\nx[1] = 2\nx[3] = 1",
			[]string{`{"x":[2,1,1,2]}`}},
		{"block in a forall block and an and", "var x[1..4] in 1..2\ndef one(i) { x[i] = 1 }\nforall i in 1..2 { one(2 * i - 1) }\none(2) and x[4] = 2",
			[]string{`{"x":[1,1,1,2]}`}},
		{"block without parameters", "var x in 0..3\ndef rules {\n  x > 1\n  x < 3\n}\nrules",
			[]string{`{"x":2}`}},
		{"list argument", "var q[1..3] in 1..3\ndef distinct(l) = alldiff(l)\ndistinct(q)\nq[1] = 3\nq[2] < q[3]",
			[]string{`{"q":[3,1,2]}`}},
		{"matrix argument and slices", "var m[1..2, 1..2] in 0..1\ndef row(r) = m[r, ..]\ndef rowsum(r) = sum(row(r))\nrowsum(1) = 2\nrowsum(2) = 0",
			[]string{`{"m":[[1,1],[0,0]]}`}},
		{"expression argument", "var x, y in 0..2\ndef half(e) = e % 2 = 0\nhalf(x + y)\nx > y",
			[]string{`{"x":2,"y":0}`}},
		{"parameter shadows a param", "param n = 5\nvar x in 0..9\ndef f(n) = n + 1\nx = f(2) + n",
			[]string{`{"x":8}`}},
		{"parameter shadows a variable", "var x in 0..9\ndef f(x) = x * 2\nf(3) = 6\nx = f(1)",
			[]string{`{"x":2}`}},
		{"the caller's shadow is not seen inside", "param n = 5\nvar x in 0..20\ndef g = n\ndef f(n) = n + g\nx = f(1)",
			[]string{`{"x":6}`}},
		{"same generator name in caller and body", "var x in 0..99\ndef tri(k) = sum(i for i in 1..k)\nx = sum(tri(i) for i in 1..3)",
			[]string{`{"x":10}`}},
		{"definition in a param value", "def sq(k) = k * k\nparam n = sq(3)\nvar x in n..n",
			[]string{`{"x":9}`}},
		{"definition in a domain", "def evens = {2 * i for i in 0..3}\nvar x in evens\nx > 3",
			[]string{`{"x":4}`, `{"x":6}`}},
		{"global in a block is posted", "var q[1..3] in 1..3\ndef perm(l) {\n  alldiff(l)\n}\nperm(q)\nq[1] = 2\nq[2] = 3",
			[]string{`{"q":[2,3,1]}`}},
		{"global in an expression definition inside an expression", "var a, b, c in 1..2\ndef dist(l) = alldiff(l)\nc = 1 -> dist([a, b])\nc = 1\na = 1",
			[]string{`{"a":1,"b":2,"c":1}`}},
		{"nested definitions", "var x in 0..9\ndef inc(a) = a + 1\ndef inc2(a) = inc(inc(a))\nx = inc2(inc2(1))",
			[]string{`{"x":5}`}},
		{"concatenation", "var x[1..2] in 0..1\nvar y in 0..1\nsum(x ++ [y]) = 3",
			[]string{`{"x":[1,1],"y":1}`}},
		{"concatenation is indexed from 1", "param p = [5 6] ++ [7; 8]\nvar x in 0..9\nx = p[3] - p[1] + length(p)",
			[]string{`{"x":6}`}},
		{"concatenation of slices", "var m[1..2, 1..2] in 0..1\nalldiff(m[1, ..] ++ [m[2, 1]] ++ [2])\nm[1, 1] = 0\nm[2, 2] = 0",
			[]string{}},
		{"set comprehension domain", "var q[1..2] in {i * i for i in 1..4}\nq[1] + q[2] = 13",
			[]string{`{"q":[4,9]}`, `{"q":[9,4]}`}},
		{"set comprehension membership with a definition", "param n = 3\ndef knight(a, b) = abs(a - b) = 2\nvar x in 1..9\nx in {j for j in 1..n*n where knight(5, j)}",
			[]string{`{"x":3}`, `{"x":7}`}},
		{"set comprehension of sets", "var x in 0..20\nx in {10*i..10*i+1 for i in 1..2}\nx % 2 = 0",
			[]string{`{"x":10}`, `{"x":20}`}},
		{"comprehension over a definition list", "def both = [1 2] ++ [3]\nvar x in 0..20\nx = sum(2 * v for v in both)",
			[]string{`{"x":12}`}},
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

// The example of the spec's Definitions section, as written, in a small
// model around it: a 9x9 grid whose boxes are Latin squares of 1..9 (so
// every box sums to 45), where no two cells in a row of x are adjacent.
func TestDefsSpecExample(t *testing.T) {
	src := `param n = 4
var cell[1..9, 1..9] in 1..9
var x[1..n] in 1..n
alldiff(x)
def adjacent(a, b) = abs(a - b) = 1          # an expression: numeric or a constraint
def total = sum(x)                           # no parameters: a named expression
def box(r, c) {                              # a constraint block with parameters
    alldiff(cell[r..r+2, c..c+2])
    sum(cell[r..r+2, c..c+2]) = 45
}
forall r in {1, 4, 7}, c in {1, 4, 7}: box(r, c)
forall i in 1..n-1: not adjacent(x[i], x[i+1])
minimize total
`
	prog, err := Compile(Input{Model: Source{Name: "spec.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	globals := 0
	for _, c := range prog.Model.Constraints() {
		if c.Kind == engine.KindAllDiff {
			globals++
		}
	}
	if globals != 10 { // 9 boxes and x
		t.Errorf("%d alldiff propagators, want 10", globals)
	}
	if _, obj := prog.Model.Objective(); obj == nil {
		t.Error("minimize total set no objective")
	}
	s, err := engine.NewSolver(prog.Model, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Next() != engine.Solution {
		t.Fatal("no solution")
	}
	var xs []int64
	for _, v := range prog.Decls[1].Vars {
		xs = append(xs, s.Value(v))
	}
	for i := 1; i < len(xs); i++ {
		if d := xs[i] - xs[i-1]; d == 1 || d == -1 {
			t.Errorf("x = %v has adjacent neighbours", xs)
		}
	}
	for r := 0; r < 9; r += 3 {
		for c := 0; c < 9; c += 3 {
			seen := map[int64]bool{}
			for i := r; i < r+3; i++ {
				for j := c; j < c+3; j++ {
					seen[s.Value(prog.Decls[0].Vars[i*9+j])] = true
				}
			}
			if len(seen) != 9 {
				t.Errorf("box at %d, %d is not a permutation", r+1, c+1)
			}
		}
	}
}

// Errors: each with its position(s), as Error() writes them, notes
// included.
func TestDefsErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"recursion", "def f(a) = f(a - 1)\nvar x in 0..1",
			[]string{"t.csp:1:5: f is recursive: its body uses f itself, which a definition cannot"}},
		{"indirect recursion", "var x in 0..1\ndef g = h + 1\ndef h = k\ndef k = g = 1\nx = 1",
			[]string{"t.csp:2:5: g is recursive: g uses h, which uses k, which uses g; definitions cannot use each other in a cycle"}},
		{"recursion reported once, not at its call", "def f = f\nvar x in 0..1\nx = f",
			[]string{"t.csp:1:5: f is recursive: its body uses f itself, which a definition cannot"}},
		{"too few arguments", "def f(a, b) = a + b\nvar x in 0..9\nx = f(1)",
			[]string{"t.csp:3:5: f takes 2 arguments, found 1: f(a, b)"}},
		{"too many arguments", "def f(a) = a\nvar x in 0..9\nx = f(1, 2)",
			[]string{"t.csp:3:5: f takes 1 argument, found 2: f(a)"}},
		{"no arguments to a definition with parameters", "def f(a) = a\nvar x in 0..9\nx = f",
			[]string{"t.csp:3:5: f needs 1 argument: f(a)"}},
		{"arguments to a definition without", "def f = 1\nvar x in 0..9\nx = f(2)",
			[]string{"t.csp:3:5: f takes no arguments, found 1: write f alone"}},
		{"generator argument", "def f(a) = a\nvar x in 0..9\nx = f(i for i in 1..2)",
			[]string{"t.csp:3:5: f does not take a generator: f(a)"}},
		{"block inside an expression", "var x in 0..1\ndef b { x = 1 }\nnot b",
			[]string{"t.csp:3:5: b is a constraint block: call it as a statement (alone, or in a forall), not inside an expression"}},
		{"block in an exists", "var x[1..2] in 0..1\ndef b(i) { x[i] = 1 }\nexists i in 1..2: b(i)",
			[]string{"t.csp:3:19: b is a constraint block: call it as a statement (alone, or in a forall), not inside an expression"}},
		{"block under a variable where", "var x[1..2] in 0..1\ndef b(i) { x[i] = 1 }\nforall i in 1..2 where x[i] > 0: b(i)",
			[]string{"t.csp:3:34: b is a constraint block: call it as a statement (alone, or in a forall), not inside an expression"}},
		{"var in a body", "def b {\n  var y in 0..1\n}",
			[]string{"t.csp:2:3: a var cannot be declared inside a definition"}},
		{"param in a body", "def b {\n  param p = 1\n}",
			[]string{"t.csp:2:3: a param cannot be declared inside a definition"}},
		{"show in a body", "var x in 0..1\ndef b {\n  show x\n}",
			[]string{"t.csp:3:3: only constraints can stand in a definition"}},
		{"definition in a body", "def b {\n  def c = 1\n}",
			[]string{"t.csp:2:7: a definition cannot stand inside a definition: write it on a line of its own"}},
		{"definition in a forall block", "forall i in 1..2 {\n  def c = 1\n}",
			[]string{"t.csp:2:7: a definition cannot stand inside a forall block: write it on a line of its own"}},
		{"name of a builtin", "def sum(a) = a",
			[]string{"t.csp:1:5: sum is a built-in function; a definition needs a name of its own"}},
		{"name of a param", "param n = 3\ndef n = 4",
			[]string{"t.csp:2:5: n is declared as a parameter at 1:7; a definition needs a name of its own"}},
		{"name of a later variable", "def x = 4\nvar x in 0..1",
			[]string{"t.csp:1:5: x is declared as a variable at 2:5; a definition needs a name of its own"}},
		{"defined twice", "def f = 1\ndef f = 2",
			[]string{"t.csp:2:5: f is already defined at 1:5"}},
		{"predeclared", "def true = 1",
			[]string{"t.csp:1:5: true is predeclared and cannot be redeclared"}},
		{"parameter twice", "def f(a, a) = a",
			[]string{"t.csp:1:10: a is already a parameter of f at 1:7"}},
		{"parameter named as a definition", "def g = 1\ndef f(g) = g",
			[]string{"t.csp:2:7: the parameter g has the name of a definition at 1:5; give it another"}},
		{"generator shadows a parameter", "def f(a) = sum(a for a in 1..3)",
			[]string{"t.csp:1:22: a is already declared as a parameter of a definition at 1:7"}},
		{"the caller's generator is not in scope", "var x in 0..9\ndef f = i\nforall i in 1..2: x != f",
			[]string{`t.csp:2:9: unknown name "i"`}},
		{"a number as a statement", "var x[1..2] in 0..1\ndef total = sum(x)\ntotal",
			[]string{"t.csp:3:1: this is a number, not a constraint: compare it with something (e.g. != 0)"}},
		{"error in a body names the call", "var x[1..3] in 0..1\ndef box(r) {\n  sum(x[r..r+1]) = 1\n}\nforall r in 1..3: box(r)",
			[]string{"t.csp:3:9: slice 3..4 is out of range 1..3 of x (in the call box(r) at t.csp:5:19, with r = 3)"}},
		{"error in a nested body names both calls", "var x[1..3] in 0..1\ndef at(i) = x[i]\ndef two(i) = at(i) + at(i + 1)\nx[1] = two(2) + two(3)",
			[]string{"t.csp:2:15: index 4 is out of range 1..3 of x (in the call at(i + 1) at t.csp:3:22) (in the call two(3) at t.csp:4:17)"}},
		{"error in a named expression", "param n = total\ndef total = m + 1\nparam m = 2",
			[]string{"t.csp:2:13: m is used before its declaration (in the use of total at t.csp:1:11)"}},
		{"a variable in a param value through a definition", "var x in 0..1\ndef f = x\nparam p = f",
			[]string{"t.csp:3:11: the value of p must be a constant, but it depends on a variable"}},
		{"set comprehension over a variable", "var x in 0..1\nvar y in {x for i in 1..2}",
			[]string{"t.csp:2:11: a set comprehension is constant, but x depends on a variable"}},
		{"set comprehension where on a variable", "var x in 0..1\nx in {i for i in 1..2 where x > 0}",
			[]string{"t.csp:2:29: the where of a set comprehension must not depend on a variable"}},
		{"set comprehension of two expressions", "var x in {1, 2 for i in 1..2}",
			[]string{"t.csp:1:10: a set comprehension has one expression before for: {e for i in ...}"}},
		{"set comprehension of a list", "var x in {[i] for i in 1..2}",
			[]string{"t.csp:1:11: the elements of a set must be constant numbers, found a list [1..1]"}},
		{"concatenation of a number", "param p = [1] ++ 2",
			[]string{"t.csp:1:18: ++ joins two lists, but 2 is the number 2"}},
		{"concatenation of a set", "param p = 1..3 ++ [2]",
			[]string{"t.csp:1:11: ++ joins two lists, but 1..3 is a set"}},
	}
	for _, tt := range tests {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(tt.src)}})
		t.Run(tt.name, func(t *testing.T) { checkErrors(t, err, tt.want) })
	}
}

// An error in a body is printed at the body's line, then the call's.
func TestDefsErrorPrinting(t *testing.T) {
	src := "var cell[1..3, 1..3] in 1..9\ndef box(r, c) {\n    alldiff(cell[r..r+2, c])\n}\nforall r in {1, 2}: box(r, 1)\n"
	_, err := Compile(Input{Model: Source{Name: "m.csp", Text: []byte(src)}})
	var b bytes.Buffer
	PrintErrors(&b, err, Sources{"m.csp": []byte(src)})
	want := `m.csp:3:18: slice 2..4 is out of range 1..3 of cell
        alldiff(cell[r..r+2, c])
                     ^^^^^^
m.csp:5:21: in the call box(r, 1), with r = 2
    forall r in {1, 2}: box(r, 1)
                        ^^^^^^^^^
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// A statement that uses a definition whose body failed to check is not
// lowered: the one mistake is reported once.
func TestDefsNoFollowOn(t *testing.T) {
	src := "var x[1..3] in 0..1\ndef f(i) = x[i] + qq\nforall i in 1..3: f(i) = 1\nparam p = f(1)\nx[1] = p"
	_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	checkErrors(t, err, []string{`t.csp:2:19: unknown name "qq"`})
	src = "var x in 0..1\ndef f = x + n\nparam n = [1 2] + 1\nx = f"
	_, err = Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	checkErrors(t, err, []string{`t.csp:3:11: + needs numbers on both sides, found a list [1..2]`})
	// A definition that does not parse is no unknown name.
	src = "var x in 0..1\ndef f(a = a\nx = f(1)"
	_, err = Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err == nil || len(err.(ErrorList)) != 1 {
		t.Errorf("want one syntax error, got %v", err)
	}
}

// Definitions in a session: a def typed after the statements that use it
// is not possible (each statement must compile), but one typed before is
// seen by the next, by queries, and survives recompiling.
func TestDefsSession(t *testing.T) {
	stmts := []Source{
		{Name: "[1]", Text: []byte("var x[1..3] in 1..3")},
		{Name: "[2]", Text: []byte("def total = sum(x)")},
		{Name: "[3]", Text: []byte("def box(i) {\n  x[i] != x[i + 1]\n}")},
		{Name: "[4]", Text: []byte("box(1)")},
		{Name: "[5]", Text: []byte("total = 9")},
		{Name: "[6]", Text: []byte("def row = x[1..2]")},
		{Name: "[7]", Text: []byte("def same(i, j) = x[i] = x[j]")},
	}
	prog, err := Compile(Input{Model: Source{Name: "<session>"}, Stmts: stmts})
	if err != nil {
		t.Fatal(err)
	}
	q, err := prog.Query(Source{Name: "<input>", Text: []byte("total")})
	if err != nil {
		t.Fatal(err)
	}
	if got := q.Domains(func(engine.Var) []engine.Interval { return []engine.Interval{{Lo: 3, Hi: 3}} }); got != "9..9 (bounds from the initial domains)" && !strings.Contains(got, "..") {
		t.Errorf("total: %s", got)
	}
	for _, tt := range []struct {
		text  string
		query bool
	}{{"total", true}, {"total + 1", true}, {"box(2)", false}, {"x[1] = 2", false}, {"sum(x)", true},
		{"row", true}, {"same(1, 3)", false}, {"not same(1, 3)", false}} {
		f, err := ParseFile("<input>", []byte(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		if got := prog.IsQuery(f.Stmts[0]); got != tt.query {
			t.Errorf("IsQuery(%q) = %v, want %v", tt.text, got, tt.query)
		}
	}
	names := strings.Join(prog.Names(), " ")
	if !strings.Contains(names, "box") || !strings.Contains(names, "total") {
		t.Errorf("names %q lack the definitions", names)
	}
	if _, err := prog.Query(Source{Name: "<input>", Text: []byte("box(1)")}); err == nil {
		t.Error("a block as a query: no error")
	}
}

// The differential test's models, written with definitions and ++
// (dfSugar), must solve as they do without.
func TestLanguageDifferentialSugar(t *testing.T) {
	dfSugar = true
	defer func() { dfSugar = false }()
	opts := dfAllOptions()
	failed := 0
	covered := map[string]int{}
	for seed := int64(1); seed <= int64(dfSeeds) && failed < 5; seed++ {
		md := dfRandomModel(seed)
		src := md.source()
		for _, k := range []string{"def s", "def b", "def goal", " ++ "} {
			if strings.Contains(src, k) {
				covered[k]++
			}
		}
		if report, _, _ := dfRun(seed, md, opts, nil, false); report != "" {
			t.Errorf("%s", report)
			failed++
		}
	}
	for _, k := range []string{"def s", "def b", "def goal", " ++ "} {
		if covered[k] == 0 {
			t.Errorf("no model has %q", k)
		}
	}
	t.Logf("models with each form: %v", covered)
}

// An expression definition posted as a statement posts its body as one:
// its globals get their propagators, its forall is unrolled.
func TestDefsStatementsGetPropagators(t *testing.T) {
	src := `var cell[1..4, 1..4] in 1..4
def distinct(l) = alldiff(l)
def rows = forall r in 1..4: alldiff(cell[r, ..])
def cols { forall c in 1..4: distinct(cell[.., c]) }
rows
cols
distinct(cell[1..2, 1..2]) and distinct(cell[3..4, 3..4])
show rows, "{sum(cell[1, ..])}"
`
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range prog.Model.Constraints() {
		if c.Kind == engine.KindAllDiff {
			n++
		}
	}
	if n != 10 {
		t.Errorf("%d alldiff propagators, want 10 (4 rows, 4 columns, 2 blocks)", n)
	}
}

// Many calls compile quickly: a call costs a map write per parameter, not
// a copy of the environment.
func TestDefsManyCalls(t *testing.T) {
	src := `param n = 150
var x[1..n, 1..n] in 0..1
def pair(a, b) = a + b <= 1
def rowrule(r) { forall c in 1..n-1: pair(x[r, c], x[r, c+1]) }
forall r in 1..n: rowrule(r)
`
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(prog.Model.Constraints()); got != 150*149 {
		t.Errorf("%d constraints, want %d", got, 150*149)
	}
}

// The spec's knight's tour, without its circuit (another file's): the set
// comprehension over a definition of constants gives each square's knight
// moves as the domain of its successor.
func TestDefsKnightMoves(t *testing.T) {
	src := `param n = 5
var succ[1..n*n] in 1..n*n
def knight(a, b) = (abs((a-1)/n - (b-1)/n) = 1 and abs((a-1)%n - (b-1)%n) = 2) or
                   (abs((a-1)/n - (b-1)/n) = 2 and abs((a-1)%n - (b-1)%n) = 1)
forall i in 1..n*n: succ[i] in {j for j in 1..n*n where knight(i, j)}
`
	prog, err := Compile(Input{Model: Source{Name: "k.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Propagate() {
		t.Fatal("inconsistent")
	}
	// Square 1 is (1, 1): its moves are (2, 3) and (3, 2), squares 8 and 12;
	// square 13, the centre, has 8.
	if got := s.Domain(prog.Decls[0].Vars[0]); len(got) != 2 || got[0] != 8 || got[1] != 12 {
		t.Errorf("moves from square 1: %v, want [8 12]", got)
	}
	if got := s.Domain(prog.Decls[0].Vars[12]); len(got) != 8 {
		t.Errorf("moves from the centre: %v, want 8 of them", got)
	}
}
