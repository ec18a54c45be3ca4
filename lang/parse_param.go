package lang

import "github.com/alecthomas/participle/v2/lexer"

// A data param of a million numbers is one statement of millions of
// tokens, and participle copies every token it is given into its lexer
// before it starts: most of the statement's parsing time and memory. So a
// param is read in two parts of the one grammar: participle reads its
// head, `param NAME[SHAPE]`, from a copy of the head's tokens alone, and
// the expression parser (which participle would call for the value, see
// gExpr.Parse) reads the value straight from the statement's tokens.
// Anything but a clean parse is left to the whole statement's parse, so
// that every error is the grammar's as before.

// parseParamInParts parses a statement `param HEAD = VALUE`; ok is false
// when it does not parse that way, and the statement is then parsed
// whole.
//
// stop is asked now and then while the value is read (parseStmt); once it
// says stop, the whole statement's parse reports it.
func parseParamInParts(toks []lexer.Token, stop func() bool) (Stmt, bool) {
	eq := headEnd(toks)
	if eq < 0 {
		return nil, false
	}
	head := make([]lexer.Token, eq+1)
	copy(head, toks[:eq])
	head[eq] = lexer.EOFToken(toks[eq].Pos)
	g, _, _, err := parseWith(stmtParser(), head, false, nil)
	if err != nil || g.Param == nil {
		return nil, false
	}
	p := parser{toks: toks, pos: eq + 1, stuck: -1, askStop: stop}
	if !startsExpr(p.tok()) {
		return nil, false
	}
	value, st := p.expr()
	if st != ok || !p.tok().EOF() {
		return nil, false
	}
	decl := convStmt(g).(*ParamDecl)
	decl.Value = value
	decl.Span = tokSpan(toks[:len(toks)-1])
	return decl, true
}

// headEnd is the index of a param's "=" outside brackets, or -1.
func headEnd(toks []lexer.Token) int {
	depth := 0
	for i, t := range toks {
		if t.Type != tokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "=":
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
