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

type tokenStream struct {
	toks []lexer.Token
	i    int
}

// Next returns the next token, and EOF (at the last one's place) past the
// end: an item's tokens end with its ";", not with an EOF of their own.
func (t *tokenStream) Next() (lexer.Token, error) {
	if t.i >= len(t.toks) {
		return lexer.EOFToken(t.toks[len(t.toks)-1].Pos), nil
	}
	tok := t.toks[t.i]
	t.i++
	return tok, nil
}

// symbolsOnly gives participle the token types; the text is scanned by
// scan, whose tokens are fed through ParseFromLexer.
type symbolsOnly struct{}

func (symbolsOnly) Symbols() map[string]lexer.TokenType { return symbols }

func (symbolsOnly) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("fzn: the scanner runs before the parser")
}

var itemParser = sync.OnceValue(func() *participle.Parser[Item] {
	return participle.MustBuild[Item](participle.Lexer(symbolsOnly{}), participle.UseLookahead(2))
})

// Parse parses FlatZinc text. name labels positions in errors. Errors are
// a lang.ErrorList, at most one per item: each item is parsed on its own.
func Parse(name string, src []byte) (f *File, err error) {
	defer recoverInternal(&err)
	toks, errs := scan(name, src)
	if len(errs) > 0 {
		return nil, errs
	}
	f = &File{Name: name}
	for _, item := range splitItems(toks) {
		it, e := parseItem(item)
		if e != nil {
			if errs = append(errs, e); len(errs) >= maxErrors {
				break
			}
			continue
		}
		f.Items = append(f.Items, it)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return f, nil
}

// splitItems cuts the tokens after each ";" outside brackets (an item
// never holds one, but a broken one might). The last run, which has no
// ";" if the file is cut short, ends with the EOF token.
func splitItems(toks []lexer.Token) [][]lexer.Token {
	var out [][]lexer.Token
	start, depth := 0, 0
	for i, t := range toks {
		switch {
		case t.EOF():
			if i > start {
				out = append(out, toks[start:i+1:i+1])
			}
		case t.Type != tokPunct:
		case t.Value == "(" || t.Value == "[" || t.Value == "{":
			depth++
		case t.Value == ")" || t.Value == "]" || t.Value == "}":
			depth = max(0, depth-1)
		case t.Value == ";" && depth == 0:
			out = append(out, toks[start:i+1:i+1]) // the stream adds an EOF
			start = i + 1
		}
	}
	return out
}

// parseItem parses the tokens of one item, ";" and EOF included.
func parseItem(toks []lexer.Token) (*Item, *lang.Error) {
	if fastParse {
		if it, ok := fastItem(toks); ok {
			return it, nil
		}
	}
	lex, err := lexer.Upgrade(&tokenStream{toks: toks})
	if err != nil {
		return nil, &lang.Error{Pos: toPos(toks[0].Pos), Msg: err.Error()}
	}
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
