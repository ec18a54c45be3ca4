package repl

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/lang"
)

func completions(c *completer, line string) []string {
	out, _ := c.Do([]rune(line), len([]rune(line)))
	var got []string
	for _, r := range out {
		got = append(got, string(r))
	}
	return got
}

func TestCompleter(t *testing.T) {
	s := newSession(io.Discard, io.Discard)
	s.line("var queens[1..4] in 1..4")
	c := &completer{s}
	for _, tc := range []struct {
		line string
		want []string
	}{
		{":tr", []string{"ace", "ee"}},
		{":set prop ", []string{"ac", "fc", "none"}},
		{":set order d", []string{"omwdeg"}},
		{":set values m", []string{"ax", "id", "in"}},
		{":trace ", []string{"domains", "off", "on", "piles"}},
		{":trace p", []string{"iles"}},
		{"alldiff(que", []string{"ens"}},
		{"f", []string{"alse", "or", "orall"}}, // false once: it is a keyword and a name in scope
		{"t", []string{"able", "hen", "rue"}},
		{"circ", []string{"uit"}},
		{"x = sub", []string{"circuit"}},
		{"sea", []string{"rch"}},
		{"search queens order s", []string{"mallest"}},
		{"search queens order ", []string{"domwdeg", "input", "largest", "mrv", "smallest"}},
		{"search queens values m", []string{"ax", "id", "in"}},
		{"search queens o", []string{"r", "rder"}},
		{"search que", []string{"ens"}},
		{"queens order sm", nil}, // not a search statement: no order names
	} {
		if got := completions(c, tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("%q completes to %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestCompleterNoRepeats: no prefix lists a candidate twice, whatever
// the session declares (a definition, a param named like nothing else).
func TestCompleterNoRepeats(t *testing.T) {
	s := newSession(io.Discard, io.Discard)
	for _, l := range []string{"param n = 3", "var x[1..n] in 1..n", "def total = sum(x)"} {
		s.line(l)
	}
	c := &completer{s}
	for _, prefix := range []string{"", "a", "c", "f", "m", "n", "t", "x", ":", ":s", ":help ", ":set ", ":set prop "} {
		got := completions(c, prefix)
		seen := map[string]bool{}
		for _, g := range got {
			if seen[g] {
				t.Errorf("%q lists %q twice: %q", prefix, prefix+g, got)
			}
			seen[g] = true
		}
	}
}

// TestCompleterWordsExist: every word offered is one the language knows:
// a keyword, or a builtin that the resolver does not call unknown.
func TestCompleterWordsExist(t *testing.T) {
	for _, w := range languageWords {
		_, err := lang.Compile(lang.Input{Model: lang.Source{Name: "m.csp", Text: []byte("param p = " + w + "()\n")}})
		if err == nil || strings.Contains(err.Error(), "unknown") {
			t.Errorf("%q is offered as a word of the language, but compiling a call of it says %v", w, err)
		}
	}
}

func TestCompleterFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"queens.csp", "queens.txt", "q.json", "quiet/", "notes.md", ".hidden.csp"} {
		p := filepath.Join(dir, f)
		var err error
		if strings.HasSuffix(f, "/") {
			err = os.Mkdir(p, 0o755)
		} else {
			err = os.WriteFile(p, nil, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	c := &completer{newSession(io.Discard, io.Discard)}
	for _, tc := range []struct {
		line string
		want []string
	}{
		// directories and model or data files first, then the others
		{":load " + dir + "/q", []string{".json", "ueens.csp", "uiet/", "ueens.txt"}},
		{":save " + dir + "/q", []string{"ueens.csp", "uiet/", ".json", "ueens.txt"}},
		{":load " + dir + "/n", []string{"otes.md"}},
		{":load " + dir + "/.", []string{"hidden.csp"}},
		{":tree " + dir + "/no", []string{"tes.md"}},
		{":load " + dir + "/zz", nil},
	} {
		if got := completions(c, tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("%q completes to %q, want %q", tc.line, got, tc.want)
		}
	}
	out, n := c.Do([]rune(":load "+dir+"/qu"), len([]rune(":load "+dir+"/qu")))
	if n != len([]rune(dir+"/qu")) || len(out) != 3 {
		t.Errorf("the word completed is the path (%d runes), got %d and %q", len([]rune(dir+"/qu")), n, out)
	}
}
