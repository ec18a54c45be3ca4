package fzn

import "github.com/csp-lang/csp/engine"

// MiniZinc flattens "these two tasks do not overlap", s1 + d1 <= s2 \/
// s2 + d2 <= s1, into two half-reified differences and a clause:
//
//	int_lin_le_imp([1,-1], [s1,s2], -d1, b1)
//	int_lin_le_imp([1,-1], [s2,s1], -d2, b2)
//	array_bool_or([b1,b2], true)
//
// (int_lin_le_reif and bool_clause([b1,b2], []) too). Each pair
// propagates only once one side is false; the engine posts a nooverlap
// over each clique of tasks that pairwise do not overlap
// (engine/disjunctive.go), and noteDisjunctions tells it which pairs
// these are, as it cannot read them from the big-M linear constraints
// the differences become.

// gap is x + d <= y.
type gap struct {
	x, y engine.Var
	d    int64
}

// noteDisjunctions records each clause of two differences that say two
// tasks do not overlap; at says which engine constraint each item
// posted first, to charge the implied nooverlap's failures to.
func (c *compiler) noteDisjunctions(at map[*fcons]int) {
	gaps := map[*fvar]gap{}
	for _, fc := range c.cons {
		if fc.name != "int_lin_le_imp" && fc.name != "int_lin_le_reif" {
			continue
		}
		coefs, vs, b := fc.args[0].elems, fc.args[1].elems, fc.args[3].t
		if len(coefs) != 2 || len(vs) != 2 || b.v == nil || vs[0].v == nil || vs[1].v == nil {
			continue
		}
		x, y := vs[0].v.eng, vs[1].v.eng
		if coefs[0].k == -1 && coefs[1].k == 1 {
			x, y = y, x
		} else if coefs[0].k != 1 || coefs[1].k != -1 {
			continue
		}
		// x - y <= rhs: x + (-rhs) <= y
		if rhs := fc.args[2].t.k; rhs > -1<<62 && x != y {
			gaps[b.v] = gap{x, y, -rhs}
		}
	}
	if len(gaps) == 0 {
		return
	}
	for _, fc := range c.cons {
		var bs []term
		switch fc.name {
		case "array_bool_or":
			if t := fc.args[1].t; t.v == nil && t.k == 1 {
				bs = fc.args[0].elems
			}
		case "bool_clause":
			if len(fc.args[1].elems) == 0 {
				bs = fc.args[0].elems
			}
		}
		if len(bs) != 2 || bs[0].v == nil || bs[1].v == nil {
			continue
		}
		g1, ok1 := gaps[bs[0].v]
		g2, ok2 := gaps[bs[1].v]
		if i, posted := at[fc]; ok1 && ok2 && posted && g1.x == g2.y && g1.y == g2.x {
			c.model.NoteDisjunction(i, g1.x, g1.d, g1.y, g2.d)
		}
	}
}
