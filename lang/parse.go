package lang

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

type tokenStream struct {
	toks []lexer.Token
	i    int
}

func (t *tokenStream) Next() (lexer.Token, error) {
	tok := t.toks[t.i]
	if t.i < len(t.toks)-1 {
		t.i++
	}
	return tok, nil
}

// symbolsOnly gives participle the token types; the text itself is
// scanned by scanner, whose tokens are fed through ParseFromLexer.
type symbolsOnly struct{}

func (symbolsOnly) Symbols() map[string]lexer.TokenType { return symbols }

func (symbolsOnly) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("lang: the scanner is run before the parser")
}

var stmtParser = participle.MustBuild[gStmt](
	participle.Lexer(symbolsOnly{}),
	participle.UseLookahead(3),
)

// Statements that begin with a keyword are parsed by their own production
// alone, so that an error in them is explained in their terms ("expected
// a name" after var) rather than as a failed expression.
var (
	paramParser = participle.MustBuild[gParam](participle.Lexer(symbolsOnly{}), participle.UseLookahead(3))
	varParser   = participle.MustBuild[gVar](participle.Lexer(symbolsOnly{}), participle.UseLookahead(3))
	showParser  = participle.MustBuild[gShow](participle.Lexer(symbolsOnly{}), participle.UseLookahead(3))
	objParser   = participle.MustBuild[gObj](participle.Lexer(symbolsOnly{}), participle.UseLookahead(3))
)

// parseStmt parses the tokens of one statement.
func parseStmt(toks []lexer.Token) (*gStmt, *Error) {
	first := toks[0]
	if first.Type != tokKeyword {
		return parseTokens(stmtParser, toks)
	}
	var g gStmt
	var err *Error
	switch first.Value {
	case "param":
		g.Param, err = parseTokens(paramParser, toks)
	case "var":
		g.Var, err = parseTokens(varParser, toks)
	case "show":
		g.Show, err = parseTokens(showParser, toks)
	case "minimize", "maximize":
		g.Obj, err = parseTokens(objParser, toks)
	default:
		return parseTokens(stmtParser, toks)
	}
	if err != nil {
		return nil, err
	}
	return &g, nil
}

var exprParser = participle.MustBuild[gExpr](
	participle.Lexer(symbolsOnly{}),
	participle.UseLookahead(3),
)

// ParseFile parses a model or data file. Errors are an ErrorList, with at
// most one syntax error per statement: each statement is parsed on its own,
// so one mistake does not hide the next.
func ParseFile(name string, src []byte) (f *File, err error) {
	defer recoverInternal(&err)
	toks, errs := scan(name, src)
	if len(errs) > 0 {
		// Statements before the first scanning error are still parsed, so
		// their mistakes are reported in the same run.
		toks = tokensBefore(toks, errs[0].Pos.Offset)
	}
	f = &File{Name: name, Src: src}
	for _, stmt := range splitStatements(toks) {
		g, err := parseStmt(stmt)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		f.Stmts = append(f.Stmts, convStmt(g))
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return f, nil
}

// tokensBefore keeps the complete statements that end before offset.
func tokensBefore(toks []lexer.Token, offset int) []lexer.Token {
	end := 0
	for i, t := range toks {
		if t.Pos.Offset >= offset {
			break
		}
		if t.Type == tokPunct && t.Value == ";" {
			end = i + 1
		}
	}
	return append(toks[:end:end], lexer.EOFToken(lexer.Position{}))
}

// splitStatements cuts the token stream at the separators outside any
// bracket; each statement ends in an EOF where its separator was.
func splitStatements(toks []lexer.Token) [][]lexer.Token {
	var out [][]lexer.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch {
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			depth++
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			depth--
		case t.Type == tokPunct && t.Value == ";" && depth == 0, t.EOF() && i > start:
			stmt := append(toks[start:i:i], lexer.EOFToken(t.Pos))
			out = append(out, stmt)
			start = i + 1
		}
	}
	return out
}

// parseTokens parses one statement (or expression) and insists that it
// ends at the separator. Participle blames a statement with trailing junk
// ("x = 1 2") on an early token, so a failed parse is retried allowing
// trailing tokens, and whichever error lies further in is reported.
func parseTokens[G any](p *participle.Parser[G], toks []lexer.Token) (*G, *Error) {
	g, lex, err := parseWith(p, toks, false)
	if err == nil {
		return g, nil
	}
	strict := convertParseError(err, toks)
	if _, lex, err = parseWith(p, toks, true); err == nil {
		if next := lex.Peek(); next.Pos.Offset >= strict.Pos.Offset && !isEnd(*next) {
			return nil, &Error{Pos: toPos(next.Pos), Msg: "expected end of statement, found " + describeToken(*next)}
		}
	}
	return nil, strict
}

func parseWith[G any](p *participle.Parser[G], toks []lexer.Token, trailing bool) (*G, *lexer.PeekingLexer, error) {
	lex, err := lexer.Upgrade(&tokenStream{toks: toks})
	if err != nil {
		return nil, nil, err
	}
	g, err := p.ParseFromLexer(lex, participle.AllowTrailing(trailing))
	return g, lex, err
}

// ParseExpr parses a single expression, as given to -p name=value or
// inside a show format string. name labels positions in errors.
func ParseExpr(name string, src []byte) (Expr, error) {
	return parseExprAt(name, src, Pos{File: name, Line: 1, Col: 1})
}

// parseExprAt parses src as if it started at the position at.
func parseExprAt(name string, src []byte, at Pos) (e Expr, err error) {
	defer recoverInternal(&err)
	toks, errs := scan(name, src)
	if len(errs) > 0 {
		shiftErrors(errs, at)
		return nil, errs
	}
	for i := range toks {
		toks[i].Pos = shiftPos(toks[i].Pos, at)
	}
	stmts := splitStatements(toks)
	if len(stmts) != 1 {
		return nil, ErrorList{{Pos: toPos(toks[0].Pos), Msg: "expected one expression"}}
	}
	g, perr := parseTokens(exprParser, stmts[0])
	if perr != nil {
		return nil, ErrorList{perr}
	}
	return convExpr(g), nil
}

func shiftPos(p lexer.Position, at Pos) lexer.Position {
	if p.Line == 1 {
		p.Column += at.Col - 1
	}
	p.Line += at.Line - 1
	p.Offset += at.Offset
	return p
}

func shiftErrors(errs ErrorList, at Pos) {
	for _, e := range errs {
		lp := shiftPos(lexer.Position{Filename: e.Pos.File, Offset: e.Pos.Offset, Line: e.Pos.Line, Column: e.Pos.Col}, at)
		e.Pos = toPos(lp)
	}
}

// convertParseError rewords participle's messages in the user's terms.
// A statement that ends too early is blamed on the end of its last token.
func convertParseError(err error, toks []lexer.Token) *Error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &Error{Msg: err.Error()}
	}
	var ute *participle.UnexpectedTokenError
	if !errors.As(err, &ute) {
		return &Error{Pos: toPos(perr.Position()), Msg: perr.Message()}
	}
	pos := toPos(ute.Unexpected.Pos)
	found := describeToken(ute.Unexpected)
	if isEnd(ute.Unexpected) {
		found = "end of statement"
		if prev := tokenBefore(toks, ute.Unexpected); prev != nil {
			pos = tokSpan([]lexer.Token{*prev}).End
		}
	}
	if exp := expectedWords(ute.Message()); exp != "" {
		return &Error{Pos: pos, Msg: "expected " + exp + ", found " + found}
	}
	return &Error{Pos: pos, Msg: "unexpected " + found}
}

func isEnd(t lexer.Token) bool { return t.EOF() || (t.Type == tokPunct && t.Value == ";") }

func tokenBefore(toks []lexer.Token, t lexer.Token) *lexer.Token {
	for i := range toks {
		if toks[i].Pos.Offset >= t.Pos.Offset && i > 0 && !(toks[i].EOF() && toks[i-1].Pos.Offset >= t.Pos.Offset) {
			return &toks[i-1]
		}
	}
	return nil
}

// expectedWords reads participle's "(expected X)" and says X in words, or
// "" when it is not simple enough to say.
func expectedWords(msg string) string {
	i := strings.Index(msg, "(expected ")
	if i < 0 {
		return ""
	}
	exp := strings.TrimSuffix(msg[i+len("(expected "):], ")")
	switch {
	case strings.HasPrefix(exp, "GIdent"), strings.HasPrefix(exp, "GVarName"):
		return "a name"
	case strings.HasPrefix(exp, "GGen"):
		return "a generator such as i in 1..n"
	case strings.HasPrefix(exp, "G"):
		return "an expression"
	case strings.HasPrefix(exp, `(("":"`), strings.HasPrefix(exp, `((":"`):
		return `":" or "{"`
	case strings.HasPrefix(exp, `"`):
		if j := strings.Index(exp[1:], `"`); j >= 0 {
			return exp[:j+2]
		}
	}
	return ""
}

func describeToken(t lexer.Token) string {
	switch {
	case t.EOF(), t.Type == tokPunct && t.Value == ";":
		return "end of statement"
	case t.Type == tokKeyword:
		return "keyword " + t.Value
	case t.Type == tokIdent:
		return "name " + t.Value
	case t.Type == tokInt:
		return "number " + t.Value
	}
	return fmt.Sprintf("%q", t.Value)
}

// tokSpan is the span of a run of tokens.
func tokSpan(toks []lexer.Token) Span {
	if len(toks) == 0 {
		return Span{}
	}
	first, last := toks[0], toks[len(toks)-1]
	end := last.Pos
	end.Offset += len(last.Value)
	end.Column += utf8.RuneCountInString(last.Value)
	return Span{Pos: toPos(first.Pos), End: toPos(end)}
}

// recoverInternal turns a panic inside the parser into an error, so that
// no input can crash the tool; such an error is a bug to report.
func recoverInternal(err *error) {
	if r := recover(); r != nil {
		*err = ErrorList{{Msg: fmt.Sprintf("internal error (please report): %v", r)}}
	}
}
