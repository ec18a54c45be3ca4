package lang

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// fastExpr is fastStmt for a lone expression, as ParseExpr reads a -p
// value or a show format's {...}: without it, every `csp solve -p n=15`
// built participle's expression parser (about 2 ms, most of a small
// run) to read one integer. gExpr is the production a statement that is
// not a declaration is parsed by, so the fast parser's expr follows it
// as it does there; a declaration's keyword is no expression, and the
// fast parser declines it as participle rejects it.
func fastExpr(toks []lexer.Token) (e Expr, ok bool, tooMany *Error) {
	return runFast(toks, (*fparser).expr)
}
