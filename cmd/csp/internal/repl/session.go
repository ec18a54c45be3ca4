package repl

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// A session is the state of csp repl: the statements accepted so far,
// compiled by the same pipeline as csp solve after each change, and the
// search in progress for :next. It reads one line at a time from whatever
// drives it (readline, a script, a test) and writes results to out and
// problems to errw.
type session struct {
	stmts    []entry       // accepted statements, in order
	data     []lang.Source // data files given at start or with :load
	params   []string      // csp repl -p NAME=VALUE, over the statements and data
	prog     *lang.Program // the compiled statements
	root     *engine.Solver
	search   *engine.Solver // the search :solve started, for :next
	found    int64          // solutions of that search so far
	settings searchSettings
	pending  []string // lines of a statement still being typed
	out      io.Writer
	errw     io.Writer      // the session's own complaints, red on a terminal
	langErrw io.Writer      // stderr itself: where lang's errors go, in their own colours, and the progress line
	outPaint output.Painter // colour on out
	errPaint output.Painter // colour on langErrw
	failed   bool           // some input was rejected (the exit status of a script)
	needs    []string       // params still without a value after loading a model
	quit     bool
	onStop   func(stop func()) func() // makes Ctrl-C call stop, until the returned function is called
	rootStop atomic.Bool              // stops the root's building and propagation
	trace    narrate.Mode             // :trace
	complete bool                     // the last search was :all or :count
}

type entry struct {
	text string
}

type searchSettings struct {
	order   engine.VarOrder
	values  engine.ValueOrder
	prop    engine.PropLevel
	timeout time.Duration
	free    bool // :set search free: the model's search statements are ignored (csp solve -f)
}

// inputName labels the statement being typed in error messages: the
// number it will have in :model, as the accepted ones are named (sources).
// A query is labelled the same way, though it is not kept.
func (s *session) inputName() string { return fmt.Sprintf("[%d]", len(s.stmts)+1) }

func newSession(out, errw io.Writer) *session {
	s := &session{out: out, errw: errw, langErrw: errw, outPaint: output.Painter(output.UseColour(out)), errPaint: output.Painter(output.UseColour(errw))}
	if s.errPaint {
		s.errw = output.RedLines(errw)
	}
	s.settings = searchSettings{order: settings.DefaultOrder, values: settings.DefaultValues, prop: settings.DefaultProp}
	s.recompile(nil)
	return s
}

// line takes one typed line. It returns true while a statement is
// incomplete and more lines are wanted.
func (s *session) line(text string) bool {
	s.pending = append(s.pending, text)
	whole := strings.Join(s.pending, "\n")
	if len(s.pending) == 1 && strings.HasPrefix(strings.TrimSpace(text), ":") {
		s.pending = nil
		s.command(strings.TrimSpace(text))
		return false
	}
	if lang.Incomplete([]byte(whole)) {
		return true
	}
	s.pending = nil
	if strings.TrimSpace(whole) != "" {
		s.input(whole)
	}
	return false
}

// input handles a complete statement or query.
func (s *session) input(text string) {
	name := s.inputName()
	f, err := lang.ParseFile(name, []byte(text))
	if err != nil {
		s.fail(err, lang.Sources{name: []byte(text)})
		return
	}
	if len(f.Stmts) == 1 && s.prog.IsQuery(f.Stmts[0]) {
		s.query(text)
		return
	}
	s.add(text)
}

// add compiles the session with a new statement; on success the statement
// is kept and what propagation now knows about its variables is shown.
func (s *session) add(text string) {
	if len(s.needs) > 0 {
		s.failed = true
		fmt.Fprintf(s.errw, "the model needs values for %s first: :load a data file\n", strings.Join(s.needs, ", "))
		return
	}
	if i, ok := s.paramStatement(text); ok {
		s.changeParam(i, text)
		return
	}
	name := s.inputName()
	prog, err := s.compile(append(s.sources(), lang.Source{Name: name, Text: []byte(text)}))
	if err != nil {
		s.fail(err, prog.Sources)
		return
	}
	var mine lang.ErrorList // the warnings of this statement: the others were shown with theirs
	for _, w := range prog.Warnings {
		// A continuation line typed after the "...  " prompt starts at
		// column 1 of its text, where the prompt shows it continues.
		if w.Pos.File == name && w.Kind != lang.WarnContinuation {
			mine = append(mine, w)
		}
	}
	s.errPaint.ErrorStyle().PrintWarnings(s.langErrw, mine, prog.Sources)
	before := s.domains()
	s.stmts = append(s.stmts, entry{text: text})
	s.install(prog)
	touched := prog.VarsOf(name)
	if ok, stopped := s.propagate(); stopped {
		fmt.Fprintf(s.out, "interrupted: propagation with statement [%d] was stopped, so its domains are not shown (:undo takes it back)\n", len(s.stmts))
		return
	} else if !ok {
		fmt.Fprintf(s.out, "inconsistent: with statement [%d] the model has no solution (:undo takes it back)\n", len(s.stmts))
		return
	}
	s.showDomains(append(touched, s.narrowed(before, touched)...))
	s.showParams(text)
}

// showParams prints the value of each param a statement declares.
func (s *session) showParams(text string) {
	f, err := lang.ParseFile("", []byte(text))
	if err != nil {
		return
	}
	for _, st := range f.Stmts {
		if p, ok := st.(*lang.ParamDecl); ok {
			if e := p.Enum(); e != nil { // the enum once, its constants by name
				if e.Name == p.Name.Name {
					fmt.Fprintf(s.out, "enum %s = {%s}\n", e.Name, strings.Join(e.Values, ", "))
				}
				continue
			}
			if q, err := s.prog.Query(lang.Source{Name: "", Text: []byte(p.Name.Name)}); err == nil {
				fmt.Fprint(s.out, q.Named(s.value))
			}
		}
	}
}

// domains records the current domain of every variable by name.
func (s *session) domains() map[string]string {
	out := map[string]string{}
	if s.root == nil {
		return out
	}
	m := s.prog.Model
	declared := s.prog.Declared() // not the variables lowering made
	for v := engine.Var(0); int(v) < m.NumVars(); v++ {
		if declared[v] {
			out[m.VarName(v)] = s.prog.FormatDomainOf(v, s.root.DomainIntervals(v))
		}
	}
	return out
}

// narrowed lists the variables, other than those already shown, whose
// domains propagation narrowed since before.
func (s *session) narrowed(before map[string]string, shown []engine.Var) []engine.Var {
	skip := map[engine.Var]bool{}
	for _, v := range shown {
		skip[v] = true
	}
	var out []engine.Var
	m := s.prog.Model
	for v := engine.Var(0); int(v) < m.NumVars(); v++ {
		old, ok := before[m.VarName(v)]
		if ok && !skip[v] && old != s.prog.FormatDomainOf(v, s.root.DomainIntervals(v)) {
			out = append(out, v)
		}
	}
	return out
}

func (s *session) fail(err error, srcs lang.Sources) {
	s.failed = true
	s.errPaint.ErrorStyle().PrintErrors(s.langErrw, err, srcs)
}

// sources names each accepted statement by its number, so errors and
// VarsOf can tell them apart.
func (s *session) sources() []lang.Source {
	out := make([]lang.Source, len(s.stmts))
	for i, e := range s.stmts {
		out[i] = lang.Source{Name: fmt.Sprintf("[%d]", i+1), Text: []byte(e.text)}
	}
	return out
}

func (s *session) compile(stmts []lang.Source) (*lang.Program, error) {
	lim, done := limits.Compile(limits.DefaultMaxMemory, s.settings.timeout, time.Now()) // Ctrl-C stops a statement that takes too long
	defer done()
	return lang.Compile(lang.Input{Model: lang.Source{Name: "<session>"}, Stmts: stmts, Data: s.data, Params: s.declaredParams(stmts), Limits: lim,
		PlainLookups: s.settings.prop != engine.PropAC})
}

func (s *session) compileEntries(stmts []entry) (*lang.Program, error) {
	old := s.stmts
	s.stmts = stmts
	defer func() { s.stmts = old }()
	return s.compile(s.sources())
}

// recompile rebuilds the program after statements were removed or data
// was added.
func (s *session) recompile(stmts []entry) bool {
	prog, err := s.compileEntries(stmts)
	if err != nil {
		s.fail(err, prog.Sources)
		return false
	}
	s.stmts, s.needs = stmts, nil
	s.install(prog)
	s.propagate()
	return true
}

func (s *session) install(prog *lang.Program) {
	s.prog = prog
	s.search, s.found = nil, 0
	o := s.options()
	o.StopFlag = &s.rootStop
	s.rootStop.Store(false)
	if s.onStop != nil { // Ctrl-C stops a root that takes too long to build
		defer s.onStop(func() { s.rootStop.Store(true) })()
	}
	root, err := engine.NewSolver(prog.Model, o)
	if err != nil {
		fmt.Fprintln(s.errw, "csp:", err)
		return
	}
	s.root = root
}

// propagate propagates the root, which Ctrl-C and the session's timeout
// stop: it reports whether the root is consistent, and whether a stop
// cut the propagation short (then the domains say nothing).
func (s *session) propagate() (ok, stopped bool) {
	s.rootStop.Store(false)
	if s.onStop != nil {
		defer s.onStop(func() { s.rootStop.Store(true) })()
	}
	ok = s.root.Propagate()
	return ok, s.root.Halted()
}

func (s *session) options() engine.Options {
	o := engine.Options{Order: s.settings.order, Values: s.settings.values, Prop: s.settings.prop, FreeSearch: s.settings.free}
	if s.settings.timeout > 0 {
		o.Deadline = time.Now().Add(s.settings.timeout)
	}
	return o
}

// searchOptions are the options of a search that runs to its end
// (complete: :all, :count) or stops at its first solution (:solve), with
// csp's choices (searchopt.Auto) as csp solve makes them.
func (s *session) searchOptions(complete bool) engine.Options {
	sense, _ := s.prog.Model.Objective()
	return searchopt.Auto(s.options(), s.prog.Model, searchopt.Goal{First: !complete && sense == engine.Satisfy})
}

// maxShown bounds the domains printed after one statement.
const maxShown = 20

func (s *session) showDomains(vars []engine.Var) {
	for i, v := range vars {
		if i == maxShown {
			fmt.Fprintf(s.out, "... and %d more\n", len(vars)-maxShown)
			return
		}
		dom := s.root.DomainIntervals(v)
		name := s.prog.Model.VarName(v)
		if len(dom) == 1 && dom[0].Lo == dom[0].Hi {
			fmt.Fprintf(s.out, "%s = %s\n", name, s.prog.FormatDomainOf(v, dom))
		} else {
			fmt.Fprintf(s.out, "%s in %s\n", name, s.prog.FormatDomainOf(v, dom))
		}
	}
}

// query prints the value of an expression in the current solution, or
// what propagation knows of it before a solve.
func (s *session) query(text string) {
	name := s.inputName()
	q, err := s.prog.Query(lang.Source{Name: name, Text: []byte(text)})
	if err != nil {
		s.fail(err, lang.Sources{name: []byte(text)})
		return
	}
	if q.IsConstant() || s.search != nil && s.found > 0 {
		fmt.Fprint(s.out, q.Named(s.value))
		return
	}
	fmt.Fprintf(s.out, "%s in %s\n", q.Text, q.Domains(s.root.DomainIntervals))
}

// value reads the current solution; constants never ask.
func (s *session) value(v engine.Var) int64 {
	if s.search == nil {
		return 0
	}
	return s.search.Value(v)
}
