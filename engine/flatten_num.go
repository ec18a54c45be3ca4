package engine

import (
	"math"
	"slices"
)

// Flattening numbers: each operator that is not linear gets a hidden
// variable (or the result variable the root gives it, numInto) and its
// primitive. Each is keyed by its operator and the variables of its
// operands, so the same subexpression met twice is one variable.

// num flattens e into a variable or a constant.
func (fl *flattener) num(e Expr) flatNum { return fl.numInto(e, -1) }

// numInto flattens e; out, if not negative, is the variable its result
// must be (a root equality out = e), which the caller checked to be
// outside e and which an operator with a primitive of its own
// (definesResult) writes into.
func (fl *flattener) numInto(e Expr, out int32) flatNum {
	if !fl.ok {
		return flatNum{x: fl.constVar(0), d: -1}
	}
	switch e := e.(type) {
	case *Const:
		return constNum(e.V)
	case *VarExpr:
		return flatNum{x: int32(e.V), d: -1}
	case *Unary:
		if e.Op == OpAbs {
			return fl.absolute(fl.num(e.X), out)
		}
	case *Binary:
		switch e.Op {
		case OpMul:
			if _, c1 := constValue(e.X); !c1 {
				if _, c2 := constValue(e.Y); !c2 {
					return fl.product(e, out)
				}
			}
		case OpDiv, OpMod:
			return fl.divide(e.Op, fl.num(e.X), fl.num(e.Y), out)
		}
	case *Nary:
		switch e.Op {
		case OpProduct:
			return fl.product(e, out)
		case OpMin, OpMax:
			return fl.minMax(e, out)
		}
	case *IfThenElse:
		return fl.ifThen(e, out)
	case *Element:
		return fl.lookup(e, out)
	}
	if isTruth(e) {
		var f flin
		fl.addLit(&f, fl.truth(e), 1)
		return fl.materialize(&f)
	}
	var f flin
	fl.addLin(&f, e, 1, true)
	return fl.materialize(&f)
}

// result returns the variable an operator keyed by fl.key writes into:
// the one made before for the same key (made equal to out, if given),
// out, or a new hidden variable lo..hi, which build then defines. A
// definition into out is a root constraint: it is posted at the commit.
func (fl *flattener) result(lo, hi int64, d int32, out int32, build func(z int32)) flatNum {
	if n, ok := fl.memo(out); ok {
		return n
	}
	key := string(fl.key)
	if out >= 0 {
		n := flatNum{x: out, d: d}
		fl.act(func() bool {
			build(out)
			fl.nums[key] = n
			return true
		})
		return n
	}
	z := fl.hidden(lo, hi)
	if !fl.ok {
		return flatNum{x: z, d: -1}
	}
	build(z)
	n := flatNum{x: z, d: d}
	fl.nums[key] = n
	return n
}

// memo returns the number made before for the key in fl.key, made equal
// to out if out is given.
func (fl *flattener) memo(out int32) (flatNum, bool) {
	n, ok := fl.nums[string(fl.key)]
	if ok && out >= 0 && out != n.x {
		f := flin{terms: []linTerm{{n.x, 1}, {out, -1}}}
		fl.postRelation(&f, OpEq)
	}
	return n, ok
}

// andDefs returns the variable that is 1 where every one of ds is (-1:
// none, always defined).
func (fl *flattener) andDefs(ds []int32) int32 {
	var keep []int32
	for _, d := range ds {
		if d >= 0 && !slices.Contains(keep, d) {
			keep = append(keep, d)
		}
	}
	switch len(keep) {
	case 0:
		return -1
	case 1:
		return keep[0]
	}
	ls := make([]lit, len(keep))
	for i, d := range keep {
		ls[i] = posLit(d)
	}
	l := fl.andLit(ls)
	if l.neg || l.isConst() {
		fl.fail() // cannot be: conjunctions of distinct variables are variables
		return -1
	}
	return l.x
}

// ---- products and powers ----

// product flattens a product: its factors (through nested products that
// are not shared) with equal ones gathered into powers, multiplied one
// after the other, times the constant factor.
func (fl *flattener) product(e Expr, out int32) flatNum {
	c := int64(1)
	var xs []int32
	var defs []int32
	var walk func(e Expr, top bool)
	walk = func(e Expr, top bool) {
		if !top && !fl.share.shared(e) {
			switch p := e.(type) {
			case *Binary:
				if p.Op == OpMul {
					walk(p.X, false)
					walk(p.Y, false)
					return
				}
			case *Nary:
				if p.Op == OpProduct {
					for _, a := range p.Args {
						walk(a, false)
					}
					return
				}
			}
		}
		if top {
			switch p := e.(type) {
			case *Binary:
				walk(p.X, false)
				walk(p.Y, false)
				return
			case *Nary:
				for _, a := range p.Args {
					walk(a, false)
				}
				return
			}
		}
		n := fl.num(e)
		if n.d >= 0 {
			defs = append(defs, n.d)
		}
		if n.x < 0 {
			c = fl.mul(c, n.k)
			return
		}
		xs = append(xs, n.x)
	}
	walk(e, true)
	d := fl.andDefs(defs)
	if c == 0 || len(xs) == 0 {
		return fl.constInto(c, d, out)
	}
	slices.Sort(xs)
	acc := int32(-1)
	for i := 0; i < len(xs); {
		j := i
		for j < len(xs) && xs[j] == xs[i] {
			j++
		}
		last := j == len(xs) && c == 1
		o := int32(-1)
		if last && acc < 0 {
			o = out
		}
		p := fl.power(xs[i], int64(j-i), o)
		if acc < 0 {
			acc = p
		} else {
			o = -1
			if last {
				o = out
			}
			acc = fl.times(acc, p, o)
		}
		i = j
	}
	if c == 1 {
		if out >= 0 && acc != out {
			f := flin{terms: []linTerm{{acc, 1}, {out, -1}}}
			fl.postRelation(&f, OpEq)
		}
		return flatNum{x: acc, d: d}
	}
	f := flin{terms: []linTerm{{acc, c}}, defs: []int32{d}}
	if out >= 0 {
		f.terms = append(f.terms, linTerm{out, -1})
		fl.postRelation(&f, OpEq)
		return flatNum{x: out, d: d}
	}
	return fl.materialize(&f)
}

// constInto returns the constant k with definedness d, written into out
// if given.
func (fl *flattener) constInto(k int64, d int32, out int32) flatNum {
	if out >= 0 {
		f := flin{terms: []linTerm{{out, 1}}, k: -k}
		fl.postRelation(&f, OpEq)
		return flatNum{x: out, d: d}
	}
	return flatNum{x: -1, k: k, d: d}
}

// power returns a variable equal to x^k (k >= 1).
func (fl *flattener) power(x int32, k int64, out int32) int32 {
	if k == 1 {
		if out >= 0 && out != x {
			f := flin{terms: []linTerm{{x, 1}, {out, -1}}}
			fl.postRelation(&f, OpEq)
			return out
		}
		return x
	}
	lo, hi, ok := powBounds(fl.t.minOf(x), fl.t.maxOf(x), k)
	if !ok {
		fl.fail()
		return x
	}
	fl.keyStart("^")
	fl.keyInt(int64(x))
	fl.keyInt(k)
	return fl.result(lo, hi, -1, out, func(z int32) {
		fl.b.addPrim(&power{x: x, z: z, k: k}, []int32{x, z}, fl.cons)
	}).x
}

// times returns a variable equal to x·y (x != y).
func (fl *flattener) times(x, y int32, out int32) int32 {
	if y < x {
		x, y = y, x
	}
	lo, hi := mulRange(fl.t.minOf(x), fl.t.maxOf(x), fl.t.minOf(y), fl.t.maxOf(y))
	if lo == math.MinInt64 || hi == math.MaxInt64 {
		fl.fail()
		return x
	}
	fl.keyStart("*")
	fl.keyInt(int64(x))
	fl.keyInt(int64(y))
	return fl.result(lo, hi, -1, out, func(z int32) {
		fl.b.addPrim(&times{x: x, y: y, z: z}, []int32{x, y, z}, fl.cons)
	}).x
}

// ---- division and remainder ----

// divide flattens x / y or x % y. Where y may be 0 the result gets a
// definedness variable, which the primitive ties to y != 0.
func (fl *flattener) divide(op BinOp, a, c flatNum, out int32) flatNum {
	x, y := fl.varOf(a), fl.varOf(c)
	xl, xh, yl, yh := fl.t.minOf(x), fl.t.maxOf(x), fl.t.minOf(y), fl.t.maxOf(y)
	if yl == 0 && yh == 0 {
		// Undefined everywhere: a canonical 0 that is never defined.
		return fl.constInto(0, fl.constVar(0), out)
	}
	var lo, hi int64
	var err error
	if op == OpDiv {
		lo, hi, err = divBounds(xl, xh, yl, yh)
	} else {
		lo, hi, err = modBounds(xl, xh, yl, yh)
	}
	if err != nil {
		fl.fail()
		return constNum(0)
	}
	tag := "/"
	if op == OpMod {
		tag = "%"
	}
	fl.keyStart(tag)
	fl.keyInt(int64(x))
	fl.keyInt(int64(y))
	if n, ok := fl.memo(out); ok {
		return n
	}
	key := slices.Clone(fl.key)
	ds := int32(-1)
	if fl.t.contains(y, 0) {
		ds = fl.hidden(0, 1)
	}
	d := fl.andDefs([]int32{ds, a.d, c.d})
	fl.key = append(fl.key[:0], key...)
	n := fl.result(lo, hi, d, out, func(z int32) {
		if op == OpDiv {
			fl.b.addPrim(&divide{x: x, y: y, z: z, d: ds, canon: fl.t.minOf(z)}, []int32{x, y, z, ds}, fl.cons)
		} else {
			fl.b.addPrim(&modulo{x: x, y: y, z: z, d: ds, canon: fl.t.minOf(z)}, []int32{x, y, z, ds}, fl.cons)
		}
	})
	return n
}

// ---- abs, min, max ----

func (fl *flattener) absolute(a flatNum, out int32) flatNum {
	if a.x < 0 {
		v, ok := AbsInt(a.k)
		if !ok {
			fl.fail()
		}
		return fl.constInto(v, a.d, out)
	}
	x := a.x
	lo, hi, err := absBounds(fl.t.minOf(x), fl.t.maxOf(x))
	if err != nil {
		fl.fail()
		return a
	}
	fl.keyStart("|")
	fl.keyInt(int64(x))
	return fl.result(lo, hi, a.d, out, func(z int32) {
		fl.b.addPrim(&absolute{x: x, z: z}, []int32{x, z}, fl.cons)
	})
}

func (fl *flattener) minMax(e *Nary, out int32) flatNum {
	var xs, defs []int32
	for _, a := range e.Args {
		n := fl.num(a)
		if n.d >= 0 {
			defs = append(defs, n.d)
		}
		x := fl.varOf(n)
		if !slices.Contains(xs, x) {
			xs = append(xs, x)
		}
	}
	d := fl.andDefs(defs)
	isMax := e.Op == OpMax
	if len(xs) == 1 {
		if out >= 0 && out != xs[0] {
			f := flin{terms: []linTerm{{xs[0], 1}, {out, -1}}}
			fl.postRelation(&f, OpEq)
			return flatNum{x: out, d: d}
		}
		return flatNum{x: xs[0], d: d}
	}
	slices.Sort(xs)
	for _, x := range append(xs, out) {
		if x >= 0 && fl.t.minOf(x) == math.MinInt64 {
			fl.fail() // minMax reads max as -min(-x): -MinInt64 does not fit
			return flatNum{x: xs[0], d: d}
		}
	}
	lo, hi := fl.t.minOf(xs[0]), fl.t.maxOf(xs[0])
	for _, x := range xs[1:] {
		if isMax {
			lo, hi = max(lo, fl.t.minOf(x)), max(hi, fl.t.maxOf(x))
		} else {
			lo, hi = min(lo, fl.t.minOf(x)), min(hi, fl.t.maxOf(x))
		}
	}
	tag := "m"
	if isMax {
		tag = "M"
	}
	fl.keyStart(tag)
	for _, x := range xs {
		fl.keyInt(int64(x))
	}
	return fl.result(lo, hi, d, out, func(z int32) {
		fl.b.addPrim(newMinMax(xs, z, isMax), append([]int32{z}, xs...), fl.cons)
	})
}

// ---- if-then-else and lookups ----

func (fl *flattener) ifThen(e *IfThenElse, out int32) flatNum {
	if n, ok := fl.tabulate(e, out); ok {
		return n
	}
	c := fl.truth(e.Cond)
	if v, ok := c.value(fl.t); ok && c.isConst() {
		branch := e.Else
		if v {
			branch = e.Then
		}
		return fl.into(fl.numInto(branch, out), out)
	}
	a, b := fl.num(e.Then), fl.num(e.Else)
	x, y := fl.varOf(a), fl.varOf(b)
	d := int32(-1)
	if a.d >= 0 || b.d >= 0 {
		d = fl.iteVar(c, fl.defVar(a), fl.defVar(b), -1)
	}
	if x == y && out < 0 && a.d == b.d {
		return flatNum{x: x, d: d}
	}
	return flatNum{x: fl.iteVar(c, x, y, out), d: d}
}

// into makes out equal to n, when out is given and n is not out already:
// the branch an if-then-else with a constant condition keeps may be a
// variable, a constant or a sum, which numInto does not write into out
// (-3 = if not(-3) then ... else x3 end lost x3 = -3 when the
// flattened primitives stood alone: FuzzEngine).
func (fl *flattener) into(n flatNum, out int32) flatNum {
	if out < 0 || n.x == out {
		return n
	}
	f := flin{terms: []linTerm{{out, 1}}, k: -n.k}
	if n.x >= 0 {
		f = flin{terms: []linTerm{{out, 1}, {n.x, -1}}}
	}
	fl.postRelation(&f, OpEq)
	n.x, n.k = out, 0
	return n
}

// iteVar returns a variable equal to x where c holds, y elsewhere.
func (fl *flattener) iteVar(c lit, x, y int32, out int32) int32 {
	lo, hi := min(fl.t.minOf(x), fl.t.minOf(y)), max(fl.t.maxOf(x), fl.t.maxOf(y))
	fl.keyStart("?")
	fl.keyLit(c)
	fl.keyInt(int64(x))
	fl.keyInt(int64(y))
	return fl.result(lo, hi, -1, out, func(z int32) {
		fl.b.addPrim(&ifThen{c: c, a: x, b: y, z: z}, []int32{c.x, x, y, z}, fl.cons)
	}).x
}

func (fl *flattener) lookup(e *Element, out int32) flatNum {
	idx := fl.num(e.Index)
	i := fl.varOf(idx)
	items := make([]int32, len(e.Items))
	var itemDefs []int32
	partial := false
	for k, it := range e.Items {
		n := fl.num(it)
		items[k] = fl.varOf(n)
		itemDefs = append(itemDefs, fl.defVar(n))
		partial = partial || n.d >= 0
	}
	if _, ok := AddInt(e.Base, int64(len(items))); !ok {
		fl.fail() // the last position must fit, with room for lookup's arithmetic
		return flatNum{x: i, d: -1}
	}
	fl.keyStart("E")
	fl.keyInt(e.Base)
	fl.keyInt(int64(i))
	fl.keyInt(int64(idx.d))
	for k, x := range items {
		fl.keyInt(int64(x))
		fl.keyInt(int64(itemDefs[k]))
	}
	if n, ok := fl.memo(out); ok {
		return n
	}
	key := string(fl.key)
	last, ok := AddInt(e.Base, int64(len(items)-1))
	ds := int32(-1)
	if !ok || fl.t.minOf(i) < e.Base || fl.t.maxOf(i) > last {
		ds = fl.hidden(0, 1)
	}
	defs := []int32{ds, idx.d}
	if partial {
		defs = append(defs, fl.lookupVar(i, e.Base, itemDefs, ds, -1))
	}
	d := fl.andDefs(defs)
	n := flatNum{x: fl.lookupVar(i, e.Base, items, ds, out), d: d}
	switch {
	case !fl.ok:
	case out < 0:
		fl.nums[key] = n
	default:
		fl.act(func() bool { fl.nums[key] = n; return true })
	}
	return n
}

// lookupVar returns a variable equal to items[i - base] where i is in
// range (ds, if any, says so), the least value of its domain elsewhere.
func (fl *flattener) lookupVar(i int32, base int64, items []int32, ds int32, out int32) int32 {
	lo, hi := fl.t.minOf(items[0]), fl.t.maxOf(items[0])
	for _, x := range items[1:] {
		lo, hi = min(lo, fl.t.minOf(x)), max(hi, fl.t.maxOf(x))
	}
	fl.keyStart("[")
	fl.keyInt(base)
	fl.keyInt(int64(i))
	fl.keyInt(int64(ds)) // a new ds is never shared: no definedness is left unlinked
	for _, x := range items {
		fl.keyInt(int64(x))
	}
	return fl.result(lo, hi, -1, out, func(z int32) {
		p := &lookup{i: i, base: base, items: slices.Clone(items), z: z, d: ds}
		p.canon = fl.t.minOf(z)
		fl.b.addPrim(p, append([]int32{i, z, ds}, items...), fl.cons)
	}).x
}
