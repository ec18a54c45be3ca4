package lang

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// accepts runs the automaton on a word.
func (d *patDFA) accepts(word []int64) bool {
	q := d.start
	for _, v := range word {
		if q = d.next[int(q)*d.nc+d.classOf(v)]; q < 0 {
			return false
		}
	}
	return d.accept[q]
}

func TestPatternWords(t *testing.T) {
	for _, c := range []struct {
		pat     string
		yes, no [][]int64
	}{
		{"0* 1 1 1 0*", [][]int64{{1, 1, 1}, {0, 1, 1, 1, 0, 0}}, [][]int64{{1, 1}, {1, 1, 1, 1}, {1, 0, 1, 1}, {}}},
		{"0*(1)(1)(1)0*", [][]int64{{1, 1, 1}, {0, 0, 1, 1, 1}}, [][]int64{{1, 1, 0, 1}}},
		{"12", [][]int64{{12}}, [][]int64{{1, 2}, {1}}},
		{"-1 2", [][]int64{{-1, 2}}, [][]int64{{1, 2}, {-1}}},
		{"-1-2", [][]int64{{-1, -2}}, [][]int64{{-1, 2}}},
		{".", [][]int64{{7}, {-1000}}, [][]int64{{}, {1, 2}}},
		{"[1-3]+", [][]int64{{1}, {3, 2, 1}}, [][]int64{{0}, {4}, {}}},
		{"[^1]*", [][]int64{{}, {0, 2, 99}}, [][]int64{{1}, {0, 1}}},
		{"[0 2 5]", [][]int64{{0}, {2}, {5}}, [][]int64{{1}, {3}}},
		{"[1 -3]", [][]int64{{1}, {-3}}, [][]int64{{0}, {2}}},
		{"[-3--1]", [][]int64{{-3}, {-2}, {-1}}, [][]int64{{0}, {-4}}},
		{"1|2 3", [][]int64{{1}, {2, 3}}, [][]int64{{2}, {1, 3}}},
		{"(1|2)3?", [][]int64{{1}, {2, 3}, {1, 3}}, [][]int64{{3}}},
		{"1{3}", [][]int64{{1, 1, 1}}, [][]int64{{1, 1}, {1, 1, 1, 1}}},
		{"1{2,}", [][]int64{{1, 1}, {1, 1, 1, 1, 1}}, [][]int64{{1}}},
		{"1{1,3}", [][]int64{{1}, {1, 1, 1}}, [][]int64{{}, {1, 1, 1, 1}}},
		{"(0|1){0}", [][]int64{{}}, [][]int64{{0}}},
		{"1{ 2 , 3 } 0", [][]int64{{1, 1, 0}}, [][]int64{{1, 0}}},
		{"(1 2)* | 3+", [][]int64{{}, {1, 2, 1, 2}, {3, 3}}, [][]int64{{1}, {1, 2, 3}}},
		{"9223372036854775807 -9223372036854775808", [][]int64{{9223372036854775807, -9223372036854775808}}, nil},
		{"\t1 \t", [][]int64{{1}}, nil},
	} {
		d, err := compilePattern(c.pat, patBuild{length: -1})
		if err != nil {
			t.Errorf("%q: %v", c.pat, err)
			continue
		}
		for _, w := range c.yes {
			if !d.accepts(w) {
				t.Errorf("%q rejects %v", c.pat, w)
			}
		}
		for _, w := range c.no {
			if d.accepts(w) {
				t.Errorf("%q accepts %v", c.pat, w)
			}
		}
	}
}

func TestPatternErrors(t *testing.T) {
	for _, c := range []struct {
		pat  string
		at   string // the pattern with ^ under the error's first byte
		want string
	}{
		{"", "^", "it is empty"},
		{"  ", "^", "it is empty"},
		{"0* 1 a", "     ^", `unexpected 'a'`},
		{"0* 1é", "    ^", `unexpected 'é'`},
		{"(0 1", "^", "( is not closed"},
		{"0 (1 (2)", "  ^", "( is not closed"},
		{"0 1)", "   ^", ") without a matching ("},
		{"*1", "^", "* has nothing to repeat"},
		{"(+1)", " ^", "+ has nothing to repeat"},
		{"1|?", "  ^", "? has nothing to repeat"},
		{"1 ()", "  ^", "empty group ()"},
		{"|1", "^", "nothing before |"},
		{"1|", " ^", "nothing after |"},
		{"(1|)", "  ^", "nothing after |"},
		{"1||2", " ^", "nothing after |"},
		{"[1 2", "^", "[ is not closed"},
		{"0 []", "  ^", "empty class []"},
		{"[^]", "^", "empty class [^]"},
		{"[3-1]", " ^", "range 3-1 is empty"},
		{"[1 x]", "   ^", `unexpected 'x'`},
		{"1 - 2", "  ^", "- must be followed by digits"},
		{"1 -", "  ^", "- must be followed by digits"},
		{"99999999999999999999", "^", "does not fit in 64 bits"},
		{"1{}", " ^", "a count is {n}, {n,} or {n,m}"},
		{"1{a}", " ^", "a count is {n}, {n,} or {n,m}"},
		{"1{2", " ^", "a count is {n}, {n,} or {n,m}"},
		{"1{,2}", " ^", "a count is {n}, {n,} or {n,m}"},
		{"1{3,2}", " ^", "repeats at least 3 and at most 2 times"},
		{"1{1001}", "  ^", "count 1001 is more than 1000"},
		{"{2}", "^", "{ has nothing to repeat"},
		{"((1{1000}){1000}){2}", "^", "pattern too large"},
	} {
		_, err := compilePattern(c.pat, patBuild{length: -1})
		if err == nil {
			t.Errorf("%q: no error", c.pat)
			continue
		}
		if !strings.Contains(err.msg, c.want) {
			t.Errorf("%q: error %q, want %q", c.pat, err.msg, c.want)
		}
		if want := strings.Index(c.at, "^"); err.off != want || err.end <= err.off && len(c.pat) > 0 {
			t.Errorf("%q: error %q at %d..%d, want at %d", c.pat, err.msg, err.off, err.end, want)
		}
	}
}

// TestPatternAgainstRegexp compares the automata of random patterns over
// the values 0..3 with Go's regexp on every word of up to 5 values, each
// value written as a letter.
func TestPatternAgainstRegexp(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	n := 400
	if testing.Short() {
		n = 100
	}
	var words [][]int64
	var rec func(w []int64)
	rec = func(w []int64) {
		words = append(words, append([]int64(nil), w...))
		if len(w) < 5 {
			for v := int64(0); v <= 3; v++ {
				rec(append(w, v))
			}
		}
	}
	rec(nil)
	for i := range n {
		pat, re := randomPattern(rng, 3)
		d, err := compilePattern(pat, patBuild{length: -1})
		if err != nil {
			t.Fatalf("pattern %d %q: %v", i, pat, err)
		}
		rx := regexp.MustCompile("^(?:" + re + ")$")
		if p, q, ok := d.twoAlike(); ok {
			t.Fatalf("pattern %q: states %d and %d accept the same words: not minimal", pat, p, q)
		}
		for _, w := range words {
			var s strings.Builder
			for _, v := range w {
				s.WriteByte(byte('a' + v))
			}
			if got, want := d.accepts(w), rx.MatchString(s.String()); got != want {
				t.Fatalf("pattern %q (regexp %s) on %v: %v, want %v", pat, re, w, got, want)
			}
		}
	}
}

// twoAlike finds two states that accept the same words, if any: a pair
// is told apart when one accepts and the other does not, or when one
// rejects a class the other moves on, or when a class leads them to a
// pair told apart; what is never told apart is alike.
func (d *patDFA) twoAlike() (int, int, bool) {
	n := len(d.accept)
	apart := make([]bool, n*n)
	for p := range n {
		for q := range n {
			apart[p*n+q] = d.accept[p] != d.accept[q]
		}
	}
	for changed := true; changed; {
		changed = false
		for p := range n {
			for q := range n {
				if apart[p*n+q] {
					continue
				}
				for c := range d.nc {
					r, s := d.next[p*d.nc+c], d.next[q*d.nc+c]
					if (r < 0) != (s < 0) || r >= 0 && apart[int(r)*n+int(s)] {
						apart[p*n+q], changed = true, true
						break
					}
				}
			}
		}
	}
	for p := range n {
		for q := p + 1; q < n; q++ {
			if !apart[p*n+q] {
				return p, q, true
			}
		}
	}
	return 0, 0, false
}

// randomPattern returns a pattern naming 0..3 and the same language as a
// Go regular expression over a..e (the values 0..4).
func randomPattern(rng *rand.Rand, depth int) (string, string) {
	if depth == 0 || rng.Intn(3) == 0 {
		switch rng.Intn(5) {
		case 0:
			return ".", "[a-e]"
		case 1:
			lo := rng.Intn(4)
			hi := lo + rng.Intn(4-lo)
			return fmt.Sprintf("[%d-%d]", lo, hi), fmt.Sprintf("[%c-%c]", 'a'+lo, 'a'+hi)
		case 2:
			v := rng.Intn(4)
			var keep []byte
			for k := range 5 { // the words may use 4, which no pattern names
				if k != v {
					keep = append(keep, byte('a'+k))
				}
			}
			return fmt.Sprintf("[^%d]", v), "[" + string(keep) + "]"
		case 3:
			a, b := rng.Intn(4), rng.Intn(4)
			return fmt.Sprintf("[%d %d]", a, b), fmt.Sprintf("[%c%c]", 'a'+a, 'a'+b)
		}
		v := rng.Intn(4)
		return fmt.Sprint(v), string(rune('a' + v))
	}
	switch rng.Intn(4) {
	case 0:
		a, ra := randomPattern(rng, depth-1)
		b, rb := randomPattern(rng, depth-1)
		return "(" + a + ")|(" + b + ")", "(?:" + ra + ")|(?:" + rb + ")"
	case 1:
		a, ra := randomPattern(rng, depth-1)
		b, rb := randomPattern(rng, depth-1)
		return "(" + a + ") (" + b + ")", "(?:" + ra + ")(?:" + rb + ")"
	case 2:
		a, ra := randomPattern(rng, depth-1)
		op := []string{"*", "+", "?"}[rng.Intn(3)]
		return "(" + a + ")" + op, "(?:" + ra + ")" + op
	}
	a, ra := randomPattern(rng, depth-1)
	lo := rng.Intn(3)
	var op string
	switch rng.Intn(3) {
	case 0:
		op = fmt.Sprintf("{%d}", lo)
	case 1:
		op = fmt.Sprintf("{%d,}", lo)
	default:
		op = fmt.Sprintf("{%d,%d}", lo, lo+rng.Intn(3))
	}
	return "(" + a + ")" + op, "(?:" + ra + ")" + op
}

// TestPatternMinimal checks that equivalent states are merged.
func TestPatternMinimal(t *testing.T) {
	for _, c := range []struct {
		pat    string
		states int
	}{
		{"0* 1 1 1 0*", 4},
		{"(0|1)* (0|1)*", 1},
		{"(0 0|0)*", 1},
		{"0* (1 0*)?", 2},
		{"1{3,5}", 6},
		{"1 2 | 1 3", 3},
	} {
		d, err := compilePattern(c.pat, patBuild{length: -1})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.accept) != c.states {
			t.Errorf("%q: %d states, want %d", c.pat, len(d.accept), c.states)
		}
	}
}

// The limit on states is on the minimal automaton: patterns whose subset
// construction makes thousands of states that merge into a few compile,
// whether or not the list's length leaves parts out (issue 29).
func TestPatternLimitAfterMinimising(t *testing.T) {
	for _, c := range []struct {
		pat    string
		length int
		states int // -1: refused
	}{
		{"(0|1)* 1 (0|1){13} | .*", -1, 1},
		{"(0|1)* 1 (0|1){13} | .*", 20, 1},
		{"(0|1)* 1 (0|1){13} | .*", 3, 1},
		{"(0|1)* 1 (0|1){13} | (0|1)* 0 (0|1){13}", -1, 15}, // 14 values or more: lengths 0..13, then any
		{"(0|1)* 1 (0|1){13} | (0|1)* 0 (0|1){13}", 20, 15},
		{"(0|1)* 1 (0|1){12}", 20, 8192},
		{"(0|1)* 1 (0|1){14}", 20, -1},
	} {
		d, err := compilePattern(c.pat, patBuild{length: c.length})
		switch {
		case c.states < 0 && (err == nil || !strings.Contains(err.msg, "its minimal automaton has 32768 states, more than 10000")):
			t.Errorf("%q over %d: %v, want refused for its minimal automaton's 32768 states", c.pat, c.length, err)
		case c.states >= 0 && err != nil:
			t.Errorf("%q over %d: %v", c.pat, c.length, err)
		case c.states >= 0 && len(d.accept) != c.states:
			t.Errorf("%q over %d: %d states, want %d", c.pat, c.length, len(d.accept), c.states)
		}
	}
}

// Only the words of the list's length matter: the parts of a pattern that
// need more values than the list has are left out before the subset
// construction, which then costs steps in proportion to what is left.
// "((.*1.*0.*){100}){20}" needs 4000 values: over 3 it is a few steps and
// rejects everything, over 4000 it is the one word 1 0 1 0 ...; over
// 4001, where every .* stays in play, its states carry every earlier copy
// and it is refused for its steps (here a small bound) with the reason,
// where it took 14 s and 1.6 GB.
func TestPatternBuildBounded(t *testing.T) {
	defer func(s int64) { maxPatternSteps = s }(maxPatternSteps)
	maxPatternSteps = 1 << 20
	pat := "((.*1.*0.*){100}){20}"
	d, err := compilePattern(pat, patBuild{length: 3})
	if err != nil || len(d.accept) != 1 || d.accept[0] || d.live(0) || d.live(1) {
		t.Errorf("over 3 values: %v, want one rejecting state", err)
	}
	d, err = compilePattern(pat, patBuild{length: 4000})
	if err != nil {
		t.Fatalf("over 4000 values: %v", err)
	}
	word := make([]int64, 4000)
	for i := range word {
		word[i] = int64(1 - i%2)
	}
	if !d.accepts(word) {
		t.Errorf("over 4000 values: 1 0 1 0 ... rejected")
	}
	word[0] = 0
	if d.accepts(word) {
		t.Errorf("over 4000 values: 0 0 1 0 ... accepted")
	}
	_, err = compilePattern(pat, patBuild{length: 4001})
	want := "pattern too large: building its automaton takes more than 1048576 steps ("
	if err == nil || !strings.HasPrefix(err.msg, want) || !strings.Contains(err.msg, "places in the pattern") || err.limit {
		t.Errorf("over 4001 values: %v, want %q", err, want)
	}
	maxPatternSteps = 1 << 40
	defer func(b int64) { maxPatternBytes = b }(maxPatternBytes)
	maxPatternBytes = 1 << 20
	_, err = compilePattern(pat, patBuild{length: 4001})
	want = "pattern too large: building its automaton takes more than 1 MB of memory ("
	if err == nil || !strings.HasPrefix(err.msg, want) {
		t.Errorf("over 4001 values, 1 MB: %v, want %q", err, want)
	}
}

// A build polls the compile limits every patPollEvery steps, and stops
// at the first answer that says to, with that answer as its message.
func TestPatternBuildPolls(t *testing.T) {
	defer func(s int64) { maxPatternSteps = s }(maxPatternSteps)
	maxPatternSteps = 1 << 40
	polls := 0
	_, err := compilePattern("((.*1.*0.*){100}){20}", patBuild{length: 4001, poll: func() string {
		if polls++; polls == 10 {
			return "compiling stopped (interrupted) while building"
		}
		return ""
	}})
	if err == nil || !err.limit || err.msg != "compiling stopped (interrupted) while building" || polls != 10 {
		t.Errorf("%v after %d polls, want the stop at the 10th", err, polls)
	}
}
