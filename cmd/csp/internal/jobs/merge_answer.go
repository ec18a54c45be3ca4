package jobs

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/exit"
)

// The merged answer, printed as the one search would have printed it.

// print writes the merged answer and returns the exit status.
func (in *mergeInput) print(stdout, stderr io.Writer, asJSON bool) int {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	problems := in.problems()
	var total int64
	var best *jobSolution
	sense := ""
	optimizing, listed, counted := false, false, false
	proven := true // every job proved its part's optimum (or that it has none)
	keys := make([]int, 0, len(in.by))
	for k := range in.by {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, rep := range in.by { // the sense first: the best is chosen by it
		if rep.status != nil && rep.status.Sense != "" {
			sense = rep.status.Sense
		}
	}
	for _, k := range keys {
		rep := in.by[k]
		if rep.status != nil {
			total += rep.status.Solutions
			optimizing = optimizing || rep.status.Sense != ""
			counted = counted || rep.status.Counted
			proven = proven && (rep.status.Status == "optimal" || rep.status.Status == "unsatisfiable")
		}
		for i := range rep.solutions {
			s := &rep.solutions[i]
			listed = true
			if s.Objective != nil {
				optimizing = true
				if best == nil || better(*s.Objective, *best.Objective, sense) {
					best = s
				}
			}
		}
	}
	complete := len(problems) == 0
	found := total
	switch {
	case optimizing && best != nil:
		in.writeSolution(out, best, asJSON)
		found = 1
	case listed:
		for _, k := range keys {
			for i := range in.by[k].solutions {
				in.writeSolution(out, &in.by[k].solutions[i], asJSON)
			}
		}
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, "csp merge:", p)
	}
	if !complete {
		fmt.Fprintf(stderr, "csp merge: %d of %d jobs did not finish: the answer is incomplete\n", len(problems), in.jobs)
	}
	if optimizing && !proven && complete {
		fmt.Fprintln(stderr, "csp merge: a job stopped at -n: the best solution is not proven optimal")
	}
	in.writeStatus(out, asJSON, complete, found, total, optimizing, proven, counted, best, len(problems))
	switch {
	case !complete:
		return exit.Limit
	case found == 0:
		return exit.Unsat
	}
	return exit.Solved
}

// better reports whether objective a beats b.
func better(a, b int64, sense string) bool {
	if sense == "maximize" {
		return a > b
	}
	return a < b
}

// writeSolution prints a job's solution: its JSON line, or the text
// csp solve printed for it, a blank line apart when it has several lines.
func (in *mergeInput) writeSolution(out *bufio.Writer, s *jobSolution, asJSON bool) {
	if asJSON {
		out.Write(s.raw)
		out.WriteByte('\n')
		return
	}
	if in.printed > 0 && in.multiline {
		out.WriteByte('\n')
	}
	out.WriteString(s.Text)
	in.printed++
	in.multiline = in.multiline || strings.Count(s.Text, "\n") > 1
}

// mergedStatus is merge's last line with --json.
type mergedStatus struct {
	Type      string `json:"type"` // "status"
	Status    string `json:"status"`
	Complete  bool   `json:"complete"`
	Solutions int64  `json:"solutions"`
	Objective *int64 `json:"objective,omitempty"`
	Jobs      int    `json:"jobs"`
	Finished  int    `json:"finished"` // jobs that ran to the end
}

// writeStatus ends the answer as csp solve ends it.
func (in *mergeInput) writeStatus(out *bufio.Writer, asJSON, complete bool, found, total int64, optimizing, proven, counted bool, best *jobSolution, unfinished int) {
	status := "solution"
	switch {
	case found == 0 && complete:
		status = "unsatisfiable"
	case found == 0:
		status = "unknown"
	case optimizing:
		if proven && complete {
			status = "optimal"
		}
	case complete:
		status = "all_solutions"
	}
	if asJSON {
		st := mergedStatus{Type: "status", Status: status, Complete: complete, Solutions: found, Jobs: in.jobs, Finished: in.jobs - unfinished}
		if best != nil {
			st.Objective = best.Objective
		}
		b, _ := json.Marshal(st)
		out.Write(append(b, '\n'))
		return
	}
	switch {
	case counted && (total > 0 || complete):
		fmt.Fprintln(out, total)
	case found == 0 && complete:
		fmt.Fprintln(out, "no solution")
	case status == "optimal":
		fmt.Fprintln(out, "optimal")
	}
}
