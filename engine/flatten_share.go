package engine

import "math/bits"

// Shared subexpressions. Flattening gives an operator one hidden variable
// per operator and operand variables (flatten_num.go), so a non-linear
// subexpression written twice, or the same call of a definition lowered
// twice, is one variable wherever it occurs. A linear one is read into
// the linear form around it instead, unless it occurs more than once
// among the constraints and the objective: then it gets a variable of its
// own too, or what one constraint learns of it would not reach the
// others. (A roster's "def worked(p) = count(...)" used in "minimize
// max(worked(p) for p in P)" and in "sum(worked(p) for p in P) = 28" is
// one variable per p, which the bound on the maximum and the sum share,
// as with declared variables w[p] = count(...).)
//
// Occurrences are counted before flattening, by a structural hash of each
// subtree; a collision can only make a linear part a variable of its own,
// which changes no solution.

// shareCounts counts the occurrences of each subtree by its hash.
type shareCounts struct {
	count map[uint64]int32
	hash  map[Expr]uint64
	seen  map[Expr]bool
}

// add counts the subtrees of e. A node met again by pointer counts again,
// but its subtrees are not walked twice.
func (c *shareCounts) add(e Expr) {
	if c.count == nil {
		c.count, c.hash, c.seen = map[uint64]int32{}, map[Expr]uint64{}, map[Expr]bool{}
	}
	if isLeaf(e) {
		return
	}
	c.count[c.hashOf(e)]++
	if c.seen[e] {
		return
	}
	c.seen[e] = true
	eachKid(e, func(k Expr) bool { c.add(k); return true })
}

// shared reports whether e occurs more than once.
func (c *shareCounts) shared(e Expr) bool {
	if c.count == nil || isLeaf(e) {
		return false
	}
	h, ok := c.hash[e]
	return ok && c.count[h] > 1
}

func isLeaf(e Expr) bool {
	switch e.(type) {
	case *Const, *VarExpr:
		return true
	}
	return false
}

// eachKid calls f with each operand of e, in order, until f returns
// false, and reports whether every call returned true.
func eachKid(e Expr, f func(Expr) bool) bool {
	switch e := e.(type) {
	case *Unary:
		return f(e.X)
	case *Binary:
		return f(e.X) && f(e.Y)
	case *Nary:
		for _, a := range e.Args {
			if !f(a) {
				return false
			}
		}
	case *InSet:
		return f(e.X)
	case *IfThenElse:
		return f(e.Cond) && f(e.Then) && f(e.Else)
	case *Element:
		if !f(e.Index) {
			return false
		}
		for _, a := range e.Items {
			if !f(a) {
				return false
			}
		}
	case *absDiffNe:
		return f(e.X) && f(e.Y)
	}
	return true
}

// hashOf returns a structural hash of e, remembered by node.
func (c *shareCounts) hashOf(e Expr) uint64 {
	if h, ok := c.hash[e]; ok {
		return h
	}
	var h uint64
	switch e := e.(type) {
	case *Const:
		h = mix(1, uint64(e.V))
	case *VarExpr:
		h = mix(2, uint64(e.V))
	case *Unary:
		h = mix(mix(3, uint64(e.Op)), c.hashOf(e.X))
	case *Binary:
		h = mix(mix(mix(4, uint64(e.Op)), c.hashOf(e.X)), c.hashOf(e.Y))
	case *Nary:
		h = mix(5, uint64(e.Op))
		for _, a := range e.Args {
			h = mix(h, c.hashOf(a))
		}
	case *InSet:
		h = mix(mix(6, c.hashOf(e.X)), uint64(len(e.Set)))
		if e.Negated {
			h = mix(h, 1)
		}
		for _, v := range e.Set {
			h = mix(h, uint64(v))
		}
	case *IfThenElse:
		h = mix(mix(mix(7, c.hashOf(e.Cond)), c.hashOf(e.Then)), c.hashOf(e.Else))
	case *Element:
		h = mix(mix(8, uint64(e.Base)), c.hashOf(e.Index))
		for _, a := range e.Items {
			h = mix(h, c.hashOf(a))
		}
	case *absDiffNe:
		h = mix(mix(mix(9, e.D), c.hashOf(e.X)), c.hashOf(e.Y))
	}
	c.hash[e] = h
	return h
}

// mix combines a hash with a word.
func mix(h, v uint64) uint64 {
	hi, lo := bits.Mul64(h^v, 0x9e3779b97f4a7c15)
	return hi ^ lo ^ (h << 7)
}
