package core

import (
	"slices"
	"strings"
	"testing"
)

// What the golden runs cannot show: next across calls, the positions
// given to the editor, and stdout streamed by kind.

const queens = `param n = 4
var q[1..n] in 1..n
alldiff(q)
diagonal(q)
show board(q)
`

func request(action, text string) Request {
	return Request{Action: action, Model: Source{Name: "q.csp", Text: text}, Order: "input", Values: "min", Prop: "fc"}
}

func TestNext(t *testing.T) {
	var s Session
	var got []string
	for _, action := range []string{"solve", "next", "next", "next"} {
		r := s.Do(request(action, queens), nil)
		got = append(got, r.Stdout)
	}
	want := []string{
		". . Q .\nQ . . .\n. . . Q\n. Q . .\n",
		"solution 2:\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n",
		"no more solutions (2 found)\n",
		"no more solutions (2 found)\n",
	}
	if !slices.Equal(got, want) {
		t.Errorf("solve, next, next, next printed %q, want %q", got, want)
	}
	// A changed setting is another search: next starts it.
	req := request("next", queens)
	req.Values = "max"
	if r := s.Do(req, nil); r.Stdout != ". Q . .\n. . . Q\nQ . . .\n. . Q .\n" || r.Stats.Solutions != 1 {
		t.Errorf("next under other settings printed %q, %+v", r.Stdout, r.Stats)
	}
}

func TestProblems(t *testing.T) {
	var s Session
	r := s.Do(request("solve", "var x in 1..3\nx = = 2\nalldiff(yy)\n"), nil)
	want := []Problem{
		{File: "q.csp", Line: 2, Col: 5, Message: `expected an expression, found "="`},
	}
	if r.Exit != 2 || len(r.Errors) == 0 || r.Errors[0] != want[0] {
		t.Fatalf("exit %d, errors %+v; want 2, %+v first", r.Exit, r.Errors, want)
	}
	if !strings.HasPrefix(r.Stderr, "q.csp:2:5: expected an expression, found \"=\"\n    x = = 2\n        ^\n") {
		t.Errorf("stderr:\n%s", r.Stderr)
	}
	r = s.Do(request("check", "var x in 1..3\nx != yy + 1\n"), nil)
	if len(r.Errors) != 1 || r.Errors[0].Line != 2 || r.Errors[0].Col != 6 || r.Errors[0].EndCol != 8 {
		t.Errorf("the unknown name is placed at %+v, want 2:6 to 2:8", r.Errors)
	}
}

// Streamed, the narration and the solutions come apart, in order.
func TestEmit(t *testing.T) {
	var s Session
	req := request("all", queens)
	req.Trace = "steps"
	var chunks []Chunk
	r := s.Do(req, func(c Chunk) { chunks = append(chunks, c) })
	if r.Stdout != "" || r.Exit != 0 || r.Stats.Status != "all_solutions" || r.Stats.Solutions != 2 {
		t.Fatalf("result %+v", r)
	}
	var trace, out strings.Builder
	for _, c := range chunks {
		map[string]*strings.Builder{"trace": &trace, "out": &out}[c.Stream].WriteString(c.Text)
	}
	if !strings.HasPrefix(trace.String(), "q[1] = 1\n  q[2] = 3\n    ✗ q[3] has no value left\n") ||
		strings.Count(trace.String(), "✓ solution") != 2 {
		t.Errorf("trace:\n%s", trace.String())
	}
	if out.String() != ". . Q .\nQ . . .\n. . . Q\n. Q . .\n\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n" {
		t.Errorf("out:\n%s", out.String())
	}
}

func TestBadSettings(t *testing.T) {
	var s Session
	for _, req := range []Request{
		{Action: "solve", Order: "fast"},
		{Action: "solve", Trace: "pile"},
		{Action: "draw"},
	} {
		req.Model = Source{Name: "q.csp", Text: queens}
		if r := s.Do(req, nil); r.Exit != 2 || !strings.HasPrefix(r.Stderr, "csp: ") {
			t.Errorf("%+v: exit %d, %q", req, r.Exit, r.Stderr)
		}
	}
}

// A request with Tree gets the search tree's page, for solve and for each
// next, with or without a trace; one without gets none.
func TestTree(t *testing.T) {
	for _, trace := range []string{"", "steps"} {
		var s Session
		req := request("all", queens)
		req.Trace = trace
		if r := s.Do(req, nil); r.Tree != "" {
			t.Fatalf("trace %q: a tree without Tree", trace)
		}
		req.Tree = true
		r := s.Do(req, nil)
		if !strings.Contains(r.Tree, "<html") || !strings.Contains(r.Tree, "q.csp") || r.Stdout == "" {
			t.Fatalf("trace %q: the tree page is missing or untitled: %.200q", trace, r.Tree)
		}
		if trace != "" && r.Stdout == "" {
			t.Fatalf("the trace was lost to the tree")
		}
		req.Action = "solve"
		s.Do(req, nil)
		req.Action = "next"
		if r := s.Do(req, nil); r.Tree == "" || !strings.Contains(r.Stdout, "solution 2:") {
			t.Fatalf("trace %q: next lost the tree: %q", trace, r.Stdout)
		}
	}
}
