package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// csp help language and csp help errors print the documents as they are in
// docs/, built into the binary.
func TestHelpDocuments(t *testing.T) {
	for name, file := range map[string]string{"language": "docs/language.md", "errors": "docs/errors.md"} {
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		t.Setenv("PAGER", "false") // stdout is no terminal: no pager
		if code := run([]string{"help", name}, nil, &out, &errb); code != 0 || out.String() != string(want) || errb.Len() > 0 {
			t.Errorf("csp help %s: exit %d, %d bytes (want %d), stderr %q", name, code, out.Len(), len(want), errb.String())
		}
	}
	main := runCLI("help")
	for _, want := range []string{"csp help language [SECTION]", "csp help errors [SECTION]", "csp completion bash|zsh|fish"} {
		if !strings.Contains(main, want) {
			t.Errorf("csp help does not mention %q:\n%s", want, main)
		}
	}
}

// A word after the document's name shows the sections about it, each with
// its subsections, and nothing else.
func TestHelpSections(t *testing.T) {
	cases := []struct {
		args       []string
		first      string // the output's first line
		has, hasNo []string
	}{
		{[]string{"language", "globals"}, "## Global constraints",
			[]string{"### Global constraints of v2", "#### cumulative", "#### inverse"}, []string{"## Constraints", "## Aggregates"}},
		{[]string{"language", "Exit", "status"}, "### Exit status", nil, []string{"## Errors"}},
		{[]string{"language", "json"}, "### JSON", nil, []string{"## Data files"}},
		{[]string{"errors", "unknown name"}, "### Unknown name", []string{"$ csp check queens.csp"}, []string{"### Unknown function"}},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(append([]string{"help"}, c.args...), nil, &out, &errb)
		text := out.String()
		first, _, _ := strings.Cut(text, "\n")
		if code != 0 || first != c.first {
			t.Errorf("csp help %v: exit %d, first line %q, want %q; stderr %s", c.args, code, first, c.first, errb.String())
		}
		for _, s := range c.has {
			if !strings.Contains(text, s) {
				t.Errorf("csp help %v lacks %q", c.args, s)
			}
		}
		for _, s := range c.hasNo {
			if strings.Contains(text, "\n"+s+"\n") {
				t.Errorf("csp help %v shows %q, a section of its own", c.args, s)
			}
		}
	}
}

// A word no heading holds is refused with the closest word of a heading
// and the document's chapters.
func TestHelpNoSection(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"help", "language", "gobals"}, nil, &out, &errb)
	want := "csp help language: no section of docs/language.md is about \"gobals\" (did you mean \"global\"?)\nits sections: Lexical rules; "
	if code != exitBadInput || out.Len() > 0 || !strings.HasPrefix(errb.String(), want) || !strings.Contains(errb.String(), "; Global constraints; ") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
