package helpdoc

import (
	"bytes"
	"strings"
	"testing"
)

// A # inside a fenced example is a comment, not a heading.
func TestSectionsSkipCode(t *testing.T) {
	doc := "# Title\n\n## A\n\n```\n# not a heading\n```\n\n### A.1\ntext\n\n## B\n"
	secs := sections(doc)
	var titles []string
	for _, s := range secs {
		titles = append(titles, s.title)
	}
	if strings.Join(titles, "|") != "Title|A|A.1|B" {
		t.Fatalf("headings %q", titles)
	}
	if got := findSections(secs, "a"); len(got) != 1 || got[0].text != "## A\n\n```\n# not a heading\n```\n\n### A.1\ntext\n\n" {
		t.Errorf("section A: %q", got)
	}
}

// The pager reads the text on its standard input; one that cannot run
// leaves the text to be printed plainly.
func TestPager(t *testing.T) {
	var out bytes.Buffer
	if err := runPager("sed 's/^/> /'", "a\nb\n", &out, &out); err != nil || out.String() != "> a\n> b\n" {
		t.Errorf("pager: %q, %v", out.String(), err)
	}
	out.Reset()
	if err := runPager("no-such-pager-xyz", "a\n", &out, &bytes.Buffer{}); err == nil {
		t.Errorf("a missing pager ran: %q", out.String())
	}
	out.Reset()
	if err := runPager("head -c 1", strings.Repeat("x", 1<<20), &out, &out); err != nil || out.String() != "x" {
		t.Errorf("a pager quit early: %q, %v", out.String(), err) // as when q is pressed in less
	}
}
