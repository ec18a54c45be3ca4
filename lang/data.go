package lang

import (
	"strings"
)

// A binding gives a param its value from a data file or from -p; it
// replaces the model's default.
type binding struct {
	name  *Ident
	value Expr
	from  string // "data file" or "-p"
	used  bool
}

// collectBindings parses data files and -p arguments for the callers
// that stop at the first error (batch, explain): collectData without what
// it recovers from broken statements.
func collectBindings(in Input, srcs Sources, errs *ErrorList) map[string]*binding {
	binds, _ := collectData(in, srcs, errs, nil)
	return binds
}

// dataBinding accepts "name = value" and "param name = value".
func dataBinding(s Stmt, errs *ErrorList) *binding {
	switch s := s.(type) {
	case *ParamDecl:
		if len(s.Shape) > 0 {
			errs.Add(s.Shape[0].span().Pos, s.Shape[len(s.Shape)-1].span().End,
				"a data file gives values only: write %s = ...; the shape is declared in the model", s.Name.Name)
			return nil
		}
		if s.Value != nil {
			return &binding{name: s.Name, value: s.Value, from: "data file"}
		}
	case *ConstraintStmt:
		if b, ok := s.Expr.(*Binary); ok && b.Op == "=" {
			if id, ok := b.X.(*Ident); ok {
				return &binding{name: id, value: b.Y, from: "data file"}
			}
		}
	}
	sp := s.span()
	errs.Add(sp.Pos, sp.End, "a data file can only give parameters values: name = value")
	return nil
}

// paramArg parses a -p argument "name=value". Its value is a source of its
// own, named "-p name", so errors can point into it.
func paramArg(arg string, srcs Sources, errs *ErrorList) *binding {
	name, val, ok := strings.Cut(arg, "=")
	name = strings.TrimSpace(name)
	label := "-p " + name
	if !ok || !isIdentifier(name) {
		errs.Add(Pos{File: "-p", Line: 1, Col: 1}, Pos{}, "-p wants name=value, found %q", arg)
		return nil
	}
	srcs[label] = []byte(val)
	e, err := ParseExpr(label, []byte(val))
	if err != nil {
		*errs = append(*errs, err.(ErrorList)...)
		return nil
	}
	id := &Ident{Span: Span{Pos: Pos{File: label, Line: 1, Col: 1}}, Name: name}
	return &binding{name: id, value: e, from: "-p"}
}

func isIdentifier(s string) bool {
	if s == "" || keywords[s] {
		return false
	}
	for i, r := range s {
		if !isIdentRune(r) || (i == 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
