package lang

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// runsOf reads the lengths of the maximal runs of 1 in a 0/1 word.
func runsOf(w []int64) []int64 {
	var out []int64
	n := int64(0)
	for _, v := range append(w, 0) {
		if v == 1 {
			n++
		} else if n > 0 {
			out = append(out, n)
			n = 0
		}
	}
	return out
}

// TestRunsLowered compares runs(x, clue) with a brute-force reading of
// every 0/1 word, for random clues padded with zeros and blanks, as a
// statement and inside an expression.
func TestRunsLowered(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	n := 80
	if testing.Short() {
		n = 20
	}
	for i := range n {
		size := 1 + rng.Intn(7)
		var clue, written []string
		var want []int64
		for range rng.Intn(4) {
			switch r := rng.Intn(5); r {
			case 0:
				written = append(written, "0")
			case 1:
				written = append(written, ".")
			default:
				v := int64(1 + rng.Intn(3))
				want = append(want, v)
				written = append(written, fmt.Sprint(v))
			}
		}
		clue = append(clue, written...)
		lit := "[" + strings.Join(clue, " ") + "]"
		if len(clue) == 0 {
			lit = "[0]"
		}
		src := fmt.Sprintf("param c = %s\nvar x[1..%d] in 0..1\nruns(x, c)\n", lit, size)
		exprSrc := fmt.Sprintf("param c = %s\nvar x[1..%d] in 0..1\nvar b in 0..1\nb = runs(x, c)\n", lit, size)
		sols, solsB := map[string]bool{}, map[string]bool{}
		for _, w := range words(size, 0, 1) {
			ok := fmt.Sprint(runsOf(w)) == fmt.Sprint(want)
			if ok {
				sols["{"+jsonList("x", w)+"}"] = true
			}
			solsB[fmt.Sprintf("{%s,\"b\":%d}", jsonList("x", w), map[bool]int{false: 0, true: 1}[ok])] = true
		}
		o := engine.Options{Order: engine.OrderMRV, Values: engine.ValuesMin, Prop: []engine.PropLevel{engine.PropAC, engine.PropFC, engine.PropNone}[i%3]}
		if got := regularSolutions(t, src, o); !sameSet(got, sols) {
			t.Fatalf("%s: %d solutions, want %d", src, len(got), len(sols))
		}
		if got := regularSolutions(t, exprSrc, o); !sameSet(got, solsB) {
			t.Fatalf("%s: %d solutions, want %d", exprSrc, len(got), len(solsB))
		}
	}
}

func TestRunsErrors(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"var x[1..3] in 0..1\nvar k in 0..2\nruns(x, [k, 1])", "needs constants as the lengths"},
		{"var x[1..3] in 0..1\nruns(x, [1, -2])", "length -2 (element 2 of the lengths) is negative"},
		{"var x[1..3] in 2..3\nruns(x, [1])", "element 1 can be neither 0 nor 1"},
		{"var x[1..3] in 0..1\nruns(x, [1 2; 3 4])", "needs a list of lengths, found a 2-dimensional array"},
		{"var x[1..3] in 0..1\nruns(x, 2)", "needs a list as argument 2 (the lengths)"},
	} {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(c.src)}})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v, want %q", c.src, err, c.msg)
		}
	}
}

// TestRunsTooLong: a clue that cannot fit has no solution.
func TestRunsTooLong(t *testing.T) {
	if got := solveAll(t, "var x[1..4] in 0..1\nruns(x, [2, 2])", engine.Options{}); len(got) != 0 {
		t.Errorf("solutions %v, want none", got)
	}
	if got := solveAll(t, "var x[1..5] in 0..1\nruns(x, [2, 2])", engine.Options{}); len(got) != 1 {
		t.Errorf("solutions %v, want one", got)
	}
}
