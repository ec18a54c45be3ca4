package lang

// HasShow reports whether the model chooses its output with show: a
// machine reader then wants that text beside the values.
func (p *Program) HasShow() bool { return len(p.show) > 0 }
