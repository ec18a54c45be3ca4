package fzn

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// The reified and half-reified comparisons and linears against brute
// force under every propagation setting, with instances in the shapes
// that reach each engine global: x op y and a·x - a·y op c with a = ±1
// (CompareReif), longer sums and other coefficients (LinearReif), one
// variable with = or != (the member global), constants folded away, the
// reifying bool a constant, a variable twice.
func TestReifiedBuiltinsEverySetting(t *testing.T) {
	var names []string
	for _, op := range []string{"eq", "ne", "le", "lt", "ge", "gt"} {
		for _, form := range []string{"_reif", "_imp"} {
			names = append(names, "int_"+op+form, "bool_"+op+form, "int_lin_"+op+form)
		}
	}
	runs := 80
	if testing.Short() {
		runs = 25
	}
	settings := []engine.Options{engine.Default(), {Prop: engine.PropFC}, {Prop: engine.PropNone}}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(len(name)), 11))
			for i := range runs {
				in := reifInstance(r, name)
				src := in.model()
				want := in.bruteForce(name)
				for _, opts := range settings {
					got, err := solveAll(t, src, opts)
					if err != nil {
						t.Fatalf("instance %d: %v\n%s", i, err, src)
					}
					if !slices.Equal(got, want) {
						t.Fatalf("instance %d (prop %v): %d solutions, brute force %d\n%s\ngot  %v\nwant %v", i, opts.Prop, len(got), len(want), src, head(got), head(want))
					}
				}
			}
		})
	}
}

// reifInstance draws an instance of a reified comparison or linear.
func reifInstance(r *rand.Rand, name string) *instance {
	g := &gen{r: r, in: &instance{}, nInt: 3}
	switch {
	case strings.HasPrefix(name, "int_lin_"):
		n := 1 + r.IntN(3)
		var coefs []int64
		if n == 2 && r.IntN(2) == 0 { // x - y op c
			a := int64(1 - 2*r.IntN(2))
			coefs = []int64{a, -a}
		} else {
			for range n {
				coefs = append(coefs, int64(r.IntN(7)-3))
			}
		}
		xs := g.word("[i]", n)
		if n >= 2 && r.IntN(6) == 0 {
			xs.terms[1] = xs.terms[0]
		}
		g.in.args = append(g.in.args, constTerms(coefs...), xs, constTerm(int64(r.IntN(9)-4)))
	case strings.HasPrefix(name, "bool_"):
		g.in.args = append(g.in.args, g.word("b", 0), g.word("b", 0))
	default:
		g.in.args = append(g.in.args, g.word("i", 0), g.word("i", 0))
	}
	g.in.args = append(g.in.args, g.word("b", 0))
	parts := make([]string, len(g.in.args))
	for i, a := range g.in.args {
		parts[i] = a.fzn()
	}
	g.in.text = name + "(" + strings.Join(parts, ", ") + ")"
	return g.in
}

// A reified linear whose magnitudes the globals refuse (2^62·x - 2^62·y
// over 0/1: each term fits, their sum of magnitudes does not) is still
// posted, the old way, and right.
func TestReifiedLinearPastTheGlobalsCheck(t *testing.T) {
	for _, op := range []string{"eq", "ne", "le", "lt", "ge", "gt"} {
		for _, form := range []string{"_reif", "_imp"} {
			name := "int_lin_" + op + form
			for _, rhs := range []int64{-1 << 62, 0, 1 << 62} {
				in := &instance{ints: [][]int64{{0, 1}, {0, 1}}, bools: 1}
				in.args = []genArg{constTerms(1<<62, -1<<62), {isArray: true, terms: []genTerm{{v: 0}, {v: 1}}}, constTerm(rhs), {terms: []genTerm{{isBool: true, v: 0}}}}
				parts := make([]string, len(in.args))
				for i, a := range in.args {
					parts[i] = a.fzn()
				}
				in.text = name + "(" + strings.Join(parts, ", ") + ")"
				src, want := in.model(), in.bruteForce(name)
				for _, opts := range []engine.Options{engine.Default(), {Prop: engine.PropFC}, {Prop: engine.PropNone}} {
					got, err := solveAll(t, src, opts)
					if err != nil {
						t.Fatalf("%v\n%s", err, src)
					}
					if !slices.Equal(got, want) {
						t.Fatalf("prop %v: got %v, want %v\n%s", opts.Prop, got, want, src)
					}
				}
			}
		}
	}
}
