package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// The --json stream: one JSON object a line, each with a "type" saying
// what it is, so that a model whose variables are named status or type
// cannot pass for anything but a solution. Everything a consumer needs
// is on stdout, as MiniZinc's --json-stream has it: an editor reads one
// stream and places the errors. The errors still go to stderr as text
// too, for the person watching and for logs.

// JSON writes the lines. Its writes are not synchronised: the
// callers already take turns (the engine serialises solutions and
// progress).
type JSON struct {
	W     io.Writer
	Start time.Time // the start of the run, for time_ms
	// tag, for a job of csp split (--job), is the job's fields that open
	// every line, so that csp merge knows whose lines they are in a file
	// shared by many jobs.
	tag   []byte
	Sense string // with tag: minimize or maximize, for an objective
	Count bool   // with tag: the job counts (--count)
}

// sinceStart is the time of the run so far in milliseconds.
func (j *JSON) sinceStart() float64 { return Millis(time.Since(j.Start)) }

// Emit writes v as one line. encoding/json cannot fail on the types
// below; a write error is kept by Writer and reported at the end.
func (j *JSON) Emit(v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // Encode ends the line
	enc.SetEscapeHTML(false)   // <stdin> as it is: the stream is no web page
	if err := enc.Encode(v); err != nil {
		panic(err) // a type below that does not marshal: a bug
	}
	line := b.Bytes()
	if j.tag != nil { // the job's fields go after the type, the first field of every line
		at := bytes.IndexByte(line, ',') + 1
		line = append(append(append([]byte(nil), line[:at]...), j.tag...), line[at:]...)
	}
	j.W.Write(line)
}

type jsonSolutionLine struct {
	Type   string     `json:"type"` // "solution"
	Values jsonValues `json:"values"`
	// Enums names, for each variable whose values are an enum's (and
	// are written as strings), that enum.
	Enums     map[string]string `json:"enums,omitempty"`
	Objective *int64            `json:"objective,omitempty"`
	TimeMS    float64           `json:"time_ms"`
	Shown     *string           `json:"shown,omitempty"` // the show text, when the model has show
	// ShownOmitted says that the show text was longer than maxShownJSON.
	ShownOmitted bool `json:"shown_omitted,omitempty"`
	// Text, for a job (--job), is what csp solve prints for the solution
	// without --json, which csp merge prints.
	Text *string `json:"text,omitempty"`
}

type jsonStatusLine struct {
	Type      string `json:"type"` // "status"
	Status    string `json:"status"`
	Complete  bool   `json:"complete"`
	Solutions int64  `json:"solutions"`
	Objective *int64 `json:"objective,omitempty"`
	Stopped   string `json:"stopped,omitempty"`
	Sense     string `json:"sense,omitempty"`   // a job's (--job), for csp merge
	Counted   bool   `json:"counted,omitempty"` // a job's (--job) count, for csp merge
}

type jsonStatisticsLine struct {
	Type            string  `json:"type"` // "statistics"
	Solutions       int64   `json:"solutions"`
	Nodes           int64   `json:"nodes"`
	Failures        int64   `json:"failures"`
	Propagations    int64   `json:"propagations"`
	MaxDepth        int     `json:"max_depth"`
	SetupMS         float64 `json:"setup_ms"`
	SearchMS        float64 `json:"search_ms"`
	PeakMemoryBytes int64   `json:"peak_memory_bytes"`
}

type jsonProgressLine struct {
	Type         string  `json:"type"` // "progress"
	Solutions    int64   `json:"solutions"`
	Nodes        int64   `json:"nodes"`
	Failures     int64   `json:"failures"`
	Propagations int64   `json:"propagations"`
	NodesPerSec  int64   `json:"nodes_per_s"`
	TimeMS       float64 `json:"time_ms"`
	Objective    *int64  `json:"objective,omitempty"` // an optimisation's best so far
}

type ErrorLine struct {
	Type    string `json:"type"` // "error" or "warning"
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// Solution writes a solution line.
func (j *JSON) Solution(prog *lang.Program, sol lang.Solution, objective *int64) {
	line := jsonSolutionLine{Type: "solution", Values: jsonValues{prog, sol}, Enums: enumsOf(prog), Objective: objective, TimeMS: j.sinceStart()}
	if prog.HasShow() {
		if text, ok := shownText(prog, sol); ok {
			line.Shown = &text
		} else {
			line.ShownOmitted = true
		}
	}
	if j.tag != nil {
		var b strings.Builder
		prog.WriteSolution(&b, sol)
		if objective != nil {
			fmt.Fprintf(&b, "objective = %d\n", *objective)
		}
		text := b.String()
		line.Text = &text
	}
	j.Emit(line)
}

// maxShownJSON bounds the show text a solution line carries: it is for a
// person to read, and the board of 10000-queens (200 MB) would cost more
// than the search. The values are always complete.
const maxShownJSON = 1 << 20

// shownText is the show text of a solution, unless it is longer than
// maxShownJSON: then writing it stops there, and ok is false.
func shownText(prog *lang.Program, sol lang.Solution) (text string, ok bool) {
	var c cappedText
	defer func() {
		if r := recover(); r != nil {
			if _, full := r.(shownTooLong); !full {
				panic(r)
			}
			text, ok = "", false
		}
	}()
	prog.WriteSolution(&c, sol)
	return c.b.String(), true
}

// cappedText is a lang.TextWriter that panics with shownTooLong past
// maxShownJSON bytes: WriteSolution has no other way to stop early.
type cappedText struct{ b strings.Builder }

// shownTooLong is the panic of cappedText, recovered by shownText.
type shownTooLong struct{}

func (c *cappedText) room(n int) {
	if c.b.Len()+n > maxShownJSON {
		panic(shownTooLong{})
	}
}

func (c *cappedText) Write(p []byte) (int, error)       { c.room(len(p)); return c.b.Write(p) }
func (c *cappedText) WriteString(s string) (int, error) { c.room(len(s)); return c.b.WriteString(s) }
func (c *cappedText) WriteByte(b byte) error            { c.room(1); return c.b.WriteByte(b) }

// Statistics writes the statistics line of a search.
func (j *JSON) Statistics(st engine.Stats, res Outcome) {
	j.Emit(jsonStatisticsLine{Type: "statistics", Solutions: res.Found, Nodes: st.Nodes, Failures: st.Failures,
		Propagations: st.Propagations, MaxDepth: st.MaxDepth, SetupMS: Millis(res.Setup), SearchMS: Millis(st.SearchTime),
		PeakMemoryBytes: limits.PeakMemory()})
}

// Progress writes a progress line.
// best, if not nil, is an optimisation's best objective so far.
func (j *JSON) Progress(st engine.Stats, elapsed time.Duration, best *int64) {
	j.Emit(jsonProgressLine{Type: "progress", Solutions: st.Solutions, Nodes: st.Nodes, Failures: st.Failures,
		Propagations: st.Propagations, NodesPerSec: int64(float64(st.Nodes) / elapsed.Seconds()), TimeMS: j.sinceStart(),
		Objective: best})
}

// Errors writes an error line for each error of err: one per positioned
// error of a model or data file, or one with the message alone. A nil
// stream (no --json) writes nothing.
func (j *JSON) Errors(err error) {
	if j == nil {
		return
	}
	var list lang.ErrorList
	var one *lang.Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			j.positioned(e)
		}
	case errors.As(err, &one):
		j.positioned(one)
	default:
		j.Emit(ErrorLine{Type: "error", Message: err.Error()})
	}
}

// Warnings writes a warning line for each warning: the same fields as an
// error line, with type "warning". A nil stream writes nothing.
func (j *JSON) Warnings(list lang.ErrorList) {
	if j == nil {
		return
	}
	for _, e := range list {
		j.Emit(ErrorLine{Type: "warning", File: e.Pos.File, Line: e.Pos.Line, Column: e.Pos.Col, Message: e.Msg})
	}
}

func (j *JSON) positioned(e *lang.Error) {
	j.Emit(ErrorLine{Type: "error", File: e.Pos.File, Line: e.Pos.Line, Column: e.Pos.Col, Message: e.Msg})
}

// Failed ends a run that stopped at an error: its status line.
func (j *JSON) Failed() {
	if j == nil {
		return
	}
	j.Emit(jsonStatusLine{Type: "status", Status: "error"})
}

// jsonValues is the "values" object: every declared variable in
// declaration order (a Go map would sort them), arrays as nested lists.
type jsonValues struct {
	prog *lang.Program
	sol  lang.Solution
}

func (v jsonValues) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, d := range v.prog.Decls {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(d.Name)
		if err != nil {
			return nil, err
		}
		val, err := json.Marshal(declValues(d, v.sol))
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// nested shapes row-major values as dims: a number, a list, a list of
// lists.
func nested[T any](vals []T, dims []lang.Range) any {
	switch len(dims) {
	case 0:
		return vals[0]
	case 1:
		return vals
	}
	rows := int(dims[0].Hi - dims[0].Lo + 1)
	if rows <= 0 {
		return []any{}
	}
	step := len(vals) / rows
	out := make([]any, rows)
	for r := range out {
		out[r] = nested(vals[r*step:(r+1)*step], dims[1:])
	}
	return out
}

// Status writes the last line of a search: its outcome, and whether it
// is the whole answer asked for (no limit cut it short).
func (j *JSON) Status(status string, res Outcome, optimizing bool) {
	line := jsonStatusLine{Type: "status", Status: status, Complete: res.Stopped == "",
		Solutions: res.Found, Stopped: res.Stopped}
	if optimizing && res.Found > 0 {
		obj := res.Objective
		line.Objective = &obj
	}
	if j.tag != nil {
		line.Sense, line.Counted = j.Sense, j.Count
	}
	j.Emit(line)
}

type jsonCheckedLine struct {
	Type        string `json:"type"` // "status"
	Status      string `json:"status"`
	Complete    bool   `json:"complete"`
	Variables   int    `json:"variables"`
	Constraints int    `json:"constraints"`
}

// Checked is the status line of csp check on a model without errors.
func (j *JSON) Checked(vars, constraints int) {
	j.Emit(jsonCheckedLine{Type: "status", Status: "ok", Complete: true, Variables: vars, Constraints: constraints})
}

// enumsOf maps each variable declared with an enum as its domain to the
// enum's name, or is nil when there is none.
func enumsOf(prog *lang.Program) map[string]string {
	var out map[string]string
	for _, d := range prog.Decls {
		if d.Enum != nil {
			if out == nil {
				out = map[string]string{}
			}
			out[d.Name] = d.Enum.Name
		}
	}
	return out
}

// declValues is a declared variable's value, nested: numbers, or the
// names of an enum's values.
func declValues(d *lang.VarInfo, sol lang.Solution) any {
	if d.Enum == nil {
		return nested(d.Values(sol), d.Dims)
	}
	names := make([]string, len(d.Vars))
	for k, x := range d.Vars {
		names[k] = d.Enum.Label(sol(x))
	}
	return nested(names, d.Dims)
}
