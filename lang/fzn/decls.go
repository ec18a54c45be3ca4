package fzn

import (
	"strconv"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// decl reads a parameter or variable declaration. It reports false when
// the model is one csp refuses (a float or set variable): the first such
// declaration is the one error.
func (c *compiler) decl(d *Decl) bool {
	pos := toPos(d.Type.Pos)
	name := d.Name.Text
	if prev, ok := c.syms[name]; ok {
		c.errorf(toPos(d.Name.Pos), "%s is declared twice (first at line %d)", name, prev.pos.Line)
		return true
	}
	if d.Type.Var && unsupportedVar(d.Type.Base) != "" {
		what := "var " + unsupportedVar(d.Type.Base)
		if len(d.Type.Index) > 0 {
			what = "an array of " + what
		}
		c.errs = append(c.errs[:0], &lang.Error{Pos: pos, Msg: "csp supports int and bool variables: line " + strconv.Itoa(pos.Line) + " declares " + what})
		return false
	}
	var sym *symbol
	var ok bool
	switch {
	case !d.Type.Var:
		sym, ok = c.parDecl(d)
	case len(d.Type.Index) > 0:
		sym, ok = c.varArrayDecl(d)
	default:
		sym, ok = c.varDecl(d)
	}
	if ok {
		sym.pos = toPos(d.Name.Pos)
		c.syms[name] = sym
		c.outputAnnotations(d, sym)
	}
	return true
}

// unsupportedVar names the type of a variable csp cannot have ("float",
// "set of int"), or returns "".
func unsupportedVar(b *BaseType) string {
	switch {
	case b.Float, b.Lo != "" && (isFloatText(b.Lo) || isFloatText(b.Hi)), b.Values != nil && len(b.Values.Values) > 0 && isFloatText(b.Values.Values[0]):
		return "float"
	case b.Set != nil:
		return "set of int"
	case b.String:
		return "string"
	}
	return ""
}

func isFloatText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == 'e' || s[i] == 'E' {
			return true
		}
	}
	return false
}

// domainOf returns the domain a variable's type gives it, or nil for var
// int, which has none. bool reports a var bool.
func (c *compiler) domainOf(b *BaseType) (dom []engine.Interval, isBool, ok bool) {
	switch {
	case b.Bool:
		return []engine.Interval{{Lo: 0, Hi: 1}}, true, true
	case b.Int:
		return nil, false, true
	case b.Lo != "":
		lo, err1 := strconv.ParseInt(b.Lo, 10, 64)
		hi, err2 := strconv.ParseInt(b.Hi, 10, 64)
		if err1 != nil || err2 != nil { // the scanner reads only ints that fit
			c.errorf(toPos(b.Pos), "internal error (please report): the range %s..%s", b.Lo, b.Hi)
			return nil, false, false
		}
		if lo > hi {
			return []engine.Interval{}, false, true // empty: the model has no solution
		}
		return []engine.Interval{{Lo: lo, Hi: hi}}, false, true
	case b.Values != nil:
		vs, ok := c.intList(b.Values)
		if !ok {
			return nil, false, false
		}
		return setOf(vs), false, true
	}
	c.errorf(toPos(b.Pos), "internal error (please report): a variable of an unknown type")
	return nil, false, false
}

// intList reads the values of a set literal of ints.
func (c *compiler) intList(s *SetLit) ([]int64, bool) {
	vs := make([]int64, 0, len(s.Values))
	for _, t := range s.Values {
		v, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			c.errorf(toPos(s.Pos), "expected a set of integers, found %s", t)
			return nil, false
		}
		vs = append(vs, v)
	}
	return vs, true
}

// varDecl declares a scalar variable: a new one, or, with "= y", another
// name of y (whose domain it narrows), or, with "= 3", a constant.
func (c *compiler) varDecl(d *Decl) (*symbol, bool) {
	dom, isBool, ok := c.domainOf(d.Type.Base)
	if !ok {
		return nil, false
	}
	sym := &symbol{}
	if d.Value != nil {
		a, ok := c.resolve(d.Value, false)
		if !ok {
			return nil, false
		}
		if a.kind != aTerm || a.isBool != isBool {
			c.errorf(toPos(d.Value.Pos), "%s is declared %s but given %s", d.Name.Text, typeName(isBool, false), describeArg(a))
			return nil, false
		}
		c.narrow(a.t, dom, d.Type.Base.Int)
		sym.val = a
		return sym, true
	}
	v := &fvar{name: d.Name.Text, pos: toPos(d.Name.Pos), isBool: isBool, dom: dom, unbounded: d.Type.Base.Int}
	for _, an := range d.Anns.List {
		switch an.Name.Text {
		case "var_is_introduced", "is_defined_var":
			v.introduced = true
		}
	}
	c.vars = append(c.vars, v)
	sym.val = arg{pos: v.pos, kind: aTerm, isBool: isBool, t: term{v: v}}
	return sym, true
}

// narrow restricts a term to a declared domain: a constant outside it, or
// a variable left with no value, makes the model unsatisfiable.
func (c *compiler) narrow(t term, dom []engine.Interval, none bool) {
	if none {
		return
	}
	if t.v == nil {
		if !contains(dom, t.k) {
			c.unsat = true
		}
		return
	}
	if t.v.unbounded && t.v.dom == nil {
		t.v.dom, t.v.unbounded = dom, false
	} else {
		t.v.dom = intersect(t.v.dom, dom)
	}
	if len(t.v.dom) == 0 {
		c.unsat = true
	}
}

// varArrayDecl declares an array of variables: its elements are named
// variables or constants.
func (c *compiler) varArrayDecl(d *Decl) (*symbol, bool) {
	dom, isBool, ok := c.domainOf(d.Type.Base)
	if !ok || !c.checkIndex(d) {
		return nil, false
	}
	if d.Value == nil {
		c.errorf(toPos(d.Name.Pos), "the array %s has no value: FlatZinc gives every array of variables one", d.Name.Text)
		return nil, false
	}
	a, ok := c.resolve(d.Value, false)
	if !ok {
		return nil, false
	}
	if a.kind != aArray || len(a.elems) > 0 && a.isBool != isBool {
		c.errorf(toPos(d.Value.Pos), "%s is declared an array of %s but given %s", d.Name.Text, typeName(isBool, true), describeArg(a))
		return nil, false
	}
	if n, _ := strconv.ParseInt(d.Type.Index[0].Hi, 10, 64); d.Type.Index[0].Lo != "" && n != int64(len(a.elems)) {
		c.errorf(toPos(d.Value.Pos), "%s is declared with %d elements but given %d", d.Name.Text, n, len(a.elems))
		return nil, false
	}
	a.isBool = isBool
	for _, t := range a.elems {
		c.narrow(t, dom, d.Type.Base.Int)
	}
	return &symbol{val: a}, true
}

// checkIndex checks that an array's index set is one 1..n.
func (c *compiler) checkIndex(d *Decl) bool {
	ix := d.Type.Index
	if len(ix) != 1 || ix[0].Int || ix[0].Lo != "1" {
		c.errorf(toPos(d.Type.Pos), "a FlatZinc array is indexed 1..n")
		return false
	}
	return true
}

// parDecl declares a parameter: a constant int, bool, float or set, or
// an array of them.
func (c *compiler) parDecl(d *Decl) (*symbol, bool) {
	if len(d.Type.Index) > 0 && !c.checkIndex(d) {
		return nil, false
	}
	if d.Value == nil {
		c.errorf(toPos(d.Name.Pos), "the parameter %s has no value", d.Name.Text)
		return nil, false
	}
	a, ok := c.resolve(d.Value, false)
	if !ok {
		return nil, false
	}
	if !parFits(d.Type, a) {
		c.errorf(toPos(d.Value.Pos), "%s is declared %s but given %s", d.Name.Text, parTypeName(d.Type), describeArg(a))
		return nil, false
	}
	if len(d.Type.Index) > 0 && a.kind == aArray && d.Type.Base.Bool {
		a.isBool = true
	}
	return &symbol{par: true, val: a}, true
}

// parFits reports whether a parameter's value is of its declared type.
func parFits(t *Type, a arg) bool {
	b := t.Base
	if len(t.Index) == 0 {
		switch {
		case b.Bool:
			return a.kind == aTerm && a.isBool && a.t.isConst()
		case b.Int:
			return a.kind == aTerm && !a.isBool && a.t.isConst()
		case b.Float:
			return a.kind == aFloat || a.kind == aTerm && !a.isBool
		case b.Set != nil:
			return a.kind == aSet || a.kind == aFloat
		}
		return false
	}
	switch {
	case a.kind == aArray && len(a.elems) == 0:
		return true
	case b.Bool:
		return a.kind == aArray && a.isBool && allConst(a.elems)
	case b.Int:
		return a.kind == aArray && !a.isBool && allConst(a.elems)
	case b.Float:
		return a.kind == aFloat || a.kind == aArray && !a.isBool && allConst(a.elems)
	case b.Set != nil:
		return a.kind == aSets
	}
	return false
}

func allConst(ts []term) bool {
	for _, t := range ts {
		if !t.isConst() {
			return false
		}
	}
	return true
}

func typeName(isBool, array bool) string {
	s := "var int"
	if isBool {
		s = "var bool"
	}
	if array {
		return s + "s"
	}
	return s
}

func parTypeName(t *Type) string {
	b := t.Base
	s := "int"
	switch {
	case b.Bool:
		s = "bool"
	case b.Float:
		s = "float"
	case b.Set != nil:
		s = "set of int"
	}
	if len(t.Index) > 0 {
		return "an array of " + s
	}
	return s
}

// describeArg says what an argument is, for messages.
func describeArg(a arg) string {
	switch a.kind {
	case aTerm:
		kind := "int"
		if a.isBool {
			kind = "bool"
		}
		if a.t.isConst() {
			return "the " + kind + " constant " + formatValue(a.t.k, a.isBool)
		}
		return "the var " + kind + " " + a.t.v.name
	case aArray:
		if len(a.elems) == 0 {
			return "an empty array"
		}
		if a.isBool {
			return "an array of bools"
		}
		return "an array of ints"
	case aSet:
		return "a set"
	case aSets:
		return "an array of sets"
	case aFloat:
		return "a float"
	case aString:
		return "a string"
	}
	return "the annotation " + a.name
}

func formatValue(v int64, isBool bool) string {
	if isBool {
		if v != 0 {
			return "true"
		}
		return "false"
	}
	return strconv.FormatInt(v, 10)
}
