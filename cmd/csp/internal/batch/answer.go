package batch

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

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
		return exit.BadInput
	case t.incomplete > 0:
		return exit.Limit
	case t.counts["unsatisfiable"] > 0:
		return exit.Unsat
	}
	return exit.Solved
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
