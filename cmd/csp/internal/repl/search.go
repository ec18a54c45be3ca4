package repl

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// The session's searches: :solve, :next, :all, :count, :explain, :stats.

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
	meter := output.Live(sv, s.langErrw) // the progress line of csp solve, on a terminal (errw may be wrapped for colour)
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
