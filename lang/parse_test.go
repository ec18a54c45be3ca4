package lang

import (
	"fmt"
	"strings"
	"testing"
)

// tokens renders the scanner's output compactly: values joined by spaces,
// separators as ";".
func tokens(t *testing.T, src string) string {
	t.Helper()
	toks, errs := scan("t.csp", []byte(src), nil)
	if len(errs) > 0 {
		return "error: " + errs.Error()
	}
	var parts []string
	for _, tok := range toks[:len(toks)-1] {
		parts = append(parts, tok.Value)
	}
	return strings.Join(parts, " ")
}

func TestScannerNewlines(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = 1\ny = 2\n", "x = 1 ; y = 2 ;"},
		{"x = 1; y = 2", "x = 1 ; y = 2 ;"},
		{"\n\n# comment\nx = 1\n\n\n", "x = 1 ;"},
		{"x = 1 +\n 2\n", "x = 1 + 2 ;"},                  // a trailing operator continues
		{"x = (1\n + 2)\n", "x = ( 1 + 2 ) ;"},            // no separators inside ( )
		{"a = [1 2\n 3 4\n]", "a = [ 1 2 ; 3 4 ] ;"},      // rows inside [ ]
		{"a = [\n 1 2\n\n 3 4\n]", "a = [ 1 2 ; 3 4 ] ;"}, // blank lines separate once
		{"a = [1, 2,\n 3]", "a = [ 1 , 2 , 3 ] ;"},        // a line ending in , continues
		{"forall i in 1..3 {\n a\n b\n}\n", "forall i in 1 .. 3 { a ; b } ;"},
		{"s = {1, 3,\n 5}", "s = { 1 , 3 , 5 } ;"},
		{"x = if a then\n 1\nelse\n 2\nend\n", "x = if a then 1 else 2 end ;"},
		{"forall r in 1..9:\n  alldiff(r)", "forall r in 1 .. 9 : alldiff ( r ) ;"},
		{"x = 1_000_000", "x = 1_000_000 ;"},
		{"q[..]", "q [ .. ] ;"},
		{"[. _ _x]", "[ . _ _x ] ;"},
		{`show "a {b}"`, `show "a {b}" ;`},
		{"x <-> y -> z != 3 <= 4 >= 5 == 6", "x <-> y -> z != 3 <= 4 >= 5 == 6 ;"},
	}
	for _, tt := range tests {
		if got := tokens(t, tt.src); got != tt.want {
			t.Errorf("scan(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestScannerErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = 1 & y", `t.csp:1:7: unexpected "&": csp writes the logical operators as and, or, not`},
		{"x = \"abc", "t.csp:1:5: string not terminated"},
		{"x = [1 2", `t.csp:1:5: "[" is never closed`},
		{"x = (1 ]", `t.csp:1:8: expected ")" to close the "(" opened at 1:5, found "]"`},
		{"x = 1)", `t.csp:1:6: unexpected ")": no bracket is open`},
		{"x = \x00", "t.csp:1:5: illegal character NUL"},
		{"x = \xff", "t.csp:1:5: invalid UTF-8 encoding"},
		{"x = 1 @ 2", `t.csp:1:7: unexpected character "@"`},
	}
	for _, tt := range tests {
		_, errs := scan("t.csp", []byte(tt.src), nil)
		if len(errs) == 0 || errs[0].Error() != tt.want {
			t.Errorf("scan(%q): got %v, want %s", tt.src, errs, tt.want)
		}
	}
}

// sexpr renders an expression as an S-expression, to test precedence.
func sexpr(e Expr) string {
	switch e := e.(type) {
	case *IntLit:
		return e.Text
	case *Ident:
		return e.Name
	case *StrLit:
		return e.Raw
	case *Blank:
		return "_"
	case *FullRange:
		return ".."
	case *Unary:
		return "(" + e.Op + " " + sexpr(e.X) + ")"
	case *Binary:
		return "(" + e.Op + " " + sexpr(e.X) + " " + sexpr(e.Y) + ")"
	case *Index:
		return "(index " + sexpr(e.X) + " " + sexprs(e.Indices) + ")"
	case *Call:
		s := "(" + e.Fun.Name + " " + sexprs(e.Args)
		if e.Gens != nil {
			s += " " + gensExpr(e.Gens)
		}
		return s + ")"
	case *If:
		return "(if " + sexpr(e.Cond) + " " + sexpr(e.Then) + " " + sexpr(e.Else) + ")"
	case *Matrix:
		var rows []string
		for _, r := range e.Rows {
			rows = append(rows, sexprs(r))
		}
		return "[" + strings.Join(rows, "; ") + "]"
	case *Comprehension:
		return "[" + sexpr(e.Elem) + " " + gensExpr(e.Gens) + "]"
	case *SetLit:
		return "{" + sexprs(e.Elems) + "}"
	case *SetComp:
		return "{" + sexpr(e.Elem) + " " + gensExpr(e.Gens) + "}"
	case *Quant:
		body := ""
		if e.Body != nil {
			body = sexpr(e.Body)
		} else {
			body = fmt.Sprintf("{%d stmts}", len(e.Block))
		}
		return "(" + e.Kind + " " + gensExpr(e.Gens) + " " + body + ")"
	}
	return fmt.Sprintf("%T", e)
}

func sexprs(es []Expr) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, sexpr(e))
	}
	return strings.Join(parts, " ")
}

func gensExpr(g *Generators) string {
	var parts []string
	for _, gen := range g.List {
		var names []string
		for _, n := range gen.Names {
			names = append(names, n.Name)
		}
		parts = append(parts, strings.Join(names, ",")+" in "+sexpr(gen.Domain))
	}
	s := "for " + strings.Join(parts, ", ")
	if g.Where != nil {
		s += " where " + sexpr(g.Where)
	}
	return s
}

func TestParsePrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1 + 2 * 3", "(+ 1 (* 2 3))"},
		{"1 - 2 - 3", "(- (- 1 2) 3)"},
		{"-2^2", "(- (^ 2 2))"},
		{"2^3^2", "(^ 2 (^ 3 2))"},
		{"a -> b -> c", "(-> a (-> b c))"},
		{"a or b and c", "(or a (and b c))"},
		{"not a = b", "(not (= a b))"},
		{"a and not b or c xor d", "(xor (or (and a (not b)) c) d)"},
		{"x in 1..9 diff {5}", "(in x (diff (.. 1 9) {5}))"},
		{"x not in S", "(not in x S)"},
		{"3*br+1 .. 3*br+3", "(.. (+ (* 3 br) 1) (+ (* 3 br) 3))"},
		{"x[0] >= 5 -> x[1] in {2, 4}", "(-> (>= (index x 0) 5) (in (index x 1) {2 4}))"},
		{"cell[r, ..]", "(index cell r ..)"},
		{"cell[1..3, 4..6]", "(index cell (.. 1 3) (.. 4 6))"},
		{"sum(q[i] for i in 1..n where i > 1)", "(sum (index q i) for i in (.. 1 n) where (> i 1))"},
		{"count(x[i] = 3 for i in 1..n) = 2", "(= (count (= (index x i) 3) for i in (.. 1 n)) 2)"},
		{"[q[i] + i for i in 1..n]", "[(+ (index q i) i) for i in (.. 1 n)]"},
		{"[1 2 .; _ 5 6]", "[1 2 _; _ 5 6]"},
		{"[a, b, c]", "[a b c]"},
		{"forall i, j in 1..n where i < j: q[i] != q[j]", "(forall for i,j in (.. 1 n) where (< i j) (!= (index q i) (index q j)))"},
		{"exists i in 1..3: x = i", "(exists for i in (.. 1 3) (= x i))"},
		{"if x > 3 then y else 0 end", "(if (> x 3) y 0)"},
		{"a == b", "(= a b)"},
		{"a <-> b", "(<-> a b)"},
		{"x % 3 = 1 - -y", "(= (% x 3) (- 1 (- y)))"},
		{"b -> forall i in 1..2: x[i] = 0", "(-> b (forall for i in (.. 1 2) (= (index x i) 0)))"},
		{"a ++ b ++ c", "(++ (++ a b) c)"},
		{"a ++ b union c", "(union (++ a b) c)"},
		{"x in a ++ b[1..2]", "(in x (++ a (index b (.. 1 2))))"},
		{"a ++ 1..3 + 1", "(++ a (.. 1 (+ 3 1)))"},
		{"{i * i for i in 1..9}", "{(* i i) for i in (.. 1 9)}"},
		{"x in {j for j in 1..n where k(i, j)}", "(in x {j for j in (.. 1 n) where (k i j)})"},
		{"{a, b}", "{a b}"},
	}
	for _, tt := range tests {
		e, err := ParseExpr("t", []byte(tt.src))
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(e); got != tt.want {
			t.Errorf("ParseExpr(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestParseStatements(t *testing.T) {
	src := `param n = 8
param puzzle[1..9, 1..9]
var q[1..n] in 1..n
var S, E, N, D in 0..9
alldiff(q)
forall r in 1..9 { alldiff(q); q[1] = 2 }
minimize sum(q)
show board(q), "n = {n}"
`
	f, err := ParseFile("t.csp", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"*lang.ParamDecl", "*lang.ParamDecl", "*lang.VarDecl", "*lang.VarDecl",
		"*lang.ConstraintStmt", "*lang.ConstraintStmt", "*lang.Objective", "*lang.ShowStmt"}
	if len(f.Stmts) != len(want) {
		t.Fatalf("got %d statements, want %d", len(f.Stmts), len(want))
	}
	for i, s := range f.Stmts {
		if got := fmt.Sprintf("%T", s); got != want[i] {
			t.Errorf("statement %d: got %s, want %s", i+1, got, want[i])
		}
	}
	if v := f.Stmts[3].(*VarDecl); len(v.Names) != 4 || v.Names[3].Name.Name != "D" {
		t.Errorf("var S, E, N, D parsed as %d names", len(v.Names))
	}
	if q := f.Stmts[5].(*ConstraintStmt).Expr.(*Quant); len(q.Block) != 2 {
		t.Errorf("block has %d statements, want 2", len(q.Block))
	}
	if sp := f.Stmts[2].span(); sp.Pos.Line != 3 || sp.Pos.Col != 1 || sp.End.Col != 20 {
		t.Errorf("span of line 3 = %v..%v, want 3:1..3:20", sp.Pos, sp.End)
	}
}

func TestParseDefinitions(t *testing.T) {
	src := `def adjacent(a, b) = abs(a - b) = 1
def total = sum(x)
def f() = 1
def box(r, c) {
    alldiff(cell[r..r+2, c..c+2])
    sum(cell[r..r+2, c..c+2]) = 45
}
def empty {}
`
	f, err := ParseFile("t.csp", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, params, body string
		block              int // statements, or -1 for an expression
	}{
		{"adjacent", "a b", "(= (abs (- a b)) 1)", -1},
		{"total", "", "(sum x)", -1},
		{"f", "", "1", -1},
		{"box", "r c", "", 2},
		{"empty", "", "", 0},
	}
	if len(f.Stmts) != len(want) {
		t.Fatalf("got %d statements, want %d", len(f.Stmts), len(want))
	}
	for i, w := range want {
		d, ok := f.Stmts[i].(*DefStmt)
		if !ok {
			t.Fatalf("statement %d is a %T", i+1, f.Stmts[i])
		}
		var ps []string
		for _, p := range d.Params {
			ps = append(ps, p.Name)
		}
		body := ""
		if d.Body != nil {
			body = sexpr(d.Body)
		}
		block := -1
		if d.Block != nil {
			block = len(d.Block)
		}
		if d.Name.Name != w.name || strings.Join(ps, " ") != w.params || body != w.body || block != w.block {
			t.Errorf("statement %d: def %s(%s) = %s, block %d; want %+v", i+1, d.Name.Name, strings.Join(ps, " "), body, block, w)
		}
	}
	if sp := f.Stmts[3].span(); sp.Pos.Line != 4 || sp.End.Line != 7 || sp.End.Col != 2 {
		t.Errorf("span of the block = %v..%v, want 4:1..7:2", sp.Pos, sp.End)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = \n", "t.csp:1:4: expected an expression, found end of statement"},
		{"var x in\n", "t.csp:1:9: expected an expression, found end of statement"},
		{"param = 3\n", `t.csp:1:7: expected a name, found "="`},
		{"x = 1 2\n", "t.csp:1:7: expected end of statement, found number 2"},
		{"forall i in 1..3 x\n", `t.csp:1:18: expected ":" or "{", found name x`},
		{"alldiff(q\n", `t.csp:1:8: "(" is never closed`},
		{"show\n", "t.csp:1:5: expected an expression, found end of statement"},
		{"def f(a,) = 1\n", `t.csp:1:9: expected a parameter name in the parameters of f, found ")"`},
		{"def f(a b) = 1\n", `t.csp:1:9: expected "," or ")" in the parameters of f, found name b`},
		{"def f\n", `t.csp:1:6: expected "=" (an expression) or "{" (a block) in the definition of f, found end of statement`},
		{"def 3 = 1\n", "t.csp:1:5: expected a name after def, found number 3"},
		{"def f = \n", "t.csp:1:8: expected an expression, found end of statement"},
		{"def f(a) { x = }\n", `t.csp:1:14: expected "}", found "="`},
		{"x in {a for i in S, 5}\n", `t.csp:1:19: expected "}", found ","`},
		{"x = a ++\n", "t.csp:1:9: expected an expression, found end of statement"},
	}
	for _, tt := range tests {
		_, err := ParseFile("t.csp", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseFile(%q): got %v, want %s", tt.src, err, tt.want)
		}
	}
}
