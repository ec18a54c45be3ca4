package core

import (
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/compare"
	"github.com/csp-lang/csp/engine"
)

// compareModel is csp compare (cmd/csp/compare.go): the model under the
// course's orders and levels and the stronger ones, one table row each,
// run and written by package compare as the CLI does.

// compareTimeout bounds each row, as the CLI's default --timeout.
const compareTimeout = 10 * time.Second

// stop ends the row being solved and the rest, as Ctrl-C does csp
// compare: the rows done so far are printed.
func compareModel(req Request, o *output, stop *atomic.Bool) Result {
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
	var rows []compare.Row
	var done int64 // the nodes of the rows before, for the progress
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
		opts := engine.Options{Order: orders[c.Order], Prop: propLevels[c.Prop], FreeSearch: true, Deadline: time.Now().Add(compareTimeout), StopFlag: stop,
			Progress: func(st engine.Stats) {
				o.progress(Progress{Nodes: done + st.Nodes, Compared: len(rows), Settings: len(compare.Configs)}, 0)
			}}
		row := compare.Run(p, c.Order, c.Prop, opts, req.All)
		if stop.Load() {
			row.Status = "interrupted" // the table's word for a row stopped by hand
		}
		rows = append(rows, row)
		done += row.Stats.Nodes
	}
	var b strings.Builder
	compare.WriteTable(&b, rows, req.All)
	o.write("out", b.String())
	if stop.Load() {
		o.errorf("csp: stopped: %d of the %d settings compared\n", len(rows)-1, len(compare.Configs))
		return o.result(exitLimit)
	}
	return o.result(exitSolved)
}
