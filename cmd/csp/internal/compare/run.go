// Package compare runs a model under each of the course's variable orders
// and propagation levels, and the stronger ones, and writes the table of
// csp compare. The CLI and the playground both print it, so it is written
// once, here; each chooses its own timeout, stop and output.
package compare

import (
	"strings"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Configs lists the settings compared, in the course's order.
var Configs = []struct{ Order, Prop string }{
	{"input", "none"}, {"input", "fc"}, {"mrv", "none"}, {"mrv", "fc"},
	{"input", "ac"}, {"mrv", "ac"}, {"domwdeg", "ac"},
}

// Row is one setting's run.
type Row struct {
	Order, Prop string
	Stats       engine.Stats
	Solutions   int64
	Status      string // solution, optimal, all, unsatisfiable, timeout, interrupted, error: ...
	First       string // the first solution
	Best        string // with an objective: the best solution, of value Objective
	Objective   *int64
	Elapsed     time.Duration
}

// Run solves prog under opts, whose Order and Prop are the ones named
// order and prop: to the first solution, to the proven optimum with an
// objective, or with all to the end.
func Run(prog *lang.Program, order, prop string, opts engine.Options, all bool) Row {
	row := Row{Order: order, Prop: prop}
	start := time.Now()
	s, err := engine.NewSolver(prog.Model, opts)
	if err != nil {
		row.Status = "error: " + err.Error()
		return row
	}
	sense, _ := prog.Model.Objective()
	optimizing := sense != engine.Satisfy
	for {
		st := s.Next()
		if st == engine.Solution {
			row.Solutions++
			if row.Solutions == 1 {
				row.First = oneLine(prog, s.Value)
			}
			if optimizing {
				obj := s.Objective()
				row.Objective, row.Best = &obj, oneLine(prog, s.Value)
			}
			if all || optimizing {
				continue // on to the end, or to the proven optimum
			}
			row.Status = "solution"
		} else if st == engine.Exhausted {
			row.Status = "all"
			switch {
			case row.Solutions == 0:
				row.Status = "unsatisfiable"
			case optimizing:
				row.Status = "optimal"
			}
		} else {
			row.Status = "timeout"
		}
		break
	}
	row.Elapsed = time.Since(start)
	row.Stats = s.Stats()
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
