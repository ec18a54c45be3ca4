package fzn

import (
	"slices"
)

// The meaning of each builtin and csp predicate, written plainly from the
// FlatZinc specification (and MiniZinc's definitions of the globals), for
// the brute-force tests: nothing here is shared with the code under test.

// refArg is an argument with its variables replaced by values.
type refArg struct {
	v   int64
	vs  []int64
	set []int64
}

func has(s []int64, v int64) bool { return slices.Contains(s, v) }

func b2(x bool) int64 {
	if x {
		return 1
	}
	return 0
}

func sum(cs, xs []int64) int64 {
	var s int64
	for i := range cs {
		s += cs[i] * xs[i]
	}
	return s
}

func cmpOp(op string, a, b int64) bool {
	switch op {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "le":
		return a <= b
	case "lt":
		return a < b
	case "ge":
		return a >= b
	}
	return a > b
}

func pow(x, y int64) (int64, bool) {
	if y < 0 {
		if x == 0 {
			return 0, false
		}
		p, _ := pow(x, -y)
		return 1 / p, true
	}
	r := int64(1)
	for range y {
		r *= x
	}
	return r, true
}

// reference reports whether the constraint name holds for the arguments;
// known is false for a name it does not define.
func reference(name string, a []refArg) (holds, known bool) {
	for _, op := range []string{"eq", "ne", "le", "lt", "ge", "gt"} {
		for _, kind := range []string{"int_", "bool_"} {
			switch name {
			case kind + op:
				return cmpOp(op, a[0].v, a[1].v), true
			case kind + op + "_reif":
				return b2(cmpOp(op, a[0].v, a[1].v)) == a[2].v, true
			case kind + op + "_imp":
				return a[2].v == 0 || cmpOp(op, a[0].v, a[1].v), true
			}
		}
		switch name {
		case "int_lin_" + op:
			return cmpOp(op, sum(a[0].vs, a[1].vs), a[2].v), true
		case "int_lin_" + op + "_reif":
			return b2(cmpOp(op, sum(a[0].vs, a[1].vs), a[2].v)) == a[3].v, true
		case "int_lin_" + op + "_imp":
			return a[3].v == 0 || cmpOp(op, sum(a[0].vs, a[1].vs), a[2].v), true
		}
	}
	if h, ok := referenceArith(name, a); ok {
		return h, true
	}
	if h, ok := referenceBool(name, a); ok {
		return h, true
	}
	return referenceGlobal(name, a)
}

func referenceArith(name string, a []refArg) (bool, bool) {
	switch name {
	case "int_plus":
		return a[0].v+a[1].v == a[2].v, true
	case "int_minus":
		return a[0].v-a[1].v == a[2].v, true
	case "int_negate":
		return -a[0].v == a[1].v, true
	case "int_times":
		return a[0].v*a[1].v == a[2].v, true
	case "int_div":
		return a[1].v != 0 && a[0].v/a[1].v == a[2].v, true
	case "int_mod":
		return a[1].v != 0 && a[0].v%a[1].v == a[2].v, true
	case "int_abs":
		return max(a[0].v, -a[0].v) == a[1].v, true
	case "int_min":
		return min(a[0].v, a[1].v) == a[2].v, true
	case "int_max":
		return max(a[0].v, a[1].v) == a[2].v, true
	case "int_pow", "int_pow_fixed":
		p, ok := pow(a[0].v, a[1].v)
		return ok && p == a[2].v, true
	case "array_int_maximum":
		return len(a[1].vs) > 0 && slices.Max(a[1].vs) == a[0].v, true
	case "array_int_minimum":
		return len(a[1].vs) > 0 && slices.Min(a[1].vs) == a[0].v, true
	case "array_int_element", "array_var_int_element", "array_bool_element", "array_var_bool_element":
		i := a[0].v
		return i >= 1 && i <= int64(len(a[1].vs)) && a[1].vs[i-1] == a[2].v, true
	case "set_in":
		return has(a[1].set, a[0].v), true
	case "set_in_reif":
		return b2(has(a[1].set, a[0].v)) == a[2].v, true
	case "set_in_imp":
		return a[2].v == 0 || has(a[1].set, a[0].v), true
	}
	return false, false
}

func all(vs []int64) bool {
	for _, v := range vs {
		if v == 0 {
			return false
		}
	}
	return true
}

func anyTrue(vs []int64) bool {
	for _, v := range vs {
		if v != 0 {
			return true
		}
	}
	return false
}

func clause(a []refArg) bool { return anyTrue(a[0].vs) || !all(a[1].vs) }

func referenceBool(name string, a []refArg) (bool, bool) {
	switch name {
	case "bool2int":
		return a[0].v == a[1].v, true
	case "bool_not":
		return a[0].v != a[1].v, true
	case "bool_lin_eq":
		return sum(a[0].vs, a[1].vs) == a[2].v, true
	case "bool_lin_le":
		return sum(a[0].vs, a[1].vs) <= a[2].v, true
	case "bool_and":
		return b2(a[0].v != 0 && a[1].v != 0) == a[2].v, true
	case "bool_and_imp":
		return a[2].v == 0 || a[0].v != 0 && a[1].v != 0, true
	case "bool_or":
		return b2(a[0].v != 0 || a[1].v != 0) == a[2].v, true
	case "bool_or_imp":
		return a[2].v == 0 || a[0].v != 0 || a[1].v != 0, true
	case "bool_xor":
		if len(a) == 2 {
			return a[0].v != a[1].v, true
		}
		return b2(a[0].v != a[1].v) == a[2].v, true
	case "bool_xor_imp":
		return a[2].v == 0 || a[0].v != a[1].v, true
	case "array_bool_and":
		return b2(all(a[0].vs)) == a[1].v, true
	case "array_bool_and_imp":
		return a[1].v == 0 || all(a[0].vs), true
	case "array_bool_or":
		return b2(anyTrue(a[0].vs)) == a[1].v, true
	case "array_bool_or_imp":
		return a[1].v == 0 || anyTrue(a[0].vs), true
	case "array_bool_xor":
		return sum(a[0].vs, ones(len(a[0].vs)))%2 == 1, true
	case "array_bool_xor_imp":
		return a[1].v == 0 || sum(a[0].vs, ones(len(a[0].vs)))%2 == 1, true
	case "bool_clause":
		return clause(a), true
	case "bool_clause_reif":
		return b2(clause(a)) == a[2].v, true
	case "bool_clause_imp":
		return a[2].v == 0 || clause(a), true
	}
	return false, false
}

func ones(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func referenceGlobal(name string, a []refArg) (bool, bool) {
	switch name {
	case "csp_all_different":
		return distinct(a[0].vs), true
	case "csp_circuit":
		return circuit(a[0].vs, a[1].v, false), true
	case "csp_subcircuit":
		return circuit(a[0].vs, a[1].v, true), true
	case "csp_table_int", "csp_table_bool":
		n := len(a[0].vs)
		for r := 0; r+n <= len(a[1].vs); r += n {
			if slices.Equal(a[1].vs[r:r+n], a[0].vs) {
				return true, true
			}
		}
		return false, true
	case "csp_regular":
		return regular(a[0].vs, a[1].v, a[2].v, a[3].vs, a[4].v, a[5].set), true
	case "csp_cumulative":
		return cumulative(a[0].vs, a[1].vs, a[2].vs, a[3].v), true
	case "csp_disjunctive":
		return disjunctive(a[0].vs, a[1].vs), true
	case "csp_inverse":
		return inverse(a[0].vs, a[1].vs, a[2].v, a[3].v), true
	case "csp_lex_less_int", "csp_lex_less_bool":
		return slices.Compare(a[0].vs, a[1].vs) < 0, true
	case "csp_lex_lesseq_int", "csp_lex_lesseq_bool":
		return slices.Compare(a[0].vs, a[1].vs) <= 0, true
	case "csp_global_cardinality":
		for k, v := range a[1].vs {
			n := int64(0)
			for _, x := range a[0].vs {
				n += b2(x == v)
			}
			if n != a[2].vs[k] {
				return false, true
			}
		}
		return true, true
	}
	return false, false
}

func distinct(vs []int64) bool {
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			if vs[i] == vs[j] {
				return false
			}
		}
	}
	return true
}

// circuit: the successors (nodes numbered from base) form one cycle through
// every node (sub: through the nodes that are not their own successor,
// which may be none). One node is a cycle of its own.
func circuit(succ []int64, base int64, sub bool) bool {
	n := int64(len(succ))
	in := 0
	start := int64(-1)
	for i, s := range succ {
		if s < base || s >= base+n {
			return false
		}
		if s != base+int64(i) || !sub {
			in++
			if start < 0 {
				start = int64(i)
			}
		}
	}
	if !sub && n > 1 {
		for i, s := range succ {
			if s == base+int64(i) {
				return false
			}
		}
	}
	if in == 0 {
		return sub || n == 0
	}
	seen := 0
	for cur := start; ; {
		cur = succ[cur] - base
		seen++
		if cur == start || seen > in {
			break
		}
	}
	return seen == in
}

func regular(x []int64, q, s int64, d []int64, q0 int64, final []int64) bool {
	st := q0
	for _, v := range x {
		if v < 1 || v > s {
			return false
		}
		st = d[(st-1)*s+v-1]
		if st == 0 {
			return false
		}
	}
	return has(final, st)
}

func cumulative(s, d, r []int64, b int64) bool {
	for i := range s {
		if d[i] < 0 || r[i] < 0 {
			return false
		}
	}
	if b < 0 { // csp: a negative capacity is false even with no task
		return false
	}
	for i := range s {
		if d[i] == 0 {
			continue
		}
		load := int64(0) // at the start of task i, the busiest times are starts
		for j := range s {
			if d[j] > 0 && s[j] <= s[i] && s[i] < s[j]+d[j] {
				load += r[j]
			}
		}
		if load > b {
			return false
		}
	}
	return true
}

func disjunctive(s, d []int64) bool {
	for i := range s {
		if d[i] < 0 {
			return false
		}
		for j := i + 1; j < len(s); j++ {
			if d[i] > 0 && d[j] > 0 && s[i]+d[i] > s[j] && s[j]+d[j] > s[i] {
				return false
			}
		}
	}
	return true
}

func inverse(f, g []int64, bf, bg int64) bool {
	for i, v := range f {
		j := v - bg
		if j < 0 || j >= int64(len(g)) || g[j] != bf+int64(i) {
			return false
		}
	}
	for j, v := range g {
		i := v - bf
		if i < 0 || i >= int64(len(f)) || f[i] != bg+int64(j) {
			return false
		}
	}
	return true
}
