package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/cmd/csp/internal/searchview"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// searchRun is one `csp solve` search: on one goroutine, or on --workers
// goroutines when it explores the whole tree (--all, --count, an
// optimisation), where parallel search pays and the order of solutions
// does not matter.
type searchRun struct {
	prog        *lang.Program
	o           *options
	opts        engine.Options
	stdout      io.Writer
	out         *bufio.Writer // on stdout
	stderr      io.Writer
	res         output.Outcome
	optimizing  bool
	meter       *output.Progress
	guard       *limits.Guard
	stop        atomic.Bool
	interrupted atomic.Bool
	multiline   bool
	tree        *searchtree.Recorder
	job         *jobs.Job    // --job: the subproblems of csp split to search
	js          *output.JSON // with --json
}

func newSearchRun(prog *lang.Program, o *options, stdout, stderr io.Writer, start time.Time) *searchRun {
	r := &searchRun{prog: prog, o: o, stdout: stdout, out: bufio.NewWriter(stdout), stderr: stderr, guard: limits.NewGuard(o.maxMemory)}
	if o.json {
		r.js = &output.JSON{W: r.out, Start: start}
	}
	sense, _ := prog.Model.Objective()
	r.optimizing = sense != engine.Satisfy
	r.opts = o.engineOptions(prog.Model, searchopt.Goal{First: solutionLimit(o) == 1 && !r.optimizing, Workers: o.workers})
	r.opts.StopFlag = &r.stop
	if o.timeout > 0 && testHookTimeUp == nil {
		r.opts.Deadline = start.Add(o.timeout) // compiling counts too
	}
	r.meter = output.ForSearch(o.progress, r.js, func() { r.out.Flush() }, stderr)
	if r.meter != nil && r.optimizing {
		// Read where the solutions are reported, which the engine
		// serialises with its progress calls.
		r.meter.Best = func() (int64, bool) { return r.res.Objective, r.res.Found > 0 }
	}
	r.opts.Progress = func(st engine.Stats) {
		if r.meter != nil {
			r.meter.Update(st)
		}
		if r.guard.Over() {
			r.stop.Store(true)
		}
		r.timeUp(st.Solutions)
	}
	if o.tree != "" {
		f, err := os.Create(o.tree) // before searching: a bad path is known at once
		if err != nil {
			msg := fmt.Sprintf("--tree: cannot write %s: %v", o.tree, input.PathError(err))
			fmt.Fprintln(stderr, "csp:", msg)
			r.js.Errors(errors.New(msg))
			r.out.Flush()
			return nil
		}
		f.Close()
		r.tree = searchtree.New(prog, searchtree.Options{})
	}
	r.res.Setup = time.Since(start)
	return r
}

// parallel reports whether the search runs on several goroutines.
func (r *searchRun) parallel() bool {
	o := r.o
	if r.job != nil {
		return true // SolveSubproblems searches the job's subproblems, on one worker or more
	}
	if o.trace != traceOff || r.tree != nil || o.first != 0 {
		return false
	}
	return o.workers > 1 && (o.all || o.count || r.optimizing) || r.opts.LNS && r.optimizing // one worker: LNS takes turns with the search
}

// run searches, prints, and returns the exit status.
func (r *searchRun) run() int {
	stopSignals := limits.OnSignal(func() { r.interrupted.Store(true); r.stop.Store(true) })
	var st engine.Stats
	var err error
	if r.parallel() {
		st, err = r.searchParallel()
	} else {
		st, err = r.searchOne()
	}
	stopSignals()
	if r.meter != nil {
		r.meter.Clear()
	}
	if err != nil {
		fmt.Fprintf(r.stderr, "csp: %s: %v\n", r.o.files[0], err)
		if r.js != nil {
			r.js.Errors(fmt.Errorf("%s: %v", r.o.files[0], err))
			r.js.Failed()
			r.out.Flush()
		}
		return exitBadInput
	}
	if output.Failed(r.stdout) {
		return exitOutput // stopped for it: no note about a limit; run reports it
	}
	switch {
	case r.res.Stopped != "" && r.guard.Hit:
		r.res.Stopped = "memory"
	case r.res.Stopped != "" && r.interrupted.Load():
		r.res.Stopped = "interrupted"
	}
	code := report(r.prog, st, r.o, r.js, r.out, r.stderr, r.res)
	r.out.Flush()
	if r.tree != nil && !r.writeTree(st) {
		return exitBadInput
	}
	return code
}

// searchOne runs the search on this goroutine, narrating it if asked.
func (r *searchRun) searchOne() (engine.Stats, error) {
	s, err := engine.NewSolver(r.prog.Model, r.opts)
	if err != nil {
		return engine.Stats{}, err
	}
	if r.o.trace != traceOff || r.tree != nil {
		w := r.out
		if r.o.json { // keep stdout JSON lines only
			w = bufio.NewWriter(r.stderr)
		}
		searchview.Narrator(w, r.prog, r.o.trace, r.o.traceMax, r.tree).Install(s)
		// A copy of the domains per level of the branch: half the memory
		// at most, the rest for the search and the tree.
		s.SetTraceBudget(r.o.maxMemory / 2)
	}
	limit := solutionLimit(r.o)
	if r.optimizing && r.o.first == 0 {
		limit = 0 // branch and bound runs to the proven optimum
	}
	sol := lang.Solution(s.Value)
	for {
		switch s.Next() {
		case engine.Exhausted:
			r.res.Complete = true
			return s.Stats(), nil
		case engine.Stopped:
			r.res.Stopped = "timeout"
			if s.TraceOverBudget() {
				r.guard.Hit, r.res.Traced = true, true // a stop of --max-memory's
			}
			return s.Stats(), nil
		}
		r.res.Found++
		if r.optimizing {
			r.res.Objective = s.Objective()
		}
		r.solution(sol)
		if limit > 0 && r.res.Found >= limit {
			return s.Stats(), nil
		}
	}
}

// searchParallel runs the search on the workers; solutions come in the
// order the workers find them.
func (r *searchRun) searchParallel() (engine.Stats, error) {
	_, objective := r.prog.Model.Objective()
	var values []int64
	sol := lang.Solution(func(x engine.Var) int64 { return values[x] })
	onSolution := func(vs []int64) bool {
		values = vs
		r.res.Found++
		if r.optimizing {
			r.res.Objective, _ = engine.Eval(objective, sol)
		}
		r.solution(sol)
		return true
	}
	countOnly := r.o.count && !r.optimizing
	if countOnly {
		onSolution = nil // the workers count without taking turns
	}
	limit := solutionLimit(r.o)
	if limit == 0 || r.optimizing && r.o.first == 0 {
		limit = 0 // to the end, or branch and bound to the proven optimum
	} else if onSolution != nil {
		next := onSolution // a job without -a, --count or an objective: its first solutions
		onSolution = func(vs []int64) bool { next(vs); return r.res.Found < limit }
	}
	var status engine.Status
	var st engine.Stats
	var err error
	if r.job != nil {
		status, st, err = engine.SolvePaths(r.prog.Model, r.opts, r.o.workers, r.job.Subs, onSolution)
	} else {
		status, st, err = engine.SolveParallel(r.prog.Model, r.opts, r.o.workers, onSolution)
	}
	if countOnly {
		r.res.Found = st.Solutions
	}
	switch status {
	case engine.Exhausted:
		r.res.Complete = true
	case engine.Stopped:
		r.res.Stopped = "timeout"
	}
	return st, err
}

// solution prints a solution found, unless only counting.
func (r *searchRun) solution(sol lang.Solution) {
	if r.o.count {
		return
	}
	if r.meter != nil {
		r.meter.Clear()
	}
	printSolution(r.prog, sol, r.js, r.out, r.optimizing, &r.res, &r.multiline)
	if output.Failed(r.stdout) {
		r.stop.Store(true) // nothing more can be shown: run reports why
	}
	r.timeUp(r.res.Found)
}

// testHookTimeUp, when a test sets it, stands for the clock of --timeout:
// no deadline is set, and the search stops as a timeout when it returns
// true, asked with the solutions found so far at each solution and
// progress report. A test of what a timeout prints can then wait for its
// first solution on a machine of any speed.
var testHookTimeUp func(found int64) bool

func (r *searchRun) timeUp(found int64) {
	if r.o.timeout > 0 && testHookTimeUp != nil && testHookTimeUp(found) {
		r.stop.Store(true)
	}
}

// treeTitle names the picture: the model and its parameters.
func (r *searchRun) treeTitle() string {
	title := filepath.Base(r.o.files[0])
	if len(r.o.params) > 0 {
		title += " (" + strings.Join(r.o.params, ", ") + ")"
	}
	return title
}

// writeTree renders the recorded tree into the --tree file.
func (r *searchRun) writeTree(st engine.Stats) bool {
	h := searchview.TreeHeader(r.treeTitle(), r.o.order, r.o.values, r.o.prop, st, r.res.Stopped)
	if err := searchview.WriteTree(r.tree, h, r.o.tree); err != nil {
		fmt.Fprintf(r.stderr, "csp: --tree: cannot write %s: %v\n", r.o.tree, input.PathError(err))
		return false
	}
	return true
}
