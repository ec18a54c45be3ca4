package fzncmd

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
	"github.com/csp-lang/csp/lang/fzn"
)

// Env is what csp fzn takes from the command around it.
type Env struct {
	// Version is csp's version, for the solver configuration.
	Version string
	// OnSignal calls stop on Ctrl-C or SIGTERM until the function it
	// returns is called.
	OnSignal func(stop func()) func()
}

// Exit statuses: the search ran, whatever it found (minizinc takes any
// other status for a failure of the solver); bad input; stdout failed.
const (
	exitOK       = 0
	exitBadInput = 2
	exitOutput   = 4
)

// Fzn is csp fzn.
func Fzn(args []string, stdin io.Reader, stdout, stderr io.Writer, env Env) int {
	start := time.Now()
	o, err := parseFlags(args)
	if err != nil {
		fmt.Fprintf(stderr, "csp fzn: %v\n", err)
		return exitBadInput
	}
	if o.help {
		fmt.Fprint(stdout, FznUsage)
		return exitOK
	}
	r := &run{o: o, out: bufio.NewWriter(stdout), stderr: stderr, start: start}
	// The limit and the signals hold from the start: reading and
	// compiling a large FlatZinc file (nmseq, slow_convergence: 2-4 MB)
	// can outlast what MiniZinc leaves of its --time-limit after
	// flattening, and MiniZinc kills a solver that has not answered.
	interrupted := make(chan struct{}, 1)
	stopSignals := func() {}
	if env.OnSignal != nil {
		stopSignals = env.OnSignal(func() {
			r.stop.Store(true)
			select {
			case interrupted <- struct{}{}:
			default:
			}
		})
	}
	defer stopSignals()
	prog, code, ok := compileWithin(o, stdin, stderr, start, interrupted)
	if !ok {
		if code == exitOK { // stopped before the search: no answer
			fmt.Fprintln(r.out, "=====UNKNOWN=====")
		}
		if err := r.out.Flush(); err != nil {
			fmt.Fprintf(stderr, "csp fzn: cannot write the output: %v\n", err)
			return exitOutput
		}
		return code
	}
	for _, w := range prog.Warnings {
		fmt.Fprintf(stderr, "csp fzn: warning: %s\n", w)
	}
	r.prog = prog
	r.init = time.Since(start)
	code = r.search()
	if err := r.out.Flush(); err != nil {
		fmt.Fprintf(stderr, "csp fzn: cannot write the output: %v\n", err)
		return exitOutput
	}
	return code
}

// compileWithin reads and compiles the model, unless the time limit
// passes or a signal comes first: then it returns false with exitOK, and
// the compilation is left to the process's exit. A malformed model gives
// false and exitBadInput, its errors printed.
func compileWithin(o *options, stdin io.Reader, stderr io.Writer, start time.Time, interrupted <-chan struct{}) (*fzn.Program, int, bool) {
	type compiled struct {
		prog *fzn.Program
		err  error
		read bool // the file was read
	}
	done := make(chan compiled, 1)
	go func() {
		src, err := readModel(o.file, stdin)
		if err != nil {
			done <- compiled{err: err}
			return
		}
		name := o.file
		if name == "-" {
			name = "<stdin>"
		}
		prog, err := fzn.Compile(name, src)
		done <- compiled{prog: prog, err: err, read: true}
	}()
	var deadline <-chan time.Time
	if o.hasLimit {
		t := time.NewTimer(time.Until(start.Add(o.timeout)))
		defer t.Stop()
		deadline = t.C
	}
	select {
	case c := <-done:
		switch {
		case c.err != nil && !c.read:
			fmt.Fprintf(stderr, "csp fzn: %v\n", c.err)
			return nil, exitBadInput, false
		case c.err != nil:
			lang.PrintErrors(stderr, c.err, c.prog.Sources)
			return nil, exitBadInput, false
		}
		return c.prog, exitOK, true
	case <-deadline:
	case <-interrupted:
	}
	return nil, exitOK, false
}

func readModel(file string, stdin io.Reader) ([]byte, error) {
	if file == "-" {
		return io.ReadAll(stdin)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		if pe, ok := err.(*os.PathError); ok {
			err = fmt.Errorf("cannot read %s: %v", file, pe.Err)
		}
		return nil, err
	}
	return src, nil
}

// run is one search of csp fzn.
type run struct {
	prog   *fzn.Program
	o      *options
	out    *bufio.Writer
	stderr io.Writer
	start  time.Time
	init   time.Duration

	opts       engine.Options
	stop       atomic.Bool
	optimizing bool
	found      int64
	complete   bool
	best       []int64 // the last solution of an optimisation, printed at the end without -a
	objective  int64
	stats      engine.Stats
	writeErr   error
}

func (r *run) search() int {
	o := r.o
	r.optimizing = r.prog.Sense() != engine.Satisfy
	r.opts = r.prog.Search.Options(engine.Default(), o.free)
	r.opts.StopFlag = &r.stop
	if o.seedSet {
		r.opts.Seed = o.seed
	}
	if o.hasLimit {
		r.opts.Deadline = r.start.Add(o.timeout)
	}
	if o.verbose {
		r.describe()
	}
	var err error
	if o.workers > 1 && (o.all || r.optimizing) {
		err = r.parallel()
	} else {
		err = r.single()
	}
	if err != nil {
		fmt.Fprintf(r.stderr, "csp fzn: %s: %v\n", o.file, err)
		return exitBadInput
	}
	r.finish()
	return exitOK
}

// limit is the number of solutions to find; 0 means all.
func (r *run) limit() int64 {
	switch {
	case r.optimizing:
		return 0 // branch and bound runs to the proven optimum
	case r.o.first > 0:
		return r.o.first
	case r.o.all:
		return 0
	}
	return 1
}

func (r *run) single() error {
	s, err := engine.NewSolver(r.prog.Model, r.opts)
	if err != nil {
		return err
	}
	n := r.prog.Model.NumVars()
	values := make([]int64, n)
	limit := r.limit()
	for {
		switch s.Next() {
		case engine.Exhausted:
			r.complete = true
			r.stats = s.Stats()
			return nil
		case engine.Stopped:
			r.stats = s.Stats()
			return nil
		}
		for x := range n {
			values[x] = s.Value(engine.Var(x))
		}
		r.solution(values, s.Objective())
		if limit > 0 && r.found >= limit || r.writeErr != nil {
			r.stats = s.Stats()
			return nil
		}
	}
}

func (r *run) parallel() error {
	_, objective := r.prog.Model.Objective()
	limit := r.limit()
	onSolution := func(vs []int64) bool {
		var obj int64
		if r.optimizing {
			obj, _ = engine.Eval(objective, func(x engine.Var) int64 { return vs[x] })
		}
		r.solution(vs, obj)
		return r.writeErr == nil && (limit == 0 || r.found < limit)
	}
	status, st, err := engine.SolveParallel(r.prog.Model, r.opts, r.o.workers, onSolution)
	r.stats = st
	r.complete = status == engine.Exhausted
	return err
}

// testHookSolution, if set, is called after each solution: tests stop
// the search there, as a signal would.
var testHookSolution func()

// solution prints a solution, or with an optimisation without -a keeps it
// to print at the end.
func (r *run) solution(values []int64, objective int64) {
	if testHookSolution != nil {
		defer testHookSolution()
	}
	r.found++
	r.objective = objective
	if r.optimizing && !r.o.all {
		r.best = append(r.best[:0], values...)
		return
	}
	r.print(values)
}

func (r *run) print(values []int64) {
	err := r.prog.WriteSolution(r.out, func(x engine.Var) int64 { return values[x] })
	if err == nil {
		err = r.out.Flush()
	}
	if err != nil && r.writeErr == nil {
		r.writeErr = err
		r.stop.Store(true)
	}
}

// finish prints the kept optimum, the search's verdict and the
// statistics.
func (r *run) finish() {
	if r.best != nil {
		r.print(r.best)
	}
	switch {
	case r.complete && r.found > 0:
		fmt.Fprintln(r.out, "==========")
	case r.complete:
		fmt.Fprintln(r.out, "=====UNSATISFIABLE=====")
	case r.found == 0:
		fmt.Fprintln(r.out, "=====UNKNOWN=====")
	}
	if r.o.stats {
		r.printStats()
	}
}

func (r *run) printStats() {
	st := r.stats
	ints, bools := r.prog.Vars()
	stat := func(name string, v any) { fmt.Fprintf(r.out, "%%%%%%mzn-stat: %s=%v\n", name, v) }
	stat("initTime", seconds(r.init))
	stat("solveTime", seconds(st.SearchTime))
	stat("solutions", r.found)
	stat("variables", ints+bools)
	stat("intVariables", ints)
	stat("boolVariables", bools)
	stat("propagators", len(r.prog.Model.Constraints()))
	stat("nodes", st.Nodes)
	stat("failures", st.Failures)
	stat("propagations", st.Propagations)
	stat("peakDepth", st.MaxDepth)
	if r.optimizing && r.found > 0 {
		stat("objective", r.objective)
	}
	fmt.Fprintln(r.out, "%%%mzn-stat-end")
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// describe says on stderr how the annotations are followed (-v).
func (r *run) describe() {
	o := r.opts
	phases := r.prog.Model.Phases()
	switch {
	case o.FreeSearch:
		fmt.Fprintln(r.stderr, "csp fzn: free search: the annotations are ignored")
	case len(phases) == 0:
		fmt.Fprintln(r.stderr, "csp fzn: no search annotation")
	}
	if !o.FreeSearch {
		for i, ph := range phases {
			a := r.prog.Search.Phases[i]
			fmt.Fprintf(r.stderr, "csp fzn: phase %d: %d variables, %s %s: --order %v --values %v\n", i+1, len(ph.Vars), a.VarSel, a.ValSel, ph.Order, ph.Values)
		}
	}
	fmt.Fprintf(r.stderr, "csp fzn: the other variables: --order %v --values %v --prop %v; restarts %v\n", o.Order, o.Values, o.Prop, o.Restarts)
}
