package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Every --json line, --explain's and compare's included, is one valid
// JSON object with a "type", even where a file name holds bytes that Go's
// %q would write as \x escapes, which JSON does not have.
func TestJSONLinesTyped(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file names with control bytes")
	}
	dir := t.TempDir()
	unsat := filepath.Join(dir, "odd\x01name\xff.csp")
	if err := os.WriteFile(unsat, []byte("var x in 1..3\nvar y in 1..3\nforall i in 1..2: x < y + i - i\ny < x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sat := filepath.Join(dir, "sat\x02.csp")
	if err := os.WriteFile(sat, []byte("var x in 1..3\nminimize x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := []struct {
		args []string
		typ  string
	}{
		{[]string{"solve", unsat, "--explain", "--json"}, "explanation"},
		{[]string{"solve", sat, "--explain", "--json"}, "explanation"},
		{[]string{"compare", sat, "--json"}, "setting"},
		{[]string{"compare", unsat, "--json"}, "setting"},
	}
	for _, r := range runs {
		_, out, errs := runCSP(r.args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if out == "" {
			t.Errorf("%q: no output; stderr %s", r.args, errs)
			continue
		}
		for _, l := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(l), &obj); err != nil {
				t.Errorf("%q: not JSON (%v): %s", r.args, err, l)
				continue
			}
			if obj["type"] != r.typ {
				t.Errorf("%q: type %v, want %q: %s", r.args, obj["type"], r.typ, l)
			}
		}
	}
	// The conflict names the odd file, decoded as JSON does (the invalid
	// byte as U+FFFD), with the generator's values.
	_, out, _ := runCSP("solve", unsat, "--explain", "--json")
	var e explanationJSON
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatal(err)
	}
	if e.Status != "unsatisfiable" || len(e.Conflict) == 0 || !strings.Contains(e.Conflict[0].At, "odd\x01name\uFFFD.csp:") {
		t.Errorf("explanation %+v", e)
	}
}

// csp compare prints no board, only the first solution's values: a
// board() too big to draw is no error there, with or without --json.
func TestCompareBigBoard(t *testing.T) {
	for _, args := range [][]string{
		{"compare", "cmd/csp/testdata/cli/board-too-large.csp"},
		{"compare", "cmd/csp/testdata/cli/board-too-large.csp", "--json"},
	} {
		code, out, errs := runCSP(args...)
		if code != exitSolved || errs != "" || !strings.Contains(out, "domwdeg") {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", args, code, errs, out)
		}
	}
}
