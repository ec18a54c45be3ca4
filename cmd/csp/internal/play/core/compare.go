package core

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// compare is csp compare (cmd/csp/compare.go): the model under the
// course's orders and levels and the stronger ones, one table row each.

// compareTimeout bounds each row, as the CLI's default --timeout.
const compareTimeout = 10 * time.Second

var compareConfigs = []struct{ order, prop string }{
	{"input", "none"}, {"input", "fc"}, {"mrv", "none"}, {"mrv", "fc"},
	{"input", "ac"}, {"mrv", "ac"}, {"domwdeg", "ac"},
}

type compareRow struct {
	order, prop string
	st          engine.Stats
	solutions   int64
	status      string // solution, optimal, all, unsatisfiable, timeout
	first, best string
	objective   *int64
	elapsed     time.Duration
}

func compare(req Request, o *output) Result {
	prog, code := compileRequest(req, false, o)
	if prog == nil {
		return o.result(code)
	}
	// The course's levels search the declared variables only: their rows
	// use the model lowered without hidden variables for lookups.
	plain := prog
	if slices.Contains(prog.Declared(), false) {
		if plain, code = compileRequest(req, true, o); plain == nil {
			return o.result(code)
		}
	}
	if req.All && prog.ObjectiveText() != "" {
		o.errorf("csp compare: --all enumerates the solutions of a model without an objective, and this one has %s at %s; without --all each setting is run to the optimum\n",
			prog.ObjectiveText(), prog.Objective.Pos)
		return o.result(exitBadInput)
	}
	var rows []compareRow
	for _, c := range compareConfigs {
		p := prog
		if c.prop != "ac" {
			p = plain
		}
		rows = append(rows, compareOne(p, c.order, c.prop, req.All))
	}
	var b strings.Builder
	writeCompareTable(&b, rows, req.All)
	o.write("out", b.String())
	return o.result(exitSolved)
}

func compareOne(prog *lang.Program, order, prop string, all bool) compareRow {
	row := compareRow{order: order, prop: prop}
	opts := engine.Options{Order: orders[order], Prop: propLevels[prop], Deadline: time.Now().Add(compareTimeout)}
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
				continue
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

func writeCompareTable(w *strings.Builder, rows []compareRow, all bool) {
	best := -1
	for i, r := range rows {
		if r.status != "timeout" && (best < 0 || r.elapsed < rows[best].elapsed) {
			best = i
		}
	}
	what := "first solution"
	switch {
	case all:
		what = "solutions"
	case slices.ContainsFunc(rows, func(r compareRow) bool { return r.objective != nil }):
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

func durationText(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
