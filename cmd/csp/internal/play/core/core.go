// Package core is csp's pipeline for the playground: one request of the
// page (solve, next, all, count, compare, check) in, the text the command
// line would print out. It has no I/O of its own, so it runs the same in
// the WebAssembly build and in the tests that hold it to the CLI's golden
// output.
package core

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Request is one action of the page with the editor's text and settings.
type Request struct {
	Action     string   `json:"action"` // solve, next, all, count, compare, check
	Model      Source   `json:"model"`
	Data       []Source `json:"data,omitempty"`
	Params     []string `json:"params,omitempty"` // "name=value", as -p takes them
	Order      string   `json:"order,omitempty"`  // input, mrv, domwdeg (default), smallest, largest
	Values     string   `json:"values,omitempty"` // min, max, mid, auto (default)
	Prop       string   `json:"prop,omitempty"`   // none, fc, ac (default)
	Trace      string   `json:"trace,omitempty"`  // "", steps, domains, piles
	TraceLimit int      `json:"traceLimit,omitempty"`
	All        bool     `json:"all,omitempty"` // compare: full enumeration
	// Tree records the search tree of solve, all, count and next, as
	// csp solve --tree FILE.html draws it, for the result.
	Tree bool `json:"tree,omitempty"`
}

// Source is a file of the editor: its name, as errors quote it, and text.
type Source struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Result is what a request printed, as the CLI would: stdout, stderr and
// the exit status; with the errors' positions for the editor and the
// search's statistics for the page.
type Result struct {
	Stdout string    `json:"stdout"`
	Stderr string    `json:"stderr"`
	Exit   int       `json:"exit"`
	Errors []Problem `json:"errors,omitempty"`
	Stats  *Stats    `json:"stats,omitempty"`
	// Tree is the search tree so far, a whole HTML document (with
	// Request.Tree).
	Tree string `json:"tree,omitempty"`
}

// Problem is one compile error or warning, placed for the editor.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndCol  int    `json:"endCol,omitempty"`
	Message string `json:"message"`
	// Severity is "warning" for a warning (lang's Program.Warnings), which
	// is marked but stops nothing; empty for an error.
	Severity string `json:"severity,omitempty"`
}

// Stats are the search's counts, for the statistics panel.
type Stats struct {
	Status       string  `json:"status"` // solution, all_solutions, optimal, unsatisfiable, stopped
	Solutions    int64   `json:"solutions"`
	Nodes        int64   `json:"nodes"`
	Failures     int64   `json:"failures"`
	Propagations int64   `json:"propagations"`
	MaxDepth     int     `json:"maxDepth"`
	SearchMS     float64 `json:"searchMs"`
	Settings     string  `json:"settings"`
}

// Chunk is a piece of stdout as it is printed: Stream is "trace" for the
// narration, "out" for the rest. The CLI interleaves both on stdout.
// A chunk of Stream "progress" is a search's progress instead, a Progress
// as JSON in Text, sent every ProgressEvery while it runs, as csp solve
// redraws its progress line.
type Chunk struct {
	Stream string `json:"stream"`
	Text   string `json:"text"`
}

// Progress is a search's progress so far: the CLI's progress line
// (searching: nodes, solutions, nodes/s, time) in numbers.
type Progress struct {
	Nodes     int64   `json:"nodes"`
	Solutions int64   `json:"solutions"`
	Rate      int64   `json:"rate"` // nodes per second, over this request
	MS        float64 `json:"ms"`   // since the request began
	// Compared is, for compare, how many settings are done (of the
	// Settings); Nodes then sums their nodes and the current one's.
	Compared int `json:"compared,omitempty"`
	Settings int `json:"settings,omitempty"`
}

// Exit statuses, as the CLI's.
const (
	exitSolved   = 0
	exitUnsat    = 1
	exitBadInput = 2
	exitLimit    = 3 // a limit, or Stop, cut the answer short
)

// compileMemory bounds compiling: a WebAssembly instance has 4 GB at
// most, and a model past this is better told than crashed.
const compileMemory = 1 << 30

// Session keeps the search a solve started, so that next continues it.
type Session struct {
	search *search
	// stop stops the search running; each request clears it, so that
	// next resumes a stopped search where it stopped.
	stop atomic.Bool
}

// Forget drops the search that next would continue: after a panic, its
// state cannot be trusted.
func (s *Session) Forget() { s.search = nil }

// Stop asks the request running to stop, as Ctrl-C does csp solve: the
// search ends at its next node and reports what it found. It is safe to
// call from another goroutine, or from emit.
func (s *Session) Stop() { s.stop.Store(true) }

// Do runs one request; emit, if not nil, receives stdout as it is
// printed, so a page can show a long search's solutions before it ends,
// and the search's progress.
func (s *Session) Do(req Request, emit func(Chunk)) Result {
	s.stop.Store(false)
	o := &output{emit: emit, started: time.Now()}
	settings, err := parseSettings(req)
	if err != nil {
		o.errorf("csp: %v\n", err)
		return o.result(exitBadInput)
	}
	switch req.Action {
	case "next":
		if s.search != nil && s.search.key == requestKey(req) {
			return s.search.next(o)
		}
		fallthrough // a changed model or setting: a fresh search
	case "solve":
		return s.solve(req, settings, o, false)
	case "all", "count":
		return s.solve(req, settings, o, true)
	case "compare":
		s.search = nil
		return compareModel(req, o, &s.stop)
	case "check":
		s.search = nil
		return check(req, o)
	}
	o.errorf("csp: unknown action %q\n", req.Action)
	return o.result(exitBadInput)
}

// requestKey identifies the model, data and settings of a search: next
// continues only a search of the same.
func requestKey(req Request) string {
	req.Action = ""
	key, _ := json.Marshal(req)
	return string(key)
}

// settings are the search settings of a request.
type settings struct {
	order  engine.VarOrder
	values engine.ValueOrder
	prop   engine.PropLevel
	trace  narrate.Mode
}

var (
	// The CLI's names for the settings (package searchopt).
	orders      = searchopt.Orders
	valueOrders = searchopt.ValueOrders
	propLevels  = searchopt.PropLevels
)

// parseSettings reads the settings, with the CLI's defaults for the
// ones left empty. The page offers only valid names; a caller of the
// WebAssembly function may not.
func parseSettings(req Request) (settings, error) {
	st := settings{order: engine.OrderDomWdeg, values: engine.ValuesAuto, prop: engine.PropAC}
	var ok bool
	if req.Order != "" {
		if st.order, ok = orders[req.Order]; !ok {
			return st, fmt.Errorf("order %q is not one of domwdeg, input, largest, mrv, smallest", req.Order)
		}
	}
	if req.Values != "" {
		if st.values, ok = valueOrders[req.Values]; !ok {
			return st, fmt.Errorf("values %q is not one of auto, max, mid, min", req.Values)
		}
	}
	if req.Prop != "" {
		if st.prop, ok = propLevels[req.Prop]; !ok {
			return st, fmt.Errorf("prop %q is not one of ac, fc, none", req.Prop)
		}
	}
	if req.Trace != "" {
		if st.trace, ok = narrate.Modes[req.Trace]; !ok {
			return st, fmt.Errorf("trace %q is not one of domains, piles, steps", req.Trace)
		}
	}
	return st, nil
}

// compileRequest compiles the request's model, or prints its errors as
// the CLI does and returns nil and the exit status.
func compileRequest(req Request, plainLookups bool, o *output) (*lang.Program, int) {
	in := lang.Input{
		Model:        lang.Source{Name: req.Model.Name, Text: []byte(req.Model.Text)},
		Params:       req.Params,
		PlainLookups: plainLookups,
		Limits:       lang.Limits{MaxMemory: compileMemory},
	}
	for _, d := range req.Data {
		in.Data = append(in.Data, lang.Source{Name: d.Name, Text: []byte(d.Text)})
	}
	prog, err := lang.Compile(in)
	if len(prog.Warnings) > 0 {
		var w strings.Builder
		lang.PrintWarnings(&w, prog.Warnings, prog.Sources)
		o.errorf("%s", w.String())
		o.warnings(prog.Warnings)
	}
	if err == nil {
		return prog, exitSolved
	}
	var b strings.Builder
	lang.PrintErrors(&b, err, prog.Sources)
	o.errorf("%s", b.String())
	o.problems(err)
	if lang.HitLimit(err) {
		return nil, exitLimit
	}
	return nil, exitBadInput
}

// check is csp check: the model's size, or its errors.
func check(req Request, o *output) Result {
	prog, code := compileRequest(req, false, o)
	if prog == nil {
		return o.result(code)
	}
	vars := 0
	for _, d := range prog.Decls { // not the variables lowering made
		vars += len(d.Vars)
	}
	o.printf("%s: ok, %s, %s\n", req.Model.Name, plural(int64(vars), "variable"), plural(int64(len(prog.Model.Constraints())), "constraint"))
	return o.result(exitSolved)
}

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
