package repl

import (
	"fmt"
	"strings"

	"github.com/csp-lang/csp/lang"
)

// Params in the session: typing param n = 12 again changes n, and a -p
// given at start waits for its param's declaration.

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
