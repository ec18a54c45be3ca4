package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestErrorsDocComplete reads the source for the messages csp can print and
// checks that the fixed text of each appears in docs/errors.md, so that a
// new message cannot be added without documenting it.
func TestErrorsDocComplete(t *testing.T) {
	data, err := os.ReadFile(errorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	var files []string
	// cmd/csp and the rooms its messages live in.
	for _, pat := range []string{"lang/*.go", "cmd/csp/*.go", "lang/fzn/*.go", "cmd/csp/internal/fzncmd/*.go",
		"cmd/csp/internal/batch/*.go", "cmd/csp/internal/completion/*.go", "cmd/csp/internal/helpdoc/*.go",
		"cmd/csp/internal/input/*.go", "cmd/csp/internal/jobs/*.go", "cmd/csp/internal/limits/*.go",
		"cmd/csp/internal/output/*.go", "cmd/csp/internal/repl/*.go", "cmd/csp/internal/searchview/*.go",
		"cmd/csp/internal/settings/*.go"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	// Messages that only a bug in csp can produce, or that never reach the
	// user (the batch falls back when it meets one).
	internal := []string{
		"the scanner is run before the parser",
		"the scanner runs before the parser",
		"internal error (please report)",
		"batch element used in an expression",
	}
	verb := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	checked := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var lit *ast.BasicLit
			switch n := n.(type) {
			case *ast.CallExpr:
				lit = messageArg(n)
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Msg" {
					lit = firstString(n.Value)
				}
			}
			if lit == nil {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			// The longest stretch of fixed text must be in the document.
			longest := ""
			for _, part := range verb.Split(format, -1) {
				part = strings.TrimSpace(part)
				if len(part) > len(longest) {
					longest = part
				}
			}
			if len(longest) < 6 {
				return true
			}
			for _, s := range internal {
				if strings.Contains(format, s) {
					return true
				}
			}
			checked++
			if !strings.Contains(doc, longest) {
				t.Errorf("%s: the message %q is not in %s", fset.Position(lit.Pos()), format, errorsDoc)
			}
			return true
		})
	}
	if checked < 100 {
		t.Errorf("only %d messages found in the source; the scan is broken", checked)
	}
}

// messageArg returns the format string of a call that reports an error:
// errorf(n, "..."), errs.Add(pos, end, "..."), a poster's fail("..."), fmt.Errorf("..."),
// errors.New("..."), and fmt.Fprint* to stderr or a session's errw.
func messageArg(c *ast.CallExpr) *ast.BasicLit {
	name := ""
	var recv ast.Expr
	switch fn := c.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		name, recv = fn.Sel.Name, fn.X
	}
	pkg := ""
	if id, ok := recv.(*ast.Ident); ok {
		pkg = id.Name
	}
	switch {
	case name == "errorf" || name == "Add" || name == "fail":
		for _, a := range c.Args {
			if lit := stringLit(a); lit != nil {
				return lit
			}
		}
	case pkg == "fmt" && name == "Errorf", pkg == "errors" && name == "New":
		if len(c.Args) > 0 {
			return stringLit(c.Args[0])
		}
	case pkg == "fmt" && strings.HasPrefix(name, "Fprint") && len(c.Args) > 1 && toStderr(c.Args[0]):
		return stringLit(c.Args[1])
	}
	return nil
}

func toStderr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "stderr"
	case *ast.SelectorExpr:
		return e.Sel.Name == "errw"
	}
	return false
}

func stringLit(e ast.Expr) *ast.BasicLit {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		return lit
	}
	return nil
}

// firstString finds the format of Msg: "..." or Msg: fmt.Sprintf("...").
func firstString(e ast.Expr) *ast.BasicLit {
	if lit := stringLit(e); lit != nil {
		return lit
	}
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) > 0 {
		return stringLit(c.Args[0])
	}
	return nil
}
