package narrate

import (
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// The CLI's goldens and the playground's tests check the narration's text;
// these check what only a caller that narrates in parts sees: the limit,
// and Restart after it.

func queens(t *testing.T) (*lang.Program, *engine.Solver) {
	t.Helper()
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "q.csp", Text: []byte("var q[1..4] in 1..4\nalldiff(q)\ndiagonal(q)\n")}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewSolver(prog.Model, engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC})
	if err != nil {
		t.Fatal(err)
	}
	return prog, s
}

const notice = "… the trace stops here after 2 lines (--trace-limit); the search goes on\n"

func TestLimitThenRestart(t *testing.T) {
	prog, s := queens(t)
	var b strings.Builder
	n := &Narrator{Prog: prog, Mode: Steps, Limit: 2, Restartable: true, Write: func(l string) { b.WriteString(l) }}
	n.Install(s)
	if s.Next() != engine.Solution {
		t.Fatal("no first solution")
	}
	if want := "q[1] = 1\n  q[2] = 3\n" + notice; b.String() != want {
		t.Fatalf("first part:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	n.Restart()
	if s.Next() != engine.Solution {
		t.Fatal("no second solution")
	}
	// The second solution is found by backtracking from the first: its
	// part starts there, with its own two lines.
	if lines := strings.SplitAfter(b.String(), "\n"); len(lines) != 4 || lines[2] != notice {
		t.Fatalf("after Restart:\n%s", b.String())
	}
}

// Without Restartable, the narrator lets the engine stop tracing at the
// limit: no event reaches it after the notice, even after Restart.
func TestLimitEndsTracing(t *testing.T) {
	prog, s := queens(t)
	var b strings.Builder
	n := &Narrator{Prog: prog, Mode: Steps, Limit: 2, Write: func(l string) { b.WriteString(l) }}
	n.Install(s)
	s.Next()
	n.Restart()
	s.Next()
	if want := "q[1] = 1\n  q[2] = 3\n" + notice; b.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestValueSet(t *testing.T) {
	for _, c := range []struct {
		in   []int64
		want string
	}{
		{[]int64{2, 3, 4}, "{2, 3, 4}"},
		{[]int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12}, "{1..10, 12}"},
	} {
		if got := ValueSet(c.in); got != c.want {
			t.Errorf("ValueSet(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
