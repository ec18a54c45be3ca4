package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// explainCmd answers csp solve MODEL --explain: when the model has no
// solution, a minimal set of its statements that already has none.
//
// It stops as a search does: on Ctrl-C or SIGTERM (limits.OnSignal), or past
// --max-memory (the search's limits.Guard), through the checks' StopFlag.
// Stopped before the model is proven to have no solution, it says so and
// exits with exitLimit; after, it prints the statements kept so far, which
// have no solution but may not be minimal, and exits with exitUnsat.
func explainCmd(o *options, stdout, stderr io.Writer) int {
	in, ok := readInput(o, stderr)
	if !ok {
		return exitBadInput
	}
	perCheck := o.timeout
	if perCheck == 0 {
		perCheck = 10 * time.Second
	}
	var stop, interrupted atomic.Bool
	guard := limits.NewGuard(o.maxMemory)
	opts := engine.Options{Order: o.order, Values: o.values, Prop: o.prop, StopFlag: &stop,
		Progress: func(engine.Stats) {
			if guard.Over() {
				stop.Store(true)
			}
		}}
	stopSignals := limits.OnSignal(func() { interrupted.Store(true); stop.Store(true) })
	in.Limits = limits.Memory(o.maxMemory, func() string { // compiling too
		if interrupted.Load() {
			return "interrupted"
		}
		return ""
	})
	meter := output.Explaining(stderr, &opts)
	c, err := lang.Explain(in, opts, perCheck)
	meter.Clear()
	stopSignals()
	stopped := ""
	switch {
	case guard.Hit:
		stopped = "memory"
	case interrupted.Load():
		stopped = "interrupted"
	}
	srcs := lang.Sources{in.Model.Name: in.Model.Text}
	for _, d := range in.Data {
		srcs[d.Name] = d.Text
	}
	switch {
	case errors.Is(err, lang.ErrHasSolution):
		if o.json {
			(&output.JSON{W: stdout}).Emit(explanationJSON{Type: "explanation", Status: "satisfiable"})
		} else {
			fmt.Fprintln(stdout, "the model has a solution: there is nothing to explain")
		}
		return exitSolved
	case err != nil:
		if _, isList := err.(lang.ErrorList); isList {
			output.PrintErrors(stderr, err, srcs)
			if lang.HitLimit(err) {
				return exitLimit
			}
			return exitBadInput
		}
		if o.json {
			(&output.JSON{W: stdout}).Emit(explanationJSON{Type: "explanation", Status: "unknown", Stopped: cmp.Or(stopped, "timeout")})
		}
		if stopped != "" {
			fmt.Fprintf(stderr, "csp: %s: the model was not proven unsatisfiable\n", explainStopText(o, stopped))
		} else {
			fmt.Fprintln(stderr, "csp:", err)
		}
		return exitLimit
	}
	if o.json {
		printConflictJSON(stdout, c, srcs, stopped)
	} else {
		these, drop := fmt.Sprintf("these %d statements already have none", len(c.Items)), "dropping any one of them gives a model that has one"
		if len(c.Items) == 1 {
			these, drop = "this statement already has none", "without it the model has one"
		}
		switch {
		case c.Stopped:
			fmt.Fprintf(stdout, "no solution: %s (the explanation was stopped, so the set may not be minimal):\n", these)
		case c.Minimal:
			fmt.Fprintf(stdout, "no solution: %s, and %s:\n", these, drop)
		default:
			fmt.Fprintf(stdout, "no solution: %s (some checks ran out of time, so the set may not be minimal):\n", these)
		}
		for _, it := range c.Items {
			fmt.Fprintln(stdout, "  "+it.Describe(srcs))
		}
	}
	if c.Stopped && stopped != "" {
		fmt.Fprintf(stderr, "csp: %s: the set of statements may not be minimal\n", explainStopText(o, stopped))
	}
	return exitUnsat
}

// explainStopText says what stopped an explanation, in the words a
// search's limit note uses.
func explainStopText(o *options, stopped string) string {
	if stopped == "memory" {
		return fmt.Sprintf("the search used more than %s (--max-memory)", lang.SizeText(o.maxMemory))
	}
	return stopped
}

// explanationJSON is the line --explain --json prints; Conflict is null
// unless the model was proven to have no solution.
type explanationJSON struct {
	Type     string         `json:"type"` // always "explanation"
	Status   string         `json:"status"`
	Minimal  *bool          `json:"minimal,omitempty"`
	Stopped  string         `json:"stopped,omitempty"`
	Checks   int            `json:"checks,omitempty"`
	Conflict []conflictJSON `json:"conflict"`
}

// conflictJSON is one statement of the set: a constraint (its text, and
// the generator values of a forall's) or a variable's domain.
type conflictJSON struct {
	Kind     string `json:"kind"` // constraint or domain
	Variable string `json:"variable,omitempty"`
	At       string `json:"at"`
	With     string `json:"with,omitempty"`
	Text     string `json:"text,omitempty"`
}

func printConflictJSON(w io.Writer, c *lang.Conflict, srcs lang.Sources, stopped string) {
	line := explanationJSON{Type: "explanation", Status: "unsatisfiable", Minimal: &c.Minimal,
		Checks: c.Checks, Conflict: []conflictJSON{}}
	if c.Stopped {
		line.Stopped = stopped
	}
	for _, it := range c.Items {
		if it.Var != nil {
			line.Conflict = append(line.Conflict, conflictJSON{Kind: "domain", Variable: it.Var.Name, At: it.Var.Pos.String()})
			continue
		}
		line.Conflict = append(line.Conflict, conflictJSON{Kind: "constraint", At: it.Origin.Stmt.Pos.String(),
			With: it.Origin.Bindings, Text: it.Describe(srcs)})
	}
	(&output.JSON{W: w}).Emit(line)
}
