package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

func solveCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	o, err := parseArgs("solve", args, true)
	if err != nil {
		fmt.Fprintf(stderr, "csp solve: %v\n", err)
		if wantsJSON(args) { // the flags are wrong, but the stream was asked for
			js := &output.JSON{W: stdout, Start: start}
			js.Errors(err)
			js.Failed()
		}
		return exitBadInput
	}
	o.stdin = stdin
	if o.help {
		fmt.Fprint(stdout, solveUsage)
		return exitSolved
	}
	if o.each != "" {
		return eachCmd(o, stdout, stderr)
	}
	if o.explain {
		return explainCmd(o, stdout, stderr)
	}
	var js *output.JSON
	if o.json {
		js = &output.JSON{W: stdout, Start: start}
	}
	var jls []*jobs.Line
	var wheres []string
	if o.job != "" {
		if jls, wheres, err = jobs.LoadLines(o.job); err == nil && jobs.SeveralJobs(o.job) && !o.json {
			err = fmt.Errorf("--job %s names several jobs: give --json, whose lines csp merge puts together", o.job)
		}
		if err != nil {
			fmt.Fprintf(stderr, "csp solve: %v\n", err)
			js.Errors(err)
			js.Failed()
			return exitBadInput
		}
		js = js.ForJobs(jobIDs(jls)) // from here on, merge knows whose lines these are
	}
	prog, code := compileTo(o, js, stderr, start)
	if prog == nil {
		js.Failed()
		return code
	}
	if o.count && prog.ObjectiveText() != "" {
		what := fmt.Sprintf("%s at %s", prog.ObjectiveText(), prog.Objective.Pos)
		msg := searchopt.CountWithObjective(what, "--count", "--all")
		fmt.Fprintf(stderr, "csp solve: %s\n", msg)
		js.Errors(errors.New(msg))
		js.Failed()
		return exitBadInput
	}
	if jls != nil {
		return solveJobs(prog, o, jls, wheres, stdout, stderr, start)
	}
	r := newSearchRun(prog, o, stdout, stderr, start)
	if r == nil {
		js.Failed()
		return exitBadInput
	}
	if o.eachJobs != "" {
		if r.job, err = jobs.LoadAll(o.eachJobs, prog.Model, o.prop, r.guard); err != nil {
			fmt.Fprintf(stderr, "csp solve: --each: %v\n", err)
			r.js.Errors(err)
			r.js.Failed()
			r.out.Flush()
			if errors.As(err, new(jobs.MemoryError)) {
				return exitLimit
			}
			return exitBadInput
		}
	}
	return r.run()
}

// wantsJSON reports whether args ask for --json, for the flag errors that
// come before the flags are known.
func wantsJSON(args []string) bool {
	for _, a := range args {
		if a == "--json" || a == "-json" {
			return true
		}
	}
	return false
}

// solutionLimit is how many solutions to find; 0 means all.
func solutionLimit(o *options) int64 {
	switch {
	case o.first > 0:
		return int64(o.first)
	case o.all || o.count:
		return 0
	}
	return 1
}

func printSolution(prog *lang.Program, sol lang.Solution, js *output.JSON, out *bufio.Writer, optimizing bool, res *output.Outcome, multiline *bool) {
	if js != nil {
		var obj *int64
		if optimizing {
			obj = &res.Objective
		}
		js.Solution(prog, sol, obj)
		out.Flush()
		return
	}
	if res.Found > 1 && *multiline { // a blank line between solutions of several lines
		out.WriteByte('\n')
	}
	w := &lineCounter{w: out}
	prog.WriteSolution(w, sol)
	if optimizing {
		fmt.Fprintf(w, "objective = %d\n", res.Objective)
	}
	if w.lines > 1 {
		*multiline = true
	}
	out.Flush()
}

// lineCounter passes text on to w, counting its lines.
type lineCounter struct {
	w     *bufio.Writer
	lines int
}

func (c *lineCounter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte{'\n'})
	return c.w.Write(p)
}

func (c *lineCounter) WriteString(s string) (int, error) {
	c.lines += strings.Count(s, "\n")
	return c.w.WriteString(s)
}

func (c *lineCounter) WriteByte(b byte) error {
	if b == '\n' {
		c.lines++
	}
	return c.w.WriteByte(b)
}

// report prints the final status and statistics and returns the exit
// status.
func report(prog *lang.Program, st engine.Stats, o *options, js *output.JSON, out *bufio.Writer, stderr io.Writer, res output.Outcome) int {
	sense, _ := prog.Model.Objective()
	optimizing := sense != engine.Satisfy
	status, code := statusOf(res, optimizing)
	if js != nil {
		if o.stats { // as MiniZinc's --statistics; the text goes to stderr too
			js.Statistics(st, res)
		}
		js.Status(status, res, optimizing)
	} else {
		switch {
		case o.count && res.Found > 0 || o.count && res.Complete:
			fmt.Fprintln(out, res.Found)
		case res.Found == 0 && res.Complete:
			fmt.Fprintln(out, "no solution")
		case optimizing && res.Complete:
			fmt.Fprintln(out, "optimal")
		}
	}
	out.Flush()
	if js == nil && res.Found == 0 && res.Complete && !o.count && output.IsTerminal(stderr) {
		// A person reads this; a script has the exit status.
		fmt.Fprintln(stderr, "csp: --explain names a smallest set of statements that already have no solution")
	}
	if note := limitNote(o, res, optimizing); note != "" {
		fmt.Fprintln(stderr, "csp:", note)
	}
	if o.stats {
		output.PrintStats(stderr, st, res)
	}
	return code
}

// statusOf names the output.Outcome for JSON and picks the exit status. A limit
// that stopped a count or a list of solutions leaves an answer that is
// not the one asked for: exit 3, as when it stops the search before any
// solution. A stopped optimisation still has its best solution: exit 0.
func statusOf(res output.Outcome, optimizing bool) (string, int) {
	switch {
	case res.Found == 0 && res.Complete:
		return "unsatisfiable", exitUnsat
	case res.Found == 0:
		return "unknown", exitLimit
	case optimizing && res.Complete:
		return "optimal", exitSolved
	case res.Complete:
		return "all_solutions", exitSolved
	case res.Stopped != "" && !optimizing:
		return "solution", exitLimit
	}
	return "solution", exitSolved
}

func limitNote(o *options, res output.Outcome, optimizing bool) string {
	if res.Stopped == "" && optimizing && !res.Complete && res.Found > 0 {
		return fmt.Sprintf("-n %d: stopped after %s; the last is the best found, not proven optimal",
			o.first, output.Plural(res.Found, "improving solution"))
	}
	if res.Stopped == "" {
		return ""
	}
	what := "the search stopped"
	switch {
	case res.Stopped == "interrupted":
		what = "interrupted"
	case res.Stopped == "memory" && res.Traced:
		what = fmt.Sprintf("tracing would keep more than %s of copies of the domains, half of --max-memory", lang.SizeText(o.maxMemory/2))
	case res.Stopped == "memory":
		what = fmt.Sprintf("the search used more than %s (--max-memory)", lang.SizeText(o.maxMemory))
	case o.timeout > 0:
		what = fmt.Sprintf("timeout after %v", o.timeout)
	}
	switch {
	case res.Found == 0:
		return what + ": no solution found yet"
	case optimizing:
		return what + ": the last solution is the best found, not proven optimal"
	case o.count:
		return fmt.Sprintf("%s: the count %d is incomplete", what, res.Found)
	case o.first > 0:
		return fmt.Sprintf("%s: %d of the %d solutions asked for found", what, res.Found, o.first)
	}
	return fmt.Sprintf("%s: %s found, and there may be more", what, output.Plural(res.Found, "solution"))
}
