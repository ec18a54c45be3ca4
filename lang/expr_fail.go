package lang

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// How the expression parser meets a mistake. It answers as participle
// answers in the productions of grammar.go (its parseContext: Branch,
// Stop, MaybeUpdateError), so that where a statement goes wrong is told
// the same in a declaration as in an expression:
//
//   - A part that may be left out (an operator and its right side, an
//     index, the next element of a row, "for" and its generators) is
//     tried where it could start. If it fails no more than lookahead
//     tokens in, it is taken back and the parse goes on without it:
//     "[x [1 2]]" is a row of two, and in "sum(e for i in S, a)" the
//     ", a" that is no generator is an argument. A failure further in is
//     the statement's error.
//   - Where alternatives begin at the same token (a call or a name, a
//     prefix operator or an operand), one that fails no more than
//     lookahead tokens in sends the parse back to where they began, and
//     the failure goes up to the part around them.
//   - Every failure is remembered with its depth, the position of the
//     parse where it was found. A statement that parses but leaves tokens
//     over is blamed on the deepest failure, where that lies past them:
//     "x = (y + )" is blamed on the missing operand, not on the "=" that
//     is left over once "(y + )" is taken back.

// lookahead is how far in a failed part is still taken back, by
// participle (buildParser) and by the expression parser alike.
const lookahead = 3

// status is what a production made of the tokens at the parser's position.
type status uint8

const (
	ok     status = iota // it matched, and the position is after it
	none                 // it does not start here: the position is unmoved
	failed               // it started and failed: p.err says why
)

// perr is a failure: the token found, and what was expected there in
// words ("" for "unexpected"), or msg for a message of its own.
type perr struct {
	tok    *lexer.Token
	expect string
	msg    string
}

// mark is the parser's state where a part or an alternative begins.
type mark struct {
	pos    int
	deep   perr
	deepAt int
}

func (p *parser) mark() mark { return mark{p.pos, p.deep, p.deepAt} }

// expected fails at the current token, which is not what was expected.
func (p *parser) expected(what string) status {
	p.err = perr{tok: p.tok(), expect: what}
	return failed
}

// record remembers the failure p.err at the current position, unless a
// deeper one is known (MaybeUpdateError, as every production does).
func (p *parser) record() {
	if p.pos >= p.deepAt {
		p.deep, p.deepAt = p.err, p.pos
	}
}

// stop follows a part or alternative begun at from that failed: the
// deepest failure so far is kept, and the failure is fatal when it went
// past the lookahead (participle's Stop).
func (p *parser) stop(from mark) bool {
	switch {
	case p.deepAt > from.deepAt:
	case p.pos >= from.deepAt:
		p.deep, p.deepAt = p.err, max(p.pos, p.deepAt)
	default:
		p.deep, p.deepAt = from.deep, from.deepAt
	}
	if p.pos > from.pos+lookahead {
		p.fatal = true
	}
	return p.fatal
}

// optionFailed follows an optional part begun at from that failed. It
// reports true when the failure is fatal; otherwise the part is taken
// back.
func (p *parser) optionFailed(from mark) bool {
	if p.fatal {
		return true
	}
	if from.pos >= from.deepAt {
		from.deep, from.deepAt = p.err, from.pos
	}
	if p.stop(from) {
		return true
	}
	p.pos = from.pos
	return false
}

// alternativeFailed follows an alternative begun at from that failed: the
// parse goes back to from unless the failure is fatal.
func (p *parser) alternativeFailed(from mark) bool {
	if p.fatal || p.stop(from) {
		return true
	}
	p.pos = from.pos
	return false
}

// noAlternative follows the alternatives begun at from, all of which
// failed or did not start, the one that failed last: the failure goes up
// from where they began.
func (p *parser) noAlternative(from mark) {
	if !p.alternativeFailed(from) {
		p.record()
	}
}

// tooMany fails, at the n-th repetition of a part, once n reaches
// participle.MaxIterations: a longer statement is refused, as in
// participle's productions.
func (p *parser) tooMany(n int) bool {
	if n < participle.MaxIterations {
		return false
	}
	p.failTooMany(p.pos)
	return true
}

// failTooMany fails for too many repetitions, the one at token at.
func (p *parser) failTooMany(at int) {
	p.err = perr{tok: p.at(at), msg: tooManyMessage()}
	p.fatal = true
}

func tooManyMessage() string {
	return fmt.Sprintf("more than %d of one kind in a row here (operands of one operator, elements, names or generators): split the statement", participle.MaxIterations)
}

// error is the failure as the user reads it. toks are the statement's, to
// place a failure at its end after its last token.
func (e perr) error(toks []lexer.Token) *Error {
	pos := toPos(e.tok.Pos)
	if e.msg != "" {
		return &Error{Pos: pos, Msg: e.msg}
	}
	found := describeToken(*e.tok)
	if isEnd(*e.tok) {
		if prev := tokenBefore(toks, *e.tok); prev != nil {
			pos = tokSpan([]lexer.Token{*prev}).End
		}
	}
	if e.expect != "" {
		return &Error{Pos: pos, Msg: "expected " + e.expect + ", found " + found}
	}
	return &Error{Pos: pos, Msg: "unexpected " + found}
}

// syntaxError is a failure handed to participle, by an expression or a
// block parsed inside one of its productions.
type syntaxError struct{ perr }

func (e *syntaxError) Message() string {
	if e.msg != "" {
		return e.msg
	}
	if e.expect != "" {
		return "expected " + e.expect + ", found " + describeToken(*e.tok)
	}
	return "unexpected " + describeToken(*e.tok)
}

func (e *syntaxError) Position() lexer.Position { return e.tok.Pos }
func (e *syntaxError) Error() string            { return participle.FormatError(e) }

// perrOf reads an error of participle, from a statement parsed inside a
// block, as a failure.
func perrOf(err error) perr {
	switch e := err.(type) {
	case *syntaxError:
		return e.perr
	case *participle.UnexpectedTokenError:
		tok := e.Unexpected
		return perr{tok: &tok, expect: expectedWords(e.Message())}
	case participle.Error:
		tok := lexer.Token{Pos: e.Position()}
		return perr{tok: &tok, msg: e.Message()}
	}
	return perr{tok: &lexer.Token{}, msg: err.Error()}
}
