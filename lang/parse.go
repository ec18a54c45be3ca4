package lang

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// parseStmt parses the tokens of one statement. One that starts as an
// expression does is a constraint, read by the expression parser alone;
// the others are declarations, participle's.
//
// stop, if set, is asked now and then while a long declaration is read;
// once it says stop, the statement fails with an error of kind ErrLimit.
func parseStmt(toks []lexer.Token, stop func() bool) (Stmt, *Error) {
	if startsExpr(&toks[0]) {
		p := parser{toks: toks, stuck: -1}
		s, st := p.stmt()
		if err := p.conclude(st, toks); err != nil {
			if h := minizincHint(toks, err); h != nil {
				return nil, h
			}
			return nil, err
		}
		return s, nil
	}
	if t := toks[0]; t.Type == tokKeyword && t.Value == "param" {
		if s, ok := parseParamInParts(toks, stop); ok {
			return s, nil
		}
	}
	g, err := parseTokens(stmtParser(), toks, stop)
	if err != nil {
		if h := minizincHint(toks, err); h != nil {
			return nil, h
		}
		if t := toks[0]; t.Type == tokKeyword && t.Value == "def" {
			if e := defHeadError(toks); e != nil {
				return nil, e
			}
		}
		return nil, err
	}
	return convStmt(g), nil
}

// conclude is the error of a statement or expression that the parser
// read from its first token to st, or nil: as participle tells it, and
// parseTokens words it for a statement with tokens left over.
func (p *parser) conclude(st status, toks []lexer.Token) *Error {
	switch st {
	case failed:
		return p.err.error(toks)
	case none:
		return p.deepest(perr{tok: p.tok()}).error(toks)
	}
	t := p.tok()
	if t.EOF() {
		return nil
	}
	strict := p.deepest(perr{tok: t}).error(toks)
	if t.Pos.Offset >= strict.Pos.Offset && !isEnd(*t) {
		return &Error{Pos: toPos(t.Pos), Msg: "expected end of statement, found " + describeToken(*t)}
	}
	return strict
}

// deepest is the failure to report where the parse stopped at e: the
// deepest failure, if it lies past the position (participle's
// DeepestError).
func (p *parser) deepest(e perr) perr {
	if p.pos >= p.deepAt || p.deep.tok == nil {
		return e
	}
	return p.deep
}

// ParseFile parses a model or data file. Errors are an ErrorList, with at
// most one syntax error per statement: each statement is parsed on its own,
// so one mistake does not hide the next.
func ParseFile(name string, src []byte) (*File, error) {
	f, errs, _ := parsePartial(name, withoutBOM(src), nil, nil)
	if len(errs) > 0 {
		return nil, errs
	}
	return f, nil
}

// broken describes what the statements that failed to parse might have
// declared, so that later stages neither report their names as unknown
// nor evaluate what depends on them.
type broken struct {
	names map[string]bool // names a broken statement would have declared
	// blind is set when a broken declaration's names could not be
	// recovered (or the file was not read to its end): from statement
	// blindFrom of the file on, no name is reported as unknown.
	blind     bool
	blindFrom int
}

func (b *broken) poison(name string) {
	if b.names == nil {
		b.names = map[string]bool{}
	}
	b.names[name] = true
}

func (b *broken) blindAt(i int) {
	if !b.blind || i < b.blindFrom {
		b.blind, b.blindFrom = true, i
	}
}

// merge adds what other knows, its statement indices shifted by offset.
func (b *broken) merge(other broken, offset int) {
	for n := range other.names {
		b.poison(n)
	}
	if other.blind {
		b.blindAt(other.blindFrom + offset)
	}
}

// parsePartial parses what it can of a file: the statements that parse,
// every syntax error, and what the statements that did not parse (or were
// not parsed, for a scanning error in them) would have declared. names is
// recoverDecls for a model, recoverData for a data file, or nil. g, if
// set, bounds the memory and time it takes.
func parsePartial(name string, src []byte, names func([]lexer.Token, *broken) bool, g *guard) (f *File, errs ErrorList, br broken) {
	defer func() {
		if r := recover(); r != nil {
			f = &File{Name: name, Src: src}
			errs = ErrorList{{Msg: fmt.Sprintf("internal error (please report): %v", r)}}
			br = broken{blind: true}
		}
	}()
	toks, errs := scan(name, src, g)
	f = &File{Name: name, Src: src}
	if g.isHalted() {
		return f, errs, broken{blind: true}
	}
	continued := continuationWarnings(toks) // kept for the statements that parse
	defer func() { f.Warnings = inStatements(continued, f.Stmts) }()
	reading := g.reading(name, len(src))
	scanErrs := errs
	var prev []lexer.Token // the statement before, if it parsed
	// After a bracket closed by the wrong one, where statements end is
	// unsure (the rows of a matrix may each seem a statement): the syntax
	// errors of the statements that follow are not reported until one
	// parses.
	damaged := false
	for _, stmt := range splitStatements(toks) {
		end := stmt[len(stmt)-1].Pos.Offset // where its separator was
		if !reading.tick(stmt, &errs) {
			br.blindAt(len(f.Stmts))
			break
		}
		// A statement with a scanning error in it (or in the blanks before
		// it) is not parsed; the statements after it are, so their
		// mistakes are reported in the same run.
		var err *Error
		for len(scanErrs) > 0 && scanErrs[0].Pos.Offset <= end {
			if err == nil {
				err = scanErrs[0]
			}
			scanErrs = scanErrs[1:]
		}
		if err == nil {
			var s Stmt
			if s, err = parseStmt(stmt, reading.stopper(stmt, &errs)); err == nil {
				if e, ok := s.(*EnumDecl); ok {
					f.Stmts = append(f.Stmts, e.Params()...)
				} else {
					f.Stmts = append(f.Stmts, s)
				}
				prev, damaged = stmt, false
				continue
			}
			if err.Kind == ErrLimit {
				br.blindAt(len(f.Stmts))
				break // the limit's own error is in errs
			}
			if !damaged {
				errs = append(errs, err)
			}
		} else {
			damaged = misclosed(stmt)
		}
		if prev != nil && startsWithOperator(stmt) {
			// A line that starts with an operator was meant to continue
			// the statement before, which is left out with it: as it
			// stands it would only give a second error for one mistake.
			f.Stmts = f.Stmts[:len(f.Stmts)-1]
			if names != nil && !names(prev, &br) {
				br.blindAt(len(f.Stmts))
			}
			if names != nil {
				joinedNames(src, prev, &br)
			}
		}
		prev = nil
		if names != nil {
			joinedNames(src, stmt, &br)
		}
		if names != nil && (!names(stmt, &br) || err.Kind == ErrTruncated || !balanced(stmt)) {
			// What it would declare is unknown, or it swallowed the rest
			// of the file (an unclosed bracket, a file not read to its end).
			br.blindAt(len(f.Stmts))
		}
	}
	if names != nil {
		for _, e := range errs {
			if e.Kind == ErrTruncated {
				br.blindAt(len(f.Stmts))
			}
		}
	}
	errs.Sort()
	return f, errs, br
}

// startsWithOperator reports whether a statement starts with an operator
// that needs something on its left.
func startsWithOperator(toks []lexer.Token) bool {
	t := toks[0]
	switch {
	case t.Type == tokPunct:
		switch t.Value {
		case "+", "*", "/", "%", "^", "=", "==", "!=", "<", "<=", ">", ">=", "->", "<->", "..":
			return true
		}
	case t.Type == tokKeyword:
		switch t.Value {
		case "and", "or", "xor", "in", "union", "diff":
			return true
		}
	}
	return false
}

// misclosed reports whether a statement closes a bracket that is not
// open, or with the wrong closer.
func misclosed(toks []lexer.Token) bool {
	var open []string
	for _, t := range toks {
		if t.Type != tokPunct {
			continue
		}
		switch t.Value {
		case "(", "[", "{":
			open = append(open, closerOf[t.Value])
		case ")", "]", "}":
			if len(open) == 0 || open[len(open)-1] != t.Value {
				return true
			}
			open = open[:len(open)-1]
		}
	}
	return false
}

// balanced reports whether every bracket a statement opens is closed.
func balanced(toks []lexer.Token) bool {
	depth := 0
	for _, t := range toks {
		switch {
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			depth++
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			depth = max(0, depth-1)
		}
	}
	return depth == 0
}

// recoverDecls poisons the names that the declarations among toks (tokens
// that did not parse) would have declared: after var, every name outside
// brackets before "in"; after param, before "=". A statement that starts
// with two names is taken for a declaration with a misspelled keyword (vr
// x in 1..3); in one that starts with neither a keyword nor that, every
// name outside brackets is poisoned (par)am n = 3). It reports false when
// a declaration names nothing that can be recovered.
func recoverDecls(toks []lexer.Token, br *broken) bool {
	if t := toks[0]; t.Type == tokKeyword && t.Value == "enum" {
		// An enum: its name and its constants, every name it holds.
		for _, t := range toks[1:] {
			if t.Type == tokIdent {
				br.poison(t.Value)
			}
		}
		return true
	}
	if t := toks[0]; t.Type == tokKeyword && t.Value == "def" {
		// A definition: its name, if it has one.
		if len(toks) > 1 && toks[1].Type == tokIdent {
			br.poison(toks[1].Value)
			return true
		}
		return false
	}
	ok, start, found := true, true, false
	for i, t := range toks {
		atStart := start
		start = t.Type == tokPunct && t.Value == ";"
		decl := t.Type == tokKeyword && (t.Value == "var" || t.Value == "param")
		if !decl && atStart && t.Type == tokIdent && i+1 < len(toks) && toks[i+1].Type == tokIdent {
			decl = true
		}
		if !decl {
			continue
		}
		found = true
		if !declNames(toks[i+1:], t.Value != "var", br) {
			ok = false
		}
	}
	if !found && toks[0].Type != tokKeyword {
		for _, t := range toks {
			if t.Type == tokIdent {
				br.poison(t.Value)
			}
		}
	}
	return ok
}

// joinedNames poisons the names that a stray character may have cut in
// two: "weight" in var weigh)t or var wei@ght.
func joinedNames(src []byte, toks []lexer.Token, br *broken) {
	end := func(t lexer.Token) int { return t.Pos.Offset + len(t.Value) }
	for i := 0; i+1 < len(toks); i++ {
		a := toks[i]
		if a.Type != tokIdent {
			continue
		}
		b := toks[i+1]
		if b.Type != tokIdent && i+2 < len(toks) && end(b) == toks[i+2].Pos.Offset && end(a) == b.Pos.Offset && len(b.Value) <= 2 {
			b = toks[i+2] // one short token between: wei*ght
		}
		if b.Type != tokIdent || b.Pos.Offset-end(a) > 2 || b.Pos.Offset > len(src) {
			continue
		}
		gap := string(src[end(a):b.Pos.Offset])
		if strings.ContainsAny(gap, " \t\r\n#") {
			continue
		}
		br.poison(a.Value + b.Value)
	}
}

// declNames poisons the names outside brackets in toks up to "in" (or
// "=", if atEquals) or the end of the statement, and reports whether there
// was one.
func declNames(toks []lexer.Token, atEquals bool, br *broken) bool {
	found, depth := false, 0
	for _, t := range toks {
		switch {
		case t.EOF(), t.Type == tokPunct && t.Value == ";" && depth == 0:
			return found
		case atEquals && t.Type == tokPunct && t.Value == "=" && depth == 0:
			return found
		case t.Type == tokKeyword && (t.Value == "in" || t.Value == "var" || t.Value == "param"):
			return found
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			depth++
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			depth = max(0, depth-1)
		case t.Type == tokIdent && depth == 0:
			br.poison(t.Value)
			found = true
		}
	}
	return found
}

// recoverData poisons the names that the statements among toks (tokens of
// a data file that did not parse) would have set: the name each statement
// starts with, after param if it is there. It reports false when a
// statement starts with something else.
func recoverData(toks []lexer.Token, br *broken) bool {
	ok, start, depth := true, true, 0
	for i, t := range toks {
		atStart := start
		start = false
		switch {
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			depth++
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			depth = max(0, depth-1)
		case t.Type == tokPunct && t.Value == ";" && depth == 0:
			start = true
		}
		if !atStart || t.EOF() {
			continue
		}
		if t.Type == tokKeyword && t.Value == "param" && i+1 < len(toks) {
			t = toks[i+1]
		}
		if t.Type == tokIdent {
			br.poison(t.Value)
		} else {
			ok = false
		}
	}
	return ok
}

// splitStatements cuts the token stream at the separators outside any
// bracket; each statement ends in an EOF where its separator was. The
// EOF overwrites the separator in place: copying each statement cost an
// allocation per statement, and for one long statement as much memory
// again as its tokens.
func splitStatements(toks []lexer.Token) [][]lexer.Token {
	var out [][]lexer.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch {
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			depth++
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			depth = max(0, depth-1) // a stray closer is a scanning error
		case t.Type == tokPunct && t.Value == ";" && depth == 0, t.EOF() && i > start:
			toks[i] = lexer.EOFToken(t.Pos)
			out = append(out, toks[start:i+1:i+1])
			start = i + 1
		}
	}
	return out
}

// ParseExpr parses a single expression, as given to -p name=value or
// inside a show format string. name labels positions in errors.
func ParseExpr(name string, src []byte) (Expr, error) {
	return parseExprAt(name, src, Pos{File: name, Line: 1, Col: 1})
}

// parseExprAt parses src as if it started at the position at.
func parseExprAt(name string, src []byte, at Pos) (e Expr, err error) {
	defer recoverInternal(&err)
	toks, errs := scan(name, src, nil)
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
	p := parser{toks: stmts[0], stuck: -1}
	e, st := p.expr()
	if err := p.conclude(st, stmts[0]); err != nil {
		return nil, ErrorList{err}
	}
	return e, nil
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

func isEnd(t lexer.Token) bool { return t.EOF() || (t.Type == tokPunct && t.Value == ";") }

func tokenBefore(toks []lexer.Token, t lexer.Token) *lexer.Token {
	for i := range toks {
		if toks[i].Pos.Offset >= t.Pos.Offset && i > 0 && !(toks[i].EOF() && toks[i-1].Pos.Offset >= t.Pos.Offset) {
			return &toks[i-1]
		}
	}
	return nil
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
