package lang

import (
	"strings"

	"github.com/csp-lang/csp/engine"
)

// Enum is an enumeration: its name and its constants' names, the
// constant numbered k (from 1) at Values[k-1].
type Enum struct {
	Name   string
	Values []string
}

// Label is the name of the value v, or v as a number when no constant of
// the enum stands for it (an expression over enum values, x + 1, may
// leave the enum).
func (e *Enum) Label(v int64) string {
	if v >= 1 && v <= int64(len(e.Values)) {
		return e.Values[v-1]
	}
	return itoa(v)
}

// FormatIntervals writes a domain of an enum's values by name, {A, C}.
func (e *Enum) FormatIntervals(ivs []engine.Interval) string {
	var parts []string
	for _, iv := range ivs {
		if iv.Hi-iv.Lo > int64(len(e.Values)) { // not the enum's: as numbers
			return FormatIntervals(ivs)
		}
		for v := iv.Lo; v <= iv.Hi; v++ {
			parts = append(parts, e.Label(v))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// nameV is a value of an enum in a solution's output, printed by name.
type nameV struct {
	n int64
	e *Enum
}

func (nameV) kind() string { return "a value of an enum" }

// named gives the values of v the enum's names: v is a solution's value
// of an expression whose values are e's.
func named(v value, e *Enum) value {
	if e == nil {
		return v
	}
	switch v := v.(type) {
	case intV:
		return nameV{int64(v), e}
	case *arrV:
		out := &arrV{dims: v.dims, elems: make([]value, len(v.elems))}
		for i, x := range v.elems {
			out.elems[i] = named(x, e)
		}
		return out
	}
	return v
}

// enumParam records the params an enum stands for.
func (l *lowerer) enumParam(p *ParamDecl) {
	if p.enum == nil {
		return
	}
	if l.enums == nil {
		l.enums = map[string]*Enum{}
	}
	l.enums[p.Name.Name] = p.enum
}

// enumSet is the enum whose name e is, as a domain or an index set, or nil.
func (l *lowerer) enumSet(e Expr) *Enum {
	id, ok := e.(*Ident)
	if !ok {
		return nil
	}
	if en := l.enums[id.Name]; en != nil && en.Name == id.Name && !l.shadowed(id.Name) {
		return en
	}
	return nil
}

// enumOf is the enum whose values the expression e of a show takes, or
// nil: a constant of an enum, a variable declared with an enum as its
// domain, or an element of such an array.
func (l *lowerer) enumOf(e Expr) *Enum {
	switch e := e.(type) {
	case *Ident:
		if l.shadowed(e.Name) {
			return nil
		}
		if en := l.enums[e.Name]; en != nil && en.Name != e.Name {
			return en
		}
		if d := l.prog.Var(e.Name); d != nil {
			return d.Enum
		}
	case *Index:
		if id, ok := e.X.(*Ident); ok && !l.shadowed(id.Name) {
			if d := l.prog.Var(id.Name); d != nil {
				return d.Enum
			}
		}
	}
	return nil
}

// shadowed says that name is, here, a generator's or a definition's
// parameter rather than the top-level name an enum or a variable has.
func (l *lowerer) shadowed(name string) bool {
	for _, g := range l.gens {
		if g.name == name {
			return true
		}
	}
	for _, a := range l.defArgs {
		if a.name == name {
			return true
		}
	}
	return false
}

// noteEnum records the engine variables of a variable declared in an
// enum, for the REPL's queries and domains (FormatDomainOf).
func (l *lowerer) noteEnum(d *VarInfo) {
	if d.Enum == nil {
		return
	}
	if l.prog.varEnums == nil {
		l.prog.varEnums = map[engine.Var]*Enum{}
	}
	for _, v := range d.Vars {
		l.prog.varEnums[v] = d.Enum
	}
}

// FormatDomainOf writes the domain ivs of the engine variable v as
// FormatIntervals does, but by name when v is declared in an enum.
func (p *Program) FormatDomainOf(v engine.Var, ivs []engine.Interval) string {
	if e := p.varEnums[v]; e != nil {
		return e.FormatIntervals(ivs)
	}
	return FormatIntervals(ivs)
}

// namedVars is concrete, with the values of variables declared in an
// enum by name: a query names variables, not the enum.
func namedVars(v value, sol Solution, enums map[engine.Var]*Enum) value {
	switch v := v.(type) {
	case exprV:
		if ref, ok := v.e.(*engine.VarExpr); ok && enums[ref.V] != nil {
			return nameV{sol(ref.V), enums[ref.V]}
		}
	case *arrV:
		out := &arrV{dims: v.dims, elems: make([]value, len(v.elems))}
		for i, e := range v.elems {
			out.elems[i] = namedVars(e, sol, enums)
		}
		return out
	}
	return concrete(v, sol)
}

// Enum is the enum p stands for or is a constant of (an enum's params,
// EnumDecl.Params), or nil.
func (p *ParamDecl) Enum() *Enum { return p.enum }

// EnumOf is the enum the engine variable v is declared in, or nil.
func (p *Program) EnumOf(v engine.Var) *Enum { return p.varEnums[v] }

// FormatValueOf writes the value n of the engine variable v: by name when
// v is declared in an enum.
func (p *Program) FormatValueOf(v engine.Var, n int64) string {
	if e := p.varEnums[v]; e != nil {
		return e.Label(n)
	}
	return itoa(n)
}
