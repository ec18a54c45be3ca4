package lang

// Table constraints: table(list, T), and L in T / L not in T for a
// tuple L. (Placeholder until the table global lands: refused.)

// tupleIn lowers L in T inside an expression.
func (l *lowerer) tupleIn(b *Binary, tuple *arrV, t value, negate bool) value {
	l.errorf(b.X, "%s needs a number on its left, found %s", b.Op, describe(tuple))
	return nil
}

// postTupleIn posts L in T met as a statement, and reports whether it
// was one.
func (l *lowerer) postTupleIn(b *Binary) bool { return false }
