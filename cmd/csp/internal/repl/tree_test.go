package repl

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// :tree in the REPL reports the whole search, not the part drawn.
func TestTreeREPLReportsWholeSearch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q8.svg")
	got := replay([]string{"param n = 8", "var q[1..n] in 1..n", "alldiff(q)", "diagonal(q)", ":set prop none", ":count", ":tree " + path})
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	m := regexp.MustCompile(`(\d+ nodes), depth \d+, (\d+ dead ends, 92 solutions); \d+ shown`).FindSubmatch(svg)
	if m == nil {
		t.Fatalf("the picture's caption is not of a summarised 92-solution search:\n%s", svg[max(0, len(svg)-300):])
	}
	if want := fmt.Sprintf("wrote %s: %s, %s\n", path, m[1], m[2]); !strings.Contains(got, want) {
		t.Errorf("the session says\n%s\nwant %q", got, want)
	}
}

// In the session, :tree FILE.html writes the page of the last search.
func TestTreeHTMLInSession(t *testing.T) {
	repl := filepath.Join(t.TempDir(), "s.html")
	got := replay([]string{"param n = 6", "var q[1..n] in 1..n", "alldiff(q)", "diagonal(q)", ":count", ":tree " + repl})
	if !strings.Contains(got, "wrote "+repl+": ") {
		t.Fatalf("the session did not write the page:\n%s", got)
	}
	if page, err := os.ReadFile(repl); err != nil || !bytes.Contains(page, []byte(`"solutions":4`)) {
		t.Errorf("the session's page lacks the 4 solutions of 6-queens (%v)", err)
	}
}

// :set timeout takes plain seconds, as --timeout does.
func TestSetTimeoutPlainSeconds(t *testing.T) {
	got := replay([]string{":set timeout 10", ":set"})
	if !strings.Contains(got, "timeout = 10\n") || !strings.Contains(got, "timeout 10s") {
		t.Errorf(":set timeout 10:\n%s", got)
	}
}
