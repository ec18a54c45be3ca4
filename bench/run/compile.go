package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ---- compiling large models ----
//
// The targets of issue 11: a model of 200,000 statements is lowered in
// under a second and 150 MB (`csp check`: parsing and lowering), and any
// file under the 64 MB input limit either solves or is refused within
// 4 GB, csp's default --max-memory (`csp solve`). The files are generated
// into the run's temporary directory.

// compileCase is one generated file and what it must come to.
type compileCase struct {
	name  string
	text  func() string
	check bool // lowered by csp check, which must pass; else solved or refused by csp solve
}

// sizedText repeats unit until the text reaches size bytes, between head
// and tail.
func sizedText(head, unit, tail string, size int) string {
	var b strings.Builder
	b.Grow(size + len(tail))
	b.WriteString(head)
	for b.Len()+len(unit)+len(tail) <= size {
		b.WriteString(unit)
	}
	b.WriteString(tail)
	return b.String()
}

func compileCases(quick bool) []compileCase {
	const mb64 = 64<<20 - 1024
	cases := []compileCase{
		{"forall of 200,000 constraints", func() string {
			return "var x[1..1000] in 0..9\nforall i in 1..200000: x[i % 1000 + 1] >= i % 5\n"
		}, true},
	}
	if quick {
		return cases
	}
	cases = append(cases, []compileCase{
		{"200,000 statements", func() string {
			var b strings.Builder
			b.WriteString("var x[1..1000] in 0..9\n")
			for i := range 200000 {
				fmt.Fprintf(&b, "x[%d] + x[%d] >= %d\n", i%1000+1, (i*7)%1000+1, i%5)
			}
			return b.String()
		}, true},
		{"sum of 200,000 ones on one line (issue 16)", func() string {
			return "var x in 1..3\nx = " + strings.Repeat("1 + ", 199999) + "1\n"
		}, false},
		{"or of 200,000 comparisons on one line (issue 16)", func() string {
			return "var x in 1..3\n" + strings.Repeat("x = 4 or ", 200000) + "x = 3\n"
		}, false},
		{"or of 1,000,000 terms (9 MB)", func() string {
			var b strings.Builder
			b.WriteString("var x in 0..9\n")
			for i := range 999999 {
				fmt.Fprintf(&b, "x = %d or ", 10+i%10)
			}
			return b.String() + "x = 3\n"
		}, false},
	}...)
	return append(cases,
		compileCase{"64 MB of statements x >= 0", func() string {
			return sizedText("var x in 0..9\n", "x >= 0\n", "", mb64)
		}, false},
		compileCase{"64 MB sum of one statement", func() string {
			return sizedText("var x in 0..9\nx + ", "x + ", "x >= 0\n", mb64)
		}, false},
		compileCase{"64 MB matrix param", func() string {
			return sizedText("param p = [", "1 2 3 4 5 6 7 8\n", "]\nvar x in 0..9\nx = p[1, 1]\n", mb64)
		}, false},
		compileCase{"64 MB of foralls of 9,000,000 constraints", func() string {
			return sizedText("var x in 0..9\n", "forall i in 1..3000, j in 1..3000: "+strings.Repeat("x + ", 40)+"i >= j\n", "", mb64)
		}, false},
	)
}

func (r *runner) compiles() ([]*problem, error) {
	var ps []*problem
	dir := filepath.Join(r.tmp, "compile")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for i, c := range compileCases(r.cfg.Quick) {
		path := filepath.Join(dir, fmt.Sprintf("c%d.csp", i))
		if err := os.WriteFile(path, []byte(c.text()), 0o644); err != nil {
			return nil, err
		}
		p := &problem{section: "Compiling large models (csp only)", name: "compile " + c.name}
		cmd := "solve"
		if c.check {
			cmd = "check"
		}
		p.variants = []*variant{{solver: "csp", name: "default", family: "compile/" + c.name, run: func() result {
			return compileResult(execute(r.cfg.Root, r.cfg.Timeout, r.tools.csp, cmd, path), c.check)
		}}}
		ps = append(ps, p)
	}
	return ps, nil
}

// compileResult reads a compile row: within 4 GB, passed (check) or
// solved, or refused with a message (exit 2 or 3) where that is allowed.
func compileResult(o outcome, mustPass bool) result {
	res := result{wall: o.wall, cpu: o.cpu, rssKB: o.rssKB, nodes: -1}
	switch {
	case o.err != nil:
		res.status = "error: " + o.err.Error()
	case o.timedOut:
		res.status = "timeout"
	case o.rssKB > 4<<20:
		res.status = fmt.Sprintf("WRONG: %d MB, past 4 GB", o.rssKB>>10)
		res.wrong = append(res.wrong, res.status)
	case o.exit == 0 || o.exit == 1:
		res.detail = "passed"
		if !mustPass {
			res.detail = "solved"
		}
	case !mustPass && (o.exit == 2 || o.exit == 3):
		res.detail = "refused: " + firstMessage(o.stderr)
	default:
		res.status = fmt.Sprintf("error (exit %d): %s", o.exit, firstMessage(o.stderr))
	}
	return res
}
