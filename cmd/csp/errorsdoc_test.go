package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/repl"
	"github.com/csp-lang/csp/lang"
)

// docs/errors.md lists every error csp can give, each with an example that
// this file runs. The format of the examples, which the top of errors.md
// explains to readers too:
//
//   - A fenced block whose info string has title=NAME (```csp title=m.csp)
//     is a file: its text, with a final newline, is written to NAME.
//   - A fenced ```text block whose first line starts with "$ csp " is a
//     run: the command line, what the tool prints (stdout and stderr, in
//     the order a terminal shows them), and a last line "exit status N".
//     One block may hold several runs. In a run of csp repl, lines that
//     start with the prompt "csp> " (or "...  " inside a statement) are
//     typed; the rest is what the session answers.
//   - In files and in expected output, ⟨N × TEXT⟩ stands for TEXT repeated
//     N times, and ⟨"..."⟩ for a Go-quoted string (raw bytes such as
//     ⟨"\xff"⟩); TEXT may itself be Go-quoted (⟨100 × " "⟩).
//
// Every ### section starts a fresh temporary directory, which is the
// working directory of its runs, so file names in messages read exactly as
// in the document. With -update, run blocks whose output differs are
// rewritten with the actual output.

const errorsDoc = "docs/errors.md"

type docFile struct {
	name string
	text string
}

type docRun struct {
	raw   []string // the block's lines, as in the document
	line  int      // line number of the block's first line
	files []docFile
}

type docSection struct {
	title string
	line  int
	items []any // docFile or *docRun, in document order
}

var fenceInfo = regexp.MustCompile("^```([a-z]*)(?:\\s+title=(\\S+))?\\s*$")

// parseErrorsDoc cuts the document into sections of files and runs.
func parseErrorsDoc(t *testing.T, text string) []*docSection {
	t.Helper()
	lines := strings.Split(text, "\n")
	var sections []*docSection
	cur := &docSection{title: "preamble", line: 1}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "####") {
			if h, ok := strings.CutPrefix(l, "### "); ok {
				sections = append(sections, cur)
				cur = &docSection{title: h, line: i + 1}
			} else if h, ok := strings.CutPrefix(l, "## "); ok {
				sections = append(sections, cur)
				cur = &docSection{title: h, line: i + 1}
			}
			continue
		}
		m := fenceInfo.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		start := i
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("%s:%d: unclosed code block", errorsDoc, start+1)
		}
		switch {
		case m[2] != "":
			cur.items = append(cur.items, docFile{name: m[2], text: expandDoc(t, strings.Join(body, "\n")+"\n")})
		case m[1] == "text" && len(body) > 0 && strings.HasPrefix(body[0], "$ csp"):
			cur.items = append(cur.items, &docRun{raw: body, line: start + 2})
		}
	}
	return append(sections, cur)
}

var abbrev = regexp.MustCompile(`⟨(?:(\d+) × )?("(?:[^"\\]|\\.)*"|[^⟩]*)⟩`)

// expandDoc replaces ⟨N × TEXT⟩ and ⟨"quoted"⟩.
func expandDoc(t *testing.T, s string) string {
	var bad error
	out := abbrev.ReplaceAllStringFunc(s, func(m string) string {
		sub := abbrev.FindStringSubmatch(m)
		text := sub[2]
		if strings.HasPrefix(text, `"`) {
			u, err := strconv.Unquote(text)
			if err != nil {
				bad = fmt.Errorf("%s: %v", m, err)
				return m
			}
			text = u
		}
		n := 1
		if sub[1] != "" {
			n, _ = strconv.Atoi(sub[1])
		}
		return strings.Repeat(text, n)
	})
	if bad != nil {
		t.Fatalf("%s: bad abbreviation %v", errorsDoc, bad)
	}
	return out
}

// splitArgs splits a command line as a shell does, for the quoting the
// document uses: '...' and "..." without escapes.
func splitArgs(line string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		case c == '\'' || c == '"':
			j := strings.IndexByte(line[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed quote in %q", line)
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inArg = true
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}

// lineReader hands a session its input one line per Read, noting how much
// output there was when each line was taken, so that a transcript can put
// each answer after its line.
type lineReader struct {
	lines []string
	out   *bytes.Buffer
	marks []int
}

func (r *lineReader) Read(p []byte) (int, error) {
	if len(r.marks) == len(r.lines) {
		return 0, io.EOF
	}
	l := r.lines[len(r.marks)] + "\n"
	if len(l) > len(p) {
		return 0, fmt.Errorf("line longer than the read buffer")
	}
	r.marks = append(r.marks, r.out.Len())
	return copy(p, l), nil
}

// execRun runs the commands of one run block and renders what a terminal
// would show, in the block's own layout.
func execRun(t *testing.T, r *docRun) string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < len(r.raw); {
		cmdLine := r.raw[i]
		if !strings.HasPrefix(cmdLine, "$ csp") {
			t.Fatalf("%s:%d: expected a line starting with \"$ csp\", found %q", errorsDoc, r.line+i, cmdLine)
		}
		// The run's lines go up to its "exit status" line.
		j := i + 1
		for j < len(r.raw) && !strings.HasPrefix(r.raw[j], "exit status ") {
			j++
		}
		if j == len(r.raw) {
			t.Fatalf("%s:%d: the run has no \"exit status N\" line", errorsDoc, r.line+i)
		}
		args, err := splitArgs(strings.TrimPrefix(cmdLine, "$ csp"))
		if err != nil {
			t.Fatalf("%s:%d: %v", errorsDoc, r.line+i, err)
		}
		text, code := renderRun(t, args, r.raw[i+1:j])
		b.WriteString(cmdLine + "\n" + text)
		fmt.Fprintf(&b, "exit status %d\n", code)
		i = j + 1
	}
	return b.String()
}

// renderRun runs csp with args in-process, typing the prompt lines of
// shown (a csp repl transcript) as its input, and renders what a terminal
// shows: the output, with each typed line after the prompt before its
// answer. It returns that text and the exit status.
func renderRun(t *testing.T, args, shown []string) (string, int) {
	t.Helper()
	var typed []string
	for _, l := range shown {
		if rest, ok := strings.CutPrefix(l, repl.Prompt); ok {
			typed = append(typed, rest)
		} else if rest, ok := strings.CutPrefix(l, repl.ContPrompt); ok {
			typed = append(typed, rest)
		}
	}
	for k := range typed {
		typed[k] = expandDoc(t, typed[k])
	}
	var out bytes.Buffer
	in := &lineReader{lines: typed, out: &out}
	// csp solve sets the process's soft memory limit (--max-memory);
	// keep it from reaching the other tests.
	limit := debug.SetMemoryLimit(-1)
	code := run(args, in, &out, &out)
	debug.SetMemoryLimit(limit)
	text := out.String()
	if len(in.marks) == 0 {
		return text, code
	}
	var b strings.Builder
	b.WriteString(text[:in.marks[0]])
	more := false
	var pending []string
	for k, l := range typed {
		if k >= len(in.marks) {
			break // the session stopped reading (:quit)
		}
		p := repl.Prompt
		if more {
			p = repl.ContPrompt
		}
		b.WriteString(p + l + "\n")
		end := len(text)
		if k+1 < len(in.marks) {
			end = in.marks[k+1]
		}
		b.WriteString(text[in.marks[k]:end])
		// The prompt the session shows next, as session.line decides.
		if len(pending) == 0 && strings.HasPrefix(strings.TrimSpace(l), ":") {
			more = false
			continue
		}
		pending = append(pending, l)
		more = lang.Incomplete([]byte(strings.Join(pending, "\n")))
		if !more {
			pending = nil
		}
	}
	return b.String(), code
}

func TestErrorsDoc(t *testing.T) {
	data, err := os.ReadFile(errorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	sections := parseErrorsDoc(t, doc)
	runs := 0
	type fix struct {
		run *docRun
		new string
	}
	var fixed []fix
	for _, sec := range sections {
		if len(sec.items) == 0 {
			continue
		}
		t.Run(sec.title, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Chdir(dir); err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := os.Chdir(root); err != nil {
					panic(err)
				}
			}()
			hasRun := false
			for _, it := range sec.items {
				switch it := it.(type) {
				case docFile:
					path := filepath.Join(dir, it.name)
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(it.text), 0o644); err != nil {
						t.Fatal(err)
					}
				case *docRun:
					hasRun = true
					runs++
					want := expandDoc(t, strings.Join(it.raw, "\n")+"\n")
					got := execRun(t, it)
					if got == want {
						continue
					}
					if *update {
						fixed = append(fixed, fix{it, got})
						continue
					}
					t.Errorf("%s:%d: the output differs from the document\n--- document\n%s--- actual\n%s", errorsDoc, it.line, want, got)
				}
			}
			if !hasRun {
				t.Errorf("%s:%d: section %q has files but no run", errorsDoc, sec.line, sec.title)
			}
		})
	}
	if runs < 100 {
		t.Errorf("%s: only %d runs found; the examples are not being read", errorsDoc, runs)
	}
	if *update && len(fixed) > 0 {
		// Replace the blocks from the last, so earlier line numbers hold.
		lines := strings.Split(doc, "\n")
		for i := len(fixed) - 1; i >= 0; i-- {
			f := fixed[i]
			first := f.run.line - 1 // index of the block's first line
			repl := strings.Split(strings.TrimSuffix(f.new, "\n"), "\n")
			lines = append(lines[:first], append(repl, lines[first+len(f.run.raw):]...)...)
		}
		if err := os.WriteFile(errorsDoc, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %d run blocks of %s", len(fixed), errorsDoc)
	}
}
