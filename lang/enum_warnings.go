package lang

// enumWarnings finds where an enum's values meet what reads as another
// type: a comparison of values of two enums, or of an enum's value with a
// number written out (owner[1] = 3), and an index of another enum or a
// number into an array whose index set is an enum (house[Red],
// house[2]). An enum's values are numbers, so these compile; they are
// warned about, as the other typos that compile are. The types are read
// off the text: a name a generator or a definition binds anywhere in the
// file is left untyped, as is anything computed.
func enumWarnings(f *File) ErrorList {
	t := enumTypes{consts: map[string]*Enum{}, vals: map[string]*Enum{}, index: map[string][]*Enum{}, local: map[string]bool{}}
	sets := map[string]*Enum{}
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *ParamDecl:
			if s.enum != nil {
				if s.Name.Name == s.enum.Name {
					sets[s.Name.Name] = s.enum
				} else {
					t.consts[s.Name.Name] = s.enum
				}
			}
		case *VarDecl:
			for _, n := range s.Names {
				if id, ok := s.Domain.(*Ident); ok && sets[id.Name] != nil {
					t.vals[n.Name.Name] = sets[id.Name]
				}
				idx := make([]*Enum, len(n.Shape))
				typed := false
				for i, e := range n.Shape {
					if id, ok := e.(*Ident); ok && sets[id.Name] != nil {
						idx[i], typed = sets[id.Name], true
					}
				}
				if typed {
					t.index[n.Name.Name] = idx
				}
			}
		case *DefStmt:
			for _, p := range s.Params {
				t.local[p.Name] = true
			}
		}
		walkStmt(s, t.bound)
	}
	if len(sets) == 0 {
		return nil
	}
	var out ErrorList
	for _, s := range f.Stmts {
		walkStmt(s, func(e Expr) { out = append(out, t.check(e)...) })
	}
	return out
}

type enumTypes struct {
	consts map[string]*Enum   // the constants, by name
	vals   map[string]*Enum   // the variables declared in an enum
	index  map[string][]*Enum // the arrays with an index set an enum: its enum or nil, per index
	local  map[string]bool    // the names generators and definitions bind
}

// bound records the names the generators of e bind.
func (t enumTypes) bound(e Expr) {
	var gens *Generators
	switch e := e.(type) {
	case *Quant:
		gens = e.Gens
	case *Comprehension:
		gens = e.Gens
	case *SetComp:
		gens = e.Gens
	case *Call:
		gens = e.Gens
	}
	if gens == nil {
		return
	}
	for _, g := range gens.List {
		for _, n := range g.Names {
			t.local[n.Name] = true
		}
	}
}

// typeOf is the enum whose value e is, and whether e is a number written
// out; both are unknown (nil, false) for anything else.
func (t enumTypes) typeOf(e Expr) (*Enum, bool) {
	switch e := e.(type) {
	case *IntLit:
		return nil, true
	case *Ident:
		if t.local[e.Name] {
			return nil, false
		}
		if en := t.consts[e.Name]; en != nil {
			return en, false
		}
		return t.vals[e.Name], false
	case *Index:
		if id, ok := e.X.(*Ident); ok && !t.local[id.Name] {
			return t.vals[id.Name], false
		}
	}
	return nil, false
}

func (t enumTypes) check(e Expr) ErrorList {
	var out ErrorList
	warn := func(at Expr, msg string) {
		sp := at.span()
		out = append(out, &Error{Pos: sp.Pos, End: sp.End, Msg: msg})
	}
	switch e := e.(type) {
	case *Binary:
		switch e.Op {
		case "=", "!=", "<", "<=", ">", ">=":
		default:
			return nil
		}
		ex, nx := t.typeOf(e.X)
		ey, ny := t.typeOf(e.Y)
		switch {
		case ex != nil && ey != nil && ex != ey:
			warn(e, "a value of "+ex.Name+" is compared with a value of "+ey.Name+": an enum's values are numbers, so this compiles, but it reads as a mistake")
		case ex != nil && ny:
			warn(e.Y, "a value of "+ex.Name+" is compared with the number "+textOf(e.Y)+": write one of its constants ("+ex.Values[0]+", ...)")
		case ey != nil && nx:
			warn(e.X, "a value of "+ey.Name+" is compared with the number "+textOf(e.X)+": write one of its constants ("+ey.Values[0]+", ...)")
		}
	case *Index:
		id, ok := e.X.(*Ident)
		if !ok || t.local[id.Name] {
			return nil
		}
		idx := t.index[id.Name]
		for i, x := range e.Indices {
			if i >= len(idx) || idx[i] == nil {
				continue
			}
			en, num := t.typeOf(x)
			switch {
			case en != nil && en != idx[i]:
				warn(x, id.Name+" is indexed by "+idx[i].Name+", but "+textOf(x)+" is a value of "+en.Name)
			case num:
				warn(x, id.Name+" is indexed by "+idx[i].Name+", but "+textOf(x)+" is a number: write one of its constants ("+idx[i].Values[0]+", ...)")
			}
		}
	}
	return out
}

// textOf is a number or a name as written.
func textOf(e Expr) string {
	switch e := e.(type) {
	case *IntLit:
		return e.Text
	case *Ident:
		return e.Name
	case *Index:
		if id, ok := e.X.(*Ident); ok {
			return id.Name + "[...]"
		}
	}
	return "it"
}
