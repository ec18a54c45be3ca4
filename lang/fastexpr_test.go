package lang

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// fastExpr against participle's expression parser, as fastparse_test.go
// checks fastStmt against its statement parser: what the fast parser
// takes, participle takes with the same AST and spans; what participle
// rejects, the fast parser declines.
func fxCompare(t *testing.T, toks []lexer.Token, complete bool) (took bool) {
	t.Helper()
	fast, ok, _ := fastExpr(toks)
	var slow Expr
	var slowErr *Error
	func() {
		defer func() {
			if r := recover(); r != nil {
				slow = nil // a panic in participle is a rejection
			}
		}()
		g, err := parseTokens(exprParser(), toks)
		if err != nil {
			slowErr = err
			return
		}
		slow = convExpr(g)
	}()
	switch {
	case ok && slow == nil:
		t.Errorf("%s: fast parser took what participle rejects (%v)", fpText(toks), slowErr)
	case ok:
		if d := fpDiff(reflect.ValueOf(fast), reflect.ValueOf(slow), "expr"); d != "" {
			t.Errorf("%s: ASTs differ: %s", fpText(toks), d)
		}
	case complete && slow != nil:
		t.Errorf("%s: fast parser declined what participle takes", fpText(toks))
	}
	return ok
}

func TestFastExprGenerated(t *testing.T) {
	n := 500 // participle takes about 2 ms an expression
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewSource(3))
	g := &fpGen{rng: rng}
	took := 0
	for range n {
		g.budget = 12
		stmts := fpStatements("-p x", []byte(g.expr()))
		if len(stmts) != 1 {
			continue
		}
		if fxCompare(t, stmts[0], true) {
			took++
		}
		for range 2 {
			fxCompare(t, fpMutate(rng, stmts[0]), false)
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	if took < n*9/10 {
		t.Errorf("the fast parser took %d of %d generated expressions", took, n)
	}
}

// The values -p is given in the docs and tests, and declarations that are
// no expression: the same answers, and the errors participle gives.
func TestFastExprEdges(t *testing.T) {
	for _, src := range append([]string{"15", "-3", "2+3*2", "{1, 2, 5}", "[1, 2, 3]", "1..9", "[[1, 2], [3, 4]]",
		`"text"`, "param n = 3", "var x in 1..3", "show x", "def f(a) = a", "minimize x", "1 +", "(1", "x[1", "1 2"}, fpEdgeInputs...) {
		for _, stmt := range fpStatements("-p x", []byte(src)) {
			fxCompare(t, stmt, false)
		}
	}
	for _, src := range []string{"param n = 3", "1 +", "(1", "1 2"} {
		fastParse = false
		_, slow := ParseExpr("-p x", []byte(src))
		fastParse = true
		_, fast := ParseExpr("-p x", []byte(src))
		if slow == nil || fast == nil || slow.Error() != fast.Error() {
			t.Errorf("%q: error %v with the fast parser, %v without", src, fast, slow)
		}
	}
}
