package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/lang"
)

// sgr matches the colour sequences csp writes (readline's own cursor
// movements are not colours).
func hasColour(s string) bool {
	return strings.Contains(s, "\x1b[0m") || strings.Contains(s, "\x1b[1m") || strings.Contains(s, "\x1b[31m") || strings.Contains(s, "\x1b[1;3")
}

// TestColourNotTerminal: errors written to a file or a pipe have no
// colour, whatever TERM says.
func TestColourNotTerminal(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("NO_COLOR", "")
	path := filepath.Join(t.TempDir(), "bad.csp")
	if err := os.WriteFile(path, []byte("var q[1..3] in 1..3\nalldiff(qq)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", path}, nil, &stdout, &stderr); code != exitBadInput {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(stderr.String(), "unknown name") || hasColour(stderr.String()) {
		t.Errorf("stderr to a buffer: %q", stderr.String())
	}
}

// TestErrorStyle: the style marks up the place, the message, the carets
// and the notes, and nothing else; the plain text is unchanged.
func TestErrorStyle(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.csp")
	src := "def half(a) = a / 0\nvar x in 1..3\nx = half(4)\nalldiff(zz)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var plain, coloured bytes.Buffer
	run([]string{"check", path}, nil, &bytes.Buffer{}, &plain)
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: path, Text: []byte(src)}})
	if err == nil {
		t.Fatal("the model should not compile")
	}
	output.Painter(true).ErrorStyle().PrintErrors(&coloured, err, prog.Sources)
	got := coloured.String()
	for _, want := range []string{
		"\x1b[1m" + path + ":4:9:\x1b[0m \x1b[1munknown name \"zz\"\x1b[0m\n",
		"    alldiff(zz)\n            \x1b[1;31m^^\x1b[0m\n",
		"\x1b[1m" + path + ":3:5:\x1b[0m \x1b[36min the call half(4)\x1b[0m\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("coloured errors lack %q:\n%q", want, got)
		}
	}
	if stripped := stripSGR(got); stripped != plain.String() {
		t.Errorf("without its colours the text differs:\n%s\nplain:\n%s", stripped, plain.String())
	}
}

func stripSGR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
