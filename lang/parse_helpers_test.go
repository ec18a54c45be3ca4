package lang

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// Helpers of the parser's tests: ASTs compared, random statements made
// and mutated, and the inputs of every kind the repository holds.

// astDiff describes the first difference between two ASTs, with its path,
// or "" if they are deeply equal (as reflect.DeepEqual has it: a nil slice
// differs from an empty one).
func astDiff(a, b reflect.Value, path string) string {
	if a.IsValid() != b.IsValid() {
		return fmt.Sprintf("%s: %v vs %v", path, a, b)
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: type %v vs %v", path, a.Type(), b.Type())
	}
	switch a.Kind() {
	case reflect.Interface, reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v vs nil %v", path, a.IsNil(), b.IsNil())
			}
			return ""
		}
		if a.Kind() == reflect.Interface {
			return astDiff(a.Elem(), b.Elem(), path)
		}
		return astDiff(a.Elem(), b.Elem(), path+"("+a.Elem().Type().Name()+")")
	case reflect.Struct:
		for i := range a.NumField() {
			if d := astDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil slice %v vs %v", path, a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := astDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q vs %q", path, a.String(), b.String())
		}
	case reflect.Int:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Int(), b.Int())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v vs %v", path, a.Bool(), b.Bool())
		}
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
	}
	return ""
}

func TestASTDiff(t *testing.T) {
	a := &Binary{Op: "+", X: &Ident{Name: "x"}, Y: &IntLit{Text: "1"}}
	b := &Binary{Op: "+", X: &Ident{Name: "x"}, Y: &IntLit{Text: "1"}}
	if d := astDiff(reflect.ValueOf(a), reflect.ValueOf(b), "e"); d != "" {
		t.Fatal(d)
	}
	b.Y.(*IntLit).End.Col = 3
	if d := astDiff(reflect.ValueOf(a), reflect.ValueOf(b), "e"); d != "e(Binary).Y(IntLit).Span.End.Col: 0 vs 3" {
		t.Fatal(d)
	}
	m1, m2 := &Matrix{Rows: [][]Expr{}}, &Matrix{}
	if d := astDiff(reflect.ValueOf(m1), reflect.ValueOf(m2), "m"); d == "" {
		t.Fatal("nil and empty slices compared equal")
	}
}

// stmtGen makes random well-formed statements, over every production.
type stmtGen struct {
	rng    *rand.Rand
	depth  int
	budget int // primaries left to make in this statement
}

func (g *stmtGen) n(k int) int       { return g.rng.Intn(k) }
func (g *stmtGen) chance(p int) bool { return g.rng.Intn(100) < p }
func (g *stmtGen) pick(s ...string) string {
	return s[g.n(len(s))]
}

var genNames = []string{"x", "y", "q", "cell", "_tmp", "élan", "n", "m", "a1", "sum", "true", "p_2"}

func (g *stmtGen) name() string { return genNames[g.n(len(genNames))] }

func (g *stmtGen) int() string {
	return g.pick("0", "1", "2", "3", "7", "10", "42", "1_000", "007", "9223372036854775807", "99999999999999999999")
}

// sep is a blank between tokens, mostly one space.
func (g *stmtGen) sep() string {
	if g.chance(10) {
		return "  "
	}
	return " "
}

func (g *stmtGen) stmt() string {
	if g.depth == 0 {
		g.budget = 5 + g.n(40)
	}
	switch g.n(12) {
	case 0:
		s := "param " + g.name()
		if g.chance(50) {
			s += "[" + g.exprList(1+g.n(2)) + "]"
		}
		if g.chance(70) {
			s += " = " + g.expr()
		}
		return s
	case 1:
		var names []string
		for range 1 + g.n(3) {
			nm := g.name()
			if g.chance(40) {
				nm += "[" + g.exprList(1+g.n(2)) + "]"
			}
			names = append(names, nm)
		}
		return "var " + strings.Join(names, ", ") + " in " + g.expr()
	case 2:
		var items []string
		for range 1 + g.n(3) {
			switch g.n(4) {
			case 0:
				items = append(items, g.str())
			case 1:
				items = append(items, g.pick("board", "grid")+"("+g.exprList(1+g.n(3))+")")
			default:
				items = append(items, g.expr())
			}
		}
		return "show " + strings.Join(items, ", ")
	case 3:
		return g.pick("minimize ", "maximize ") + g.expr()
	case 4:
		return g.def()
	}
	return g.expr()
}

// def makes a definition: an expression or a block, with or without
// parameters.
func (g *stmtGen) def() string {
	s := "def " + g.name()
	switch g.n(3) {
	case 0:
		var ps []string
		for range 1 + g.n(3) {
			ps = append(ps, g.name())
		}
		s += "(" + strings.Join(ps, g.pick(",", ", ")) + ")"
	case 1:
		s += g.pick("()", "( )")
	}
	if g.chance(60) {
		return s + " = " + g.expr()
	}
	var stmts []string
	for range g.n(4) {
		stmts = append(stmts, g.stmt())
	}
	return s + " {" + g.pick("", "\n") + strings.Join(stmts, g.pick("; ", "\n")) + g.pick("", "\n") + "}"
}

func (g *stmtGen) str() string {
	return g.pick(`"x = {x}"`, `""`, `"a\"b"`, `"tab\there"`, `"bad \q escape"`, `"{q[1]} and {sum(q)}"`, `"é"`)
}

func (g *stmtGen) exprList(k int) string {
	var es []string
	for range k {
		es = append(es, g.expr())
	}
	return strings.Join(es, ", ")
}

// deep reports whether the expression being made is deep enough that only
// leaves should follow.
func (g *stmtGen) deep() bool { return g.depth > 5 || g.budget <= 0 }

func (g *stmtGen) expr() string {
	g.depth++
	defer func() { g.depth-- }()
	if !g.deep() && g.chance(8) {
		return g.quant()
	}
	return g.impl()
}

func (g *stmtGen) quant() string {
	kind := g.pick("forall", "exists")
	s := kind + " " + g.gens()
	if kind == "forall" && g.chance(35) {
		var stmts []string
		for range g.n(4) {
			stmts = append(stmts, g.stmt())
		}
		sep := g.pick("; ", "\n")
		return s + " {" + g.pick("", "\n") + strings.Join(stmts, sep) + g.pick("", "\n") + "}"
	}
	return s + ":" + g.sep() + g.expr()
}

func (g *stmtGen) gens() string {
	var gs []string
	for range 1 + g.n(2) {
		names := []string{g.name()}
		for range g.n(3) / 2 {
			names = append(names, g.name())
		}
		gs = append(gs, strings.Join(names, ", ")+" in "+g.setExpr())
	}
	s := strings.Join(gs, ", ")
	if g.chance(30) {
		s += " where " + g.expr()
	}
	return s
}

func (g *stmtGen) impl() string {
	s := g.disj()
	if !g.deep() && g.chance(10) {
		s += g.sep() + g.pick("->", "<->") + g.pick(" ", "\n") + g.expr()
	}
	return s
}

func (g *stmtGen) disj() string {
	s := g.conj()
	for !g.deep() && g.chance(15) {
		s += " " + g.pick("or", "xor") + g.pick(" ", "\n") + g.conj()
	}
	return s
}

func (g *stmtGen) conj() string {
	s := g.neg()
	for !g.deep() && g.chance(15) {
		s += " and " + g.neg()
	}
	return s
}

func (g *stmtGen) neg() string {
	if g.chance(8) {
		return "not " + g.neg()
	}
	return g.cmp()
}

func (g *stmtGen) cmp() string {
	s := g.setExpr()
	if !g.deep() && g.chance(35) {
		s += g.sep() + g.pick("=", "==", "!=", "<", "<=", ">", ">=", "in", "not in", "in") + g.pick(" ", "\n") + g.setExpr()
	}
	return s
}

func (g *stmtGen) setExpr() string {
	s := g.rangeExpr()
	for !g.deep() && g.chance(10) {
		s += " " + g.pick("union", "diff", "++") + g.pick(" ", "\n") + g.rangeExpr()
	}
	return s
}

func (g *stmtGen) rangeExpr() string {
	s := g.add()
	if !g.deep() && g.chance(15) {
		s += g.pick("..", " .. ") + g.add()
	}
	return s
}

func (g *stmtGen) add() string {
	s := g.mul()
	for !g.deep() && g.chance(20) {
		s += g.sep() + g.pick("+", "-") + g.sep() + g.mul()
	}
	return s
}

func (g *stmtGen) mul() string {
	s := g.unary()
	for !g.deep() && g.chance(15) {
		s += g.sep() + g.pick("*", "/", "%") + g.sep() + g.unary()
	}
	return s
}

func (g *stmtGen) unary() string {
	if g.chance(10) {
		return g.pick("-", "- ") + g.unary()
	}
	s := g.postfix()
	if !g.deep() && g.chance(8) {
		s += g.pick("^", " ^ ") + g.unary()
	}
	return s
}

func (g *stmtGen) postfix() string {
	s := g.primary()
	for !g.deep() && g.chance(15) {
		var idx []string
		for range 1 + g.n(3) {
			switch g.n(6) {
			case 0:
				idx = append(idx, "..")
			case 1:
				idx = append(idx, g.add()+".."+g.add())
			default:
				idx = append(idx, g.expr())
			}
		}
		s += "[" + strings.Join(idx, g.pick(",", ", ")) + "]"
	}
	return s
}

func (g *stmtGen) primary() string {
	g.budget--
	g.depth++
	defer func() { g.depth-- }()
	if g.deep() {
		switch g.n(3) {
		case 0:
			return g.int()
		case 1:
			return g.name()
		}
		return g.pick("[1 2 3]", "{1, 2}", "(x)", "f()", "[.]")
	}
	switch g.n(14) {
	case 0, 1, 2:
		return g.int()
	case 3, 4, 5:
		return g.name()
	case 6:
		fn := g.pick("sum", "count", "alldiff", "min", "max", "abs", "f")
		switch g.n(4) {
		case 0:
			return fn + "()"
		case 1:
			s := fn + "(" + g.expr() + " for " + g.gens()
			for range g.n(2) {
				s += ", " + g.expr()
			}
			return s + ")"
		}
		return fn + g.pick("", " ") + "(" + g.exprList(1+g.n(3)) + ")"
	case 7:
		return "if " + g.expr() + g.pick(" ", "\n") + "then " + g.expr() + g.pick(" ", "\n") + "else " + g.expr() + g.pick(" ", "\n") + "end"
	case 8:
		return "(" + g.pick("", " ", "\n") + g.expr() + g.pick("", " ", "\n") + ")"
	case 9, 10:
		return g.list()
	case 11:
		switch {
		case g.chance(20):
			return "{}"
		case g.chance(25):
			return "{" + g.expr() + " for " + g.gens() + "}"
		}
		return "{" + g.exprList(1+g.n(3)) + "}"
	case 12:
		return g.str()
	}
	return g.data()
}

// list makes a matrix (rows, blanks, optional commas) or a comprehension.
func (g *stmtGen) list() string {
	if g.chance(30) {
		var elems []string
		for range 1 + g.n(2) {
			elems = append(elems, g.elem())
		}
		return "[" + strings.Join(elems, " ") + " for " + g.gens() + "]"
	}
	var rows []string
	for range g.n(4) {
		var elems []string
		for range 1 + g.n(4) {
			elems = append(elems, g.elem())
		}
		row := ""
		for i, e := range elems {
			if i > 0 {
				// "x -1" is a subtraction, and "x [1]" an index ("x [1 2]"
				// is not, and the parser gives up some of those).
				if strings.HasPrefix(e, "-") || strings.HasPrefix(e, "[") && !g.chance(20) {
					row += g.pick(", ", ",")
				} else {
					row += g.pick(" ", ", ", ",")
				}
			}
			row += e
		}
		if g.chance(5) {
			row += " for " + g.gens()
		}
		rows = append(rows, row)
	}
	return "[" + strings.Join(rows, g.pick("; ", ";", "\n")) + "]"
}

func (g *stmtGen) elem() string {
	if g.chance(15) {
		return g.pick(".", "_")
	}
	return g.expr()
}

// data makes a matrix of plain data.
func (g *stmtGen) data() string {
	var rows []string
	for range g.n(4) {
		var elems []string
		for range 1 + g.n(5) {
			elems = append(elems, g.pick("1", "-2", "- 3", ".", "_", "10", "0"))
		}
		rows = append(rows, strings.Join(elems, g.pick(" ", ", ")))
	}
	return "[" + strings.Join(rows, g.pick("; ", "\n")) + "]"
}

// mutateTokens changes a statement's tokens a little: a token dropped,
// repeated, swapped with the next or replaced.
func mutateTokens(rng *rand.Rand, toks []lexer.Token) []lexer.Token {
	body := append([]lexer.Token(nil), toks[:len(toks)-1]...)
	eof := toks[len(toks)-1]
	for range 1 + rng.Intn(2) {
		if len(body) == 0 {
			break
		}
		i := rng.Intn(len(body))
		switch rng.Intn(4) {
		case 0:
			body = append(body[:i], body[i+1:]...)
		case 1:
			body = append(body[:i+1], body[i:]...)
		case 2:
			if i+1 < len(body) {
				body[i], body[i+1] = body[i+1], body[i]
			}
		case 3:
			body[i] = randomToken(rng, body[i].Pos)
		}
	}
	return append(body, eof)
}

var tokenPool = func() []lexer.Token {
	var out []lexer.Token
	for _, p := range puncts {
		out = append(out, lexer.Token{Type: tokPunct, Value: p})
	}
	for k := range keywords {
		out = append(out, lexer.Token{Type: tokKeyword, Value: k})
	}
	out = append(out, lexer.Token{Type: tokIdent, Value: "x"}, lexer.Token{Type: tokIdent, Value: "f"},
		lexer.Token{Type: tokInt, Value: "1"}, lexer.Token{Type: tokString, Value: `"s"`})
	return out
}()

func randomToken(rng *rand.Rand, at lexer.Position) lexer.Token {
	t := tokenPool[rng.Intn(len(tokenPool))]
	t.Pos = at
	return t
}

// allKinds is what the generated statements must cover: every node,
// operator and form of the AST.
var allKinds = strings.Split("ParamDecl,ParamDecl shape,ParamDecl value,VarDecl,VarName shape,ShowStmt,Objective minimize,"+
	"Objective maximize,ConstraintStmt,IntLit,StrLit,Ident,Blank,FullRange,Unary -,Unary not,Binary ->,Binary <->,"+
	"Binary or,Binary xor,Binary and,Binary =,Binary !=,Binary <,Binary <=,Binary >,Binary >=,Binary in,Binary not in,"+
	"Binary union,Binary diff,Binary ++,Binary ..,Binary +,Binary -,Binary *,Binary /,Binary %,Binary ^,Index,Call,Call for,If,"+
	"Matrix,Matrix rows,Comprehension,SetLit,Quant forall body,Quant exists body,Quant forall block,Generators where,"+
	"Generator names,DefStmt,DefStmt params,DefStmt body,DefStmt block,SetComp", ",")

// astKinds adds the kinds of allKinds that an AST has to seen.
func astKinds(v reflect.Value, seen map[string]bool) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if !v.IsNil() {
			astKinds(v.Elem(), seen)
		}
		return
	case reflect.Slice:
		for i := range v.Len() {
			astKinds(v.Index(i), seen)
		}
		return
	case reflect.Struct:
	default:
		return
	}
	name := v.Type().Name()
	seen[name] = true
	switch n := v.Addr().Interface().(type) {
	case *Binary:
		seen["Binary "+n.Op] = true
	case *Unary:
		seen["Unary "+n.Op] = true
	case *ParamDecl:
		seen["ParamDecl shape"] = seen["ParamDecl shape"] || n.Shape != nil
		seen["ParamDecl value"] = seen["ParamDecl value"] || n.Value != nil
	case *VarName:
		seen["VarName shape"] = seen["VarName shape"] || n.Shape != nil
	case *Objective:
		seen["Objective "+n.Sense] = true
	case *Call:
		seen["Call for"] = seen["Call for"] || n.Gens != nil
	case *Matrix:
		seen["Matrix rows"] = seen["Matrix rows"] || len(n.Rows) > 1
	case *Quant:
		if n.Block != nil {
			seen["Quant "+n.Kind+" block"] = true
		} else {
			seen["Quant "+n.Kind+" body"] = true
		}
	case *Generators:
		seen["Generators where"] = seen["Generators where"] || n.Where != nil
	case *Generator:
		seen["Generator names"] = seen["Generator names"] || len(n.Names) > 1
	case *DefStmt:
		seen["DefStmt params"] = seen["DefStmt params"] || n.Params != nil
		seen["DefStmt body"] = seen["DefStmt body"] || n.Body != nil
		seen["DefStmt block"] = seen["DefStmt block"] || n.Block != nil
	}
	for i := range v.NumField() {
		astKinds(v.Field(i), seen)
	}
}

// Inputs on the edges of the grammar: where a part is taken back or not,
// alternatives that start alike, and mistakes of every production.
var edgeInputs = []string{
	"x >= 0", "x == 1", "x not in S", "not x in S", "[a not b]", "[a not in b]", "not not x",
	"- - x = 1", "-2^2 = x", "2^3^4 = x", "2^-3 = x", "x ^ - y ^ z",
	"(x) + 1 = 2", "((x)) = (1)", "(x)[1] = 2", "(a) -> b", "a -> b -> c", "a <-> (b -> c)",
	"x[..] = 1", "x[.., 1] = 1", "x[1..3, ..][2] = y", "x[1..] = 1", "x[..3] = 1",
	"1[2]", "1(2)", "f(1)(2)", "[1 (2)]", "[a (b)]", "[f () x]",
	"[x [1]]", "[x [1 2]]", "[x [1, 2]]", "[x [1, 2 3]]", "[x [-1 2]]", "[x [- 1 2]]", "[x []]", "[x [.]]",
	"[x [. 1]]", "[x [1, .]]", "[x [1, -.]]", "[x [.. 1]]", "[x [y for i in S]]", "[x [y + 1 for i in S]]",
	"[x [1; 2]]", "[x [a b c]]", "[[1 2] [3 4]]", "[[1 2]\n[3 4]]", "[x[1] [2]]", "[x [1][2]]", "[x [(1) 2]]",
	"[x [f(1) 2]]", "[x [f 2]]", "[1 [2] [3 4]]", "x [1 2] = 1",
	"[1 -2]", "[-1 -2 3]", "[. -2 _ -3]", "[. - 3]", "[1, 2,]", "[,1]", "[1,,2]", "[]", "[1 2 3][2]",
	"[1 2 3 for i in 1..3]", "[i for i in 1..3]", "[. for i in S]", "[a; b for i in S]", "[a b; c d for i in S]",
	"[a for i in S; b]", "[a for i in S, j in T where i < j]", "[a for i in S, j]",
	"sum(x[i] for i in 1..3) = 4", "sum(x for i in S, y) = 1", "sum(x for i in S, a, b) = 1",
	"sum(x for i in S, a, b in T) = 1", "sum(x for i in S, j in T, y) = 1", "f(a, b for i in S)",
	"f(a for i in S where i > 1, b, c)", "sum(x for i, j in S, k in T) = 1", "sum(x for i in S, j, k in T) = 1",
	"forall i in S, j in T where i < j: x[i] != x[j]", "forall i, j in S: x[i] = x[j]",
	"forall i in S {}", "forall i in S { x[i] = 1 }", "forall i in S { x[i] = 1; y = 2\n param p = 3 }",
	"exists i in S { x }", "forall i in S, j: x", "forall i in S, j, k: x", "forall i in S where i: x, y",
	"forall i in S: forall j in T: x[i, j] = 1", "a and forall i in S: x[i]", "(forall i in S: x[i]) and y",
	"if a then b else c end = 1", "if a then b else c", "x = if a then if b then 1 else 2 end else 3 end",
	"{1, 2} = S", "{} = S", "x in {1, 2} union 3..4 diff {2}", "1 < 2 < 3", "1..2..3", "x = 1 2", "x = 1 )",
	"param n = 3", "param p[1..3] = [1 2 3]", "param p[1..3, 1..2]", "param p", "param p [1 2 3]", "param 3",
	"param p = [1 2 3] 4", "var x in 0..9", "var x, y[1..3], z in 1..9", "var x[1..3, 1..3] in 0..9",
	"var x in", "var x y in 1..3", "var x, in 1..3", "var in 1..3",
	"show x, \"a = {a}\", board(q)", "show \"bad \\q\"", "show", "show x,", "minimize x + y", "maximize sum(x)",
	"minimize", "x = \"s\"", "x in y in z", "x = = 1", "1 ..", "(1, 2)", "(1", "x[1", "f(1 for)", "f(,1)",
	"not", "not in S", "- not x", "x - not y", "x = - - -1", "a or b xor c and d", "a -> forall i in S: b",
	"x[i for i in S]", "{x for i in S}", "f(x for i in S for j in T)", "[a b for i in S where i > 1]",
	"x = 1;", "_ = 1", ". = 1", "[_x _]", "x = [1 2 3\n4 5 6]", "x = (1\n+ 2)",
	// Definitions, ++ and set comprehensions.
	"def f(a, b) = abs(a - b) = 1", "def total = sum(x)", "def f() = 1", "def f( ) = 1", "def f {}", "def f() {}",
	"def box(r, c) {\n  alldiff(cell[r..r+2, c..c+2])\n  sum(cell[r..r+2, c..c+2]) = 45\n}",
	"def b(i) { x[i] = 1; forall j in S { y[j] = i } }", "def b { var y in 1..3\n param p }", "def b { def c = 1 }",
	"def f(a,) = 1", "def f(1) = 2", "def f(a b) = 1", "def f", "def = 3", "def f = ", "def f(a) { x", "def f(a) x",
	"def f(a) = 1 = 2", "def 3 = 1", "def f(a) {}[1]", "def def = 1", "def f(a) = forall i in S { x }",
	"x = a ++ b", "x = a ++ b ++ c", "a ++ b union c in d", "x in a ++ b", "x = a ++", "x = ++ a", "x = a + + b", "[1 2] ++ [3]",
	"x = a ++ b..c", "x = 1 ++ 2", "x = (a ++ b)[2]",
	"x in {i*i for i in 1..9}", "x in {j for j in 1..n*n where knight(i, j)}", "x in {for i in S}", "x in {a, b for i in S}",
	"x in {a for i in S, 5}", "x in {a, for i in S}", "x in {a for i in S, j in T where i < j}", "x in {a for}", "x in {a for i}",
	"x in {{i for i in S} for j in T}", "var q[1..n] in {i*i for i in 1..9}", "{a for i in S} = {1}",
}

// statementsOf scans src and cuts it into the statements parseStmt gets.
func statementsOf(name string, src []byte) [][]lexer.Token {
	toks, _ := scan(name, withoutBOM(src), nil)
	return splitStatements(toks)
}

// parseCorpus is every model and example, the test data, the fuzz seeds and
// the csp code of the docs, by name. mustTake marks the models and
// examples, every statement of which must parse.
func parseCorpus(t testing.TB) (names []string, srcs map[string][]byte, mustTake map[string]bool) {
	srcs, mustTake = map[string][]byte{}, map[string]bool{}
	add := func(name string, src []byte, must bool) {
		if _, dup := srcs[name]; !dup {
			names = append(names, name)
		}
		srcs[name] = src
		mustTake[name] = must
	}
	walk := func(root string, must bool) {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".csp") {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				add(path, src, must)
			}
			return nil
		})
	}
	walk("../models", true)
	walk("../examples", true)
	walk("testdata", false)
	walk("../cmd/csp/testdata", false)
	docs, _ := filepath.Glob("../docs/*.md")
	for _, path := range append(docs, "../README.md") {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, block := range codeBlocks(string(src)) {
			add(fmt.Sprintf("%s#%d", path, i+1), []byte(block), false)
		}
	}
	seeds, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, path := range seeds {
		for i, v := range seedValues(t, path) {
			add(fmt.Sprintf("%s#%d", path, i+1), []byte(v), false)
		}
	}
	return names, srcs, mustTake
}

// codeBlocks returns the code blocks of a markdown text marked csp
// (errors.md's, with a title) or not marked at all (language.md's).
func codeBlocks(md string) []string {
	var out []string
	var block strings.Builder
	open, keep := false, false
	for _, line := range strings.SplitAfter(md, "\n") {
		fence := strings.HasPrefix(line, "```")
		switch {
		case fence && !open:
			info := strings.Fields(line[3:]) // csp title=model.csp
			open, keep = true, len(info) == 0 || info[0] == "csp"
			block.Reset()
		case fence:
			if keep {
				out = append(out, block.String())
			}
			open = false
		case open:
			block.WriteString(line)
		}
	}
	return out
}

// seedValues reads a file of a fuzz corpus: a string is a source; an
// int64 is a seed of FuzzLanguage, whose model is its source.
func seedValues(t testing.TB, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "string(") && strings.HasSuffix(line, ")"):
			if s, err := strconv.Unquote(line[len("string(") : len(line)-1]); err == nil {
				out = append(out, s)
			}
		case strings.HasPrefix(line, "int64(") && strings.HasSuffix(line, ")") && strings.Contains(path, "FuzzLanguage"):
			if n, err := strconv.ParseInt(line[len("int64("):len(line)-1], 10, 64); err == nil {
				out = append(out, dfRandomModel(n).source())
			}
		}
	}
	return out
}
