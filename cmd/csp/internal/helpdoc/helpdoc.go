package helpdoc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/docs"
)

// Document is a document csp help shows, built into the binary.
type Document struct {
	Name, Summary string
	File          string // its path in the repository, for messages
	Text          *string
}

// Documents are the documents csp help shows.
var Documents = []Document{
	{"language", "the .csp language and the csp command", "docs/language.md", &docs.Language},
	{"errors", "every error csp gives, with an example", "docs/errors.md", &docs.Errors},
	{"minizinc", "csp as a MiniZinc solver: csp fzn, csp mzn install", "docs/minizinc.md", &docs.MiniZinc},
}

// Lookup is the document named name, or nil.
func Lookup(name string) *Document {
	for i := range Documents {
		if Documents[i].Name == name {
			return &Documents[i]
		}
	}
	return nil
}

// Show prints the document, or with words after its name (query) the
// sections whose heading holds them (csp help language globals).
func (d *Document) Show(query []string, stdout, stderr io.Writer) int {
	if len(query) == 0 {
		if !page(*d.Text, stdout, stderr) {
			// A terminal with no pager: thousands of lines would scroll by.
			fmt.Fprint(stdout, contents(d))
		}
		return exit.Solved
	}
	q := strings.Join(query, " ")
	secs := sections(*d.Text)
	found := findSections(secs, q)
	if len(found) == 0 {
		var heads []string // and their words: "gobals" is close to "global"
		for _, s := range secs {
			heads = append(heads, s.title)
			heads = append(heads, strings.Fields(strings.ToLower(s.title))...)
		}
		fmt.Fprintf(stderr, "csp help %s: no section of %s is about %q%s\n", d.Name, d.File, q, settings.Suggest(q, heads))
		fmt.Fprintf(stderr, "its sections: %s\n", strings.Join(topHeadings(secs), "; "))
		return exit.BadInput
	}
	var b strings.Builder
	for _, s := range found {
		b.WriteString(s.text)
	}
	if !page(b.String(), stdout, stderr) {
		fmt.Fprint(stdout, b.String()) // one section is worth the scroll
	}
	return exit.Solved
}

// section is a heading of a Markdown document with the text under it, its
// subsections included.
type section struct {
	level int    // 1 for #, 2 for ##, ...
	title string // the heading without its #s and backquotes
	text  string
	start int // line index, to tell nested sections apart
	end   int
}

// sections cuts a Markdown document at its headings; a # inside a fenced
// code block is a comment of an example, not a heading.
func sections(doc string) []section {
	lines := strings.SplitAfter(doc, "\n")
	var secs []section
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(l, "#") {
			continue
		}
		level := len(l) - len(strings.TrimLeft(l, "#"))
		title := strings.ReplaceAll(strings.TrimSpace(l[level:]), "`", "")
		secs = append(secs, section{level: level, title: title, start: i})
	}
	for i := range secs {
		secs[i].end = len(lines)
		for _, next := range secs[i+1:] {
			if next.level <= secs[i].level {
				secs[i].end = next.start
				break
			}
		}
		secs[i].text = strings.Join(lines[secs[i].start:secs[i].end], "")
	}
	return secs
}

// findSections are the sections whose heading holds q (ignoring case, and
// a plural's s: globals finds "Global constraints"), less those inside
// another one found, which prints them already.
func findSections(secs []section, q string) []section {
	q = strings.ToLower(strings.TrimSpace(q))
	var found []section
	for _, s := range secs {
		t := strings.ToLower(s.title)
		if !strings.Contains(t, q) && !strings.Contains(t, strings.TrimSuffix(q, "s")) {
			continue
		}
		if n := len(found); n > 0 && s.start < found[n-1].end {
			continue
		}
		found = append(found, s)
	}
	return found
}

// topHeadings are the titles of the ## sections: the document's chapters.
func topHeadings(secs []section) []string {
	var heads []string
	for _, s := range secs {
		if s.level == 2 {
			heads = append(heads, s.title)
		}
	}
	return heads
}

// page prints text through $PAGER when stdout is a terminal, as man and
// git do, or through less when PAGER is not set and less is installed. It
// prints text as it is when stdout is not a terminal, or when the pager
// cannot start. On a terminal with no pager at all it prints nothing and
// returns false: the caller chooses what a screen can hold.
func page(text string, stdout, stderr io.Writer) bool {
	if !output.IsTerminal(stdout) {
		fmt.Fprint(stdout, text)
		return true
	}
	pager := os.Getenv("PAGER")
	if pager == "" {
		if _, err := exec.LookPath("less"); err != nil {
			return false
		}
		// Quit at once if the text fits on one screen, keep colours, and
		// leave the text on the screen after quitting (git's defaults).
		pager = "less -FRX"
	}
	stdout = output.Unwrap(stdout) // the pager must see the terminal itself
	if err := runPager(pager, text, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "csp: cannot run the pager %q (%v); the text follows\n", pager, err)
		fmt.Fprint(stdout, text)
	}
	return true
}

// contents is what csp help shows of a whole document on a terminal
// without a pager: its chapters, and how to read one or all of them.
func contents(d *Document) string {
	var b strings.Builder
	lines := strings.Count(*d.Text, "\n")
	fmt.Fprintf(&b, "%s (%s) has %d lines; no pager is installed (set PAGER, or install less).\n", d.File, d.Summary, lines)
	fmt.Fprintf(&b, "Its chapters:\n")
	for _, h := range topHeadings(sections(*d.Text)) {
		fmt.Fprintf(&b, "  %s\n", h)
	}
	fmt.Fprintf(&b, "csp help %s WORDS shows the sections whose heading holds WORDS (csp help %s globals);\n", d.Name, d.Name)
	fmt.Fprintf(&b, "csp help %s | cat prints it all.\n", d.Name)
	return b.String()
}

// runPager runs the command line pager through the shell, as $PAGER is
// written for one ("less -R"). It fails only when the pager did not run
// (the shell's 126 and 127): a pager that ran has shown what it could, and
// the text is not to come twice.
func runPager(pager, text string, stdout, stderr io.Writer) error {
	cmd := exec.Command("sh", "-c", pager)
	cmd.Stdin = strings.NewReader(text)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() != 126 && exit.ExitCode() != 127 {
		return nil
	}
	return err
}

// Titles are the titles of the document's headings, for completion.
func (d *Document) Titles() []string {
	var titles []string
	for _, s := range sections(*d.Text) {
		titles = append(titles, s.title)
	}
	return titles
}
