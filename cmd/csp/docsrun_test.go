package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The examples of README.md and docs/*.md run in go test, so that what
// they show cannot drift from what csp prints. (docs/errors.md has its own
// test, errorsdoc_test.go, in a stricter format of its own.)
//
// In a fenced block, a line "$ csp ARGS" is a run: the lines after it, up
// to the next line starting with "$ " or the end of the block, are what csp
// prints, stdout and stderr as a terminal shows them. A last line "exit
// status N" is the exit status; without one, the run must succeed or find
// no solution (0 or 1): a command shown without its status must work as
// written. A run shown without output is checked for its status only, and
// a last line "..." leaves the rest of the output out: the lines before it
// must be the first ones. A run of csp repl types the lines after its
// prompts. The one
// piece of shell a run may use is "| head -N" on its stdout; a comment
// ("  # ...") after the command is the reader's.
//
// Times, rates and memory differ between runs: they are compared as
// "⟨time⟩" (and runs of spaces as one, since columns align on them), and
// so does the * by csp compare's fastest row.
// go test ./cmd/csp -run TestDocExamples -update rewrites what differs.
//
// Each document's runs share a temporary directory that holds the
// repository's models/ and examples/ (links) and the files of the
// document's "title=NAME" blocks, so that paths read as a user types them
// from a clone, and a run that writes (--tree docs/x.svg) writes there.

// servers are commands a document shows that run until they are stopped;
// their own tests run them (TestPlayServes).
var servers = []string{"$ csp play"}

type docExample struct {
	doc   string
	line  int      // of the "$ csp" line
	cmd   string   // the "$ csp ..." line
	shown []string // what the document says it prints
}

// docExamples finds the runs and the files of a document.
func docExamples(t *testing.T, doc, text string) ([]docExample, []docFile) {
	lines := strings.Split(text, "\n")
	var runs []docExample
	var files []docFile
	for i := 0; i < len(lines); i++ {
		m := fenceInfo.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		start := i
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("%s:%d: unclosed code block", doc, start+1)
		}
		if m[2] != "" {
			files = append(files, docFile{name: m[2], text: strings.Join(body, "\n") + "\n"})
			continue
		}
		for k := 0; k < len(body); k++ {
			if !strings.HasPrefix(body[k], "$ csp ") {
				continue
			}
			r := docExample{doc: doc, line: start + 2 + k, cmd: body[k]}
			for k+1 < len(body) && !strings.HasPrefix(body[k+1], "$ ") {
				k++
				r.shown = append(r.shown, body[k])
			}
			runs = append(runs, r)
		}
	}
	return runs, files
}

var (
	headPipe    = regexp.MustCompile(`\s+\|\s+head\s+-(?:n\s*)?(\d+)$`)
	docComment  = regexp.MustCompile(`\s{2,}#.*$`)
	fastestRow  = regexp.MustCompile(`(?m)^\* `)
	timeValue   = regexp.MustCompile(`\b\d+(\.\d+)?\s?(ns|µs|us|ms|s|[kKMG]?B)\b|\d+(\.\d+)?[kMG]? nodes/s`)
	spaceRun    = regexp.MustCompile(` {2,}`)
	exitLine    = regexp.MustCompile(`^exit status (\d+)$`)
	shellSyntax = regexp.MustCompile(`[|<>;&]`)
)

// runExample runs one example in dir and renders what a terminal shows,
// with its exit status line if the document shows one.
func runExample(t *testing.T, r docExample) string {
	t.Helper()
	line := docComment.ReplaceAllString(r.cmd, "")
	head := -1
	if m := headPipe.FindStringSubmatch(line); m != nil {
		head, _ = strconv.Atoi(m[1])
		line = line[:len(line)-len(m[0])]
	}
	if shellSyntax.MatchString(line) {
		t.Errorf("%s:%d: %q: a run may pipe only into head -N", r.doc, r.line, r.cmd)
		return ""
	}
	args, err := splitArgs(strings.TrimPrefix(line, "$ csp"))
	if err != nil {
		t.Fatalf("%s:%d: %v", r.doc, r.line, err)
	}
	shown, status := r.shown, -1
	if n := len(shown); n > 0 {
		if m := exitLine.FindStringSubmatch(shown[n-1]); m != nil {
			status, _ = strconv.Atoi(m[1])
			shown = shown[:n-1]
		}
	}
	var text string
	var code int
	if head >= 0 {
		text, code = runPiped(args, head)
	} else {
		text, code = renderRun(t, args, shown)
	}
	switch {
	case status >= 0:
		text += fmt.Sprintf("exit status %d\n", code)
	case code > exitUnsat:
		t.Errorf("%s:%d: %s exits with %d; a run shown without \"exit status N\" must end with 0 or 1:\n%s", r.doc, r.line, r.cmd, code, text)
	}
	return text
}

// runPiped runs csp with its stdout cut to its first n lines, as
// "| head -n" does, and its stderr after them.
func runPiped(args []string, n int) (string, int) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	lines := strings.SplitAfter(stdout.String(), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "") + stderr.String(), code
}

// sameOutput compares what a document shows with what csp printed, times
// and memory aside.
func sameOutput(shown, got string) bool {
	norm := func(s string) string {
		s = scrubTimes(s)
		s = fastestRow.ReplaceAllString(s, "  ")
		s = timeValue.ReplaceAllString(s, "⟨time⟩")
		return spaceRun.ReplaceAllString(s, " ")
	}
	return norm(shown) == norm(got)
}

func TestDocExamples(t *testing.T) {
	docs, _ := filepath.Glob("docs/*.md")
	docs = append([]string{"README.md"}, docs...)
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	testHookNoRowClock = true // each compare row runs to its end, however slow the machine
	defer func() { testHookNoRowClock = false }()
	total := 0
	for _, doc := range docs {
		if doc == errorsDoc {
			continue
		}
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		runs, files := docExamples(t, doc, string(data))
		t.Run(doc, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{"models", "examples"} {
				if err := os.Symlink(filepath.Join(root, d), filepath.Join(dir, d)); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Mkdir(filepath.Join(dir, "docs"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Chdir(dir); err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := os.Chdir(root); err != nil {
					panic(err)
				}
			}()
			lines := strings.Split(string(data), "\n")
			changed := false
			for i := len(runs) - 1; i >= 0; i-- { // from the last, so line numbers hold under -update
				r := runs[i]
				if isServer(r.cmd) {
					continue
				}
				total++
				got := runExample(t, r)
				if len(r.shown) == 0 {
					continue // the command alone: runExample checked its status
				}
				shown := strings.Join(r.shown, "\n") + "\n"
				gotLines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
				elided := r.shown[len(r.shown)-1] == "..."
				if elided { // the first lines only
					n := len(r.shown) - 1
					shown = strings.Join(r.shown[:n], "\n") + "\n"
					if len(gotLines) > n {
						gotLines = gotLines[:n]
					}
					got = strings.Join(gotLines, "\n") + "\n"
				}
				if sameOutput(shown, got) {
					continue
				}
				if *update {
					if elided {
						gotLines = append(gotLines, "...")
					}
					lines = append(lines[:r.line], append(gotLines, lines[r.line+len(r.shown):]...)...)
					changed = true
					continue
				}
				t.Errorf("%s:%d: the output of %q differs from the document\n--- document\n%s--- actual\n%s", r.doc, r.line, r.cmd, shown, got)
			}
			if changed {
				if err := os.WriteFile(filepath.Join(root, doc), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("rewrote examples of %s", doc)
			}
		})
	}
	if total < 10 {
		t.Errorf("only %d examples found in README.md and docs/; they are not being read", total)
	}
}

func isServer(cmd string) bool {
	for _, s := range servers {
		if strings.HasPrefix(cmd, s) {
			return true
		}
	}
	return false
}

// repoPath is a path into the repository as the documents write one.
var repoPath = regexp.MustCompile("(?:^|[\\s`(\\[])((?:models|examples|docs|bench|cmd|engine|lang)/[A-Za-z0-9_./-]*[A-Za-z0-9_])")

// Every path of the repository that README.md and docs/ name exists: a
// reader who types it finds the file (the README once named a grid.csp
// that was not shipped).
func TestDocPathsExist(t *testing.T) {
	docs, _ := filepath.Glob("docs/*.md")
	docs = append([]string{"README.md"}, docs...)
	checked := 0
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range repoPath.FindAllStringSubmatch(line, -1) {
				path := strings.TrimSuffix(m[1], ".")
				if strings.ContainsAny(path, "*") || strings.Contains(line, "--tree "+path) {
					continue // a pattern, or a file a run writes
				}
				checked++
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s:%d: %s does not exist", doc, i+1, path)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d paths checked; the scan is broken", checked)
	}
}
