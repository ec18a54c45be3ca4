package lang_test

import (
	"os"
	"testing"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// The three examples of language v2's specification parse and solve as
// written there (testdata/spec-v2 wraps the two fragments in the
// declarations they need).
func TestSpecV2Examples(t *testing.T) {
	for _, c := range []struct {
		file   string
		params []string
		count  int64 // solutions, or -1 for an optimisation
		best   int64
	}{
		{"knights-tour.csp", []string{"n=6"}, 19724, 0},
		{"nonogram.csp", nil, 1, 0},
		{"jobshop.csp", nil, -1, 7},
	} {
		text, err := os.ReadFile("testdata/spec-v2/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := lang.Compile(lang.Input{Model: lang.Source{Name: c.file, Text: text}, Params: c.params})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		st, stats, err := engine.SolveParallel(p.Model, engine.Default(), 2, nil)
		if err != nil || st != engine.Exhausted {
			t.Fatalf("%s: %v %v", c.file, st, err)
		}
		if c.count >= 0 && stats.Solutions != c.count {
			t.Errorf("%s: %d solutions, want %d", c.file, stats.Solutions, c.count)
		}
		if c.count < 0 {
			s, _ := engine.NewSolver(p.Model, engine.Default())
			var last int64 = -1
			for s.Next() == engine.Solution {
				last = s.Objective()
			}
			if last != c.best {
				t.Errorf("%s: optimum %d, want %d", c.file, last, c.best)
			}
		}
	}
}
