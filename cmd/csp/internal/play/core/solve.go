package core

import (
	"fmt"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// search is a search in progress: what solve, all and count run, and what
// next continues.
type search struct {
	key        string
	prog       *lang.Program
	s          *engine.Solver
	settings   settings
	optimizing bool
	found      int64
	complete   bool
	stopped    bool  // Stop ended the last request's search; next resumes it
	firstNodes int64 // the nodes when the request being answered began
	narr       *narrate.Narrator
	out        *output // the request being answered, where narr writes and progress goes
	title      string  // the tree's: the model and its parameters
}

// solve is csp solve: the first solution, each improving one up to the
// optimum, or with all, every solution (printed, or counted for count).
// The search stays for next unless it ran to its end.
func (ses *Session) solve(req Request, st settings, o *output, all bool) Result {
	ses.search = nil
	prog, code := compileRequest(req, st.prop != engine.PropAC, o)
	if prog == nil {
		return o.result(code)
	}
	count := req.Action == "count"
	if count && prog.ObjectiveText() != "" {
		what := fmt.Sprintf("%s at %s", prog.ObjectiveText(), prog.Objective.Pos)
		o.errorf("csp solve: %s\n", searchopt.CountWithObjective(what, "--count", "--all"))
		return o.result(exitBadInput)
	}
	sense, _ := prog.Model.Objective()
	first := !all && !count && sense == engine.Satisfy
	opts := searchopt.Auto(engine.Options{Order: st.order, Values: st.values, Prop: st.prop, StopFlag: &ses.stop}, prog.Model, searchopt.Goal{First: first})
	s, err := engine.NewSolver(prog.Model, opts)
	if err != nil {
		o.errorf("csp: %s: %v\n", req.Model.Name, err)
		return o.result(exitBadInput)
	}
	sr := &search{key: requestKey(req), prog: prog, s: s, settings: st, optimizing: sense != engine.Satisfy, out: o}
	s.SetProgress(func(st engine.Stats) { sr.out.progress(Progress{Nodes: st.Nodes, Solutions: sr.found}, sr.firstNodes) })
	if st.trace != narrate.Off || req.Tree {
		limit := req.TraceLimit
		if limit == 0 {
			limit = narrate.DefaultLimit
		}
		// next restarts the narration for each request's own lines.
		sr.narr = &narrate.Narrator{Prog: prog, Mode: st.trace, Limit: limit, Restartable: true}
		sr.narr.Write = func(line string) { sr.out.write("trace", line) }
		if req.Tree {
			sr.narr.Tree = searchtree.New(prog, searchtree.Options{})
			sr.title = req.Model.Name
			if len(req.Params) > 0 {
				sr.title += " (" + strings.Join(req.Params, ", ") + ")"
			}
		}
		sr.narr.Install(s)
	}
	limit := int64(1)
	if all || count || sr.optimizing {
		limit = 0 // to the end, or branch and bound to the proven optimum
	}
	sol := lang.Solution(s.Value)
	for limit == 0 || sr.found < limit {
		if !sr.step() {
			break
		}
		if !count {
			sr.print(o, sol)
		}
	}
	sr.report(o, count)
	ses.search = sr
	return o.result(sr.exit())
}

// step searches for the next solution and reports whether it found one;
// if not, the search is complete or was stopped.
func (sr *search) step() bool {
	switch sr.s.Next() {
	case engine.Solution:
		sr.found++
		return true
	case engine.Stopped:
		sr.stopped = true
	default:
		sr.complete = true
	}
	return false
}

// print writes a solution as csp solve does: a blank line between
// solutions of several lines, and the objective's value.
func (sr *search) print(o *output, sol lang.Solution) {
	if sr.found > 1 && o.multiOut {
		o.write("out", "\n")
	}
	var b strings.Builder
	sr.prog.WriteSolution(&b, sol)
	if sr.optimizing {
		fmt.Fprintf(&b, "objective = %d\n", sr.s.Objective())
	}
	if strings.Count(b.String(), "\n") > 1 {
		o.multiOut = true
	}
	o.write("out", b.String())
}

// report prints the final line of csp solve and keeps the statistics.
// A stopped search says on stderr what it leaves unknown, as csp solve
// does when Ctrl-C stops it.
func (sr *search) report(o *output, count bool) {
	switch {
	case count:
		o.printf("%d\n", sr.found)
	case sr.found == 0 && sr.complete:
		o.printf("no solution\n")
	case sr.optimizing && sr.complete:
		o.printf("optimal\n")
	}
	if sr.stopped {
		o.errorf("csp: stopped: %s\n", sr.stoppedNote(count))
	}
	sr.stats(o)
}

// stoppedNote is csp solve's note on a search a limit stopped (limitNote
// in cmd/csp/solve.go): what it found, and that there may be more.
func (sr *search) stoppedNote(count bool) string {
	switch {
	case sr.found == 0:
		return "no solution found yet"
	case sr.optimizing:
		return "the last solution is the best found, not proven optimal"
	case count:
		return fmt.Sprintf("the count %d is incomplete", sr.found)
	}
	return plural(sr.found, "solution") + " found, and there may be more"
}

// exit is csp solve's exit status for the search so far: a stop leaves
// a count or a list of solutions short of the answer asked for (3), but
// an optimisation with its best solution so far (0).
func (sr *search) exit() int {
	switch {
	case sr.stopped && (sr.found == 0 || !sr.optimizing):
		return exitLimit
	case sr.found == 0:
		return exitUnsat
	}
	return exitSolved
}

func (sr *search) stats(o *output) {
	st := sr.s.Stats()
	status := "solution"
	switch {
	case sr.stopped:
		status = "stopped"
	case sr.found == 0 && sr.complete:
		status = "unsatisfiable"
	case sr.optimizing && sr.complete:
		status = "optimal"
	case sr.complete:
		status = "all_solutions"
	}
	sr.drawTree(o, st)
	o.stats = &Stats{
		Status: status, Solutions: sr.found, Nodes: st.Nodes, Failures: st.Failures,
		Propagations: st.Propagations, MaxDepth: st.MaxDepth,
		SearchMS: float64(st.SearchTime.Microseconds()) / 1000,
		Settings: fmt.Sprintf("order %s, values %s, prop %s", searchopt.NameOf(orders, sr.settings.order),
			searchopt.NameOf(valueOrders, sr.settings.values), searchopt.NameOf(propLevels, sr.settings.prop)),
	}
}

// next continues the search, as the REPL's :next does: the next solution
// with its number, or why there is none.
func (sr *search) next(o *output) Result {
	sr.begin(o)
	if sr.narr != nil {
		sr.narr.Restart()
	}
	if !sr.complete {
		if sr.step() {
			o.printf("solution %d:\n", sr.found)
			sr.print(o, sr.s.Value)
			sr.stats(o)
			return o.result(exitSolved)
		}
		if sr.stopped {
			o.errorf("csp: stopped: solution %d not found yet\n", sr.found+1)
			sr.stats(o)
			return o.result(exitLimit)
		}
	}
	switch {
	case sr.found == 0:
		o.printf("no solution\n")
	case sr.optimizing:
		o.printf("optimal: no better solution than objective = %d\n", sr.s.Objective())
	default:
		o.printf("no more solutions (%d found)\n", sr.found)
	}
	sr.stats(o)
	return o.result(sr.exit())
}

// begin makes o the request the search answers: where its narration,
// its output and its progress go.
func (sr *search) begin(o *output) {
	sr.out = o
	sr.stopped = false
	sr.firstNodes = sr.s.Stats().Nodes
}

// drawTree puts the page of the search tree so far into the result, when
// the request asked for it.
func (sr *search) drawTree(o *output, st engine.Stats) {
	if sr.narr == nil || sr.narr.Tree == nil {
		return
	}
	h := searchtree.Header{Title: sr.title, Order: searchopt.NameOf(orders, sr.settings.order),
		Values: searchopt.NameOf(valueOrders, sr.settings.values), Prop: searchopt.NameOf(propLevels, sr.settings.prop), Stats: st}
	if sr.stopped {
		h.Stopped = "Stop was pressed"
	}
	var b strings.Builder
	if err := sr.narr.Tree.WriteHTML(&b, h); err != nil {
		o.errorf("csp: the search tree: %v\n", err)
		return
	}
	o.tree = b.String()
}
