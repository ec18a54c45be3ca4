package lang

import (
	"errors"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Participle's side of the parser: the parser of gStmt, for declarations,
// and its errors in the user's words.

type tokenStream struct {
	toks []lexer.Token
	i    int
	stop func() bool // polled every readCheckEvery tokens, if set
}

// errStopped ends the copying of a statement's tokens into participle's
// lexer, which takes a long statement (a data matrix of a million
// numbers) most of its parsing time: a limit or a signal is seen there.
var errStopped = errors.New("reading stopped")

func (t *tokenStream) Next() (lexer.Token, error) {
	if t.stop != nil && t.i%readCheckEvery == readCheckEvery-1 && t.stop() {
		return lexer.Token{}, errStopped
	}
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

// The parser of declarations is built on first use: building it takes
// about a millisecond, which a run without a declaration (csp version, a
// data file) should not pay.
var stmtParser = sync.OnceValue(buildParser[gStmt])

// buildParser builds the participle parser of one production.
func buildParser[T any]() *participle.Parser[T] {
	return participle.MustBuild[T](participle.Lexer(symbolsOnly{}), participle.UseLookahead(lookahead))
}

// parseTokens parses one statement with participle, and insists that it
// ends at the separator. Participle blames a statement with trailing junk
// ("x = 1 2") on an early token, so a failed parse is retried allowing
// trailing tokens, and whichever error lies further in is reported.
func parseTokens[G any](p *participle.Parser[G], toks []lexer.Token, stop func() bool) (*G, *Error) {
	g, _, _, err := parseWith(p, toks, false, stop)
	if err == nil {
		return g, nil
	}
	if errors.Is(err, errStopped) {
		return nil, &Error{Pos: toPos(toks[0].Pos), Msg: err.Error(), Kind: ErrLimit}
	}
	strict := convertParseError(err, toks)
	if _, lex, br, err2 := parseWith(p, toks, true, stop); err2 == nil {
		next := lex.Peek()
		if deeper(br, err, next, toks) {
			strict = br.deep.error(toks)
		}
		if next.Pos.Offset >= strict.Pos.Offset && !isEnd(*next) {
			return nil, &Error{Pos: toPos(next.Pos), Msg: "expected end of statement, found " + describeToken(*next)}
		}
	}
	return nil, strict
}

// deeper reports whether the expression parser, in a statement that
// parsed up to next, remembers a failure deeper than err, participle's
// for the tokens left over (expr_bridge.go).
func deeper(br *bridge, err error, next *lexer.Token, toks []lexer.Token) bool {
	at := tokenIndex(toks, *next)
	if br.deep.tok == nil || br.deepAt <= at {
		return false
	}
	var u *participle.UnexpectedTokenError
	if errors.As(err, &u) && u.Unexpected.Pos == next.Pos && !strings.Contains(u.Message(), "(expected") {
		return true // participle remembers nothing past next
	}
	// At the same depth, the failure remembered inside a part participle
	// took back is the one it keeps.
	var pe participle.Error
	return errors.As(err, &pe) && br.deepAt >= tokenIndex(toks, lexer.Token{Pos: pe.Position()})
}

// tokenIndex is the index in toks of the token at t's position.
func tokenIndex(toks []lexer.Token, t lexer.Token) int {
	return sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= t.Pos.Offset })
}

// parseWith parses toks with participle, trailing tokens allowed or not:
// what it made, its lexer where it stopped, and the bridge of the lexer.
func parseWith[G any](p *participle.Parser[G], toks []lexer.Token, trailing bool, stop func() bool) (*G, *lexer.PeekingLexer, *bridge, error) {
	lex, err := lexer.Upgrade(&tokenStream{toks: toks, stop: stop})
	if err != nil {
		return nil, nil, nil, err
	}
	br, closeBridge := openBridge(lex, bridge{})
	defer closeBridge()
	g, err := p.ParseFromLexer(lex, participle.AllowTrailing(trailing))
	return g, lex, br, err
}

// convertParseError rewords participle's messages in the user's terms.
// A statement that ends too early is blamed on the end of its last token.
func convertParseError(err error, toks []lexer.Token) *Error {
	var se *syntaxError
	if errors.As(err, &se) {
		return se.error(toks)
	}
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &Error{Msg: err.Error()}
	}
	var ute *participle.UnexpectedTokenError
	if !errors.As(err, &ute) {
		if group, ok := strings.CutPrefix(perr.Message(), "too many iterations of "); ok {
			return &Error{Pos: repetitionAt(toks, perr.Position(), group), Msg: tooManyMessage()}
		}
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

// repetitionAt is where participle's group ("," X)* that repeated too
// often, as it reports at pos, reached the limit: its last ",", or the
// name after it for a var, as the expression parser reports it.
func repetitionAt(toks []lexer.Token, pos lexer.Position, group string) Pos {
	depth := 0
	for i := tokenIndex(toks, lexer.Token{Pos: pos}) - 1; i > 0; i-- {
		switch t := &toks[i]; {
		case isPunct(t, ")") || isPunct(t, "]") || isPunct(t, "}"):
			depth++
		case isPunct(t, "(") || isPunct(t, "[") || isPunct(t, "{"):
			depth--
		case isPunct(t, ",") && depth == 0:
			if strings.Contains(group, "GVarName") {
				i++
			}
			return toPos(toks[i].Pos)
		}
	}
	return toPos(pos)
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
	case strings.HasPrefix(exp, "G"), strings.HasPrefix(exp, "gExpr"):
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
