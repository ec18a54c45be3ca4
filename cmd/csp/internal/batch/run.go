package batch

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/exit"
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
	options func(*engine.Model, searchopt.Goal) engine.Options // Config.Options
	workers int
	count   bool // count each instance's solutions
	timeout time.Duration
	stopped atomic.Bool
	mu      sync.Mutex
	running map[*engine.Solver]bool
	js      *output.JSON // with --json, on the answers' writer
}

// Config is a batch as csp solve MODEL --each [NAME=]FILE asks for it.
type Config struct {
	In        lang.Input // the model and its data, read
	Name      string     // the matrix param a line gives; "" when the model has one
	Path      string     // FILE; "-" the standard input
	Stdin     io.Reader
	Count     bool // count each instance's solutions
	Stats     bool // -s: the batch's statistics on stderr
	Timeout   time.Duration
	Workers   int
	MaxMemory int64
	JSON      *output.JSON // with --json
	// Options are the engine's settings for a search of m, as the flags
	// and searchopt.Auto decide them.
	Options func(m *engine.Model, g searchopt.Goal) engine.Options
}

// Run solves the instances of c.Path and prints the answers in input
// order; it returns the exit status of the batch.
func Run(c Config, stdout, stderr io.Writer, start time.Time) int {
	js, in := c.JSON, c.In
	fail := func(code int, err error) int { // before any instance: the whole run failed
		js.Errors(err)
		js.Failed()
		return code
	}
	run := &batchRun{timeout: c.Timeout, running: map[*engine.Solver]bool{}, count: c.Count, options: c.Options, workers: c.Workers}
	stopSignals := limits.OnSignal(run.stop)
	defer stopSignals()
	in.Limits = run.limits(c.MaxMemory)
	b, err := lang.NewBatch(in, c.Name)
	if err != nil {
		srcs := lang.Sources{in.Model.Name: in.Model.Text}
		for _, d := range in.Data {
			srcs[d.Name] = d.Text
		}
		output.PrintErrors(stderr, err, srcs)
		if lang.HitLimit(err) {
			return fail(exit.Limit, err)
		}
		return fail(exit.BadInput, err)
	}
	run.batch = b
	if obj := b.ObjectiveText(); c.Count && obj != "" {
		msg := searchopt.CountWithObjective(obj, "--count", "")
		fmt.Fprintf(stderr, "csp solve: %s\n", msg)
		return fail(exit.BadInput, errors.New(msg))
	}
	path := c.Path
	f, err := openBatchInput(path, c.Stdin)
	if err != nil {
		fmt.Fprintln(stderr, "csp:", err)
		return fail(exit.BadInput, err)
	}
	defer f.Close()
	if path == "-" {
		path = lang.StdinName // for the messages about its lines
	}
	run.js = js
	tally := run.solveAll(f, path, stdout, stderr)
	if c.Stats {
		tally.print(stderr, time.Since(start))
	}
	if js != nil {
		jsonBatchEnd(js, tally, c.Stats)
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
func openBatchInput(path string, stdin io.Reader) (io.ReadCloser, error) {
	if path != "-" {
		return openBatchFile(path)
	}
	if stdin == nil {
		return nil, errors.New("- names the standard input, and this command has none")
	}
	return io.NopCloser(stdin), nil
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
