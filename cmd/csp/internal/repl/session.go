package repl

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
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
			out[m.VarName(v)] = lang.FormatIntervals(s.root.DomainIntervals(v))
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
		if ok && !skip[v] && old != lang.FormatIntervals(s.root.DomainIntervals(v)) {
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
			fmt.Fprintf(s.out, "%s = %d\n", name, dom[0].Lo)
		} else {
			fmt.Fprintf(s.out, "%s in %s\n", name, lang.FormatIntervals(dom))
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

// next calls Next with Ctrl-C routed to the solver.
func (s *session) next(sv *engine.Solver) engine.Status {
	if s.onStop != nil {
		defer s.onStop(sv.Stop)()
	}
	return sv.Next()
}

func (s *session) printSolution(sv *engine.Solver) {
	text := s.prog.Format(sv.Value)
	if text == "" {
		text = "a solution, with nothing to show: the model has no variables\n"
	}
	fmt.Fprint(s.out, text)
	if sense, _ := s.prog.Model.Objective(); sense != engine.Satisfy {
		fmt.Fprintf(s.out, "objective = %d\n", sv.Objective())
	}
}

// solve starts a new search and shows its first solution.
func (s *session) solve() {
	sv, err := s.newSearch(false)
	if err != nil {
		fmt.Fprintln(s.errw, "csp:", err)
		return
	}
	s.search, s.found = sv, 0
	s.nextSolution()
}

// nextSolution continues the current search.
func (s *session) nextSolution() {
	if s.search == nil {
		s.solve()
		return
	}
	switch s.next(s.search) {
	case engine.Solution:
		s.found++
		if s.found > 1 {
			fmt.Fprintln(s.out, s.outPaint.Paint(output.SGRBold, fmt.Sprintf("solution %d:", s.found)))
		}
		s.printSolution(s.search)
	case engine.Exhausted:
		sense, _ := s.prog.Model.Objective()
		switch {
		case s.found == 0:
			fmt.Fprintln(s.out, "no solution (:explain says which statements already have none)")
		case sense != engine.Satisfy:
			fmt.Fprintf(s.out, "optimal: no better solution than objective = %d\n", s.search.Objective())
		default:
			fmt.Fprintf(s.out, "no more solutions (%d found)\n", s.found)
		}
	case engine.Stopped:
		fmt.Fprintf(s.out, "stopped after %d solutions\n", s.found)
	}
}

// all enumerates (or counts) every solution of a fresh search.
func (s *session) all(print bool) {
	if !print && s.prog.ObjectiveText() != "" {
		s.failed = true
		fmt.Fprintln(s.errw, searchopt.CountWithObjective(s.prog.ObjectiveText(), ":count", ":all"))
		return
	}
	sv, err := s.newSearch(true)
	if err != nil {
		fmt.Fprintln(s.errw, "csp:", err)
		return
	}
	s.search, s.found = sv, 0
	if s.onStop != nil {
		defer s.onStop(sv.Stop)()
	}
	meter := output.Live(sv, s.langErrw) // progress.go: the line of csp solve, on a terminal (errw may be wrapped for colour)
	for {
		switch sv.Next() {
		case engine.Solution:
			s.found++
			if output.Failed(s.out) {
				return // stdout is gone: runScript stops, run reports it
			}
			if print {
				meter.Clear()
				if s.found > 1 {
					fmt.Fprintln(s.out)
				}
				s.printSolution(sv)
			}
			continue
		case engine.Exhausted:
			meter.Clear()
			fmt.Fprintln(s.out, output.Plural(s.found, "solution"))
		case engine.Stopped:
			meter.Clear()
			fmt.Fprintf(s.out, "stopped: %d solutions so far\n", s.found)
		}
		return
	}
}

// explain prints a minimal set of statements with no solution.
func (s *session) explain() {
	in := lang.Input{Model: lang.Source{Name: "<session>"}, Stmts: s.sources(), Data: s.data}
	timeout := s.settings.timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	opts := s.options()
	var stop atomic.Bool
	opts.StopFlag = &stop
	if s.onStop != nil { // Ctrl-C stops it as it stops a search
		defer s.onStop(func() { stop.Store(true) })()
	}
	meter := output.Explaining(s.langErrw, &opts)
	c, err := lang.Explain(in, opts, timeout)
	meter.Clear()
	switch {
	case errors.Is(err, lang.ErrHasSolution):
		fmt.Fprintln(s.out, "the model has a solution: there is nothing to explain")
		return
	case errors.Is(err, lang.ErrStopped):
		fmt.Fprintln(s.out, "interrupted: the model was not proven unsatisfiable")
		return
	case err != nil:
		fmt.Fprintln(s.out, err)
		return
	}
	srcs := lang.Sources{}
	for _, src := range in.Stmts {
		srcs[src.Name] = src.Text
	}
	these := fmt.Sprintf("these %d statements already have none", len(c.Items))
	if len(c.Items) == 1 {
		these = "this statement already has none"
	}
	if c.Stopped {
		fmt.Fprintf(s.out, "no solution: %s (interrupted, so the set may not be minimal):\n", these)
	} else {
		fmt.Fprintf(s.out, "no solution: %s:\n", these)
	}
	for _, it := range c.Items {
		fmt.Fprintln(s.out, "  "+it.Describe(srcs))
	}
}

func (s *session) stats() {
	sv := s.search
	if sv == nil {
		fmt.Fprintln(s.out, "no search yet: :solve, :all or :count first")
		return
	}
	output.PrintStats(s.out, sv.Stats(), output.Outcome{Found: s.found})
}

func (s *session) showModel() {
	if len(s.stmts) == 0 {
		fmt.Fprintln(s.out, "the model is empty")
		return
	}
	for i, e := range s.stmts {
		lines := strings.Split(e.text, "\n")
		fmt.Fprintf(s.out, "[%d] %s\n", i+1, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(s.out, "    %s\n", l)
		}
	}
	for _, d := range s.data {
		fmt.Fprintf(s.out, "data: %s\n", d.Name)
	}
}

func (s *session) drop(arg string) {
	n, err := strconv.Atoi(arg)
	if len(s.stmts) == 0 {
		s.failed = true
		fmt.Fprintln(s.errw, ":drop: the model is empty")
		return
	}
	if err != nil || n < 1 || n > len(s.stmts) {
		s.failed = true
		fmt.Fprintf(s.errw, ":drop needs a statement number from 1 to %d (see :model)\n", len(s.stmts))
		return
	}
	rest := append(append([]entry(nil), s.stmts[:n-1]...), s.stmts[n:]...)
	if s.recompile(rest) {
		fmt.Fprintf(s.out, "dropped [%d]; statements after it are renumbered\n", n)
		return
	}
	fmt.Fprintf(s.errw, ":drop %d refused: without it the model does not compile (above); the model is unchanged\n", n)
}

// load adds a file: a data file if every statement gives a param a value,
// otherwise model statements, one entry each.
func (s *session) load(path string) {
	src, f, ok := s.read(path)
	if !ok {
		return
	}
	if s.isData(f) {
		s.data = append(s.data, src)
		if !s.recompile(s.stmts) {
			s.data = s.data[:len(s.data)-1]
			return
		}
		fmt.Fprintf(s.out, "loaded data from %s\n", path)
		return
	}
	s.addStatements(f, path, "added %d statements from %s to the model")
}

// open starts again from a model file alone; the model stays as it was if
// the file cannot be read or parsed.
func (s *session) open(path string) {
	_, f, ok := s.read(path)
	if !ok {
		fmt.Fprintln(s.errw, "the model is unchanged")
		return
	}
	s.stmts, s.data, s.needs = nil, nil, nil
	s.addStatements(f, path, "opened %[2]s: %[1]d statements")
}

// read reads and parses a file the session was asked to load.
func (s *session) read(path string) (lang.Source, *lang.File, bool) {
	src, err := input.Read(path)
	if err != nil {
		s.failed = true
		fmt.Fprintln(s.errw, "csp:", err)
		return src, nil, false
	}
	f, err := lang.ParseFile(path, src.Text)
	if err != nil {
		s.fail(err, lang.Sources{path: src.Text})
		return src, nil, false
	}
	return src, f, true
}

// addStatements appends the statements of f, a model file, and says so
// with done (its count and the path).
func (s *session) addStatements(f *lang.File, path, done string) {
	stmts := append([]entry(nil), s.stmts...)
	for _, st := range f.Stmts {
		stmts = append(stmts, entry{text: lang.StmtText(f, st)})
	}
	prog, err := s.compileEntries(stmts)
	if missing, ok := lang.OnlyMissingParams(err); ok {
		s.stmts, s.needs = stmts, missing
		fmt.Fprintf(s.out, done+"; it needs values for %[3]s: :load a data file\n", len(f.Stmts), path, strings.Join(missing, ", "))
		return
	}
	if err != nil {
		s.fail(err, prog.Sources)
		return
	}
	s.stmts, s.needs = stmts, nil
	s.install(prog)
	s.propagate()
	fmt.Fprintf(s.out, done+" (:model lists them)\n", len(f.Stmts), path)
}

// isData reports whether every statement of f is name = value for a param
// the session declares.
func (s *session) isData(f *lang.File) bool {
	params := map[string]bool{}
	for _, e := range s.stmts {
		if g, err := lang.ParseFile("", []byte(e.text)); err == nil {
			for _, st := range g.Stmts {
				if p, ok := st.(*lang.ParamDecl); ok {
					params[p.Name.Name] = true
				}
			}
		}
	}
	for _, st := range f.Stmts {
		name, ok := lang.DataName(st)
		if !ok || !params[name] {
			return false
		}
	}
	return len(f.Stmts) > 0
}

func (s *session) save(path string) {
	var b strings.Builder
	b.WriteString("# Saved from a csp repl session.\n")
	for _, e := range s.stmts {
		b.WriteString(e.text + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		s.failed = true
		fmt.Fprintf(s.errw, "csp: cannot write %s: %v\n", path, input.PathError(err))
		return
	}
	fmt.Fprintf(s.out, "saved %d statements to %s\n", len(s.stmts), path)
	if len(s.data) > 0 {
		fmt.Fprintln(s.out, "(data files are not copied; give them to csp solve after the model)")
	}
}

// set changes or lists the search settings.
func (s *session) set(args []string) {
	if len(args) == 0 {
		fmt.Fprintf(s.out, "order   %s\nvalues  %s\nprop    %s\nsearch  %s\ntimeout %s\n",
			searchopt.NameOf(searchopt.Orders, s.settings.order), searchopt.NameOf(searchopt.ValueOrders, s.settings.values),
			searchopt.NameOf(searchopt.PropLevels, s.settings.prop), searchText(s.settings.free), timeoutText(s.settings.timeout))
		return
	}
	if len(args) != 2 {
		s.failed = true
		fmt.Fprintln(s.errw, "usage: :set order|values|prop|search|timeout VALUE, or :set alone to list the settings")
		return
	}
	var err error
	switch args[0] {
	case "order":
		err = settings.NewChoice(&s.settings.order, searchopt.Orders).Set(args[1])
	case "values":
		err = settings.NewChoice(&s.settings.values, searchopt.ValueOrders).Set(args[1])
	case "prop":
		before := s.settings.prop
		err = settings.NewChoice(&s.settings.prop, searchopt.PropLevels).Set(args[1])
		if err == nil && (before == engine.PropAC) != (s.settings.prop == engine.PropAC) {
			s.recompile(s.stmts) // lookups are lowered for the level (lang.Input.PlainLookups)
		}
	case "search":
		switch args[1] {
		case "model", "free":
			s.settings.free = args[1] == "free"
		default:
			err = fmt.Errorf("not one of free, model (free ignores the model's search statements)")
		}
	case "timeout":
		if args[1] == "off" || args[1] == "0" {
			s.settings.timeout = 0
		} else {
			err = settings.Duration(&s.settings.timeout).Set(args[1])
		}
	default:
		err = fmt.Errorf("unknown setting %q%s", args[0], settings.Suggest(args[0], settingNames))
	}
	if err != nil {
		s.failed = true
		fmt.Fprintf(s.errw, ":set %s: %v\n", args[0], err)
		return
	}
	s.search, s.found = nil, 0
	fmt.Fprintf(s.out, "%s = %s\n", args[0], args[1])
}

var settingNames = []string{"order", "values", "prop", "search", "timeout"}

// searchText names the search setting: the model's search statements
// followed, or ignored.
func searchText(free bool) string {
	if free {
		return "free"
	}
	return "model"
}

func timeoutText(d time.Duration) string {
	if d == 0 {
		return "off"
	}
	return d.String()
}

// paramStatement reports whether text declares, with a value, a param
// that an accepted statement already declares with one, and which
// statement that is: typing param n = 12 again changes n.
func (s *session) paramStatement(text string) (int, bool) {
	name, valued, ok := paramDeclared(text)
	if !ok || !valued {
		return 0, false
	}
	for i, e := range s.stmts {
		if old, _, ok := paramDeclared(e.text); ok && old == name {
			return i, true
		}
	}
	return 0, false
}

// paramDeclared returns the name a statement declares if it is one param
// declaration, and whether it gives the param a value.
func paramDeclared(text string) (name string, valued, ok bool) {
	f, err := lang.ParseFile("", []byte(text))
	if err != nil || len(f.Stmts) != 1 {
		return "", false, false
	}
	p, ok := f.Stmts[0].(*lang.ParamDecl)
	if !ok {
		return "", false, false
	}
	return p.Name.Name, p.Value != nil, true
}

// changeParam puts text in place of statement i, a declaration of the same
// param, and lowers the model again; if it no longer compiles, the old
// value stays.
func (s *session) changeParam(i int, text string) {
	stmts := append([]entry(nil), s.stmts...)
	stmts[i] = entry{text: text}
	prog, err := s.compileEntries(stmts)
	if err != nil {
		s.fail(err, prog.Sources)
		fmt.Fprintf(s.errw, "the param keeps its value: with the new one the model does not compile (above)\n")
		return
	}
	s.stmts, s.needs = stmts, nil
	s.install(prog)
	if ok, stopped := s.propagate(); stopped {
		fmt.Fprintf(s.out, "interrupted: propagation with the new value of statement [%d] was stopped\n", i+1)
	} else if !ok {
		fmt.Fprintf(s.out, "inconsistent: with the new value of statement [%d] the model has no solution\n", i+1)
	}
	s.showParams(text)
	fmt.Fprintf(s.out, "statement [%d] changed; the model is lowered again\n", i+1)
}

// reset empties the model. The settings stay, and it says so when they
// are not the defaults, which a newcomer would otherwise not suspect.
func (s *session) reset() {
	s.data = nil
	s.recompile(nil)
	fmt.Fprintln(s.out, "the model is empty")
	var kept []string
	if s.settings.order != settings.DefaultOrder {
		kept = append(kept, "order "+searchopt.NameOf(searchopt.Orders, s.settings.order))
	}
	if s.settings.values != settings.DefaultValues {
		kept = append(kept, "values "+searchopt.NameOf(searchopt.ValueOrders, s.settings.values))
	}
	if s.settings.prop != settings.DefaultProp {
		kept = append(kept, "prop "+searchopt.NameOf(searchopt.PropLevels, s.settings.prop))
	}
	if s.settings.free {
		kept = append(kept, "search free")
	}
	if s.settings.timeout != 0 {
		kept = append(kept, "timeout "+timeoutText(s.settings.timeout))
	}
	if len(s.params) > 0 {
		kept = append(kept, "-p "+strings.Join(s.params, " -p "))
	}
	if len(kept) > 0 {
		fmt.Fprintf(s.out, "the settings stay: %s (:set lists them)\n", strings.Join(kept, ", "))
	}
}

// declaredParams are the -p values of the params stmts declare: a -p for
// a param not typed yet waits for its declaration instead of making every
// statement an error.
func (s *session) declaredParams(stmts []lang.Source) []string {
	if len(s.params) == 0 {
		return nil
	}
	declared := map[string]bool{}
	for _, st := range stmts {
		if name, _, ok := paramDeclared(string(st.Text)); ok {
			declared[name] = true
		}
	}
	var out []string
	for _, p := range s.params {
		if name, _, _ := strings.Cut(p, "="); declared[strings.TrimSpace(name)] {
			out = append(out, p)
		}
	}
	return out
}
