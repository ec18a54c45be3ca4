package core

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
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

// The issue 27 repro: a half-typed line is a warning, marked for the
// editor and printed on stderr, and the run goes on.
func TestWarningMarks(t *testing.T) {
	var s Session
	r := s.Do(request("check", "param n = 4\nvar q[1..n] in 1..n\nforall i in 1..n: q[i] !=\ndiagonal(q)\n"), nil)
	want := Problem{File: "q.csp", Line: 4, Col: 1, EndCol: 9, Severity: "warning",
		Message: "this line continues the statement above, which ends with !=: indent it if that is meant, or finish the line above"}
	if r.Exit != 0 || len(r.Errors) != 1 || r.Errors[0] != want {
		t.Fatalf("exit %d, problems %+v; want 0, %+v", r.Exit, r.Errors, want)
	}
	if !strings.HasPrefix(r.Stderr, "q.csp:4:1: warning: this line continues") || !strings.Contains(r.Stdout, "ok") {
		t.Errorf("stdout %q, stderr:\n%s", r.Stdout, r.Stderr)
	}
	if r = s.Do(request("check", queens), nil); len(r.Errors) != 0 || r.Stderr != "" {
		t.Errorf("queens: problems %+v, stderr %q", r.Errors, r.Stderr)
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

// queensN is models/queens.csp's text at board size n.
func queensN(n int) string {
	return strings.Replace(queens, "param n = 4", "param n = "+strconv.Itoa(n), 1)
}

// everyProgress sends a progress chunk at each of the engine's calls
// (every 4096 nodes), not by the clock, for the length of the test.
func everyProgress(t *testing.T) {
	saved := progressEvery
	progressEvery = 0
	t.Cleanup(func() { progressEvery = saved })
}

// Stop, asked at the first progress report, ends a count with the count
// so far, as Ctrl-C does csp solve --count; the progress reports the
// nodes and solutions as the CLI's progress line does.
func TestStopCount(t *testing.T) {
	everyProgress(t)
	var s Session
	var reports []Progress
	r := s.Do(request("count", queensN(10)), func(c Chunk) {
		if c.Stream != "progress" {
			return
		}
		var p Progress
		if err := json.Unmarshal([]byte(c.Text), &p); err != nil {
			t.Fatal(err)
		}
		reports = append(reports, p)
		s.Stop()
	})
	if len(reports) != 1 || reports[0].Nodes < 4000 || reports[0].MS <= 0 {
		t.Fatalf("progress %+v, want one report of some 4096 nodes", reports)
	}
	n := r.Stats.Solutions
	if r.Exit != 3 || r.Stats.Status != "stopped" || n < reports[0].Solutions || n >= 724 ||
		r.Stderr != fmt.Sprintf("csp: stopped: the count %d is incomplete\n", n) || r.Stdout != "" {
		t.Errorf("the stopped count: exit %d, %+v, stderr %q, stdout %q", r.Exit, r.Stats, r.Stderr, r.Stdout)
	}
	// The next request is not stopped: Stop holds for one.
	if r := s.Do(request("count", queensN(6)), nil); r.Stdout != "4\n" || r.Exit != 0 {
		t.Errorf("a count after the stopped one: %q, exit %d", r.Stdout, r.Exit)
	}
}

// A stopped all says how many it found, and next resumes the search
// where it stopped: every solution once, none lost.
func TestStopAllThenNext(t *testing.T) {
	everyProgress(t)
	var s Session
	var out strings.Builder
	r := s.Do(request("all", queensN(10)), func(c Chunk) {
		switch c.Stream {
		case "out":
			out.WriteString(c.Text)
		case "progress":
			s.Stop()
		}
	})
	found := r.Stats.Solutions
	if r.Exit != 3 || found == 0 || found >= 724 || r.Stderr != fmt.Sprintf("csp: stopped: %d solutions found, and there may be more\n", found) {
		t.Fatalf("the stopped all: exit %d, %+v, %q", r.Exit, r.Stats, r.Stderr)
	}
	boards := map[string]bool{}
	for _, b := range strings.Split(strings.TrimSpace(out.String()), "\n\n") {
		boards[b] = true
	}
	for {
		r := s.Do(request("next", queensN(10)), nil)
		head, board, _ := strings.Cut(r.Stdout, "\n")
		if strings.HasPrefix(head, "no more solutions") {
			if head != "no more solutions (724 found)" {
				t.Errorf("next at the end: %q", head)
			}
			break
		}
		if r.Exit != 0 || boards[strings.TrimSpace(board)] {
			t.Fatalf("next printed %q (exit %d): a solution twice", r.Stdout, r.Exit)
		}
		boards[strings.TrimSpace(board)] = true
	}
	if len(boards) != 724 {
		t.Errorf("%d distinct solutions, want 724", len(boards))
	}
}

// Stop ends compare's row in progress and skips the rest, which the
// table leaves out, as Ctrl-C does csp compare.
func TestStopCompare(t *testing.T) {
	everyProgress(t)
	var s Session
	var progress []Progress
	req := request("compare", queensN(9))
	req.All = true
	var table strings.Builder
	r := s.Do(req, func(c Chunk) {
		if c.Stream == "out" {
			table.WriteString(c.Text)
		} else if c.Stream == "progress" {
			var p Progress
			json.Unmarshal([]byte(c.Text), &p)
			progress = append(progress, p)
			s.Stop()
		}
	})
	if len(progress) != 1 || progress[0].Settings != 7 || r.Exit != 3 || strings.Count(table.String(), "interrupted (") != 1 ||
		r.Stderr != "csp: stopped: 0 of the 7 settings compared\n" {
		t.Errorf("the stopped compare: progress %+v, exit %d, stderr %q, table\n%s", progress, r.Exit, r.Stderr, table.String())
	}
}

// The playground solves over wide domains as csp solve does: values past
// 2^53 printed exactly, the trace of domains as ranges, a split in the
// tree's data.
func TestWideDomains(t *testing.T) {
	var s Session
	const model = "var x in 0..10^9\nvar y in -10^16..10^16\nx + y = 9007199254741000\ny != 9007199254740999\n"
	req := Request{Action: "solve", Model: Source{Name: "w.csp", Text: model}, Trace: "domains", Tree: true}
	r := s.Do(req, nil)
	if r.Exit != 0 || !strings.HasSuffix(r.Stdout, "x = 500000000\ny = 9007198754741000\n") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.Exit, r.Stdout, r.Stderr)
	}
	if !strings.Contains(r.Stdout, "\ny ≤ 9007198754741000\n") || !strings.Contains(r.Stdout, "x ∖ {0..499999999}") {
		t.Errorf("the trace does not show the split and the pruned range:\n%s", r.Stdout)
	}
	if !strings.Contains(r.Tree, `"splits":[[0,2]`) {
		t.Errorf("the tree's data has no split at its first node")
	}
}
