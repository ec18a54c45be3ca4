package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// csp compare searches freely: each row is the order it names with
// ascending values, whatever the model's search statement says (which
// would find 3 2 1 first).
func TestCompareIgnoresSearchStatements(t *testing.T) {
	model := filepath.Join(t.TempDir(), "m.csp")
	if err := os.WriteFile(model, []byte("var x[1..3] in 1..3\nalldiff(x)\nsearch x order input values max\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compare", model, "--json"}, strings.NewReader(""), &stdout, &stderr); code != exitSolved {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) < 7 {
		t.Fatalf("%d rows:\n%s", len(lines), stdout.String())
	}
	for _, l := range lines {
		if !strings.Contains(l, `"first":"1 2 3"`) {
			t.Errorf("a row follows the search statement: %s", l)
		}
	}
	stdout.Reset()
	if code := run([]string{"solve", model}, strings.NewReader(""), &stdout, &stderr); code != exitSolved || strings.TrimSpace(stdout.String()) != "x = [3 2 1]" {
		t.Errorf("csp solve follows the statement: exit %d, %q", code, stdout.String())
	}
}
