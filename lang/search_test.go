package lang

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// randomSearch writes one to three search statements over md's
// variables: scalars, the array a or a slice of it, lists of them; with
// an order and values taken in turn from every name the statement has
// (k picks them, so that consecutive seeds cover them all), or left out.
func randomSearch(rng *rand.Rand, md *dfModel, k int) []string {
	orders, values := sortedNames(SearchOrders), sortedNames(SearchValues)
	var scalars, arrays []string
	for _, v := range md.vars {
		scalars = append(scalars, v.name)
	}
	if md.aN > 0 {
		hi := md.aLo + int64(md.aN) - 1
		scalars = append(scalars, fmt.Sprintf("a[%d]", hi))
		arrays = append(arrays, "a", fmt.Sprintf("a[%d..%d]", md.aLo, md.aLo+int64(rng.Intn(md.aN))))
	}
	items := append(slices.Clone(scalars), arrays...)
	var out []string
	for i := range 1 + rng.Intn(3) {
		var named []string
		for range 1 + rng.Intn(3) {
			named = append(named, items[rng.Intn(len(items))])
		}
		switch rng.Intn(4) {
		case 0: // a list of scalars
			named = []string{"[" + scalars[rng.Intn(len(scalars))] + ", " + scalars[rng.Intn(len(scalars))] + "]"}
		case 1: // lists joined
			if len(arrays) > 0 {
				named = []string{arrays[rng.Intn(len(arrays))] + " ++ [" + scalars[rng.Intn(len(scalars))] + "]"}
			}
		}
		st := "search " + strings.Join(named, ", ")
		o, v := orders[(k+i)%len(orders)], values[(k/len(orders)+i)%len(values)]
		switch rng.Intn(4) {
		case 0:
			st += " order " + o + " values " + v
		case 1:
			st += " values " + v + " order " + o
		case 2:
			st += " order " + o
		}
		out = append(out, st)
	}
	return out
}

// The search statement changes the order of the search, never what it
// finds: random models of the differential test with random search
// statements give the brute-force reference's solution set (or optimum)
// under every setting of the solver, with and without --free-search.
func TestSearchStatementDifferential(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	opts := []engine.Options{
		{Order: engine.OrderDomWdeg, Values: engine.ValuesMid, Prop: engine.PropAC},
		{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC},
		{Order: engine.OrderMRV, Values: engine.ValuesMax, Prop: engine.PropNone},
		{Order: engine.OrderInput, Values: engine.ValuesMid, Prop: engine.PropAC},
	}
	used := map[string]bool{}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		md := dfRandomModel(seed)
		rng := rand.New(rand.NewSource(seed))
		md.search = randomSearch(rng, md, int(seed))
		for _, st := range md.search {
			for _, w := range strings.Fields(st) {
				used[w] = true
			}
		}
		run := opts
		if seed%3 == 0 {
			run = nil
			for _, o := range opts {
				o.FreeSearch = true
				run = append(run, o)
			}
		}
		var par []engine.Options
		if seed%10 == 0 {
			par = dfParallelOptions
		}
		if report, _, _ := dfRun(seed, md, run, par, false); report != "" {
			t.Error(report)
		}
	}
	for _, name := range append(sortedNames(SearchOrders), sortedNames(SearchValues)...) {
		if !used[name] {
			t.Errorf("no search statement used %s", name)
		}
	}
}

// The first solution shows the order: the statements' variables first,
// each by its statement's order and values; the others after, under the
// options.
func TestSearchStatementOrder(t *testing.T) {
	cases := []struct{ search, want string }{
		{"search x order input values max", "[3 2 1] 0"},
		{"search x[3], x[1] order input values min", "[2 3 1] 0"},
		{"search y values max\nsearch x order input values min", "[1 2 3] 9"},
		{"search x order largest values min", "[1 2 3] 0"},
		{"search y\nsearch x values max", "[3 2 1] 0"}, // y and x's order under the options: input, min
		{"search [x[2], y] order input values max", "[1 3 2] 9"},
	}
	for _, c := range cases {
		src := "var x[1..3] in 1..3\nvar y in 0..9\nalldiff(x)\n" + c.search + "\n"
		prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
		if err != nil {
			t.Fatalf("%s: %v", c.search, err)
		}
		for _, prop := range []engine.PropLevel{engine.PropFC, engine.PropAC} {
			s, err := engine.NewSolver(prog.Model, engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: prop})
			if err != nil {
				t.Fatal(err)
			}
			if s.Next() != engine.Solution {
				t.Fatalf("%s: no solution", c.search)
			}
			var xs []int64
			for _, v := range prog.Var("x").Vars {
				xs = append(xs, s.Value(v))
			}
			got := fmt.Sprint(xs, " ", s.Value(prog.Var("y").Vars[0]))
			if got != c.want {
				t.Errorf("%q under %v: first solution %s, want %s", c.search, prop, got, c.want)
			}
		}
	}
}

func TestSearchStatementErrors(t *testing.T) {
	head := "var x[1..3] in 1..3\nvar y in 0..9\nparam p = [1, 2]\n"
	cases := []struct{ src, want string }{
		{"search x order smalest", "t.csp:4:16: unknown variable order smalest: the orders are domwdeg, input, largest, mrv, smallest (did you mean \"smallest\"?)"},
		{"search x values middle", "t.csp:4:17: unknown value order middle: the value orders are auto, max, mid, min"},
		{"search x order input order mrv", "t.csp:4:22: order is given twice in this search statement"},
		{"search x values min values max", "t.csp:4:21: values is given twice in this search statement"},
		{"search x + 1", "t.csp:4:8: + needs numbers on both sides"},
		{"search [x[1], y + 1]", "t.csp:4:15: search branches on variables, and element 2 is a number that depends on a variable"},
		{"search y + 1", "t.csp:4:8: search branches on variables, and this is a number that depends on a variable"},
		{"search 3", "t.csp:4:8: search branches on variables, and this is the number 3"},
		{"search p", "t.csp:4:1: search names no variable to branch on"},
		{"search z", "t.csp:4:8: unknown name \"z\""},
		{"search", "t.csp:4:7: expected an expression, found end of statement"},
		{"search x order", "t.csp:4:15: expected a name, found end of statement"},
		{"search x order input values", "t.csp:4:28: expected a name, found end of statement"},
		{"search x by mrv", "t.csp:4:10: expected end of statement, found name by"},
		{"forall i in 1..3 { search x }", "t.csp:4:20: a search statement cannot stand inside a forall block"},
		{"def d { search x }", "t.csp:4:9: a search statement cannot stand inside a definition"},
	}
	for _, c := range cases {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(head + c.src + "\n")}})
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

// A name of the search statement's syntax stays free as a name: a
// variable called order, values or by.
func TestSearchWordsAreNames(t *testing.T) {
	src := "var order in 1..2\nvar values in 1..2\norder < values\nsearch order, values order largest values max\n"
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	ps := prog.Model.Phases()
	if len(ps) != 1 || len(ps[0].Vars) != 2 || ps[0].Order != engine.OrderLargest || ps[0].Values != engine.ValuesMax {
		t.Errorf("phases %+v", ps)
	}
	if !slices.Equal(ps[0].Vars, append(prog.Var("order").Vars, prog.Var("values").Vars...)) {
		t.Errorf("phase's variables %v", ps[0].Vars)
	}
}
