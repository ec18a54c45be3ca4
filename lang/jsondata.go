package lang

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// JSON data files, as MiniZinc accepts them: {"n": 8, "puzzle": [[5, 3,
// null, ...], ...]}. A data file whose name ends in .json is read as one
// object whose keys are params; its values become the expressions a .csp
// data file would give them, positioned in the JSON text, so that a
// value of the wrong shape is reported where it stands:
//
//	number         an integer (no fraction or exponent)
//	true, false    1 and 0
//	null           a blank, as "." in a matrix literal
//	[a, b, ...]    a list; a list of lists is a matrix (equal rows)
//	{"set": [...]} a set of integers and [lo, hi] ranges, as MiniZinc

// StdinName names the standard input as a source, as Python's <stdin>.
const StdinName = "<stdin>"

// isJSONData reports whether a data file is read as JSON: by its name,
// or for the standard input, which has none, by its first character (a
// .csp data file never starts with a brace).
func isJSONData(name string, text []byte) bool {
	if name == StdinName {
		return bytes.HasPrefix(bytes.TrimSpace(text), []byte("{"))
	}
	return strings.HasSuffix(strings.ToLower(name), ".json")
}

// jsonReader walks the tokens of a JSON text and knows where each starts.
type jsonReader struct {
	name string
	text []byte
	dec  *json.Decoder
	errs *ErrorList
	// matrices are the lists of lists read so far: a list of them would
	// have three dimensions.
	matrices map[*Matrix]bool
	// at is the position of the last token, from which the next one's
	// is counted: positions come in order, so the text is scanned once.
	at Pos
	// read checks the compile limits every readCheckEvery tokens (nil:
	// none); toks counts them.
	read *readGuard
	toks int
}

// jsonBindings parses a JSON data file into bindings, in the order of its
// keys. It stops at the first malformed token, since nothing after it can
// be trusted.
func jsonBindings(name string, text []byte, errs *ErrorList, g *guard) []*binding {
	r := &jsonReader{name: name, text: text, dec: json.NewDecoder(bytes.NewReader(text)), errs: errs, matrices: map[*Matrix]bool{},
		at: Pos{File: name, Line: 1, Col: 1}, read: g.reading(name, len(text))}
	r.dec.UseNumber()
	start := r.next()
	tok, ok := r.token()
	if !ok {
		return nil
	}
	if d, isDelim := tok.(json.Delim); !isDelim || d != '{' {
		r.errorf(start, "a JSON data file is one object whose keys are params: {\"n\": 8, ...}")
		return nil
	}
	var binds []*binding
	for r.dec.More() {
		keyPos := r.next()
		tok, ok := r.token()
		if !ok {
			return nil
		}
		key := tok.(string) // an object's keys are strings, or the decoder fails
		if !isIdentifier(key) {
			r.errorf(keyPos, "%q is not a param name", key)
			return nil
		}
		keyEnd := r.pos(int(r.dec.InputOffset()))
		v, ok := r.value()
		if !ok {
			return nil
		}
		binds = append(binds, &binding{name: &Ident{Span: Span{Pos: keyPos, End: keyEnd}, Name: key}, value: v, from: "data file"})
	}
	if _, ok := r.token(); !ok { // the closing brace
		return nil
	}
	if end := r.next(); end.Offset < len(text) {
		r.errorf(end, "text after the JSON object")
		return nil
	}
	return binds
}

// value reads one value as an expression.
func (r *jsonReader) value() (Expr, bool) {
	start := r.next()
	tok, ok := r.token()
	if !ok {
		return nil, false
	}
	sp := Span{Pos: start, End: r.pos(int(r.dec.InputOffset()))}
	switch t := tok.(type) {
	case json.Number:
		return r.number(t, sp)
	case bool:
		if t {
			return &IntLit{Span: sp, Text: "1"}, true
		}
		return &IntLit{Span: sp, Text: "0"}, true
	case nil:
		return &Blank{Span: sp}, true
	case string:
		r.errorf(start, "a string is no value of a param: numbers, true, false, null (a blank), lists and {\"set\": [...]}")
		return nil, false
	case json.Delim:
		if t == '[' {
			return r.list(start)
		}
		return r.set(start)
	}
	return nil, false
}

// number reads an integer; the lowering reports one too large at its
// place, as it does in a .csp file.
func (r *jsonReader) number(n json.Number, sp Span) (Expr, bool) {
	text := n.String()
	if strings.ContainsAny(text, ".eE") {
		r.errorAt(sp, "%s is not a whole number: csp's values are integers", text)
		return nil, false
	}
	if digits, neg := strings.CutPrefix(text, "-"); neg {
		inner := &IntLit{Span: Span{Pos: r.pos(sp.Pos.Offset + 1), End: sp.End}, Text: digits}
		return &Unary{Span: sp, Op: "-", X: inner}, true
	}
	return &IntLit{Span: sp, Text: text}, true
}

// list reads [a, b, ...] after its '[': a list, or a matrix when its
// elements are lists.
func (r *jsonReader) list(start Pos) (Expr, bool) {
	var elems []Expr
	for r.dec.More() {
		e, ok := r.value()
		if !ok {
			return nil, false
		}
		elems = append(elems, e)
	}
	if _, ok := r.token(); !ok {
		return nil, false
	}
	m := &Matrix{Span: Span{Pos: start, End: r.pos(int(r.dec.InputOffset()))}, Rows: [][]Expr{}}
	if len(elems) == 0 {
		return m, true
	}
	if _, nested := elems[0].(*Matrix); !nested {
		for _, e := range elems {
			if _, ok := e.(*Matrix); ok {
				r.errorAt(e.span(), "a list mixes values and lists: a matrix is a list of rows, each a list of values")
				return nil, false
			}
		}
		m.Rows = append(m.Rows, elems)
		return m, true
	}
	width := -1
	for _, e := range elems {
		row, ok := e.(*Matrix)
		if !ok || r.matrices[row] {
			r.errorAt(e.span(), "a matrix is a list of rows, each a list of values: csp's arrays have one or two dimensions")
			return nil, false
		}
		var vals []Expr
		if len(row.Rows) == 1 {
			vals = row.Rows[0]
		}
		if width >= 0 && len(vals) != width {
			r.errorAt(e.span(), "this row has %s and the first has %d: the rows of a matrix are as long", plural(len(vals), "value"), width)
			return nil, false
		}
		width = len(vals)
		m.Rows = append(m.Rows, vals)
	}
	r.matrices[m] = true
	return m, true
}

// set reads {"set": [...]} after its '{'.
func (r *jsonReader) set(start Pos) (Expr, bool) {
	keyPos := r.next()
	tok, ok := r.token()
	if !ok {
		return nil, false
	}
	if key, _ := tok.(string); key != "set" {
		r.errorf(keyPos, "an object inside a value is a set: {\"set\": [1, 3, [5, 9]]}")
		return nil, false
	}
	listPos := r.next()
	if tok, ok = r.token(); !ok {
		return nil, false
	}
	if d, isDelim := tok.(json.Delim); !isDelim || d != '[' {
		r.errorf(listPos, "a set's elements are a list: {\"set\": [1, 3, [5, 9]]}")
		return nil, false
	}
	var elems []Expr
	for r.dec.More() {
		e, ok := r.value()
		if !ok {
			return nil, false
		}
		if m, isList := e.(*Matrix); isList {
			if e, ok = r.setRange(m); !ok {
				return nil, false
			}
		}
		elems = append(elems, e)
	}
	if _, ok := r.token(); !ok { // ]
		return nil, false
	}
	if r.dec.More() {
		r.errorf(r.next(), "a set object has the one key \"set\"")
		return nil, false
	}
	if _, ok := r.token(); !ok { // }
		return nil, false
	}
	return &SetLit{Span: Span{Pos: start, End: r.pos(int(r.dec.InputOffset()))}, Elems: elems}, true
}

// setRange turns [lo, hi] in a set into lo..hi.
func (r *jsonReader) setRange(m *Matrix) (Expr, bool) {
	if len(m.Rows) != 1 || len(m.Rows[0]) != 2 {
		r.errorAt(m.Span, "a list in a set is a range [lo, hi]")
		return nil, false
	}
	return &Binary{Span: m.Span, Op: "..", X: m.Rows[0][0], Y: m.Rows[0][1]}, true
}

// token reads the next token, reporting a malformed text at its place;
// false too when a compile limit stops the reading.
func (r *jsonReader) token() (json.Token, bool) {
	if r.toks++; r.toks >= readCheckEvery {
		r.toks = 0
		if !r.read.check(r.next(), r.errs) {
			return nil, false
		}
	}
	tok, err := r.dec.Token()
	if err == nil {
		return tok, true
	}
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		r.errorf(r.pos(int(syntax.Offset)), "malformed JSON: %s", strings.TrimPrefix(syntax.Error(), "invalid character "))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		r.errorf(r.pos(len(r.text)), "the JSON text ends too soon")
	default:
		r.errorf(r.next(), "malformed JSON: %v", err)
	}
	return nil, false
}

// next is the position of the next token: past the white space, commas
// and colons after the decoder's offset.
func (r *jsonReader) next() Pos {
	off := int(r.dec.InputOffset())
	for off < len(r.text) && strings.IndexByte(" \t\r\n,:", r.text[off]) >= 0 {
		off++
	}
	return r.pos(off)
}

// pos converts a byte offset into a position, counting from the last
// one asked for when off is past it (the reader asks in order; counting
// from the start each time made a file of a million numbers take hours).
func (r *jsonReader) pos(off int) Pos {
	off = max(0, min(off, len(r.text)))
	p := r.at
	if off < p.Offset {
		p = Pos{File: r.name, Line: 1, Col: 1}
	}
	part := r.text[p.Offset:off]
	if nl := bytes.LastIndexByte(part, '\n'); nl >= 0 {
		p.Line += bytes.Count(part, []byte{'\n'})
		p.Col = 1 + utf8.RuneCount(part[nl+1:])
	} else {
		p.Col += utf8.RuneCount(part)
	}
	p.Offset = off
	r.at = p
	return p
}

func (r *jsonReader) errorf(p Pos, format string, args ...any) {
	r.errs.Add(p, Pos{}, "%s", fmt.Sprintf(format, args...))
}

// errorAt reports an error under a value's whole span, when it is on one
// line (the caret line underlines one line only).
func (r *jsonReader) errorAt(sp Span, format string, args ...any) {
	end := sp.End
	if end.Line != sp.Pos.Line {
		end = Pos{}
	}
	r.errs.Add(sp.Pos, end, "%s", fmt.Sprintf(format, args...))
}

// addJSONBindings adds the bindings of a JSON data file to binds, as
// collectData adds those of a .csp one. False if the file is malformed.
func addJSONBindings(name string, text []byte, binds map[string]*binding, errs *ErrorList, g *guard) bool {
	before := len(*errs)
	for _, b := range jsonBindings(name, text, errs, g) {
		if prev, ok := binds[b.name.Name]; ok {
			errs.Add(b.name.Pos, b.name.End, "%s is set twice (first at %s)", b.name.Name, prev.name.Pos)
			continue
		}
		binds[b.name.Name] = b
	}
	return len(*errs) == before
}
