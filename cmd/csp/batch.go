package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Batch solving: csp solve MODEL --each [NAME=]FILE solves one instance per
// line of FILE and prints one line per instance, in input order. Blank
// lines and lines starting with # are skipped.

// batchJob is one line of the batch file; batchResult its answer.
type batchJob struct {
	n    int // instance number, from 0
	line int // line in FILE, for messages
	text string
}

type batchResult struct {
	n         int
	line      int // in FILE, for messages
	answer    string
	status    string          // solution, optimal, unsatisfiable, timeout, interrupted, invalid
	err       string          // for invalid lines
	errAt     *lang.LineError // where in its line, if known
	text      string          // the line, with errAt
	stats     engine.Stats
	count     int64  // the solutions found (all of them with --count)
	objective *int64 // the best objective, with an objective
	stopped   string // timeout or interrupted, when a limit ended the search
}

// batchRun holds what the workers share.
type batchRun struct {
	batch   *lang.Batch
	o       *options // the settings, for the options of each model (engineOptions)
	count   bool     // count each instance's solutions
	timeout time.Duration
	stopped atomic.Bool
	mu      sync.Mutex
	running map[*engine.Solver]bool
	js      *output.JSON // with --json, on the answers' writer
}

func eachCmd(o *options, stdout, stderr io.Writer) int {
	start := time.Now()
	name, path, _ := strings.Cut(o.each, "=")
	if path == "" {
		name, path = "", o.each
	}
	var js *output.JSON
	if o.json {
		js = &output.JSON{W: stdout, Start: start}
	}
	fail := func(code int, err error) int { // before any instance: the whole run failed
		js.Errors(err)
		js.Failed()
		return code
	}
	in, err := loadInput(o)
	if err == nil && path == "-" && slices.Contains(o.files, "-") {
		err = input.ErrStdinTwice
	}
	if o.progress { // its line follows one search; a batch runs thousands
		err = errors.New("--progress shows the progress of one search; it does not go with --each (-s sums the batch)")
	}
	if err != nil {
		fmt.Fprintln(stderr, "csp:", err)
		return fail(exitBadInput, err)
	}
	run := &batchRun{timeout: o.timeout, running: map[*engine.Solver]bool{}, count: o.count,
		o: o}
	stopSignals := limits.OnSignal(run.stop)
	defer stopSignals()
	in.Limits = run.limits(o.maxMemory)
	b, err := lang.NewBatch(in, name)
	if err != nil {
		srcs := lang.Sources{in.Model.Name: in.Model.Text}
		for _, d := range in.Data {
			srcs[d.Name] = d.Text
		}
		output.PrintErrors(stderr, err, srcs)
		if lang.HitLimit(err) {
			return fail(exitLimit, err)
		}
		return fail(exitBadInput, err)
	}
	run.batch = b
	if obj := b.ObjectiveText(); o.count && obj != "" {
		msg := searchopt.CountWithObjective(obj, "--count", "")
		fmt.Fprintf(stderr, "csp solve: %s\n", msg)
		return fail(exitBadInput, errors.New(msg))
	}
	f, err := openBatchInput(path, o)
	if err != nil {
		fmt.Fprintln(stderr, "csp:", err)
		return fail(exitBadInput, err)
	}
	defer f.Close()
	if path == "-" {
		path = lang.StdinName // for the messages about its lines
	}
	run.js = js
	tally := run.solveAll(f, path, o, stdout, stderr)
	if o.stats {
		tally.print(stderr, time.Since(start))
	}
	if js != nil {
		jsonBatchEnd(js, tally, o.stats)
	}
	return tally.exitCode()
}

// limits bound compiling the model, and each line that needs it
// compiled again, by memory and by a stop request.
func (r *batchRun) limits(maxMemory int64) lang.Limits {
	return limits.Memory(maxMemory, func() string {
		if r.stopped.Load() {
			return "interrupted"
		}
		return ""
	})
}

// stop ends every running search and starts no more.
func (r *batchRun) stop() {
	r.stopped.Store(true)
	r.mu.Lock()
	for s := range r.running {
		s.Stop()
	}
	r.mu.Unlock()
}

// openBatchInput opens the --each file, or the standard input for "-".
func openBatchInput(path string, o *options) (io.ReadCloser, error) {
	if path != "-" {
		return openBatchFile(path)
	}
	if o.stdin == nil {
		return nil, errors.New("- names the standard input, and this command has none")
	}
	return io.NopCloser(o.stdin), nil
}

// openBatchFile opens the --each file, which must be a file.
func openBatchFile(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", path, input.PathError(err))
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	return f, nil
}

// batchWorker solves instances one after another. When they share the
// model lowered once, it keeps one solver and resets it between them:
// building a solver costs more than solving most sudokus.
type batchWorker struct {
	run   *batchRun
	model *engine.Model
	s     *engine.Solver
	vals  []int64 // an answer's values, before they are formatted
}

// solver returns a solver for m at its root, with this instance's
// deadline.
func (w *batchWorker) solver(m *engine.Model) (*engine.Solver, error) {
	if w.s != nil && w.model == m {
		w.s.Reset()
	} else {
		w.release()
		s, err := engine.NewSolver(m, w.run.o.engineOptions(m, searchopt.Goal{First: !w.run.count}))
		if err != nil {
			return nil, err
		}
		w.s, w.model = s, m
		w.run.track(s, true)
	}
	var deadline time.Time
	if w.run.timeout > 0 {
		deadline = time.Now().Add(w.run.timeout)
	}
	w.s.SetDeadline(deadline)
	return w.s, nil
}

func (w *batchWorker) release() {
	if w.s != nil {
		w.run.track(w.s, false)
		w.s, w.model = nil, nil
	}
}

// solve answers one instance.
func (w *batchWorker) solve(j batchJob) batchResult {
	r := w.run
	res := batchResult{n: j.n}
	if r.stopped.Load() {
		res.status = "interrupted"
		return res
	}
	inst, err := r.batch.Instance(j.text)
	if err != nil && lang.HitLimit(err) && r.stopped.Load() {
		res.status = "interrupted" // while the line was compiled: no mistake in it
		return res
	}
	if err != nil {
		res.status, res.err = "invalid", err.Error()
		if errors.As(err, &res.errAt) {
			res.text = j.text
		}
		return res
	}
	s, err := w.solver(inst.Program.Model)
	if err != nil {
		res.status, res.err = "invalid", err.Error()
		return res
	}
	feasible := true
	for _, fx := range inst.Fixes {
		if !s.Restrict(fx.Var, []int64{fx.Value}) {
			feasible = false
			break
		}
	}
	status := engine.Exhausted
	if feasible {
		status = r.search(s, inst, &res, &w.vals)
	}
	res.stats = s.Stats()
	if status == engine.Stopped {
		res.stopped = "timeout"
		if r.stopped.Load() {
			res.stopped = "interrupted"
		}
	}
	switch {
	case status == engine.Exhausted && res.count == 0:
		res.status = "unsatisfiable"
	case status == engine.Exhausted && r.count:
		res.status = "all_solutions"
	case status == engine.Exhausted && res.objective != nil:
		res.status = "optimal"
	case res.count > 0: // a limit may have stopped it after a solution, as in solve
		res.status = "solution"
	default:
		res.status = res.stopped
	}
	return res
}

// search runs one instance's search: to its first solution, to the proven
// optimum when the model has an objective, or to the end when counting.
// It returns how the search ended (Solution: stopped at the first).
func (r *batchRun) search(s *engine.Solver, inst *lang.Instance, res *batchResult, buf *[]int64) engine.Status {
	sense, _ := inst.Program.Model.Objective()
	optimizing := sense != engine.Satisfy
	for {
		status := s.Next()
		if status != engine.Solution {
			return status
		}
		res.count++
		if r.count {
			continue
		}
		vals := slices.Grow((*buf)[:0], len(inst.Out))[:len(inst.Out)] // the worker's, reused
		*buf = vals
		for i, v := range inst.Out {
			vals[i] = s.Value(v)
		}
		res.answer = lang.FormatLine(vals)
		if !optimizing {
			return engine.Solution
		}
		obj := s.Objective()
		res.objective = &obj
	}
}

func (r *batchRun) track(s *engine.Solver, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if on {
		r.running[s] = true
		if r.stopped.Load() {
			s.Stop()
		}
	} else {
		delete(r.running, s)
	}
}

// print writes one answer line: the solution in one-line form, or why
// there is none.
func (r *batchRun) print(out *bufio.Writer, stderr io.Writer, res batchResult, path string, line int) {
	switch {
	case res.errAt != nil:
		e := &lang.Error{Pos: lang.Pos{File: path, Line: line, Col: res.errAt.Col}, Msg: res.err}
		if res.errAt.End > res.errAt.Col {
			e.End = lang.Pos{File: path, Line: line, Col: res.errAt.End}
		}
		output.Painter(output.UseColour(stderr)).ErrorStyle().PrintAtLine(stderr, e, res.text)
	case res.status == "invalid":
		fmt.Fprintf(stderr, "%s:%d: %s\n", path, line, res.err)
	}
	if res.stopped != "" && res.objective != nil {
		fmt.Fprintf(stderr, "%s:%d: %s: the answer is the best found, not proven optimal\n", path, line, res.stopped)
	}
	if res.stopped != "" && r.count && res.count > 0 {
		fmt.Fprintf(stderr, "%s:%d: %s: the count %d is incomplete\n", path, line, res.stopped, res.count)
	}
	if r.js != nil {
		jsonInstance(r.js, res, path, line, r.count)
		return
	}
	switch {
	case r.count && (res.status == "all_solutions" || res.status == "solution" || res.status == "unsatisfiable"):
		fmt.Fprintln(out, res.count)
	case res.answer != "":
		out.WriteString(res.answer)
		out.WriteByte('\n')
	case res.status == "unsatisfiable":
		out.WriteString("no solution\n")
	case res.status == "invalid":
		out.WriteString("invalid: " + res.err + "\n")
	default:
		out.WriteString(res.status + "\n")
	}
}

// batchTally sums a batch.
type batchTally struct {
	unread     bool // reading the file failed: lines were left out
	incomplete int  // instances a limit stopped short of their answer
	counts     map[string]int
	total      engine.Stats
	n          int
}

func (t *batchTally) add(res batchResult) {
	t.counts[res.status]++
	t.n++
	if res.status == "timeout" || res.status == "interrupted" || res.stopped != "" && res.objective == nil {
		t.incomplete++ // no answer, or a count cut short; a stopped optimisation has its best
	}
	t.total.Nodes += res.stats.Nodes
	t.total.Failures += res.stats.Failures
	t.total.Propagations += res.stats.Propagations
	t.total.SearchTime += res.stats.SearchTime
}

// exitCode: 2 if a line was invalid or the file could not be read to its
// end, else 3 if a limit stopped one short of its answer (a stopped
// optimisation keeps its best: not this), else 1 if one has no solution,
// else 0.
func (t *batchTally) exitCode() int {
	switch {
	case t.unread || t.counts["invalid"] > 0:
		return exitBadInput
	case t.incomplete > 0:
		return exitLimit
	case t.counts["unsatisfiable"] > 0:
		return exitUnsat
	}
	return exitSolved
}

func (t *batchTally) print(w io.Writer, elapsed time.Duration) {
	rows := [][2]string{
		{"instances", fmt.Sprint(t.n)},
		{"solved", fmt.Sprint(t.solved())},
		{"no solution", fmt.Sprint(t.counts["unsatisfiable"])},
		{"stopped", fmt.Sprint(t.counts["timeout"] + t.counts["interrupted"])},
		{"invalid", fmt.Sprint(t.counts["invalid"])},
		{"nodes", fmt.Sprint(t.total.Nodes)},
		{"failures", fmt.Sprint(t.total.Failures)},
		{"propagations", fmt.Sprint(t.total.Propagations)},
		{"search time", fmt.Sprintf("%.3f ms (summed over workers)", output.Millis(t.total.SearchTime))},
		{"wall time", fmt.Sprintf("%.3f ms", output.Millis(elapsed))},
		{"rate", fmt.Sprintf("%.0f instances/s", float64(t.n)/elapsed.Seconds())},
		{"peak memory", fmt.Sprintf("%.1f MB", float64(limits.PeakMemory())/(1<<20))},
	}
	for _, r := range rows {
		fmt.Fprintf(w, "%-14s %s\n", r[0], r[1])
	}
}

// solved is the number of instances answered with a solution or a count.
func (t *batchTally) solved() int {
	return t.counts["solution"] + t.counts["optimal"] + t.counts["all_solutions"]
}
