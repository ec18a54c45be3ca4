package fzn

import (
	"github.com/csp-lang/csp/engine"
)

// csp's own predicates: the global constraints the engine has a
// propagator for, which csp's MiniZinc library (mznlib/) passes through
// instead of decomposing them. MiniZinc flattens every array to 1..n, so
// the library passes the index sets the engine needs as arguments (the
// first node of a circuit, the first index of each side of an inverse).
var globals = map[string]builtin{
	"csp_all_different": {"[i]", func(p *poster) { p.m.AllDifferent(p.exs(0)) }},
	"csp_circuit": {"[i] I", func(p *poster) {
		p.global(engine.NewCircuit(p.exs(0), p.num(1)))
	}},
	"csp_subcircuit": {"[i] I", func(p *poster) {
		p.global(engine.NewSubcircuit(p.exs(0), p.num(1)))
	}},
	"csp_table_int":  {"[i] [I]", postTable},
	"csp_table_bool": {"[b] [B]", postTable},
	"csp_regular":    {"[i] I I [I] I s", postRegular},
	"csp_cumulative": {"[i] [i] [i] i", func(p *poster) {
		p.global(engine.NewCumulative(p.exs(0), p.exs(1), p.exs(2), p.ex(3)))
	}},
	"csp_disjunctive": {"[i] [i]", func(p *poster) {
		p.global(engine.NewNoOverlap(p.exs(0), p.exs(1)))
	}},
	"csp_inverse": {"[i] [i] I I", func(p *poster) {
		p.global(engine.NewInverse(p.exs(0), p.exs(1), p.num(2), p.num(3)))
	}},
	"csp_lex_less_int":    {"[i] [i]", func(p *poster) { p.global(engine.NewLex(p.exs(0), p.exs(1), true)) }},
	"csp_lex_lesseq_int":  {"[i] [i]", func(p *poster) { p.global(engine.NewLex(p.exs(0), p.exs(1), false)) }},
	"csp_lex_less_bool":   {"[b] [b]", func(p *poster) { p.global(engine.NewLex(p.exs(0), p.exs(1), true)) }},
	"csp_lex_lesseq_bool": {"[b] [b]", func(p *poster) { p.global(engine.NewLex(p.exs(0), p.exs(1), false)) }},
	"csp_global_cardinality": {"[i] [I] [i]", func(p *poster) {
		p.gcc(p.exs(0), p.nums(1), p.arr(2))
	}},
}

// global posts a global constraint its constructor built.
func (p *poster) global(g engine.Global, err error) {
	if err != nil {
		p.fail("%v", err)
		return
	}
	if p.err == nil {
		p.m.Post(g)
	}
}

// postTable posts x in the rows of t, given row after row.
func postTable(p *poster) {
	xs, cells := p.exs(0), p.nums(1)
	if len(xs) == 0 {
		if len(cells) != 0 {
			p.fail("a table of %d values for no variable", len(cells))
		}
		return
	}
	if len(cells)%len(xs) != 0 {
		p.fail("a table of %d values is not made of rows of %d", len(cells), len(xs))
		return
	}
	p.global(engine.NewTable(xs, len(cells)/len(xs), cells, nil, false))
}

// postRegular posts regular(x, Q, S, d, q0, F) as MiniZinc defines it:
// states 1..Q, 0 the state that rejects, the values 1..S, d[q, v] (row
// after row) the state after reading v in q, q0 the start and F the
// accepting states.
func postRegular(p *poster) {
	q, s, d, q0, final := p.num(1), p.num(2), p.nums(3), p.num(4), p.set(5)
	switch {
	case q < 1 || s < 1:
		p.fail("regular needs at least one state and one value, not Q = %d and S = %d", q, s)
		return
	case q > engine.MaxAutomatonTable || s > engine.MaxAutomatonTable || q*s > engine.MaxAutomatonTable:
		p.fail("regular: %d states over %d values are more than %d transitions", q, s, engine.MaxAutomatonTable)
		return
	case int64(len(d)) != q*s:
		p.fail("regular: the transition table has %d entries, not Q × S = %d", len(d), q*s)
		return
	case q0 < 1 || q0 > q:
		p.fail("regular: the start state %d is not in 1..%d", q0, q)
		return
	}
	a := engine.Automaton{Next: make([]int32, len(d)), Start: int32(q0 - 1), Accept: make([]bool, q)}
	for v := int64(1); v <= s; v++ {
		a.Values = append(a.Values, v)
	}
	for i, to := range d {
		if to < 0 || to > q {
			p.fail("regular: a transition goes to state %d, not in 0..%d", to, q)
			return
		}
		a.Next[i] = int32(to - 1)
	}
	for st := int64(1); st <= q; st++ {
		a.Accept[st-1] = contains(final, st)
	}
	p.global(engine.NewRegular(p.exs(0), a))
}

// gcc posts global_cardinality: counts[k] is the number of xs equal to
// values[k]. A value listed twice has its counts equal.
func (p *poster) gcc(xs []engine.Expr, values []int64, counts []term) {
	if len(values) != len(counts) {
		p.fail("%d values for %d counts", len(values), len(counts))
		return
	}
	first := map[int64]int{}
	var vs []int64
	var cs []engine.Expr
	for k, v := range values {
		if j, ok := first[v]; ok {
			p.linear([]int64{1, -1}, []term{counts[j], counts[k]}, engine.OpEq, 0)
			continue
		}
		first[v] = k
		vs, cs = append(vs, v), append(cs, p.ref(counts[k]))
	}
	p.global(engine.NewGCC(xs, vs, cs))
}
