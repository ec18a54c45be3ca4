package lang

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// nooverlap and cumulative through the whole pipeline: as statements
// (with a slice, a literal with a variable duration, lists with different
// index sets) and inside expressions (their decompositions). The count,
// 68, was checked by enumerating the assignments.
func TestSchedulingGlobals(t *testing.T) {
	src := `var s[1..3] in 0..4
var b in 0..1
var d in 0..3
b = 1 -> nooverlap(s, [2, d, 1])
not cumulative(s, [2, 2, 2], [1, 1, 1], 2)
nooverlap(s[2..3], [1, 1])
`
	for _, o := range append(allOptions(), engine.Options{Prop: engine.PropAC}) {
		if got := len(solveAll(t, src, o)); got != 68 {
			t.Errorf("%+v: %d solutions, want 68", o, got)
		}
	}
	// Matched by position whatever the index sets: s[0..1] with [3, 3].
	src = `var s[0..1] in 0..3
param d[5..6] = [3, 3]
nooverlap(s, d)
cumulative(s, d, [1, 1], 1)
`
	if got := solveAll(t, src, engine.Options{Prop: engine.PropAC}); len(got) != 2 {
		t.Errorf("index sets: solutions %v, want s = [0 3] and [3 0]", got)
	}
}
