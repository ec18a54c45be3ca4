package fzn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/csp-lang/csp/lang"
)

// File is a parsed FlatZinc model: its items in order.
type File struct {
	Name  string
	Items []*Item
}

// symbolsOnly gives participle the token types; the text is scanned by
// scan, whose tokens are fed through ParseFromLexer.
type symbolsOnly struct{}

func (symbolsOnly) Symbols() map[string]lexer.TokenType { return symbols }

func (symbolsOnly) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("fzn: the scanner runs before the parser")
}

// itemParser parses one item at a time from the file's tokens. Its
// lookahead is 0: every choice of the grammar is made on one token, so
// that an error is reported where it is, not where a branch began.
var itemParser = sync.OnceValue(func() *participle.Parser[Item] {
	return participle.MustBuild[Item](participle.Lexer(symbolsOnly{}), participle.UseLookahead(0))
})

// Parse parses FlatZinc text. name labels positions in errors. Errors are
// a lang.ErrorList: the scanner's, or at most one per item.
func Parse(name string, src []byte) (f *File, err error) {
	defer recoverInternal(&err)
	s := newScanner(name, src)
	var errs lang.ErrorList
	f = &File{Name: name}
	for len(s.errs) == 0 && len(errs) < maxErrors {
		item := &itemTokens{s: s}
		lex, err := lexer.Upgrade(item)
		if err != nil {
			return nil, lang.ErrorList{{Msg: "internal error (please report): " + err.Error()}}
		}
		if item.n == 1 && item.atEnd {
			break
		}
		if len(s.errs) > 0 {
			break
		}
		it, e := parseItem(lex, lex.Range(0, lexer.RawCursor(item.n)))
		if e != nil {
			errs = append(errs, e)
			continue
		}
		f.Items = append(f.Items, it)
	}
	if len(s.errs) > 0 { // the tokens after a scanning error are not parsed
		for t, _ := s.Next(); !t.EOF(); t, _ = s.Next() {
		}
		return nil, s.errs
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return f, nil
}

// itemTokens gives participle the scanner's tokens up to the end of one
// item: a ";" outside brackets (an item never holds one inside, but a
// broken one might), then an EOF at its place; or the end of the text.
// Each item is parsed on its own, so that one mistake does not hide the
// next, and only its tokens are held at a time.
type itemTokens struct {
	s     *scanner
	depth int
	n     int // tokens given, the EOF included
	last  lexer.Token
	ended bool // the item's ";" has been given
	atEnd bool // the text has ended
}

func (it *itemTokens) Next() (lexer.Token, error) {
	it.n++
	if it.ended {
		return lexer.EOFToken(it.last.Pos), nil
	}
	t, _ := it.s.Next()
	switch {
	case t.EOF():
		it.atEnd = true
	case t.Type != tokPunct:
	case t.Value == "(" || t.Value == "[" || t.Value == "{":
		it.depth++
	case t.Value == ")" || t.Value == "]" || t.Value == "}":
		it.depth = max(0, it.depth-1)
	case t.Value == ";" && it.depth == 0:
		it.ended = true
	}
	it.last = t
	return t, nil
}

// parseItem parses one item from lex, whose tokens are toks (EOF last).
func parseItem(lex *lexer.PeekingLexer, toks []lexer.Token) (*Item, *lang.Error) {
	it, err := itemParser().ParseFromLexer(lex)
	if err != nil {
		return nil, convertParseError(err, toks)
	}
	return it, nil
}

// convertParseError says participle's error in words. An item that ends
// too early is blamed on the end of its last token.
func convertParseError(err error, toks []lexer.Token) *lang.Error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &lang.Error{Pos: toPos(toks[0].Pos), Msg: err.Error()}
	}
	var ute *participle.UnexpectedTokenError
	if !errors.As(err, &ute) {
		return &lang.Error{Pos: toPos(perr.Position()), Msg: perr.Message()}
	}
	pos := toPos(ute.Unexpected.Pos)
	found := describeToken(ute.Unexpected)
	if ute.Unexpected.EOF() {
		found = "the end of the file (an item ends with \";\")"
		if last := lastReal(toks); last != nil {
			pos = endOf(*last)
		}
	}
	exp := expectedWords(ute.Message())
	if prev := tokenBefore(toks, ute.Unexpected); exp == `";"` && prev != nil && prev.Pos.Line < ute.Unexpected.Pos.Line {
		// a ";" forgotten at the end of a line: say so there
		return &lang.Error{Pos: endOf(*prev), Msg: `expected ";" at the end of the item, found ` + found + " at line " + strconv.Itoa(ute.Unexpected.Pos.Line)}
	}
	switch {
	case exp != "":
	case ute.Unexpected.Pos.Offset == toks[0].Pos.Offset: // no alternative of Item began
		exp = `a type, "constraint", "predicate" or "solve"`
	case isKeyword(&toks[0], "solve") && !isPunct(&ute.Unexpected, "::"):
		exp = `"satisfy", "minimize" or "maximize"`
	case isKeyword(&toks[0], "predicate"): // a parameter after ","
		exp = "a type"
	}
	if exp != "" {
		return &lang.Error{Pos: pos, Msg: "expected " + exp + ", found " + found}
	}
	return &lang.Error{Pos: pos, Msg: "unexpected " + found}
}

// lastReal is the last token of an item that is not EOF, or nil.
func lastReal(toks []lexer.Token) *lexer.Token {
	for i := len(toks) - 1; i >= 0; i-- {
		if !toks[i].EOF() {
			return &toks[i]
		}
	}
	return nil
}

// endOf is the position just after a token.
func endOf(t lexer.Token) lang.Pos {
	pos := toPos(t.Pos)
	pos.Col += len([]rune(t.Value))
	pos.Offset += len(t.Value)
	return pos
}

// tokenBefore returns the token before t in toks, or nil.
func tokenBefore(toks []lexer.Token, t lexer.Token) *lexer.Token {
	for i := 1; i < len(toks); i++ {
		if toks[i].Pos.Offset == t.Pos.Offset && !toks[i].EOF() {
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
	case strings.HasPrefix(exp, "Name"), strings.HasPrefix(exp, "<ident>"):
		return "a name"
	case strings.HasPrefix(exp, "Expr"):
		return "an expression"
	case strings.HasPrefix(exp, "Annotation"):
		return "an annotation"
	case strings.HasPrefix(exp, "BaseType"), strings.HasPrefix(exp, "Type"):
		return "a type"
	case strings.HasPrefix(exp, "IndexSet"):
		return "an index set such as 1..3"
	case strings.HasPrefix(exp, `"`):
		if j := strings.Index(exp[1:], `"`); j >= 0 {
			return exp[:j+2]
		}
	case strings.HasPrefix(exp, "<int>"):
		return "an integer"
	}
	return ""
}

func describeToken(t lexer.Token) string {
	switch {
	case t.EOF():
		return "the end of the file"
	case t.Type == tokPunct && t.Value == ";":
		return "the end of the item"
	case t.Type == tokKeyword:
		return "keyword " + t.Value
	case t.Type == tokIdent:
		return "name " + t.Value
	case t.Type == tokInt, t.Type == tokFloat:
		return "number " + t.Value
	case t.Type == tokString:
		return "string " + t.Value
	}
	return fmt.Sprintf("%q", t.Value)
}

// recoverInternal turns a panic inside the parser into an error, so that
// no input can crash the tool; such an error is a bug to report.
func recoverInternal(err *error) {
	if r := recover(); r != nil {
		*err = lang.ErrorList{{Msg: fmt.Sprintf("internal error (please report): %v", r)}}
	}
}
