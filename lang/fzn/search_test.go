package fzn

import (
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// TestSearchPhases reads seq_search into the engine's phases, in order,
// with their orders, constants and repeats left out; restarts and unknown
// annotations as documented.
func TestSearchPhases(t *testing.T) {
	src := `var 1..3: x;
var 1..3: y;
var bool: b;
array [1..3] of var int: xs = [x, 2, y];
solve :: seq_search([int_search(xs, first_fail, indomain_max, complete),
                     bool_search([b, b], input_order, indomain_min, complete),
                     int_search([x], smallest, indomain_middle, complete),
                     int_search([5], input_order, indomain_min, complete)])
      :: restart_luby(100) :: something_else satisfy;
`
	p, err := Compile("s.fzn", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ph := p.Model.Phases()
	want := []struct {
		n      int
		order  engine.VarOrder
		values engine.ValueOrder
	}{{2, engine.OrderMRV, engine.ValuesMax}, {1, engine.OrderInput, engine.ValuesMin}, {1, engine.OrderSmallest, engine.ValuesMid}}
	if len(ph) != len(want) {
		t.Fatalf("%d phases, want %d: %+v", len(ph), len(want), ph)
	}
	for i, w := range want {
		if len(ph[i].Vars) != w.n || ph[i].Order != w.order || ph[i].Values != w.values {
			t.Errorf("phase %d: %+v, want %d variables, %v, %v", i+1, ph[i], w.n, w.order, w.values)
		}
	}
	o := p.Search.Options(engine.Default(), false)
	if o.Restarts == engine.RestartNone || o.FreeSearch {
		t.Errorf("options %+v: want restarts, no free search", o)
	}
	if o := p.Search.Options(engine.Default(), true); !o.FreeSearch || o.Restarts != engine.RestartNone {
		t.Errorf("free search options %+v", o)
	}
	if w := strings.Join(p.Warnings, "\n"); !strings.Contains(w, "ignored the solve annotation something_else") {
		t.Errorf("warnings %q", w)
	}
}

// TestSearchSplits maps MiniZinc's splits to the engine's: the lower half
// first, or the upper for indomain_reverse_split (they were ascending and
// descending values, and evilshop took five times the nodes).
func TestSearchSplits(t *testing.T) {
	for ann, want := range map[string]engine.ValueOrder{
		"indomain_split": engine.ValueSplit, "indomain_interval": engine.ValueSplit,
		"indomain_reverse_split": engine.ValueSplitMax,
	} {
		src := "var 1..30: x;\nsolve :: int_search([x], input_order, " + ann + ", complete) satisfy;\n"
		p, err := Compile("s.fzn", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if ph := p.Model.Phases(); len(ph) != 1 || ph[0].Values != want {
			t.Errorf("%s: phases %+v, want values %v", ann, ph, want)
		}
	}
}
