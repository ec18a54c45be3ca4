package core

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/searchtree"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// narrator writes the search's events as csp solve --trace does
// (cmd/csp/trace.go): one line per event, indented by depth, or the
// piles after each step.
type narrator struct {
	out   *output
	prog  *lang.Program
	s     *engine.Solver
	mode  string // steps, domains, piles, or "" once the limit is hit
	want  string // the mode asked for, for restart
	limit int
	lines int
	steps int
	pile  []int64
	tree  *searchtree.Recorder // with Request.Tree: the events go to it too
}

func (n *narrator) install() {
	n.want = n.mode
	if n.tree != nil {
		n.tree.Attach(n.s)
	}
	n.s.SetTracer(&engine.Tracer{Event: n.event, Domains: n.mode == "domains"})
}

// restart narrates a next from the top: each request gets its own
// --trace-limit lines.
func (n *narrator) restart(o *output) {
	n.out, n.mode, n.lines = o, n.want, 0
}

func (n *narrator) event(e engine.TraceEvent) bool {
	if n.tree != nil {
		n.tree.Event(e)
	}
	switch n.mode {
	case "":
		return n.want != "" || n.tree != nil // a later next narrates again
	case "piles":
		n.piles(e)
	default:
		n.narrate(e)
	}
	return true
}

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

// line writes one line, or stops the narration at the limit.
func (n *narrator) line(depth int, text string) {
	if n.mode == "" {
		return
	}
	if n.limit > 0 && n.lines >= n.limit {
		n.out.write("trace", fmt.Sprintf("… the trace stops here after %d lines (--trace-limit); the search goes on\n", n.limit))
		n.mode = ""
		return
	}
	n.lines++
	n.out.write("trace", strings.Repeat("  ", max(depth, 0))+text+"\n")
}

func (n *narrator) decision(e engine.TraceEvent, space string) string {
	op := "="
	if !e.Eq {
		op = "≠"
	}
	return n.name(e.Var) + space + op + space + strconv.FormatInt(e.Value, 10)
}

func (n *narrator) deadEnd(e engine.TraceEvent) string {
	switch {
	case e.Var >= 0:
		return n.name(e.Var) + " has no value left"
	case e.Constraint >= 0:
		return "dead end: violates " + n.prog.ConstraintText(e.Constraint)
	}
	return "dead end"
}

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
