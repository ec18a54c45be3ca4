package lang

import (
	"reflect"
	"strings"
)

// A printer of the AST back into .csp text, every operation in
// parentheses, for the parser's round trip: what it parses, printed and
// parsed again, is the same AST but for the spans.

func printFile(f *File) string {
	var b strings.Builder
	for _, s := range f.Stmts {
		printStmt(&b, s)
		b.WriteString("\n")
	}
	return b.String()
}

func printStmt(b *strings.Builder, s Stmt) {
	switch s := s.(type) {
	case *ParamDecl:
		b.WriteString("param " + s.Name.Name)
		if s.Shape != nil {
			printList(b, "[", s.Shape, "]")
		}
		if s.Value != nil {
			b.WriteString(" = ")
			printExpr(b, s.Value)
		}
	case *VarDecl:
		b.WriteString("var ")
		for i, n := range s.Names {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(n.Name.Name)
			if n.Shape != nil {
				printList(b, "[", n.Shape, "]")
			}
		}
		b.WriteString(" in ")
		printExpr(b, s.Domain)
	case *ShowStmt:
		printList(b, "show ", s.Items, "")
	case *Objective:
		b.WriteString(s.Sense + " ")
		printExpr(b, s.Expr)
	case *SearchStmt:
		printList(b, "search ", s.Items, "")
		if s.Order != nil {
			b.WriteString(" order " + s.Order.Name)
		}
		if s.Values != nil {
			b.WriteString(" values " + s.Values.Name)
		}
		for _, t := range s.Twice { // the name given again is not kept: any name reads back the same
			b.WriteString(" " + t.Name + " " + t.Name)
		}
	case *DefStmt:
		b.WriteString("def " + s.Name.Name)
		if len(s.Params) > 0 {
			var names []string
			for _, p := range s.Params {
				names = append(names, p.Name)
			}
			b.WriteString("(" + strings.Join(names, ", ") + ")")
		}
		if s.Block != nil {
			b.WriteString(" ")
			printBlock(b, s.Block)
		} else {
			b.WriteString(" = ")
			printExpr(b, s.Body)
		}
	case *ConstraintStmt:
		printExpr(b, s.Expr)
	case *EnumDecl:
		var names []string
		for _, v := range s.Values {
			names = append(names, v.Name)
		}
		b.WriteString("enum " + s.Name.Name + " = {" + strings.Join(names, ", ") + "}")
	}
}

func printBlock(b *strings.Builder, stmts []Stmt) {
	b.WriteString("{")
	for i, s := range stmts {
		if i > 0 {
			b.WriteString("; ")
		}
		printStmt(b, s)
	}
	b.WriteString("}")
}

func printList(b *strings.Builder, open string, es []Expr, close string) {
	b.WriteString(open)
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		printExpr(b, e)
	}
	b.WriteString(close)
}

func printExpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case *IntLit:
		b.WriteString(e.Text)
	case *StrLit:
		b.WriteString(e.Raw)
	case *Ident:
		b.WriteString(e.Name)
	case *Blank:
		b.WriteString("_")
	case *FullRange:
		b.WriteString("..")
	case *Unary:
		b.WriteString("(" + e.Op + " ")
		printExpr(b, e.X)
		b.WriteString(")")
	case *Binary:
		b.WriteString("(")
		printExpr(b, e.X)
		b.WriteString(" " + e.Op + " ")
		printExpr(b, e.Y)
		b.WriteString(")")
	case *Index:
		b.WriteString("(")
		printExpr(b, e.X)
		printList(b, ")[", e.Indices, "]")
	case *Call:
		b.WriteString(e.Fun.Name + "(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			if i > 0 && e.Gens != nil {
				// An argument after generators, in parentheses: a name
				// there would be read as one more generator.
				b.WriteString("(")
				printExpr(b, a)
				b.WriteString(")")
				continue
			}
			printExpr(b, a)
			if e.Gens != nil {
				printGens(b, e.Gens)
			}
		}
		b.WriteString(")")
	case *If:
		b.WriteString("(if ")
		printExpr(b, e.Cond)
		b.WriteString(" then ")
		printExpr(b, e.Then)
		b.WriteString(" else ")
		printExpr(b, e.Else)
		b.WriteString(" end)")
	case *Matrix:
		b.WriteString("[")
		for i, row := range e.Rows {
			if i > 0 {
				b.WriteString("; ")
			}
			printRow(b, row)
		}
		b.WriteString("]")
	case *Comprehension:
		b.WriteString("[")
		printExpr(b, e.Elem)
		printGens(b, e.Gens)
		b.WriteString("]")
	case *SetLit:
		printList(b, "{", e.Elems, "}")
	case *SetComp:
		b.WriteString("{")
		if e.Elem != nil {
			printExpr(b, e.Elem)
		}
		printGens(b, e.Gens)
		b.WriteString("}")
	case *Quant:
		b.WriteString("(" + e.Kind)
		printGensAfter(b, " ", e.Gens)
		if e.Block != nil {
			b.WriteString(" ")
			printBlock(b, e.Block)
		} else {
			b.WriteString(": ")
			printExpr(b, e.Body)
		}
		b.WriteString(")")
	}
}

// printRow writes the elements of a row, separated by ","; generators
// that end it are a Comprehension without an element, last.
func printRow(b *strings.Builder, row []Expr) {
	for i, e := range row {
		if c, ok := e.(*Comprehension); ok && c.Elem == nil && i == len(row)-1 {
			printGens(b, c.Gens)
			continue
		}
		if i > 0 {
			b.WriteString(", ")
		}
		printExpr(b, e)
	}
}

func printGens(b *strings.Builder, g *Generators) { printGensAfter(b, " for ", g) }

func printGensAfter(b *strings.Builder, lead string, g *Generators) {
	b.WriteString(lead)
	for i, gen := range g.List {
		if i > 0 {
			b.WriteString(", ")
		}
		for j, n := range gen.Names {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(n.Name)
		}
		b.WriteString(" in (")
		printExpr(b, gen.Domain)
		b.WriteString(")")
	}
	if g.Where != nil {
		b.WriteString(" where ")
		printExpr(b, g.Where)
	}
}

// sameButSpans reports the first difference between two ASTs other than
// their spans, or "".
func sameButSpans(a, b any) string {
	return astDiff(reflect.ValueOf(withoutSpans(a)), reflect.ValueOf(withoutSpans(b)), "")
}

// withoutSpans is a copy of an AST with every Span zero.
func withoutSpans(x any) any {
	v := reflect.ValueOf(x)
	return clearSpans(v).Interface()
}

var spanType = reflect.TypeOf(Span{})

func clearSpans(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(clearSpans(v.Elem()))
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(clearSpans(v.Elem()))
		return c
	case reflect.Struct:
		if v.Type() == spanType {
			return reflect.Zero(spanType)
		}
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(clearSpans(v.Field(i)))
			}
		}
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(clearSpans(v.Index(i)))
		}
		return c
	}
	return v
}
