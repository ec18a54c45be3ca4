package main

import (
	"fmt"
	"io"
	"slices"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/compare"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/engine"
)

// csp compare MODEL solves the model under each variable order and
// propagation level and prints a table, the course's exercise in one
// command: naive order, smallest domain first, forward checking.

const compareUsage = `usage: csp compare MODEL [DATA...] [-p name=value]... [--all] [--json] [--timeout D]

Solves MODEL under the course's variable orders and propagation levels
(input and mrv, with none and fc) and the stronger ones (ac, domwdeg),
with ascending values, and prints nodes, failures, propagations,
time and the first solution found for each; the fastest row is marked *.
The model's search statements are ignored: each row is the order it names.
A model with minimize or maximize is solved to its proven optimum under
each setting, and the row shows the optimum. --all compares full
enumeration instead (not with an objective). Each row stops after
--timeout (default 10s).
`

func compareCmd(args []string, stdout, stderr io.Writer) int {
	o, err := parseArgs("compare", args, true)
	if err != nil {
		fmt.Fprintf(stderr, "csp compare: %v\n", err)
		return exitBadInput
	}
	if o.help {
		fmt.Fprint(stdout, compareUsage)
		return exitSolved
	}
	o.prop = engine.PropAC
	o.noShow = true // the table gives each first solution's values
	prog, code := compile(o, stderr, time.Now())
	if prog == nil {
		return code
	}
	// The course's levels search the declared variables only: their rows
	// use the model lowered without hidden variables for lookups.
	plain := prog
	if slices.Contains(prog.Declared(), false) {
		o.prop = engine.PropFC
		if plain, code = compile(o, stderr, time.Now()); plain == nil {
			return code
		}
	}
	if o.all && prog.ObjectiveText() != "" {
		fmt.Fprintf(stderr, "csp compare: --all enumerates the solutions of a model without an objective, and this one has %s at %s; without --all each setting is run to the optimum\n",
			prog.ObjectiveText(), prog.Objective.Pos)
		return exitBadInput
	}
	timeout := o.timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	// Ctrl-C stops the row being solved and the rest; the rows done so
	// far are printed, as a search prints what it found.
	var stop atomic.Bool
	stopSignals := limits.OnSignal(func() { stop.Store(true) })
	defer stopSignals()
	var rows []compare.Row
	for _, c := range compare.Configs {
		if stop.Load() {
			break
		}
		p := prog
		if c.Prop != "ac" {
			p = plain
		}
		// FreeSearch: each row is the order it names, whatever the
		// model's search statements say.
		opts := engine.Options{Order: orders[c.Order], Prop: propLevels[c.Prop], FreeSearch: true, Deadline: time.Now().Add(timeout), StopFlag: &stop,
			Progress: func(engine.Stats) { limits.Underway() }}
		if testHookNoRowClock {
			opts.Deadline = time.Time{}
		}
		row := compare.Run(p, c.Order, c.Prop, opts, o.all)
		if stop.Load() {
			row.Status = "interrupted"
		}
		rows = append(rows, row)
	}
	if o.json {
		printCompareJSON(stdout, rows)
	} else {
		compare.WriteTable(stdout, rows, o.all)
	}
	if stop.Load() {
		fmt.Fprintf(stderr, "csp: interrupted: %d of the %d settings compared\n", len(rows)-1, len(compare.Configs))
		return exitLimit
	}
	return exitSolved
}

// compareJSON is one line of csp compare --json: one setting's run.
type compareJSON struct {
	Type         string  `json:"type"` // always "setting"
	Order        string  `json:"order"`
	Prop         string  `json:"prop"`
	Status       string  `json:"status"`
	Solutions    int64   `json:"solutions"`
	Objective    *int64  `json:"objective,omitempty"`
	Best         string  `json:"best,omitempty"`
	Nodes        int64   `json:"nodes"`
	Failures     int64   `json:"failures"`
	Propagations int64   `json:"propagations"`
	TimeMS       float64 `json:"time_ms"`
	First        string  `json:"first"`
}

func printCompareJSON(w io.Writer, rows []compare.Row) {
	out := &output.JSON{W: w}
	for _, r := range rows {
		out.Emit(compareJSON{Type: "setting", Order: r.Order, Prop: r.Prop, Status: r.Status,
			Solutions: r.Solutions, Objective: r.Objective, Best: r.Best, Nodes: r.Stats.Nodes,
			Failures: r.Stats.Failures, Propagations: r.Stats.Propagations, TimeMS: output.Millis(r.Elapsed), First: r.First})
	}
}

// testHookNoRowClock, when a test sets it, lifts the rows' --timeout: a
// documented table must not depend on how fast the machine runs its
// slowest row (the README's mrv without propagation: 7 s here, over a
// minute under -race on a loaded machine).
var testHookNoRowClock bool
