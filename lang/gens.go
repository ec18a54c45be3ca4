package lang

// iterate runs body once for every combination of generator values, in
// order, with the names bound in the environment. A where clause that is
// constant filters; one that depends on a variable is passed to body as
// cond (nil otherwise). body returns false to stop; iterate returns false
// if it stopped on an error.
//
// The domains that do not use the list's own names are evaluated first:
// when all of them are, the number of combinations is known, and one too
// many for the generation budget (with the generators around it, in the
// same statement) is refused before any is made.
func (l *lowerer) iterate(g *Generators, at Node, body func(cond value) bool) bool {
	var names []*Ident
	var domains []Expr
	own := map[string]bool{}
	for _, gen := range g.List {
		for _, n := range gen.Names {
			names = append(names, n)
			domains = append(domains, gen.Domain)
			own[n.Name] = true
		}
	}
	// The names may hide those of a caller of the definition being
	// lowered (defs.go): they are restored after.
	prev := make([]value, len(names))
	for i, n := range names {
		prev[i] = l.env[n.Name]
	}
	defer func() {
		for i := len(names) - 1; i >= 0; i-- {
			if prev[i] != nil {
				l.env[names[i].Name] = prev[i]
			} else {
				delete(l.env, names[i].Name)
			}
		}
	}()
	// Up front, only the domains the iteration would reach: the leading
	// ones that use no name of the list, up to an empty one.
	fixed := make([][]int64, len(names)) // the domains known up front
	total, exact := int64(1), true
	for i, d := range domains {
		if total == 0 {
			break // never reached: the product is 0 whatever follows
		}
		if usesName(d, own) {
			exact = false
			break
		}
		vals, ok := l.genValues(d)
		if !ok {
			return false
		}
		fixed[i] = vals
		total = mulCapped(total, int64(len(vals)))
	}
	outer := l.expand
	if exact && g.Where == nil && outer >= 0 {
		l.expand = mulCapped(outer, total)
		if l.expand > l.budget {
			return l.spend(l.expand, at)
		}
	} else {
		l.expand = -1 // unknown below: no projection
	}
	defer func() { l.expand = outer }()
	projected := exact && outer == 1 && !l.limit.proj.on // the statement's outermost
	if projected {
		l.project(total)
		defer func() { l.limit.proj.on = false }()
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(names) {
			if projected {
				l.limit.proj.done++
			}
			return l.visit(g, body) && !l.limit.halted
		}
		vals := fixed[i]
		if vals == nil {
			var ok bool
			if vals, ok = l.genValues(domains[i]); !ok {
				return false
			}
		}
		if !l.spend(int64(len(vals)), at) {
			return false
		}
		for _, v := range vals {
			l.env[names[i].Name] = intV(v)
			l.gens = append(l.gens, genValue{names[i].Name, v})
			ok := rec(i + 1)
			l.gens = l.gens[:len(l.gens)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// project starts the memory projection of a top-level forall of total
// iterations.
func (l *lowerer) project(total int64) {
	p := &l.limit.proj
	p.on, p.total, p.done = l.limit.limits.MaxMemory > 0, total, 0
	if p.on {
		_, p.live0, p.cycles0 = l.limit.heap()
	}
}

// mulCapped multiplies sizes, saturating at maxGenerated+1.
func mulCapped(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > (maxGenerated+1)/b {
		return maxGenerated + 1
	}
	return a * b
}

// usesName reports whether e mentions one of names (or may: an unknown
// node counts as a use).
func usesName(e Expr, names map[string]bool) bool {
	any := func(es ...Expr) bool {
		for _, x := range es {
			if x != nil && usesName(x, names) {
				return true
			}
		}
		return false
	}
	gens := func(g *Generators) bool {
		if g == nil {
			return false
		}
		for _, gen := range g.List {
			if usesName(gen.Domain, names) {
				return true
			}
		}
		return g.Where != nil && usesName(g.Where, names)
	}
	switch e := e.(type) {
	case *IntLit, *StrLit, *Blank, *FullRange:
		return false
	case *Ident:
		return names[e.Name]
	case *Unary:
		return any(e.X)
	case *Binary:
		if isChain(e) { // a loop down its spine (chain.go)
			leaf, spine := leftSpine(e, nil)
			for _, s := range spine {
				if any(s.Y) {
					return true
				}
			}
			return any(leaf)
		}
		return any(e.X, e.Y)
	case *Index:
		return any(e.X) || any(e.Indices...)
	case *Call:
		return any(e.Args...) || gens(e.Gens)
	case *If:
		return any(e.Cond, e.Then, e.Else)
	case *Matrix:
		for _, row := range e.Rows {
			if any(row...) {
				return true
			}
		}
		return false
	case *Comprehension:
		return any(e.Elem) || gens(e.Gens)
	case *SetComp:
		return any(e.Elem) || gens(e.Gens)
	case *SetLit:
		return any(e.Elems...)
	}
	return true
}

func (l *lowerer) visit(g *Generators, body func(cond value) bool) bool {
	if g.Where == nil {
		return body(nil)
	}
	c := l.eval(g.Where)
	switch c := c.(type) {
	case nil:
		return false
	case intV:
		if c == 0 {
			return true
		}
		return body(nil)
	case exprV:
		return body(c)
	}
	l.errorf(g.Where, "where needs true or false, found %s", describe(c))
	return false
}

// genValues lists what a generator ranges over: a constant set, or the
// values of a constant list.
func (l *lowerer) genValues(e Expr) ([]int64, bool) {
	v := l.eval(e)
	switch v := v.(type) {
	case nil:
		return nil, false
	case setV:
		n, ok := v.size()
		if !ok || n > l.budget {
			l.spend(maxGenerated+1, e)
			return nil, false
		}
		return v.values(), true
	case intV:
		return []int64{int64(v)}, true
	case *arrV:
		var vals []int64
		for _, el := range v.elems {
			switch el := el.(type) {
			case intV:
				vals = append(vals, int64(el))
			case blankV:
			default:
				l.errorf(e, "a generator ranges over constants; %s depends on a variable", l.text(e))
				return nil, false
			}
		}
		return vals, true
	case exprV:
		l.errorf(e, "a generator ranges over constants; %s depends on a variable", l.text(e))
		return nil, false
	}
	return nil, false
}
