package lang

import "fmt"

// ConstraintText names engine constraint i of the program the way a trace
// shows it: its line and statement, and the generator values that
// produced it ("line 7: x[i] != x[j]   with i = 1, j = 2").
func (p *Program) ConstraintText(i int) string {
	if i < 0 || i >= p.origins.len() {
		return ""
	}
	o := p.Origin(i)
	text := fmt.Sprintf("line %d: %s", o.Stmt.Pos.Line, trimLine(spanText(p.Sources, o.Stmt)))
	if o.Bindings != "" {
		text += "   with " + o.Bindings
	}
	return text
}

// ObjectiveText is the objective statement's text for messages
// ("minimize x"), or empty if there is none.
func (p *Program) ObjectiveText() string {
	if p.Objective.Pos.Line == 0 {
		return ""
	}
	return trimLine(spanText(p.Sources, p.Objective))
}
