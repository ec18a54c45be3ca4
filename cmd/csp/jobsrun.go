package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// solveJobs solves the jobs --job named, one after another, on the model
// compiled once: a process that takes 50 jobs of a split pays for its
// start and for compiling once where 50 processes pay 50 times. Each job
// answers as `csp solve --job` would have in a process of its own, its
// lines tagged with its number, its --timeout counted from its own start.
// Every job is checked against the model before any is solved. The exit
// status is 3 if a limit stopped a job, else 0 if a job found a
// solution, else 1.
func solveJobs(prog *lang.Program, o *options, jls []*jobs.Line, wheres []string, stdout, stderr io.Writer, start time.Time) int {
	// Every job is checked first, but resolved again when it is searched:
	// the subproblems of a thousand jobs of a split of 200-queens, held
	// together, took 600 MB.
	jr := jobs.NewResolver(prog.Model, o.prop)
	for i, jl := range jls {
		if _, err := jr.Resolve(jl); err != nil {
			err = fmt.Errorf("%s: %v", wheres[i], err)
			fmt.Fprintf(stderr, "csp solve: %v\n", err)
			if o.json {
				js := &output.JSON{W: stdout, Start: start}
				js.TagJob(jobID(jl))
				js.Errors(err)
				js.Failed()
			}
			return exitBadInput
		}
	}
	sense, _ := prog.Model.Objective()
	status := exitUnsat
	for i, jl := range jls {
		if i > 0 {
			start = time.Now()
		}
		j, _ := jr.Resolve(jl) // checked above
		r := newSearchRun(prog, o, stdout, stderr, start)
		if r == nil {
			return exitBadInput
		}
		r.job = j
		if r.js != nil {
			r.js.TagJob(jobID(jls[i]))
			r.js.Count = o.count
			if sense != engine.Satisfy {
				r.js.Sense = map[engine.Sense]string{engine.Minimize: "minimize", engine.Maximize: "maximize"}[sense]
			}
		}
		switch code := r.run(); code {
		case exitSolved:
			if status == exitUnsat {
				status = exitSolved
			}
		case exitLimit:
			status = exitLimit
		case exitUnsat:
		default:
			return code
		}
		// Ctrl-C or SIGTERM (a scheduler's time limit) stops the process,
		// not one job: the jobs left are named, and csp merge names them
		// as missing.
		if r.interrupted.Load() && i+1 < len(jls) {
			fmt.Fprintf(stderr, "csp solve: interrupted: %s not searched\n", jobsLeft(jls[i+1:]))
			return exitLimit
		}
	}
	return status
}

// jobsLeft names the jobs in jls, as "job 7" or "jobs 7-9, 12".
func jobsLeft(jls []*jobs.Line) string {
	var b strings.Builder
	for i := 0; i < len(jls); {
		j := i
		for j+1 < len(jls) && jls[j+1].Job == jls[j].Job+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		if j == i {
			fmt.Fprintf(&b, "%d", jls[i].Job)
		} else {
			fmt.Fprintf(&b, "%d-%d", jls[i].Job, jls[j].Job)
		}
		i = j + 1
	}
	if len(jls) == 1 {
		return "job " + b.String()
	}
	return "jobs " + b.String()
}

// jobID names job l for its JSON lines.
func jobID(l *jobs.Line) output.JobID { return output.JobID{Job: l.Job, Jobs: l.Jobs, Model: l.Model} }

// jobIDs names the jobs of jls.
func jobIDs(jls []*jobs.Line) []output.JobID {
	ids := make([]output.JobID, len(jls))
	for i, l := range jls {
		ids[i] = jobID(l)
	}
	return ids
}
