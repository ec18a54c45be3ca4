package fzn

import (
	"reflect"
	"strings"
)

// printItem writes an item back as FlatZinc, for the tests that parse
// what it prints: a tree that prints and parses to itself was read as
// the grammar says.
func printItem(it *Item) string {
	var b strings.Builder
	switch {
	case it.Predicate != nil:
		b.WriteString("predicate " + it.Predicate.Name.Text + "(")
		for i, p := range it.Predicate.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(printType(p.Type) + ": " + p.Name.Text)
		}
		b.WriteString(")")
	case it.Constraint != nil:
		b.WriteString("constraint " + it.Constraint.Name.Text + "(" + printExprs(it.Constraint.Args.List) + ")")
		b.WriteString(printAnns(it.Constraint.Anns.List))
	case it.Solve != nil:
		s := it.Solve
		b.WriteString("solve" + printAnns(s.Anns.List))
		if s.Satisfy {
			b.WriteString(" satisfy")
		} else {
			b.WriteString(" " + s.Sense + " " + printExpr(s.Objective))
		}
	case it.Decl != nil:
		d := it.Decl
		b.WriteString(printType(d.Type) + ": " + d.Name.Text + printAnns(d.Anns.List))
		if d.Value != nil {
			b.WriteString(" = " + printExpr(d.Value))
		}
	}
	return b.String() + ";"
}

func printType(t *Type) string {
	var b strings.Builder
	if t.Index != nil {
		var idx []string
		for _, s := range t.Index {
			if s.Int {
				idx = append(idx, "int")
			} else {
				idx = append(idx, s.Lo+".."+s.Hi)
			}
		}
		b.WriteString("array [" + strings.Join(idx, ", ") + "] of ")
	}
	if t.Var {
		b.WriteString("var ")
	}
	return b.String() + printBase(t.Base)
}

func printBase(bt *BaseType) string {
	switch {
	case bt.Bool:
		return "bool"
	case bt.Int:
		return "int"
	case bt.Float:
		return "float"
	case bt.String:
		return "string"
	case bt.Set != nil:
		return "set of " + printBase(bt.Set)
	case bt.Values != nil:
		return "{" + strings.Join(bt.Values.Values, ", ") + "}"
	}
	return bt.Lo + ".." + bt.Hi
}

func printAnns(anns []*Annotation) string {
	var b strings.Builder
	for _, a := range anns {
		b.WriteString(" :: " + a.Name.Text)
		if a.Args != nil {
			b.WriteString("(" + printExprs(a.Args.List) + ")")
		}
	}
	return b.String()
}

func printExprs(es []*Expr) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = printExpr(e)
	}
	return strings.Join(s, ", ")
}

func printExpr(e *Expr) string {
	switch {
	case e.Bool != "":
		return e.Bool
	case e.Upper != "":
		return e.Num + ".." + e.Upper
	case e.Num != "":
		return e.Num
	case e.Set != nil:
		return "{" + strings.Join(e.Set.Values, ", ") + "}"
	case e.Array != nil:
		return "[" + printExprs(e.Array.Elems) + "]"
	case e.Str != "":
		return e.Str
	case e.Index != "":
		return e.Name.Text + "[" + e.Index + "]"
	case e.Call != nil:
		return e.Name.Text + "(" + printExprs(e.Call.List) + ")"
	}
	return e.Name.Text
}

// sameTree compares two trees, positions aside.
func sameTree(a, b *Item) bool {
	var da, db strings.Builder
	dumpValue(&da, reflect.ValueOf(a), false)
	dumpValue(&db, reflect.ValueOf(b), false)
	return da.String() == db.String()
}
