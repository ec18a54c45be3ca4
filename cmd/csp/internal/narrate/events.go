package narrate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// narrate writes the event as a line, indented by depth.
func (n *Narrator) narrate(e engine.TraceEvent) {
	switch e.Kind {
	case engine.TraceNode:
		n.line(e.Depth-1, n.decision(e))
	case engine.TracePrune:
		n.line(e.Depth, fmt.Sprintf("%s ∖ %s%s", n.name(e.Var), n.removed(e), n.cause(e)))
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
func (n *Narrator) piles(e engine.TraceEvent) {
	switch e.Kind {
	case engine.TraceNode:
		n.steps++
		n.line(0, fmt.Sprintf("step %d: %s", n.steps, n.decision(e)))
		n.pileLines(e.Depth)
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

// pileLines writes the pile of each position down to depth, the names
// padded to one width so that the piles line up.
func (n *Narrator) pileLines(depth int) {
	width := 0
	for d := 1; d <= depth; d++ {
		x, _, _, _ := n.s.Pile(d, nil)
		width = max(width, len(n.name(x)))
	}
	for d := 1; d <= depth; d++ {
		x, v, dec, rest := n.s.Pile(d, n.pile)
		n.pile = rest // Pile fills it again at the next position, not a new slice
		op := OpText(dec)
		pile := "pile " + JoinValues(rest, " ")
		if len(rest) == 0 {
			pile = "pile empty"
		}
		n.line(1, fmt.Sprintf("%-*s %s %-4d %s", width, n.name(x), op, v, pile))
	}
}

// decision writes x = v, or x ≠ v for PropAC's right branches, x ≤ v
// and x > v for the halves of a split. The value of a variable declared
// in an enum is its name, except as a split's bound (x ≤ 3 reads as an
// order, Japanese is not one).
func (n *Narrator) decision(e engine.TraceEvent) string {
	op := e.Decision()
	v := strconv.FormatInt(e.Value, 10)
	if n.Prog != nil && (op == engine.DecideEq || op == engine.DecideNe) {
		v = n.Prog.FormatValueOf(e.Var, e.Value)
	}
	return n.name(e.Var) + " " + OpText(op) + " " + v
}

// OpText writes a decision's relation as the trace shows it.
func OpText(op engine.DecisionOp) string {
	switch op {
	case engine.DecideNe:
		return "≠"
	case engine.DecideLe:
		return "≤"
	case engine.DecideGt:
		return ">"
	}
	return "="
}

// deadEnd says why a node failed.
func (n *Narrator) deadEnd(e engine.TraceEvent) string {
	switch {
	case e.Var >= 0:
		return n.name(e.Var) + " has no value left"
	case e.Constraint >= 0:
		return "dead end: violates " + n.Prog.ConstraintText(e.Constraint)
	}
	return "dead end"
}

// cause says which constraint removed the values of a TracePrune event.
func (n *Narrator) cause(e engine.TraceEvent) string {
	switch {
	case e.Objective:
		return "   by the bound on the objective"
	case e.Constraint >= 0:
		if t := n.Prog.ConstraintText(e.Constraint); t != "" {
			return "   by " + t
		}
	}
	return ""
}

func (n *Narrator) name(x engine.Var) string { return n.Prog.Model.VarName(x) }

// removed writes the values an event removed, by name for a variable
// declared in an enum.
func (n *Narrator) removed(e engine.TraceEvent) string {
	if n.Prog != nil {
		if en := n.Prog.EnumOf(e.Var); en != nil {
			s := en.FormatIntervals(e.Ranges)
			if !strings.HasPrefix(s, "{") {
				s = "{" + s + "}"
			}
			return s
		}
	}
	return RangeSet(e.Ranges)
}
