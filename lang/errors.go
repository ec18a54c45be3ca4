package lang

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Pos is a position in a source file: 1-based line and column, the column
// counted in characters (runes), and the byte offset.
type Pos struct {
	File   string
	Offset int
	Line   int
	Col    int
}

func (p Pos) String() string {
	if p.Line == 0 { // the whole file
		return p.File
	}
	if p.File == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is a problem with a model or data file, at a position. End, if
// set, marks the end of the offending span on the same line so the caret
// can underline all of it.
type Error struct {
	Pos  Pos
	End  Pos
	Msg  string
	Kind ErrorKind
	// Notes say how lowering got there: for an error inside a
	// definition's body, the call that expanded it (the innermost first).
	Notes []Note

	gens []genValue // the generator values in scope when it was found
}

// Note is a second place an error involves: the call of a definition
// whose body the error is in.
type Note struct {
	Pos, End Pos
	What     string // "the call box(r, c)", "the use of total"
	With     string // the generator values the call's arguments use, "r = 1, c = 4"; or ""
}

// line is the note as a line of its own, after its place.
func (n Note) line() string {
	s := "in " + n.What
	if n.With != "" {
		s += ", with " + n.With
	}
	return s
}

// ErrorKind sorts errors that a caller may treat specially.
type ErrorKind uint8

// Kinds of error.
const (
	ErrOther         ErrorKind = iota
	ErrMissingParam            // a param has no value: data may still come
	ErrTruncated               // the file was not read to its end
	ErrLimit                   // a limit (memory, a stop request) ended compiling
	WarnContinuation           // a warning: a continuation line that reads as a statement

	// errSymbolic: raised while lowering a batch model once, by a
	// statement that uses the batch param (see lowerer.taint); the batch
	// then lowers every line instead.
	errSymbolic ErrorKind = 255
)

// HitLimit reports whether err says a limit (memory, a stop request)
// ended compiling.
func HitLimit(err error) bool {
	list, _ := err.(ErrorList)
	for _, e := range list {
		if e.Kind == ErrLimit {
			return true
		}
	}
	return false
}

// OnlyMissingParams reports whether err consists only of params without
// a value, and lists them.
func OnlyMissingParams(err error) ([]string, bool) {
	list, ok := err.(ErrorList)
	if !ok || len(list) == 0 {
		return nil, false
	}
	var names []string
	for _, e := range list {
		if e.Kind != ErrMissingParam {
			return nil, false
		}
		names = append(names, strings.Fields(e.Msg)[1])
	}
	return names, true
}

// Error is the error on one line; its notes, if any, follow in brackets.
func (e *Error) Error() string {
	s := e.Pos.String() + ": " + shortMessage(e.Msg)
	for _, n := range e.Notes {
		s += " (in " + shortMessage(n.What) + " at " + n.Pos.String()
		if n.With != "" {
			s += ", with " + n.With
		}
		s += ")"
	}
	return s
}

// Messages quote names and source text. A name of a million characters
// is shortened to its ends, and a message to maxMessage characters, so
// that one mistake never prints megabytes.
const (
	maxWord    = 60
	maxMessage = 1000
)

func shortMessage(msg string) string {
	if len(msg) <= maxWord {
		return msg
	}
	words := strings.SplitAfter(msg, " ")
	for i, w := range words {
		if r := []rune(w); len(r) > maxWord {
			words[i] = string(r[:maxWord-20]) + "…" + string(r[len(r)-19:])
		}
	}
	msg = strings.Join(words, "")
	if r := []rune(msg); len(r) > maxMessage {
		msg = string(r[:maxMessage-1]) + "…"
	}
	return msg
}

// ErrorList collects errors; its Err method is nil when it is empty.
type ErrorList []*Error

// MaxReported is how many errors are printed before "and N more".
const MaxReported = 20

// Add appends an error.
func (l *ErrorList) Add(pos, end Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, End: end, Msg: fmt.Sprintf(format, args...)})
}

// Sort orders the errors by file, line and column and drops repeats: the
// same message at the same place.
func (l *ErrorList) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i].Pos, s[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	out := s[:0]
	group := 0 // where the errors at e's position start in out
	for _, e := range s {
		if group < len(out) && out[group].Pos != e.Pos {
			group = len(out)
		}
		repeat := false
		for _, o := range out[group:] {
			repeat = repeat || o.Msg == e.Msg
		}
		if !repeat {
			out = append(out, e)
		}
	}
	*l = groupRepeats(out)
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns the list as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Sources maps a file name to its text, so errors can quote their line.
type Sources map[string][]byte

// PrintErrors writes each error as "file:line:col: message", then the
// source line and a caret under the offending span. At most MaxReported
// errors are printed, then a count of the rest.
func PrintErrors(w io.Writer, err error, src Sources) {
	Style{}.PrintErrors(w, err, src)
}

// Style marks up the parts of printed errors, for a terminal's colours
// say: each function gets a part's text and returns it marked up. A nil
// function, as in the zero Style, leaves its part plain.
type Style struct {
	Place   func(string) string // "file:line:col:" of an error or a note
	Message func(string) string // an error's message
	Caret   func(string) string // the carets under an error's span
	Note    func(string) string // a note's text, and the carets under its span
}

func apply(f func(string) string, s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

// PrintErrors is the package's PrintErrors, with the parts marked up.
func (st Style) PrintErrors(w io.Writer, err error, src Sources) {
	list, ok := err.(ErrorList)
	if !ok {
		if e, ok := err.(*Error); ok {
			list = ErrorList{e}
		} else {
			fmt.Fprintln(w, err)
			return
		}
	}
	var truncated *Error
	shown := 0
	for _, e := range list {
		if e.Kind == ErrTruncated {
			truncated = e
			continue
		}
		if shown++; shown > MaxReported {
			continue
		}
		fmt.Fprintln(w, apply(st.Place, e.Pos.String()+":")+" "+apply(st.Message, shortMessage(e.Msg)))
		if text, ok := src[e.Pos.File]; ok {
			fmt.Fprint(w, snippet(text, e.Pos, e.End, st.Caret))
		}
		for _, n := range e.Notes {
			fmt.Fprintln(w, apply(st.Place, n.Pos.String()+":")+" "+apply(st.Note, shortMessage(n.line())))
			if text, ok := src[n.Pos.File]; ok {
				fmt.Fprint(w, snippet(text, n.Pos, n.End, st.Note))
			}
		}
	}
	if shown > MaxReported {
		fmt.Fprintf(w, "and %d more errors\n", shown-MaxReported)
	}
	if truncated != nil {
		fmt.Fprintln(w, truncated.Error())
	}
}

// PrintAtLine writes e as PrintErrors does, with line as the text of
// e.Pos.Line: for a line read from a stream, whose file is not kept.
func (st Style) PrintAtLine(w io.Writer, e *Error, line string) {
	fmt.Fprintln(w, apply(st.Place, e.Pos.String()+":")+" "+apply(st.Message, shortMessage(e.Msg)))
	one := func(p Pos) Pos { p.Line = min(p.Line, 1); return p }
	fmt.Fprint(w, snippet([]byte(strings.TrimRight(line, "\r\n")), one(e.Pos), one(e.End), st.Caret))
}

// snippet returns the source line of pos, indented by four spaces, and a
// line with carets under the span pos..end (one caret if end is unset or on
// another line). Tabs are expanded so the caret lines up.
func snippet(src []byte, pos, end Pos, caret func(string) string) string {
	if pos.Line == 0 {
		return ""
	}
	line := sourceLine(src, pos.Line)
	if line == "" && pos.Line > 0 && pos.Col <= 1 {
		return ""
	}
	// []rune makes each invalid byte one U+FFFD, one column, as the
	// lexer and a batch line count them (ToValidUTF8 would make a run of
	// them one, and the caret would land past its place).
	const maxWidth = 200
	runes := []rune(line)
	start := pos.Col - 1
	width := 1
	if end.Line == pos.Line && end.Col > pos.Col {
		width = end.Col - pos.Col
	}
	// Very long lines (a 1 MB single line) are cut around the caret.
	offset := 0
	if len(runes) > maxWidth {
		offset = max(0, min(start-maxWidth/2, len(runes)-maxWidth))
		runes = runes[offset:min(len(runes), offset+maxWidth)]
		start -= offset
	}
	var text, pad strings.Builder
	for i, r := range runes {
		switch {
		case r == '\t':
			text.WriteString("    ")
			if i < start {
				pad.WriteString("    ")
			}
		case r < ' ' || r == 0x7f:
			text.WriteRune('\uFFFD')
			if i < start {
				pad.WriteByte(' ')
			}
		default:
			text.WriteRune(r)
			if i < start {
				pad.WriteByte(' ')
			}
		}
	}
	if start > len(runes) {
		pad.WriteString(strings.Repeat(" ", start-len(runes)))
	}
	width = max(1, min(width, len(runes)-start))
	return "    " + text.String() + "\n    " + pad.String() + apply(caret, strings.Repeat("^", width)) + "\n"
}

func sourceLine(src []byte, n int) string {
	for i := 1; i < n; i++ {
		j := indexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := indexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimRight(string(src), "\r")
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}
