package fzn

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/csp-lang/csp/lang"
)

// Token types given to participle. Reserved words have their own type, so
// that @Ident never captures one.
const (
	tokIdent lexer.TokenType = -(iota + 2)
	tokInt
	tokFloat
	tokString
	tokKeyword
	tokPunct
)

var symbols = map[string]lexer.TokenType{
	"EOF":     lexer.EOF,
	"Ident":   tokIdent,
	"Int":     tokInt,
	"Float":   tokFloat,
	"String":  tokString,
	"Keyword": tokKeyword,
	"Punct":   tokPunct,
}

// reserved are the words FlatZinc reserves (the MiniZinc keywords): none
// can name a variable, a parameter or a predicate.
var reserved = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`annotation any array bool case constraint diff div
		else elseif endif enum false float function if in include int intersect let list
		maximize minimize mod not of satisfy subset superset output par predicate record
		set solve string symdiff test then true tuple union type var where xor`) {
		reserved[k] = true
	}
}

// maxErrors bounds the errors kept for one file: a file of binary garbage
// would otherwise produce millions.
const maxErrors = 20

// scanner turns FlatZinc text into tokens: it is the lexer.Lexer that
// participle's PeekingLexer reads from. It is hand-written, as lang's is:
// FlatZinc files run to millions of tokens, and a regular-expression
// lexer spends most of its time on them. Its errors are collected, not
// returned: the tokens it gives after one are not parsed.
type scanner struct {
	file  string
	src   string
	off   int
	line  int
	col   int
	tok   lexer.Token
	ready bool // tok holds the next token
	count int  // tokens given, EOF included
	errs  lang.ErrorList
}

func newScanner(file string, src []byte) *scanner {
	s := &scanner{file: file, src: string(src), line: 1, col: 1}
	if strings.HasPrefix(s.src, "\uFEFF") {
		s.off = 3
	}
	return s
}

// Next returns the next token, EOF at the end of the text or after
// maxErrors errors.
func (s *scanner) Next() (lexer.Token, error) {
	for !s.ready && s.off < len(s.src) && len(s.errs) < maxErrors {
		s.step()
	}
	s.count++
	if !s.ready {
		return lexer.EOFToken(s.pos()), nil
	}
	s.ready = false
	return s.tok, nil
}

func (s *scanner) pos() lexer.Position {
	return lexer.Position{Filename: s.file, Offset: s.off, Line: s.line, Column: s.col}
}

func (s *scanner) errorf(p lexer.Position, format string, args ...any) {
	s.errs = append(s.errs, &lang.Error{Pos: toPos(p), Msg: fmt.Sprintf(format, args...)})
}

// advance moves over n bytes that hold no newline.
func (s *scanner) advance(n int) {
	s.col += utf8.RuneCountInString(s.src[s.off : s.off+n])
	s.off += n
}

func (s *scanner) emit(typ lexer.TokenType, start lexer.Position, value string) {
	s.tok, s.ready = lexer.Token{Type: typ, Value: value, Pos: start}, true
}

// step scans one token, blank or comment.
func (s *scanner) step() {
	c := s.src[s.off]
	switch {
	case c == '\n':
		s.off++
		s.line++
		s.col = 1
	case c == ' ' || c == '\t' || c == '\r':
		s.off++
		s.col++
	case c == '%':
		end := strings.IndexByte(s.src[s.off:], '\n')
		if end < 0 {
			end = len(s.src) - s.off
		}
		s.advance(end)
	case c == '/' && strings.HasPrefix(s.src[s.off:], "/*"):
		s.blockComment()
	case isLetter(c) || c == '_':
		s.word()
	case isDigit(c) || c == '-' && s.off+1 < len(s.src) && isDigit(s.src[s.off+1]):
		s.number()
	case c == '"':
		s.str()
	default:
		s.punct()
	}
}

func (s *scanner) blockComment() {
	start := s.pos()
	end := strings.Index(s.src[s.off+2:], "*/")
	if end < 0 {
		s.errorf(start, "the comment is never closed")
		s.off = len(s.src)
		return
	}
	for _, r := range s.src[s.off : s.off+2+end+2] {
		if r == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
	}
	s.off += 2 + end + 2
}

func (s *scanner) word() {
	start := s.pos()
	i := s.off
	for i < len(s.src) && (isLetter(s.src[i]) || isDigit(s.src[i]) || s.src[i] == '_') {
		i++
	}
	w := s.src[s.off:i]
	s.advance(i - s.off)
	if reserved[w] {
		s.emit(tokKeyword, start, w)
	} else {
		s.emit(tokIdent, start, w)
	}
}

// number scans an int or float literal. Ints are given to the parser in
// decimal, whatever their base, so that it reads them with one call.
func (s *scanner) number() {
	start := s.pos()
	i := s.off
	if s.src[i] == '-' {
		i++
	}
	base := 10
	if strings.HasPrefix(s.src[i:], "0x") && i+2 < len(s.src) && isHex(s.src[i+2]) {
		base, i = 16, i+2
	} else if strings.HasPrefix(s.src[i:], "0o") && i+2 < len(s.src) && isOctal(s.src[i+2]) {
		base, i = 8, i+2
	}
	body := i
	for i < len(s.src) && (base == 16 && isHex(s.src[i]) || base == 8 && isOctal(s.src[i]) || base == 10 && isDigit(s.src[i])) {
		i++
	}
	float := false
	if base == 10 {
		// 1..5 is a range: a float needs a digit after its point.
		if i+1 < len(s.src) && s.src[i] == '.' && isDigit(s.src[i+1]) {
			float = true
			for i++; i < len(s.src) && isDigit(s.src[i]); i++ {
			}
		}
		if j := exponentEnd(s.src, i); j > i {
			float, i = true, j
		}
	}
	text := s.src[s.off:i]
	s.advance(i - s.off)
	if i < len(s.src) && (isLetter(s.src[i]) || s.src[i] == '_') {
		s.errorf(s.pos(), "unexpected %q after the number %s", s.src[i], text)
		return
	}
	if float {
		s.emit(tokFloat, start, text)
		return
	}
	if base == 10 {
		if _, err := strconv.ParseInt(text, 10, 64); err == nil {
			s.emit(tokInt, start, text)
			return
		}
	}
	n, ok := new(big.Int).SetString(s.src[body:i], base)
	if ok && text[0] == '-' {
		n.Neg(n)
	}
	if !ok || !n.IsInt64() {
		s.errorf(start, "the integer %s does not fit in 64 bits", text)
		return
	}
	s.emit(tokInt, start, n.String())
}

// exponentEnd returns the end of an exponent (e+12) starting at i, or i.
func exponentEnd(src string, i int) int {
	if i >= len(src) || src[i] != 'e' && src[i] != 'E' {
		return i
	}
	j := i + 1
	if j < len(src) && (src[j] == '+' || src[j] == '-') {
		j++
	}
	if j >= len(src) || !isDigit(src[j]) {
		return i
	}
	for j < len(src) && isDigit(src[j]) {
		j++
	}
	return j
}

func (s *scanner) str() {
	start := s.pos()
	i := s.off + 1
	for i < len(s.src) && s.src[i] != '"' && s.src[i] != '\n' {
		if s.src[i] == '\\' && i+1 < len(s.src) && s.src[i+1] != '\n' {
			i++
		}
		i++
	}
	if i >= len(s.src) || s.src[i] != '"' {
		s.errorf(start, "the string is never closed on its line")
		s.advance(i - s.off)
		return
	}
	text := s.src[s.off : i+1]
	s.advance(i + 1 - s.off)
	s.emit(tokString, start, text)
}

var puncts = []string{"..", "::", ":", ";", ",", "(", ")", "[", "]", "{", "}", "="}

func (s *scanner) punct() {
	start := s.pos()
	for _, p := range puncts {
		if strings.HasPrefix(s.src[s.off:], p) {
			s.advance(len(p))
			s.emit(tokPunct, start, p)
			return
		}
	}
	r, size := utf8.DecodeRuneInString(s.src[s.off:])
	if r == utf8.RuneError && size == 1 {
		s.errorf(start, "unexpected byte 0x%02x: FlatZinc is UTF-8 text", s.src[s.off])
	} else {
		s.errorf(start, "unexpected character %q", r)
	}
	s.advance(size)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isOctal(c byte) bool  { return c >= '0' && c <= '7' }

func toPos(p lexer.Position) lang.Pos {
	return lang.Pos{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
}
