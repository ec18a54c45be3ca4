package repl

import (
	"bytes"
	"strings"
	"testing"
)

// TestHistoryEntryRoundTrip: a statement typed over several lines is one
// history entry, on one line, which recalled gives the session the same
// statement: comments and the rows of a matrix, where a line break
// matters, included.
func TestHistoryEntryRoundTrip(t *testing.T) {
	typed := [][]string{
		{"var q[1..4] in 1..4"},
		{"alldiff( # the rows", "  q)"},
		{"param m = [1, 2", "3, 4]"},
		{"sum(q) <=", "", "  10   "},
	}
	var direct, recalled bytes.Buffer
	a, b := newSession(&direct, &direct), newSession(&recalled, &recalled)
	for _, lines := range typed {
		for _, l := range lines {
			a.line(l)
		}
		entry := historyEntry(lines)
		if strings.Contains(entry, "\n") {
			t.Fatalf("entry %q spans lines", entry)
		}
		if b.line(fromHistory(entry)) {
			t.Errorf("recalled %q is not a whole statement", entry)
		}
	}
	if direct.String() != recalled.String() {
		t.Errorf("typed, the session said\n%s\nrecalled, it said\n%s", direct.String(), recalled.String())
	}
	if a.failed || b.failed {
		t.Errorf("a statement was rejected:\n%s", direct.String())
	}
	if got, want := historyEntry([]string{"alldiff( # the rows", "  q)"}), "alldiff( # the rows ⏎   q)"; got != want {
		t.Errorf("entry %q, want %q", got, want)
	}
	if got := fromHistory("x +⏎y"); got != "x +\ny" {
		t.Errorf("an edited entry gives %q", got)
	}
}
