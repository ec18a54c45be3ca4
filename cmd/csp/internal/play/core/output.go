package core

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/csp-lang/csp/lang"
)

// output collects what a request prints. Stdout goes to emit as it is
// written when there is one (the page shows it as it comes, and a stopped
// search keeps what it printed), and is kept for the result otherwise.
type output struct {
	emit     func(Chunk)
	started  time.Time // when the request began
	reported time.Time // the last progress sent
	stdout   strings.Builder
	stderr   strings.Builder
	errors   []Problem
	stats    *Stats
	tree     string // the search tree's page, with Request.Tree
	multiOut bool   // a solution of several lines was printed: blank lines between
}

func (o *output) write(stream, text string) {
	if text == "" {
		return
	}
	if o.emit != nil {
		o.emit(Chunk{Stream: stream, Text: text})
		return
	}
	o.stdout.WriteString(text)
}

// progressEvery is how often a search sends its progress: the CLI's
// progress line on a terminal is redrawn as often. Tests set it to 0.
var progressEvery = 200 * time.Millisecond

// progress sends the search's progress p, at most every progressEvery
// and only to a caller who streams. It sets p's time and rate: the nodes
// since firstNodes, the count when this request began.
func (o *output) progress(p Progress, firstNodes int64) {
	if o.emit == nil {
		return
	}
	now := time.Now()
	last := o.reported
	if last.IsZero() {
		last = o.started
	}
	if now.Sub(last) < progressEvery {
		return
	}
	o.reported = now
	elapsed := now.Sub(o.started)
	p.MS = float64(elapsed.Microseconds()) / 1000
	if s := elapsed.Seconds(); s > 0 {
		p.Rate = int64(float64(p.Nodes-firstNodes) / s)
	}
	text, _ := json.Marshal(p) // numbers only: cannot fail
	o.emit(Chunk{Stream: "progress", Text: string(text)})
}

func (o *output) printf(format string, args ...any) {
	o.write("out", fmt.Sprintf(format, args...))
}

func (o *output) errorf(format string, args ...any) {
	fmt.Fprintf(&o.stderr, format, args...)
}

// problems records the positions of compile errors, in the order
// PrintErrors prints them.
func (o *output) problems(err error) {
	list, ok := err.(lang.ErrorList)
	if !ok {
		if e, isOne := err.(*lang.Error); isOne {
			list = lang.ErrorList{e}
		}
	}
	for _, e := range list {
		if e.Kind == lang.ErrTruncated || len(o.errors) >= lang.MaxReported {
			continue
		}
		p := Problem{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Message: shorten(e.Msg)}
		if e.End.Line == e.Pos.Line && e.End.Col > e.Pos.Col {
			p.EndCol = e.End.Col
		}
		o.errors = append(o.errors, p)
	}
}

// warnings records the positions of warnings, as problems of severity
// "warning".
func (o *output) warnings(list lang.ErrorList) {
	for _, e := range list {
		p := Problem{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Message: shorten(e.Msg), Severity: "warning"}
		if e.End.Line == e.Pos.Line && e.End.Col > e.Pos.Col {
			p.EndCol = e.End.Col
		}
		o.errors = append(o.errors, p)
	}
}

func (o *output) result(code int) Result {
	return Result{Stdout: o.stdout.String(), Stderr: o.stderr.String(), Exit: code, Errors: o.errors, Stats: o.stats, Tree: o.tree}
}

// maxMessage bounds a message beside its line: one that quotes a name of
// a million characters must not fill the editor (stderr has it in full,
// as shortened as the CLI prints it).
const maxMessage = 300

func shorten(msg string) string {
	if r := []rune(msg); len(r) > maxMessage {
		return string(r[:maxMessage-1]) + "…"
	}
	return msg
}
