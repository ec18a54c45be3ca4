package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// csp compare MODEL solves the model under each variable order and
// propagation level and prints a table, the course's exercise in one
// command: naive order, smallest domain first, forward checking.

const compareUsage = `usage: csp compare MODEL [DATA...] [-p name=value]... [--all] [--json] [--timeout D]

Solves MODEL under the course's variable orders and propagation levels
(input and mrv, with none and fc) and the stronger ones (ac, domwdeg),
with ascending values, and prints nodes, failures, propagations,
time and the first solution found for each; the fastest row is marked *.
A model with minimize or maximize is solved to its proven optimum under
each setting, and the row shows the optimum. --all compares full
enumeration instead (not with an objective). Each row stops after
--timeout (default 10s).
`

type compareRow struct {
	order, prop string
	st          engine.Stats
	solutions   int64
	status      string // solution, optimal, all, unsatisfiable, timeout, interrupted
	first       string // the first solution
	best        string // with an objective: the best solution, of value objective
	objective   *int64
	elapsed     time.Duration
}

// compareConfigs lists the settings compared, in the course's order.
var compareConfigs = []struct {
	order, prop string
}{
	{"input", "none"}, {"input", "fc"}, {"mrv", "none"}, {"mrv", "fc"},
	{"input", "ac"}, {"mrv", "ac"}, {"domwdeg", "ac"},
}

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
	stopSignals := onSignal(func() { stop.Store(true) })
	defer stopSignals()
	var rows []compareRow
	for _, c := range compareConfigs {
		if stop.Load() {
			break
		}
		p := prog
		if c.prop != "ac" {
			p = plain
		}
		row := compareOne(p, c.order, c.prop, o.all, timeout, &stop)
		if stop.Load() {
			row.status = "interrupted"
		}
		rows = append(rows, row)
	}
	if o.json {
		printCompareJSON(stdout, rows)
	} else {
		printCompareTable(stdout, rows, o.all)
	}
	if stop.Load() {
		fmt.Fprintf(stderr, "csp: interrupted: %d of the %d settings compared\n", len(rows)-1, len(compareConfigs))
		return exitLimit
	}
	return exitSolved
}

func compareOne(prog *lang.Program, order, prop string, all bool, timeout time.Duration, stop *atomic.Bool) compareRow {
	row := compareRow{order: order, prop: prop}
	opts := engine.Options{Order: orders[order], Prop: propLevels[prop], Deadline: time.Now().Add(timeout), StopFlag: stop}
	start := time.Now()
	s, err := engine.NewSolver(prog.Model, opts)
	if err != nil {
		row.status = "error: " + err.Error()
		return row
	}
	sense, _ := prog.Model.Objective()
	optimizing := sense != engine.Satisfy
	for {
		st := s.Next()
		if st == engine.Solution {
			row.solutions++
			if row.solutions == 1 {
				row.first = oneLine(prog, s.Value)
			}
			if optimizing {
				obj := s.Objective()
				row.objective, row.best = &obj, oneLine(prog, s.Value)
			}
			if all || optimizing {
				continue // on to the end, or to the proven optimum
			}
			row.status = "solution"
		} else if st == engine.Exhausted {
			row.status = "all"
			switch {
			case row.solutions == 0:
				row.status = "unsatisfiable"
			case optimizing:
				row.status = "optimal"
			}
		} else {
			row.status = "timeout"
		}
		break
	}
	row.elapsed = time.Since(start)
	row.st = s.Stats()
	return row
}

// oneLine writes a solution on one line for a table cell.
func oneLine(prog *lang.Program, sol lang.Solution) string {
	var vals []int64
	for _, d := range prog.Decls {
		for _, v := range d.Vars {
			vals = append(vals, sol(v))
		}
	}
	text := lang.FormatLine(vals)
	if !strings.Contains(text, " ") && len(vals) <= 16 {
		text = strings.Join(strings.Split(text, ""), " ")
	}
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	return text
}

func printCompareTable(w io.Writer, rows []compareRow, all bool) {
	best := -1
	for i, r := range rows {
		if r.status != "timeout" && r.status != "interrupted" && (best < 0 || r.elapsed < rows[best].elapsed) {
			best = i
		}
	}
	what := "first solution"
	switch {
	case all:
		what = "solutions"
	case anyObjective(rows):
		what = "optimum"
	}
	fmt.Fprintf(w, "  %-7s %-5s %12s %12s %13s %11s  %s\n", "order", "prop", "nodes", "failures", "propagations", "time", what)
	for i, r := range rows {
		mark := " "
		if i == best {
			mark = "*"
		}
		result := r.first
		switch {
		case r.status == "interrupted":
			result = fmt.Sprintf("interrupted (%d found)", r.solutions)
		case r.status == "timeout" && r.objective != nil:
			result = fmt.Sprintf("stopped by the timeout, best %d: %s", *r.objective, r.best)
		case r.status == "timeout":
			result = fmt.Sprintf("stopped by the timeout (%d found)", r.solutions)
		case r.objective != nil:
			result = fmt.Sprintf("%d: %s", *r.objective, r.best)
		case r.status == "unsatisfiable":
			result = "no solution"
		case all:
			result = fmt.Sprint(r.solutions)
		}
		fmt.Fprintf(w, "%s %-7s %-5s %12d %12d %13d %11s  %s\n", mark, r.order, r.prop,
			r.st.Nodes, r.st.Failures, r.st.Propagations, durationText(r.elapsed), result)
	}
}

func anyObjective(rows []compareRow) bool {
	for _, r := range rows {
		if r.objective != nil {
			return true
		}
	}
	return false
}

func durationText(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func printCompareJSON(w io.Writer, rows []compareRow) {
	for _, r := range rows {
		objective := ""
		if r.objective != nil {
			objective = fmt.Sprintf(`,"objective":%d,"best":%q`, *r.objective, r.best)
		}
		fmt.Fprintf(w, `{"order":%q,"prop":%q,"status":%q,"solutions":%d%s,"nodes":%d,"failures":%d,"propagations":%d,"time_ms":%.3f,"first":%q}`+"\n",
			r.order, r.prop, r.status, r.solutions, objective, r.st.Nodes, r.st.Failures, r.st.Propagations, ms(r.elapsed), r.first)
	}
}
