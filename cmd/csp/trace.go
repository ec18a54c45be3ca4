package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// --trace narrates the search, one line per event, indented by depth;
// --trace=piles shows the course's view instead: after each step, the
// pile of values left to try at every assigned position. --tree records
// the same events into a picture (tree.go).

type traceMode uint8

const (
	traceOff     traceMode = iota
	traceSteps             // decisions, dead ends, backtracks, solutions
	traceDomains           // and the values each propagation removed
	tracePiles             // the piles after each step
)

var traceModes = map[string]traceMode{"steps": traceSteps, "domains": traceDomains, "piles": tracePiles}

// defaultTraceLimit is how many lines --trace prints before it stops
// narrating (the search goes on).
const defaultTraceLimit = 300

// narrator turns the engine's trace events into text and a tree.
type narrator struct {
	w     *bufio.Writer // shared with the solutions, so the two interleave in order
	prog  *lang.Program
	s     *engine.Solver
	mode  traceMode
	limit int // lines; 0: no limit
	lines int
	steps int
	tree  *searchtree.Recorder
	pile  []int64
}

// install makes s report to the narrator.
func (n *narrator) install(s *engine.Solver) {
	n.s = s
	if n.tree != nil {
		n.tree.Attach(s)
	}
	s.SetTracer(&engine.Tracer{Event: n.event, Domains: n.mode == traceDomains})
}

// event handles one event; false once neither the text nor the tree
// wants more.
func (n *narrator) event(e engine.TraceEvent) bool {
	if n.tree != nil {
		n.tree.Event(e)
	}
	if n.mode != traceOff {
		if n.mode == tracePiles {
			n.piles(e)
		} else {
			n.narrate(e)
		}
	}
	return n.mode != traceOff || n.tree != nil
}

// narrate writes the event as a line, indented by depth.
func (n *narrator) narrate(e engine.TraceEvent) {
	switch e.Kind {
	case engine.TraceNode:
		n.line(e.Depth-1, n.decision(e, " "))
	case engine.TracePrune:
		n.line(e.Depth, fmt.Sprintf("%s ∖ %s%s", n.name(e.Var), valueSet(e.Values), n.cause(e)))
	case engine.TraceFail:
		n.line(e.Depth, "✗ "+n.deadEnd(e))
	case engine.TraceBacktrack:
		n.line(e.Depth-1, fmt.Sprintf("↩ back: no value of %s left to try", n.name(e.Var)))
	case engine.TraceSolution:
		n.line(e.Depth, fmt.Sprintf("✓ solution %d", n.s.Stats().Solutions))
	case engine.TraceRestart:
		n.line(0, "⟲ restart from the root")
	}
}

// piles writes, after each node, the step and every position's pile.
func (n *narrator) piles(e engine.TraceEvent) {
	switch e.Kind {
	case engine.TraceNode:
		n.steps++
		n.line(0, fmt.Sprintf("step %d: %s", n.steps, n.decision(e, " ")))
		width := 0
		for d := 1; d <= e.Depth; d++ {
			x, _, _, _ := n.s.Pile(d, nil)
			width = max(width, len(n.name(x)))
		}
		for d := 1; d <= e.Depth; d++ {
			x, v, eq, rest := n.s.Pile(d, n.pile)
			n.pile = rest
			op := "="
			if !eq {
				op = "≠"
			}
			pile := "pile " + joinValues(rest, " ")
			if len(rest) == 0 {
				pile = "pile empty"
			}
			n.line(1, fmt.Sprintf("%-*s %s %-4d %s", width, n.name(x), op, v, pile))
		}
	case engine.TraceFail:
		n.line(1, "✗ "+n.deadEnd(e))
	case engine.TraceBacktrack:
		n.line(0, fmt.Sprintf("↩ back: %s's pile is empty", n.name(e.Var)))
	case engine.TraceSolution:
		n.line(1, fmt.Sprintf("✓ solution %d", n.s.Stats().Solutions))
	case engine.TraceRestart:
		n.line(0, "⟲ restart from the root")
	}
}

// line writes one line at an indentation, or stops the narration at the
// limit.
func (n *narrator) line(depth int, text string) {
	if n.mode == traceOff {
		return
	}
	if n.limit > 0 && n.lines >= n.limit {
		fmt.Fprintf(n.w, "… the trace stops here after %d lines (--trace-limit); the search goes on\n", n.limit)
		n.mode = traceOff
		return
	}
	n.lines++
	n.w.WriteString(strings.Repeat("  ", max(depth, 0)))
	n.w.WriteString(text)
	n.w.WriteByte('\n')
	n.w.Flush() // as it happens
}

// decision writes x = v, or x ≠ v for PropAC's right branches.
func (n *narrator) decision(e engine.TraceEvent, space string) string {
	op := "="
	if !e.Eq {
		op = "≠"
	}
	return n.name(e.Var) + space + op + space + strconv.FormatInt(e.Value, 10)
}

// deadEnd says why a node failed.
func (n *narrator) deadEnd(e engine.TraceEvent) string {
	switch {
	case e.Var >= 0:
		return n.name(e.Var) + " has no value left"
	case e.Constraint >= 0:
		return "dead end: violates " + n.prog.ConstraintText(e.Constraint)
	}
	return "dead end"
}

// cause says which constraint removed the values of a TracePrune event.
func (n *narrator) cause(e engine.TraceEvent) string {
	switch {
	case e.Objective:
		return "   by the bound on the objective"
	case e.Constraint >= 0:
		if t := n.prog.ConstraintText(e.Constraint); t != "" {
			return "   by " + t
		}
	}
	return ""
}

func (n *narrator) name(x engine.Var) string { return n.prog.Model.VarName(x) }

// valueSet writes removed values as a set: {2, 3, 4}, or with ranges
// when the list is long: {1..40, 45}.
func valueSet(vs []int64) string {
	if len(vs) <= 8 {
		return "{" + joinValues(vs, ", ") + "}"
	}
	s := lang.FormatDomain(vs)
	if !strings.HasPrefix(s, "{") {
		s = "{" + s + "}"
	}
	return s
}

func joinValues(vs []int64, sep string) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	return b.String()
}
