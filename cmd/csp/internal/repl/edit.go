package repl

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/lang"
)

// The session's model: :model, :drop, :load, :open, :save, :reset.

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
