package main

import (
	"fmt"
	"math/rand"
	"strings"
)

// chooser supplies a generator's choices.
type chooser interface{ intn(n int) int }

type randChooser struct{ r *rand.Rand }

func (c randChooser) intn(n int) int { return c.r.Intn(n) }

// byteChooser draws from a fuzzer's bytes, then from a generator seeded
// by them.
type byteChooser struct {
	b []byte
	i int
	r *rand.Rand
}

func (c *byteChooser) intn(n int) int {
	if c.i < len(c.b) {
		c.i++
		return int(c.b[c.i-1]) % n
	}
	if c.r == nil {
		seed := int64(len(c.b))
		for _, x := range c.b {
			seed = seed*131 + int64(x)
		}
		c.r = rand.New(rand.NewSource(seed))
	}
	return c.r.Intn(n)
}

// xmodel is a generated model: params, declarations and constraint
// statements, one a line.
type xmodel struct {
	params []string
	decls  []xdecl
	stmts  []string
}

// xdecl is one var declaration: several names share it (var x, y in ...).
type xdecl struct {
	names  []string
	shape  string // [1..n], or empty
	domain string
}

// widened is the domain of a dropped declaration.
const widened = "-12..24"

// text writes the model with only the given statements, and the domain of
// the variable widen (if any) widened.
func (m *xmodel) text(stmts []string, widen string) string {
	var b strings.Builder
	for _, p := range m.params {
		b.WriteString(p + "\n")
	}
	for _, d := range m.decls {
		var names []string
		for _, n := range d.names {
			if n == widen {
				fmt.Fprintf(&b, "var %s%s in %s\n", n, d.shape, widened)
			} else {
				names = append(names, n)
			}
		}
		if len(names) > 0 {
			fmt.Fprintf(&b, "var %s%s in %s\n", strings.Join(names, ", "), d.shape, d.domain)
		}
	}
	for _, s := range stmts {
		b.WriteString(s + "\n")
	}
	return b.String()
}

// genModel writes a small random model: three scalars and an array of n,
// and three to seven statements, among them conjunctions, disjunctions,
// implications, foralls (with several generators, a where, a block),
// alldiff, array equalities.
func genModel(c chooser) *xmodel {
	m := &xmodel{}
	n := 2 + c.intn(3)
	m.params = []string{fmt.Sprintf("param n = %d", n)}
	dom := func() string {
		lo := c.intn(3)
		switch c.intn(5) {
		case 0:
			return fmt.Sprintf("{%d, %d, %d}", lo, lo+1+c.intn(2), lo+3+c.intn(3))
		case 1:
			return fmt.Sprintf("%d..%d diff {%d}", lo, lo+4, lo+1+c.intn(3))
		case 2:
			return fmt.Sprintf("%d..%d", lo, lo+1+c.intn(2))
		}
		return fmt.Sprintf("%d..%d", lo, lo+4+c.intn(3))
	}
	if c.intn(2) == 0 {
		m.decls = append(m.decls, xdecl{names: []string{"x", "y"}, domain: dom()}, xdecl{names: []string{"z"}, domain: dom()})
	} else {
		for _, v := range []string{"x", "y", "z"} {
			m.decls = append(m.decls, xdecl{names: []string{v}, domain: dom()})
		}
	}
	m.decls = append(m.decls, xdecl{names: []string{"a"}, shape: "[1..n]", domain: dom()})
	scalar := func() string {
		if c.intn(4) == 0 {
			return fmt.Sprintf("a[%d]", 1+c.intn(n))
		}
		return []string{"x", "y", "z"}[c.intn(3)]
	}
	term := func() string {
		switch c.intn(10) {
		case 0:
			return fmt.Sprint(c.intn(7))
		case 1:
			return scalar() + " + " + scalar()
		case 2:
			return scalar() + " - " + fmt.Sprint(1+c.intn(3))
		case 3:
			return "2 * " + scalar()
		case 4:
			return "abs(" + scalar() + " - " + scalar() + ")"
		case 5:
			return []string{"sum(a)", "max(a)", "min(a)", "count(a[j] = 1 for j in 1..n)"}[c.intn(4)]
		}
		return scalar()
	}
	ops := []string{"=", "!=", "<", "<=", ">", ">="}
	rel := func() string {
		switch c.intn(8) {
		case 0:
			return scalar() + " in {" + fmt.Sprint(c.intn(3)) + ", " + fmt.Sprint(2+c.intn(4)) + "}"
		case 1:
			return scalar() + " not in " + fmt.Sprint(c.intn(3)) + ".." + fmt.Sprint(2+c.intn(3))
		}
		return term() + " " + ops[c.intn(len(ops))] + " " + term()
	}
	elem := func(i string) string { // a relation on a[i]
		other := []string{"x", "y", "z"}[c.intn(3)]
		switch c.intn(5) {
		case 0:
			return "a[" + i + "] " + ops[c.intn(len(ops))] + " " + i
		case 1:
			return "a[" + i + "] + " + i + " " + ops[c.intn(len(ops))] + " " + other
		case 2:
			return "a[" + i + "] " + ops[c.intn(len(ops))] + " " + term()
		}
		return "a[" + i + "] " + ops[c.intn(len(ops))] + " " + other
	}
	stmt := func() string {
		switch c.intn(14) {
		case 0, 1:
			return rel()
		case 2, 3:
			s := rel() + " and " + rel()
			if c.intn(3) == 0 {
				s += " and " + rel()
			}
			return s
		case 4:
			return rel() + " or " + rel()
		case 5:
			return rel() + " -> " + rel()
		case 6:
			return rel() + " -> (" + rel() + " and " + rel() + ")"
		case 7:
			return "forall i in 1..n: " + elem("i")
		case 8:
			return "forall i in 1..n: " + elem("i") + " and " + elem("i")
		case 9:
			return []string{"forall i in 1..n-1: a[i] < a[i+1]", "forall i in 1..n, j in i+1..n: a[i] != a[j]",
				"forall i in 1..n where i != 2: " + elem("i")}[c.intn(3)]
		case 10:
			return "forall i in 1..n {\n  " + elem("i") + "\n  " + elem("i") + "\n}"
		case 11:
			return []string{"alldiff(a)", "alldiff([x, y, z])", "alldiff([x, a[1], y])"}[c.intn(3)]
		case 12:
			vals := make([]string, n)
			for k := range vals {
				vals[k] = fmt.Sprint(c.intn(5))
				if c.intn(5) == 0 {
					vals[k] = scalar()
				}
			}
			return "a = [" + strings.Join(vals, ", ") + "]"
		}
		return "not (" + rel() + ")"
	}
	for range 2 + c.intn(6) {
		s := stmt()
		for len(s) > 100 { // explain shortens a longer text
			s = stmt()
		}
		m.stmts = append(m.stmts, s)
	}
	return m
}
