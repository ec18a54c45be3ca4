package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types given to participle. Keywords have their own type so that
// @Ident never captures one.
const (
	tokIdent lexer.TokenType = -(iota + 2)
	tokInt
	tokString
	tokKeyword
	tokPunct
)

var symbols = map[string]lexer.TokenType{
	"EOF":     lexer.EOF,
	"Ident":   tokIdent,
	"Int":     tokInt,
	"String":  tokString,
	"Keyword": tokKeyword,
	"Punct":   tokPunct,
}

var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`param var in forall exists and or not xor union diff
		show minimize maximize search for where if then else end def enum`) {
		keywords[k] = true
	}
}

// Punctuation, longest first so that ".." wins over ".".
var puncts = []string{"<->", "..", "->", "++", "<=", ">=", "==", "!=",
	"+", "-", "*", "/", "%", "^", "=", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "_"}

// A line that ends with one of these continues on the next line.
var continuesLine = map[string]bool{}

// punctsAt lists the puncts by their first byte, in the order of puncts
// (longest first), so that punct tries only those that may match.
var punctsAt [256][]string

func init() {
	for _, p := range puncts {
		punctsAt[p[0]] = append(punctsAt[p[0]], p)
	}
	for _, s := range strings.Fields(`+ - * / % ^ = == != < <= > >= -> <-> .. , : { [ (
		++ and or xor not in union diff where then else`) {
		continuesLine[s] = true
	}
}

// These nest what follows them (right-associative operators, if,
// quantifiers): a statement may hold at most maxNesting of them.
func nestsWithoutBrackets(v string) bool {
	switch v {
	case "if", "forall", "exists", "->", "<->", "^":
		return true
	}
	return false
}

// A newline right before one of these separates nothing.
var joinsPrevious = map[string]bool{")": true, "]": true, "}": true, "then": true, "else": true, "end": true, "where": true, "for": true}

// maxScanErrors bounds the errors kept for one file: a file of binary
// garbage would otherwise produce millions.
const maxScanErrors = 50

// Limits on nesting, so that no input can exhaust the parser's stack:
// brackets open at once, and prefix operators (- and not) in a row.
const (
	maxNesting = 500
	maxPrefix  = 500
)

// scanner turns source text into tokens. It is hand-written because the
// statement separator depends on context: a newline ends a statement, or a
// row of a matrix inside [ ], except inside ( ), after an operator or an
// opening bracket, or before a closing one. Every separator it emits is a
// ";" token, and a final one ends the last statement.
type scanner struct {
	file   string
	src    string
	off    int
	line   int
	col    int
	toks   []lexer.Token
	parens []lexer.Token // open brackets
	prefix int           // - and not tokens in a row
	nested int           // tokens that nest without brackets in this statement
	errs   ErrorList
	fatal  bool   // a limit was passed: stop scanning
	guard  *guard // memory and stop limits, checked every readCheckEvery tokens

	counting bool // only count the tokens: keep the last few (countTokens)
	counted  int  // the tokens dropped while counting
}

// countAbove is the size of a file whose tokens are counted before they
// are made: growing the slice of millions of tokens, which the collector
// scans whole each time, took three times as long as counting first.
const countAbove = 256 << 10

// scan turns src into tokens; g, if set, bounds the memory and time: a
// file whose tokens would not fit is refused before they are made.
func scan(file string, src []byte, g *guard) ([]lexer.Token, ErrorList) {
	room := len(src)/4 + 8 // a guess, for a small file
	if len(src) > countAbove || !g.fits(int64(len(src))) {
		n := countTokens(file, src)
		if !g.fits(int64(n)) {
			return nil, g.refuseFile(file, n)
		}
		room = n + 8
	}
	s := &scanner{file: file, src: string(src), line: 1, col: 1, toks: make([]lexer.Token, 0, room), guard: g}
	s.run()
	s.errs.Sort()
	return joinKeywords(s.toks), s.errs
}

// countTokens scans src only to count its tokens, keeping the last few
// that scanning looks back on. It may count a few separators that scan
// would drop.
func countTokens(file string, src []byte) int {
	s := &scanner{file: file, src: string(src), line: 1, col: 1, toks: make([]lexer.Token, 0, countWindow+8), counting: true}
	s.run()
	return s.counted + len(s.toks)
}

// countWindow is how many tokens counting keeps before it drops them.
const countWindow = 4096

func (s *scanner) pos() lexer.Position {
	return lexer.Position{Filename: s.file, Offset: s.off, Line: s.line, Column: s.col}
}

func (s *scanner) errorf(p lexer.Position, format string, args ...any) {
	if len(s.errs) < maxScanErrors {
		s.errs.Add(toPos(p), Pos{}, format, args...)
	}
}

func (s *scanner) advance(n int) {
	for _, r := range s.src[s.off : s.off+n] {
		if r == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
	}
	s.off += n
}

func (s *scanner) run() {
	for s.off < len(s.src) && len(s.errs) < maxScanErrors && !s.fatal {
		s.step()
	}
	if len(s.errs) >= maxScanErrors {
		s.errs = append(s.errs, &Error{Pos: toPos(s.pos()), Msg: "too many errors: the rest of the file was not read", Kind: ErrTruncated})
		s.fatal = true
	}
	s.newline()
	for _, open := range s.parens {
		if s.fatal {
			break
		}
		s.errorf(open.Pos, "%q is never closed", open.Value)
	}
	s.toks = append(s.toks, lexer.EOFToken(s.pos()))
}

var closerOf = map[string]string{"(": ")", "[": "]", "{": "}"}

func (s *scanner) closeBracket(t lexer.Token) {
	if len(s.parens) == 0 {
		s.errorf(t.Pos, "unexpected %q: no bracket is open", t.Value)
		return
	}
	open := s.parens[len(s.parens)-1]
	s.parens = s.parens[:len(s.parens)-1]
	if want := closerOf[open.Value]; want != t.Value {
		s.errorf(t.Pos, "expected %q to close the %q opened at %d:%d, found %q",
			want, open.Value, open.Pos.Line, open.Pos.Column, t.Value)
	}
}

// step scans one token, blank or comment.
func (s *scanner) step() {
	c := s.src[s.off]
	switch {
	case c == '\n':
		s.newline()
		s.advance(1)
	case c == ' ' || c == '\t' || c == '\r' || c == '\f':
		s.advance(1)
	case c == '#':
		for s.off < len(s.src) && s.src[s.off] != '\n' {
			s.advance(1)
		}
	case c >= '0' && c <= '9':
		s.number()
	case c == '"':
		s.str()
	case isIdentStart(s.src[s.off:]):
		s.ident()
	default:
		s.punct()
	}
}

func isIdentStart(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	if r == '_' {
		// A lone "_" is a blank; "_x" is a name.
		r2, _ := utf8.DecodeRuneInString(rest[1:])
		return len(rest) > 1 && isIdentRune(r2)
	}
	return unicode.IsLetter(r)
}

func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func (s *scanner) emit(typ lexer.TokenType, n int) {
	if s.counting && len(s.toks) >= countWindow {
		// Scanning looks back two tokens at most.
		s.counted += len(s.toks) - 2
		s.toks = s.toks[:copy(s.toks, s.toks[len(s.toks)-2:])]
	}
	if len(s.toks) == cap(s.toks) {
		// Double: append grows a large slice by a quarter, which for
		// millions of tokens copies them five times over.
		s.toks = append(make([]lexer.Token, 0, 2*cap(s.toks)+8), s.toks...)
	}
	p := s.pos()
	if s.guard != nil && len(s.toks)%readCheckEvery == readCheckEvery-1 {
		if why := s.guard.exceeded("reading this line"); why != "" {
			s.guard.stop(&s.errs, Span{Pos: toPos(p)}, "%s", why)
			s.fatal = true
		}
	}
	s.toks = append(s.toks, lexer.Token{Type: typ, Value: s.src[s.off : s.off+n], Pos: p})
	s.advance(n)
	if v := s.toks[len(s.toks)-1].Value; (typ == tokPunct && v == "-") || (typ == tokKeyword && v == "not") {
		if s.prefix++; s.prefix > maxPrefix {
			s.errorf(p, "more than %d - or not in a row", maxPrefix)
			s.fatal = true
		}
	} else {
		s.prefix = 0
	}
	if (typ == tokPunct || typ == tokKeyword) && nestsWithoutBrackets(s.toks[len(s.toks)-1].Value) {
		if s.nested++; s.nested > maxNesting {
			s.errorf(p, "expression nested more than %d deep", maxNesting)
			s.fatal = true
		}
	}
	if typ == tokPunct {
		s.track(s.toks[len(s.toks)-1])
	}
}

func (s *scanner) ident() {
	n := 0
	for s.off+n < len(s.src) {
		r, size := utf8.DecodeRuneInString(s.src[s.off+n:])
		if !isIdentRune(r) {
			break
		}
		n += size
	}
	typ := tokIdent
	if keywords[s.src[s.off:s.off+n]] {
		typ = tokKeyword
	}
	s.emit(typ, n)
}

func (s *scanner) number() {
	n := 0
	for s.off+n < len(s.src) && (isDigit(s.src[s.off+n]) || s.src[s.off+n] == '_') {
		n++
	}
	s.emit(tokInt, n)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (s *scanner) str() {
	start := s.pos()
	n := 1
	for {
		if s.off+n >= len(s.src) || s.src[s.off+n] == '\n' {
			s.errorf(start, "string not terminated")
			s.advance(n)
			return
		}
		c := s.src[s.off+n]
		if c == '\\' && s.off+n+1 < len(s.src) {
			n += 2
			continue
		}
		n++
		if c == '"' {
			break
		}
	}
	s.emit(tokString, n)
}

func (s *scanner) punct() {
	rest := s.src[s.off:]
	if strings.HasPrefix(rest, `/\`) || strings.HasPrefix(rest, `\/`) {
		word := map[bool]string{true: "and", false: "or"}[rest[0] == '/']
		p := toPos(s.pos())
		end := p
		end.Offset, end.Col = p.Offset+2, p.Col+2
		if len(s.errs) < maxScanErrors {
			s.errs.Add(p, end, "unexpected %s: csp writes the logical operators as and, or, not (%s is %s)", rest[:2], rest[:2], word)
		}
		s.advance(2)
		return
	}
	for _, p := range punctsAt[rest[0]] {
		if strings.HasPrefix(rest, p) {
			s.emit(tokPunct, len(p))
			return
		}
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case r == utf8.RuneError && size == 1:
		s.errorf(s.pos(), "invalid UTF-8 encoding")
	case r == 0:
		s.errorf(s.pos(), "illegal character NUL")
	case r == '&' || r == '|' || r == '!':
		s.errorf(s.pos(), "unexpected %q: csp writes the logical operators as and, or, not", string(r))
		if len(rest) > 1 && rest[1] == rest[0] { // && or ||: one mistake
			size = 2
		}
	case unicode.IsPrint(r):
		s.errorf(s.pos(), "unexpected character %q", string(r))
	default:
		s.errorf(s.pos(), "unexpected character %U", r)
	}
	s.advance(size)
}

// track keeps the stack of open brackets, so a newline knows its context.
func (s *scanner) track(t lexer.Token) {
	switch t.Value {
	case "(", "[", "{":
		s.parens = append(s.parens, t)
		if len(s.parens) > maxNesting {
			s.errorf(t.Pos, "brackets nested more than %d deep", maxNesting)
			s.fatal = true
		}
	case ")", "]", "}":
		s.dropSeparatorBefore()
		s.closeBracket(t)
	case ";":
		s.dropRepeatedSeparator()
		if len(s.parens) == 0 {
			s.nested = 0
		}
	}
}

// newline turns a line end into a separator where it ends something.
func (s *scanner) newline() {
	if len(s.parens) > 0 && s.parens[len(s.parens)-1].Value == "(" {
		return
	}
	if len(s.toks) == 0 {
		return
	}
	last := s.toks[len(s.toks)-1]
	if last.Value == ";" || (last.Type != tokString && continuesLine[last.Value]) {
		return
	}
	s.toks = append(s.toks, lexer.Token{Type: tokPunct, Value: ";", Pos: s.pos()})
	if len(s.parens) == 0 {
		s.nested = 0
	}
}

// dropSeparatorBefore removes a separator just before a closing bracket.
func (s *scanner) dropSeparatorBefore() {
	n := len(s.toks) - 1 // the closing bracket itself
	if n > 0 && s.toks[n-1].Value == ";" {
		s.toks = append(s.toks[:n-1], s.toks[n])
	}
}

// dropRepeatedSeparator keeps one separator out of a run, and none at the
// start of the file or right after an opening bracket.
func (s *scanner) dropRepeatedSeparator() {
	n := len(s.toks) - 1
	if n == 0 {
		s.toks = s.toks[:0]
		return
	}
	switch prev := s.toks[n-1]; {
	case prev.Type == tokPunct && (prev.Value == ";" || prev.Value == "[" || prev.Value == "{" || prev.Value == "("):
		s.toks = s.toks[:n]
	}
}

// joinKeywords is applied after scanning: a separator before then, else,
// end, where or for joins the lines.
func joinKeywords(toks []lexer.Token) []lexer.Token {
	out := toks[:0]
	for i, t := range toks {
		if t.Value == ";" && t.Type == tokPunct && i+1 < len(toks) && toks[i+1].Type == tokKeyword && joinsPrevious[toks[i+1].Value] {
			continue
		}
		out = append(out, t)
	}
	return out
}

func toPos(p lexer.Position) Pos {
	return Pos{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
}
