package repl

import (
	"bufio"
	"fmt"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/cmd/csp/internal/searchview"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/engine"
)

// The session's :trace and :tree.

// newSearch creates the solver of a new search, narrated when :trace is
// on; complete says whether it will run to the end (:all, :count).
func (s *session) newSearch(complete bool) (*engine.Solver, error) {
	sv, err := engine.NewSolver(s.prog.Model, s.searchOptions(complete))
	if err != nil {
		return nil, err
	}
	s.complete = complete
	if s.trace != narrate.Off {
		searchview.Narrator(bufio.NewWriter(s.out), s.prog, s.trace, narrate.DefaultLimit, nil).Install(sv)
	}
	return sv, nil
}

// setTrace is :trace on|off|domains|piles.
func (s *session) setTrace(args []string) {
	modes := map[string]narrate.Mode{"on": narrate.Steps, "off": narrate.Off, "steps": narrate.Steps, "domains": narrate.Domains, "piles": narrate.Piles}
	if len(args) == 0 {
		fmt.Fprintf(s.out, "trace is %s\n", traceName(s.trace))
		return
	}
	m, ok := modes[args[0]]
	if len(args) != 1 || !ok {
		s.failed = true
		fmt.Fprintf(s.errw, "usage: :trace on|off|domains|piles%s\n", settings.Suggest(args[0], []string{"on", "off", "domains", "piles"}))
		return
	}
	s.trace = m
	fmt.Fprintf(s.out, "trace is %s\n", traceName(m))
}

func traceName(m narrate.Mode) string {
	switch m {
	case narrate.Steps:
		return "on"
	case narrate.Domains:
		return "on, with domains"
	case narrate.Piles:
		return "on, as piles"
	}
	return "off"
}

// drawTree is :tree FILE: it runs the last search again from the start,
// as far as it went (the search is deterministic), recording its tree.
func (s *session) drawTree(args []string) {
	if len(args) != 1 || !searchview.TreeFileOK(args[0]) {
		s.failed = true
		fmt.Fprintln(s.errw, "usage: :tree FILE.html, :tree FILE.svg or :tree FILE.dot")
		return
	}
	if s.search == nil {
		fmt.Fprintln(s.out, "no search yet: :solve, :all or :count first")
		return
	}
	sv, err := engine.NewSolver(s.prog.Model, s.searchOptions(s.complete))
	if err != nil {
		fmt.Fprintln(s.errw, "csp:", err)
		return
	}
	tree := searchtree.New(s.prog, searchtree.Options{})
	searchview.Narrator(nil, s.prog, narrate.Off, 0, tree).Install(sv)
	if s.onStop != nil {
		defer s.onStop(sv.Stop)()
	}
	for found := int64(0); s.complete || found < max(s.found, 1); found++ {
		if sv.Next() != engine.Solution {
			break
		}
	}
	h := searchview.TreeHeader("the session's search", s.settings.order, s.settings.values, s.settings.prop, sv.Stats(), "")
	if err := searchview.WriteTree(tree, h, args[0]); err != nil {
		s.failed = true
		fmt.Fprintf(s.errw, "cannot write %s: %v\n", args[0], input.PathError(err))
		return
	}
	size, fails, sols := tree.Totals()
	fmt.Fprintf(s.out, "wrote %s: %s, %s, %s\n", args[0], output.Plural(size, "node"), output.Plural(fails, "dead end"), output.Plural(sols, "solution"))
}
