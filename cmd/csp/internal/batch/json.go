package batch

import (
	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
)

// The --json lines of a batch (--each): one "instance" line for each line
// of the batch file, in order, then "statistics" and "status" for the
// whole batch. An instance is its own kind of line: it answers one input
// line (its number, its status, the answer in one-line form), where a
// "solution" of csp solve holds the values of named variables.

type jsonInstanceLine struct {
	Type      string `json:"type"` // "instance"
	Instance  int    `json:"instance"`
	Line      int    `json:"line"`
	Status    string `json:"status"`
	Complete  bool   `json:"complete"`
	Answer    string `json:"answer,omitempty"`
	Objective *int64 `json:"objective,omitempty"`
	Solutions *int64 `json:"solutions,omitempty"` // with --count
	Stopped   string `json:"stopped,omitempty"`
	Error     string `json:"error,omitempty"`
	Nodes     int64  `json:"nodes"`
}

type jsonBatchStatisticsLine struct {
	Type          string  `json:"type"` // "statistics"
	Instances     int     `json:"instances"`
	Solved        int     `json:"solved"`
	Unsatisfiable int     `json:"unsatisfiable"`
	Stopped       int     `json:"stopped"`
	Invalid       int     `json:"invalid"`
	Nodes         int64   `json:"nodes"`
	Failures      int64   `json:"failures"`
	Propagations  int64   `json:"propagations"`
	SearchMS      float64 `json:"search_ms"` // summed over the workers; the status line has the wall time
	PeakMemory    int64   `json:"peak_memory_bytes"`
}

type jsonBatchStatusLine struct {
	Type      string `json:"type"` // "status"
	Status    string `json:"status"`
	Complete  bool   `json:"complete"`
	Instances int    `json:"instances"`
}

// jsonInstance writes the line of one batch instance. An invalid line also
// gets an error line, placed at its line of the batch file.
func jsonInstance(j *output.JSON, res batchResult, path string, line int, counting bool) {
	if res.status == "invalid" {
		e := output.ErrorLine{Type: "error", File: path, Line: line, Message: res.err}
		if res.errAt != nil {
			e.Column = res.errAt.Col
		}
		j.Emit(e)
	}
	l := jsonInstanceLine{Type: "instance", Instance: res.n + 1, Line: line, Status: res.status,
		Complete: res.stopped == "" && res.status != "invalid", Answer: res.answer, Objective: res.objective,
		Stopped: res.stopped, Error: res.err, Nodes: res.stats.Nodes}
	if counting && res.status != "invalid" {
		n := res.count
		l.Solutions = &n
	}
	j.Emit(l)
}

// jsonBatchEnd writes the status of a whole batch, after its statistics
// with -s; the status says in words what the exit status says in a
// number.
func jsonBatchEnd(j *output.JSON, t *batchTally, stats bool) {
	if stats {
		j.Emit(jsonBatchStatisticsLine{Type: "statistics", Instances: t.n, Solved: t.solved(),
			Unsatisfiable: t.counts["unsatisfiable"], Stopped: t.counts["timeout"] + t.counts["interrupted"],
			Invalid: t.counts["invalid"], Nodes: t.total.Nodes, Failures: t.total.Failures,
			Propagations: t.total.Propagations, SearchMS: output.Millis(t.total.SearchTime),
			PeakMemory: limits.PeakMemory()})
	}
	status := map[int]string{exit.Solved: "solved", exit.Unsat: "unsatisfiable", exit.BadInput: "error", exit.Limit: "unknown"}[t.exitCode()]
	j.Emit(jsonBatchStatusLine{Type: "status", Status: status, Complete: t.incomplete == 0 && !t.unread, Instances: t.n})
}
