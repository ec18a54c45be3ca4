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

var fileParser = participle.MustBuild[gFile](
	participle.Lexer(symbolsOnly{}),
	participle.UseLookahead(3),
)

var exprParser = participle.MustBuild[gExprOnly](
	participle.Lexer(symbolsOnly{}),
	participle.UseLookahead(3),
)

type gExprOnly struct {
	Expr *gExpr `parser:"@@ \";\"?"`
}

// symbolsOnly gives participle the token types; the text itself is
// scanned by scanner, whose tokens are fed through ParseFromLexer.
type symbolsOnly struct{}

func (symbolsOnly) Symbols() map[string]lexer.TokenType { return symbols }

func (symbolsOnly) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("lang: the scanner is run before the parser")
}

// ParseFile parses a model or data file. Errors are an ErrorList.
func ParseFile(name string, src []byte) (f *File, err error) {
	defer recoverInternal(&err)
	toks, errs := scan(name, src)
	if len(errs) > 0 {
		return nil, errs
	}
	lex, err := lexer.Upgrade(&tokenStream{toks: toks})
	if err != nil {
		return nil, err
	}
	g, err := fileParser.ParseFromLexer(lex)
	if err != nil {
		return nil, convertParseError(err)
	}
	f = &File{Name: name, Src: src}
	for _, s := range g.Stmts {
		f.Stmts = append(f.Stmts, convStmt(s))
	}
	return f, nil
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
	lex, err := lexer.Upgrade(&tokenStream{toks: toks})
	if err != nil {
		return nil, err
	}
	g, err := exprParser.ParseFromLexer(lex)
	if err != nil {
		return nil, convertParseError(err)
	}
	return convExpr(g.Expr), nil
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
func convertParseError(err error) error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return ErrorList{{Msg: err.Error()}}
	}
	pos := toPos(perr.Position())
	msg := perr.Message()
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		msg = "unexpected " + describeToken(ute.Unexpected)
		if exp := describeExpected(ute.Expect); exp != "" {
			msg = "expected " + exp + ", found " + describeToken(ute.Unexpected)
		}
	}
	return ErrorList{{Pos: pos, Msg: msg}}
}

func describeToken(t lexer.Token) string {
	switch {
	case t.EOF():
		return "end of file"
	case t.Type == tokPunct && t.Value == ";":
		if t.Pos.Offset < 0 {
			return "end of line"
		}
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

func describeExpected(e string) string {
	switch {
	case e == "":
		return ""
	case strings.Contains(e, "<ident>") && !strings.Contains(e, "|"):
		return "a name"
	}
	return ""
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
