package fzn

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// Every builtin and csp predicate against brute force: small random
// instances, written as FlatZinc by the test, solved for all their
// solutions by the engine (with propagation to a fixpoint, and with
// forward checking), and compared with every assignment of the declared
// variables that the reference semantics (reference_test.go) accepts.

// instance is a random FlatZinc model of one constraint.
type instance struct {
	ints  [][]int64 // the domain of each int variable x1, x2, ...
	bools int       // bool variables b1, b2, ...
	text  string    // the constraint's arguments, as FlatZinc
	args  []genArg  // the same, for the reference
}

// genArg is a generated argument: a term (a variable's index, or a
// constant), a list of them, or a constant set.
type genArg struct {
	isArray bool
	terms   []genTerm
	set     []int64
	isSet   bool
}

type genTerm struct {
	isBool bool
	v      int // variable index, or -1 for the constant k
	k      int64
}

func (t genTerm) fzn() string {
	switch {
	case t.v < 0 && t.isBool:
		return map[bool]string{true: "true", false: "false"}[t.k != 0]
	case t.v < 0:
		return fmt.Sprint(t.k)
	case t.isBool:
		return fmt.Sprintf("b%d", t.v+1)
	}
	return fmt.Sprintf("x%d", t.v+1)
}

func (a genArg) fzn() string {
	switch {
	case a.isSet:
		vs := make([]string, len(a.set))
		for i, v := range a.set {
			vs[i] = fmt.Sprint(v)
		}
		return "{" + strings.Join(vs, ",") + "}"
	case a.isArray:
		ts := make([]string, len(a.terms))
		for i, t := range a.terms {
			ts[i] = t.fzn()
		}
		return "[" + strings.Join(ts, ",") + "]"
	}
	return a.terms[0].fzn()
}

// gen builds random instances.
type gen struct {
	r    *rand.Rand
	in   *instance
	nInt int
}

func (g *gen) intVar() genTerm {
	if len(g.in.ints) < g.nInt && (len(g.in.ints) == 0 || g.r.IntN(3) > 0) {
		lo := int64(g.r.IntN(7) - 3)
		hi := lo + int64(g.r.IntN(5))
		var dom []int64
		for v := lo; v <= hi; v++ {
			if v == lo || v == hi || g.r.IntN(4) > 0 {
				dom = append(dom, v)
			}
		}
		g.in.ints = append(g.in.ints, dom)
		return genTerm{v: len(g.in.ints) - 1}
	}
	return genTerm{v: g.r.IntN(len(g.in.ints))}
}

func (g *gen) boolVar() genTerm {
	if g.in.bools < 4 && (g.in.bools == 0 || g.r.IntN(2) == 0) {
		g.in.bools++
		return genTerm{isBool: true, v: g.in.bools - 1}
	}
	return genTerm{isBool: true, v: g.r.IntN(g.in.bools)}
}

// word generates an argument for one signature word: i b I B s [i] ...
func (g *gen) word(w string, n int) genArg {
	k := strings.Trim(w, "[]")
	if k == "s" {
		set := []int64{}
		for v := int64(-3); v <= 4; v++ {
			if g.r.IntN(3) == 0 {
				set = append(set, v)
			}
		}
		return genArg{isSet: true, set: set}
	}
	one := func() genTerm {
		switch k {
		case "I":
			return genTerm{v: -1, k: int64(g.r.IntN(7) - 3)}
		case "B":
			return genTerm{isBool: true, v: -1, k: int64(g.r.IntN(2))}
		case "b":
			if g.r.IntN(6) == 0 {
				return genTerm{isBool: true, v: -1, k: int64(g.r.IntN(2))}
			}
			return g.boolVar()
		}
		if g.r.IntN(6) == 0 {
			return genTerm{v: -1, k: int64(g.r.IntN(7) - 3)}
		}
		return g.intVar()
	}
	if !strings.HasPrefix(w, "[") {
		return genArg{terms: []genTerm{one()}}
	}
	a := genArg{isArray: true}
	for range n {
		a.terms = append(a.terms, one())
	}
	return a
}

// instanceFor generates an instance of a builtin of the given signature;
// the arrays have one random length, as the linear and lex ones need.
func instanceFor(r *rand.Rand, name, sig string) *instance {
	g := &gen{r: r, in: &instance{}, nInt: 4}
	n := r.IntN(4)
	if special, ok := specialGens[name]; ok {
		special(g, n)
	} else {
		for _, w := range strings.Fields(sig) {
			g.in.args = append(g.in.args, g.word(w, n))
		}
	}
	parts := make([]string, len(g.in.args))
	for i, a := range g.in.args {
		parts[i] = a.fzn()
	}
	g.in.text = name + "(" + strings.Join(parts, ", ") + ")"
	return g.in
}

func constTerms(vs ...int64) genArg {
	a := genArg{isArray: true}
	for _, v := range vs {
		a.terms = append(a.terms, genTerm{v: -1, k: v})
	}
	return a
}

func constTerm(v int64) genArg { return genArg{terms: []genTerm{{v: -1, k: v}}} }

// specialGens make the arguments that must fit together.
var specialGens = map[string]func(g *gen, n int){
	"csp_circuit":    func(g *gen, n int) { g.succ(n) },
	"csp_subcircuit": func(g *gen, n int) { g.succ(n) },
	"csp_table_int": func(g *gen, n int) {
		g.in.args = append(g.in.args, g.word("[i]", n+1))
		var cells []int64
		for range g.r.IntN(5) * (n + 1) {
			cells = append(cells, int64(g.r.IntN(5)-2))
		}
		g.in.args = append(g.in.args, constTerms(cells...))
	},
	"csp_regular": func(g *gen, n int) {
		q, s := int64(1+g.r.IntN(3)), int64(1+g.r.IntN(3))
		xs := genArg{isArray: true}
		for range n + 1 {
			t := g.intVar()
			xs.terms = append(xs.terms, t)
		}
		var d []int64
		for range q * s {
			d = append(d, int64(g.r.IntN(int(q)+1)))
		}
		final := genArg{isSet: true, set: []int64{}}
		for st := int64(1); st <= q; st++ {
			if g.r.IntN(2) == 0 {
				final.set = append(final.set, st)
			}
		}
		g.in.args = append(g.in.args, xs, constTerm(q), constTerm(s), constTerms(d...), constTerm(1+int64(g.r.IntN(int(q)))), final)
	},
	"csp_inverse": func(g *gen, n int) {
		bf, bg := int64(g.r.IntN(3)-1), int64(g.r.IntN(3)-1)
		g.nInt = 2*n + 2
		g.in.args = append(g.in.args, g.word("[i]", n), g.word("[i]", n), constTerm(bf), constTerm(bg))
	},
	"csp_global_cardinality": func(g *gen, n int) {
		m := g.r.IntN(3)
		vals := make([]int64, m)
		for i := range vals {
			vals[i] = int64(g.r.IntN(5) - 2)
		}
		g.in.args = append(g.in.args, g.word("[i]", n+1), constTerms(vals...), g.word("[i]", m))
	},
	// one factor in 0..1 half of the time, as bool2int(b)·x, which is
	// posted as two implications
	"int_times": func(g *gen, n int) {
		a, b, c := g.word("i", 0), g.word("i", 0), g.word("i", 0)
		if g.r.IntN(2) == 0 {
			g.in.ints = append(g.in.ints, []int64{0, 1})
			b = genArg{terms: []genTerm{{v: len(g.in.ints) - 1}}}
			if g.r.IntN(2) == 0 {
				a, b = b, a
			}
		}
		g.in.args = append(g.in.args, a, b, c)
	},
	"int_pow": func(g *gen, n int) {
		g.in.args = append(g.in.args, g.word("i", 0), g.word("i", 0), g.word("i", 0))
	},
}

// succ makes a list of successors numbered from a random base.
func (g *gen) succ(n int) {
	base := int64(g.r.IntN(3) - 1)
	a := genArg{isArray: true}
	g.nInt = n + 2
	for range n + 1 {
		lo := base + int64(g.r.IntN(2))
		hi := base + int64(n)
		var dom []int64
		for v := lo; v <= hi; v++ {
			dom = append(dom, v)
		}
		g.in.ints = append(g.in.ints, dom)
		a.terms = append(a.terms, genTerm{v: len(g.in.ints) - 1})
	}
	g.in.args = append(g.in.args, a, constTerm(base))
}

// model writes the instance as a FlatZinc model.
func (in *instance) model() string {
	var b strings.Builder
	for i, dom := range in.ints {
		vs := make([]string, len(dom))
		for j, v := range dom {
			vs[j] = fmt.Sprint(v)
		}
		fmt.Fprintf(&b, "var {%s}: x%d :: output_var;\n", strings.Join(vs, ","), i+1)
	}
	for i := range in.bools {
		fmt.Fprintf(&b, "var bool: b%d :: output_var;\n", i+1)
	}
	fmt.Fprintf(&b, "constraint %s;\nsolve satisfy;\n", in.text)
	return b.String()
}

// bruteForce lists the assignments (ints then bools) the reference accepts.
func (in *instance) bruteForce(name string) []string {
	doms := append([][]int64(nil), in.ints...)
	for range in.bools {
		doms = append(doms, []int64{0, 1})
	}
	var out []string
	vals := make([]int64, len(doms))
	var rec func(i int)
	rec = func(i int) {
		if i == len(doms) {
			if ok, _ := reference(name, in.refArgs(vals)); ok {
				out = append(out, fmt.Sprint(vals))
			}
			return
		}
		for _, v := range doms[i] {
			vals[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	sort.Strings(out)
	return out
}

func (in *instance) refArgs(vals []int64) []refArg {
	value := func(t genTerm) int64 {
		switch {
		case t.v < 0:
			return t.k
		case t.isBool:
			return vals[len(in.ints)+t.v]
		}
		return vals[t.v]
	}
	out := make([]refArg, len(in.args))
	for i, a := range in.args {
		switch {
		case a.isSet:
			out[i].set = a.set
		case a.isArray:
			out[i].vs = make([]int64, len(a.terms))
			for j, t := range a.terms {
				out[i].vs[j] = value(t)
			}
		default:
			out[i].v = value(a.terms[0])
		}
	}
	return out
}

// solveAll lists the engine's solutions in the same form.
func solveAll(t *testing.T, src string, opts engine.Options) ([]string, error) {
	p, err := Compile("brute.fzn", []byte(src))
	if err != nil {
		return nil, err
	}
	s, err := engine.NewSolver(p.Model, opts)
	if err != nil {
		return nil, err
	}
	var out []string
	for s.Next() == engine.Solution {
		vals := make([]int64, len(p.outputs))
		for i, o := range p.outputs {
			vals[i] = o.terms[0].k
			if o.terms[0].v != nil {
				vals[i] = s.Value(o.terms[0].v.eng)
			}
		}
		out = append(out, fmt.Sprint(vals))
		if len(out) > 100000 {
			t.Fatal("too many solutions")
		}
	}
	sort.Strings(out)
	return out, nil
}

// bruteNames are the builtins and predicates tested, with their signatures.
func bruteNames() map[string]string {
	names := map[string]string{}
	for n, b := range builtins {
		names[n] = b.sig
	}
	for n, r := range relations {
		names[n] = r.sig
		names[n+"_reif"] = r.sig + " b"
		names[n+"_imp"] = r.sig + " b"
	}
	names["bool_xor"] = "b b b"
	return names
}

func TestBuiltinsBruteForce(t *testing.T) {
	names := bruteNames()
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	runs := 60
	if testing.Short() {
		runs = 15
	}
	for _, name := range sorted {
		if _, known := reference(name, make([]refArg, 8)); !known {
			t.Errorf("%s has no reference semantics", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(len(name)), 7))
			for i := range runs {
				in := instanceFor(r, name, names[name])
				checkInstance(t, name, in, i)
			}
		})
	}
}

func checkInstance(t *testing.T, name string, in *instance, i int) {
	t.Helper()
	src := in.model()
	want := in.bruteForce(name)
	srcs := []string{src}
	switch name {
	case "int_lin_eq", // and as a table, which ::domain asks for
		"array_var_int_element", "array_var_bool_element": // and domain consistent
		srcs = append(srcs, strings.Replace(src, ");\nsolve", ") :: domain;\nsolve", 1))
	}
	for k, opts := range []engine.Options{engine.Default(), {}, engine.Default()} {
		src := srcs[min(k/2, len(srcs)-1)]
		got, err := solveAll(t, src, opts)
		if err != nil {
			t.Fatalf("instance %d: %v\n%s", i, err, src)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("instance %d (prop %v): %d solutions, brute force %d\n%s\ngot  %v\nwant %v", i, opts.Prop, len(got), len(want), src, head(got), head(want))
		}
	}
}

func head(s []string) []string {
	if len(s) > 8 {
		return append(s[:8:8], "...")
	}
	return s
}

func engineDefault() engine.Options { return engine.Default() }

// TestElementMode: array_var_int_element is bounds consistent on its
// result, as Gecode's default, unless annotated ::domain: with items 1
// and 5, the result keeps 3 in the first case only.
func TestElementMode(t *testing.T) {
	src := "var 1..2: i :: output_var;\nvar 0..9: r :: output_var;\nvar {1, 3}: a :: output_var;\nvar {3, 5}: b :: output_var;\n" +
		"constraint array_var_int_element(i, [a, b], r);\nsolve satisfy;\n"
	for _, domain := range []bool{false, true} {
		s := src
		if domain {
			s = strings.Replace(s, "r);", "r) :: domain;", 1)
		}
		p, err := Compile("e.fzn", []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		cons := p.Model.Constraints()
		g, ok := cons[len(cons)-1].Global.(*engine.ElementConstraint)
		if !ok || g.Bounds == domain {
			t.Fatalf("domain=%v: constraint %+v, want an element with Bounds %v", domain, cons[len(cons)-1], !domain)
		}
		solver, err := engine.NewSolver(p.Model, engine.Default())
		if err != nil {
			t.Fatal(err)
		}
		if !solver.Propagate() {
			t.Fatal("root propagation failed")
		}
		r := solver.Domain(engine.Var(1))
		want := []int64{1, 3, 5}
		if !domain {
			want = []int64{1, 2, 3, 4, 5}
		}
		if !slices.Equal(r, want) {
			t.Errorf("domain=%v: r keeps %v, want %v", domain, r, want)
		}
	}
}

// TestDomainLinearIsTable checks that ::domain makes the index of a
// flattened matrix a table, with the same solutions as the equation.
func TestDomainLinearIsTable(t *testing.T) {
	src := "var {1,3,4}: c :: output_var;\nvar {2,5}: r :: output_var;\nvar 1..100: i :: output_var;\n" +
		"constraint int_lin_eq([1, 14, -1], [c, r, i], 14) :: domain;\nsolve satisfy;\n"
	p, err := Compile("d.fzn", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cons := p.Model.Constraints()
	if len(cons) != 1 || cons[0].Kind != engine.KindGlobal || cons[0].Global.Name() != "table" {
		t.Fatalf("constraints %+v, want one table", cons)
	}
	got, _ := solveAll(t, src, engine.Default())
	plain, _ := solveAll(t, strings.Replace(src, " :: domain", "", 1), engine.Default())
	if len(got) != 6 || !slices.Equal(got, plain) {
		t.Errorf("table %v, equation %v", got, plain)
	}
}
