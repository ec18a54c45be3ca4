package lang

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// A constraint statement is split into parts where that propagates
// better (a conjunction, an implication of one); the same expression
// nested inside a comparison is lowered whole. Both must have the same
// solutions, also where parts are undefined (an element with an index out
// of range, a division by zero), so random expressions are solved both
// ways: as the statement E, and as w = (E != 0) with w = 1.
func TestSplitKeepsSolutions(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	opts := []engine.Options{{}, {Order: engine.OrderDomWdeg, Values: engine.ValuesMid, Prop: engine.PropAC}}
	for i := range 400 {
		e := randomRule(rng, new(int))
		decls := "var x, y, z in 0..2\nvar a[1..2] in 0..1\nvar w in 0..1\nw = 1\n"
		split := decls + e + "\n"
		whole := decls + "w = ((" + e + ") != 0)\n"
		for _, o := range opts {
			got, want := solveAll(t, split, o), solveAll(t, whole, o)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("model %d, %+v: %s\nas a statement: %d solutions\nwhole: %d solutions", i, o, e, len(got), len(want))
			}
		}
	}
}

// randomRule returns a random constraint statement: a conjunction,
// disjunction or implication (a lone number is not a statement).
func randomRule(rng *rand.Rand, g *int) string {
	l, r := randomTruth(rng, 2, g), randomTruth(rng, 2, g)
	switch rng.Intn(4) {
	case 0:
		return fmt.Sprintf("(%s) and (%s)", l, r)
	case 1:
		return fmt.Sprintf("(%s) or (%s)", l, r)
	case 2:
		*g++
		return fmt.Sprintf("(%s) -> forall i%d in 1..2: (%s) and a[i%d] >= 0", l, *g, r, *g)
	}
	return fmt.Sprintf("(%s) -> (%s) and (%s)", l, r, randomTruth(rng, 2, g))
}

// randomTruth returns a random truth-valued expression over x, y, z and
// a, whose atoms may be undefined.
// Generator names are numbered (g is the last number) so that none
// shadows another.
func randomTruth(rng *rand.Rand, depth int, g *int) string {
	*g++
	i := fmt.Sprintf("i%d", *g)
	if depth == 0 || rng.Intn(4) == 0 {
		atoms := []string{"x > y", "x = 1", "a[x] = 1", "a[y]", "x / y", "a[z] and x", "z != 2", "x / y >= 1",
			"forall I in 1..2: a[I] >= y", "exists I in 1..2: a[I] = x", "x", "1", "0"}
		return strings.ReplaceAll(atoms[rng.Intn(len(atoms))], "I", i)
	}
	l, r := randomTruth(rng, depth-1, g), randomTruth(rng, depth-1, g)
	switch rng.Intn(6) {
	case 0:
		return fmt.Sprintf("(%s) and (%s)", l, r)
	case 1:
		return fmt.Sprintf("(%s) or (%s)", l, r)
	case 2:
		return fmt.Sprintf("not (%s)", l)
	case 3:
		return fmt.Sprintf("(%s) -> forall %s in 1..2: (%s) and a[%s] >= 0", l, i, r, i)
	}
	return fmt.Sprintf("(%s) -> (%s) and (%s)", l, r, randomTruth(rng, depth-1, g))
}
