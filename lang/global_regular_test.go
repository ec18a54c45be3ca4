package lang

import (
	"fmt"
	"math/rand"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// allSolutions compiles src and returns the values of its variables at
// every solution, as the JSON lines, under opts.
func regularSolutions(t *testing.T, src string, opts engine.Options) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	for _, s := range solveAll(t, src, opts) {
		got[s] = true
	}
	return got
}

// words lists every word of length n over lo..hi.
func words(n int, lo, hi int64) [][]int64 {
	out := [][]int64{nil}
	for range n {
		var next [][]int64
		for _, w := range out {
			for v := lo; v <= hi; v++ {
				next = append(next, append(append([]int64(nil), w...), v))
			}
		}
		out = next
	}
	return out
}

func jsonList(name string, w []int64) string {
	s := make([]string, len(w))
	for i, v := range w {
		s[i] = fmt.Sprint(v)
	}
	return `"` + name + `":[` + strings.Join(s, ",") + `]`
}

// TestRegularLowered solves random patterns over lists with values 0..4
// (4 is never named by the patterns) as statements and inside an
// expression, and compares with Go's regexp on every word.
func TestRegularLowered(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 60
	if testing.Short() {
		n = 15
	}
	settings := []engine.Options{
		{Order: engine.OrderMRV, Values: engine.ValuesMin, Prop: engine.PropAC},
		{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC},
		{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropNone},
	}
	for i := range n {
		pat, re := randomPattern(rng, 3)
		rx := regexp.MustCompile("^(?:" + re + ")$")
		size := 1 + rng.Intn(4)
		src := fmt.Sprintf("var x[1..%d] in 0..4\nregular(x, %q)\n", size, pat)
		exprSrc := fmt.Sprintf("var x[1..%d] in 0..4\nvar b in 0..1\nb <-> regular(x, %q)\n", size, pat)
		want, wantB := map[string]bool{}, map[string]bool{}
		for _, w := range words(size, 0, 4) {
			var s strings.Builder
			for _, v := range w {
				s.WriteByte(byte('a' + v))
			}
			ok := rx.MatchString(s.String())
			if ok {
				want["{"+jsonList("x", w)+"}"] = true
			}
			wantB[fmt.Sprintf("{%s,\"b\":%d}", jsonList("x", w), map[bool]int{false: 0, true: 1}[ok])] = true
		}
		for _, o := range settings {
			if got := regularSolutions(t, src, o); !sameSet(got, want) {
				t.Fatalf("pattern %d %q %+v: %d solutions, want %d", i, pat, o, len(got), len(want))
			}
		}
		if got := regularSolutions(t, exprSrc, settings[i%3]); !sameSet(got, wantB) {
			t.Fatalf("pattern %d %q in an expression: %d solutions, want %d", i, pat, len(got), len(wantB))
		}
	}
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestRegularValues covers values the pattern does not name: "." reads
// them, a pattern without "." or [^..] leaves them out, and negative and
// large values are whole numbers.
func TestRegularValues(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"var x[1..2] in {-1, 5, 12}\nregular(x, \"12 .\")", []string{`{"x":[12,-1]}`, `{"x":[12,12]}`, `{"x":[12,5]}`}},
		{"var x[1..2] in {-1, 5, 12}\nregular(x, \"[^12] -1\")", []string{`{"x":[-1,-1]}`, `{"x":[5,-1]}`}},
		{"var x[1..2] in 0..1000000\nregular(x, \"1000000 0\")", []string{`{"x":[1000000,0]}`}},
		{"var x in 0..3\nregular([1, x, 2], \"1 [2-3] 2\")", []string{`{"x":2}`, `{"x":3}`}},
		{"var x in 0..3\nregular([x + 1, x], \"(2|3) [^2]\")", []string{`{"x":1}`}},
		{"var x[1..2, 1..2] in 0..1\nregular(x, \"0 1 1 0\")", []string{`{"x":[[0,1],[1,0]]}`}},
		{"var x[1..3] in 0..1\nregular(x, \"(1 0*){3}\")", []string{`{"x":[1,1,1]}`}},
	} {
		got := solveAll(t, c.src, engine.Options{Prop: engine.PropAC})
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: %v, want %v", c.src, got, c.want)
		}
	}
}

// TestRegularErrorPositions checks that an error in a pattern points into
// the string, escapes counted as written.
func TestRegularErrorPositions(t *testing.T) {
	for _, c := range []struct {
		src      string
		col, end int
		msg      string
	}{
		{`regular(x, "0* 1 a")`, 18, 19, "unexpected 'a'"},
		{`regular(x, "\t0* (1")`, 18, 19, "( is not closed"},
		{`regular(x, "0*\"1")`, 15, 17, "unexpected '\"'"},
		{`regular(x, "[1] 1{3,2}")`, 18, 23, "at least 3 and at most 2"},
		{`regular(x, "é")`, 13, 14, "unexpected 'é'"},
		{`regular(x, "")`, 12, 14, "empty"},
		{`regular(x, 3)`, 12, 13, "pattern in quotes"},
	} {
		src := "var x[1..3] in 0..1\n" + c.src
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
		list, ok := err.(ErrorList)
		if !ok || len(list) != 1 {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		e := list[0]
		if e.Pos.Line != 2 || e.Pos.Col != c.col || e.End.Col != c.end || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%s: %d:%d-%d %q, want 2:%d-%d %q", c.src, e.Pos.Line, e.Pos.Col, e.End.Col, e.Msg, c.col, c.end, c.msg)
		}
	}
}

// The patterns of issue 29 in models: one whose subset construction has
// thousands of states that minimise to one, and one that takes 4000
// values over a list of 3 (no solution, found at once); a build stops at
// a compile limit, a stop request or the memory limit, with the error at
// the pattern.
func TestRegularBuildInModels(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"var x[1..3] in 0..1\nregular(x, \"(0|1)* 1 (0|1){13} | .*\")\n", 8},
		{"var x[1..3] in 0..1\nregular(x, \"((.*1.*0.*){100}){20}\")\n", 0},
		{"var x[1..3] in 0..1\nvar b in 0..1\nb -> regular(x, \"((.*1.*0.*){100}){20}\")\n", 8},
	} {
		if got := len(solveAll(t, c.src, engine.Default())); got != c.want {
			t.Errorf("%q: %d solutions, want %d", c.src, got, c.want)
		}
	}
	defer func(s, b int64) { maxPatternSteps, maxPatternBytes = s, b }(maxPatternSteps, maxPatternBytes)
	maxPatternSteps, maxPatternBytes = 1<<40, 1<<40 // only the limits stop it
	src := "var x[1..4001] in 0..1\nregular(x, \"((.*1.*0.*){100}){20}\")\n"
	// Collected first: the solves above leave garbage that HeapAlloc
	// counts, and a limit above it might let the whole build fit.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for _, c := range []struct {
		limits Limits
		want   string
	}{
		{Limits{Stop: func() string { return "interrupted" }},
			"t.csp:2:13: compiling stopped (interrupted) while building the automaton of this pattern"},
		{Limits{MaxMemory: int64(ms.HeapAlloc) + 16<<20},
			"t.csp:2:13: building the automaton of this pattern took the heap past"},
	} {
		_, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}, Limits: c.limits})
		if err == nil || !HitLimit(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
}
