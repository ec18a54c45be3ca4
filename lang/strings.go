package lang

import "strings"

// strsV is a param that is a list of strings, ["English", "Spaniard"],
// indexed from 1. Strings are not values of constraints: show alone
// prints them, as a whole or one element, {nations[i]} (stringShow).
type strsV []string

func (strsV) kind() string { return "a list of strings" }

// strV is one string of a strsV, as a solution prints it.
type strV string

func (strV) kind() string { return "a string" }

// strAtV is the element of a list of strings at an index that may be a
// variable's: concrete reads it off a solution.
type strAtV struct {
	list strsV
	idx  value // intV or exprV
}

func (strAtV) kind() string { return "a string" }

// at is the string at the index i, or undefinedV outside the list.
func (s strAtV) at(i int64) value {
	if i < 1 || i > int64(len(s.list)) {
		return undefinedV{}
	}
	return strV(s.list[i-1])
}

// stringList returns the strings of a list literal made of strings
// only, ["a", "b"]: what a param may be besides numbers and sets.
func stringList(e Expr) ([]string, bool) {
	m, ok := e.(*Matrix)
	if !ok || len(m.Rows) != 1 || len(m.Rows[0]) == 0 {
		return nil, false
	}
	out := make([]string, len(m.Rows[0]))
	for i, x := range m.Rows[0] {
		s, ok := x.(*StrLit)
		if !ok {
			return nil, false
		}
		out[i] = s.Value
	}
	return out, true
}

// stringParam binds name to the list of strings e, if it is one.
func (l *lowerer) stringParam(name string, e Expr) bool {
	list, ok := stringList(e)
	if ok {
		l.env[name] = strsV(list)
	}
	return ok
}

// stringShow evaluates an expression of show that names a list of
// strings: the list, or its element at a constant or a variable's index.
// handled is false for any other expression; v is nil after an error.
func (l *lowerer) stringShow(e Expr) (v value, handled bool) {
	switch e := e.(type) {
	case *Ident:
		if s, ok := l.env[e.Name].(strsV); ok && !l.shadowed(e.Name) {
			return s, true
		}
	case *Index:
		id, ok := e.X.(*Ident)
		if !ok || l.shadowed(id.Name) {
			return nil, false
		}
		s, ok := l.env[id.Name].(strsV)
		if !ok {
			return nil, false
		}
		if len(e.Indices) != 1 {
			l.errorf(e, "%s is a list of strings: it takes one index, found %d", id.Name, len(e.Indices))
			return nil, true
		}
		idx := l.eval(e.Indices[0])
		var lo, hi int64
		switch i := idx.(type) {
		case nil:
			return nil, true
		case intV:
			lo, hi = int64(i), int64(i)
		case exprV:
			lo, hi = i.e.Bounds()
		default:
			l.errorf(e.Indices[0], "the index of %s must be a number, found %s", id.Name, describe(idx))
			return nil, true
		}
		if lo < 1 || hi > int64(len(s)) {
			l.errorf(e.Indices[0], "the index %s of %s can be %s, outside its indices 1..%d",
				l.text(e.Indices[0]), id.Name, rangeText(lo, hi), len(s))
			return nil, true
		}
		return strAtV{list: s, idx: idx}, true
	}
	return nil, false
}

func rangeText(lo, hi int64) string {
	if lo == hi {
		return itoa(lo)
	}
	return itoa(lo) + ".." + itoa(hi)
}

// inlineStrings prints a list of strings as show prints a list.
func inlineStrings(s strsV) string {
	return "[" + strings.Join(s, " ") + "]"
}

// mixedStrings is the first element that is no string of a one-row list
// literal that holds strings and more, or nil.
func mixedStrings(e Expr) Expr {
	m, ok := e.(*Matrix)
	if !ok || len(m.Rows) != 1 {
		return nil
	}
	var other Expr
	strs := false
	for _, x := range m.Rows[0] {
		if _, ok := x.(*StrLit); ok {
			strs = true
		} else if other == nil {
			other = x
		}
	}
	if strs {
		return other
	}
	return nil
}
