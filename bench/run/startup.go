package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The start-up row: `csp solve models/queens.csp` (8-queens, the first
// example of the README) as a whole process, beside a Go hello world
// built by the same toolchain: what csp adds to starting any Go program.
// One run is the median of startupExecs processes, as a process of a few
// milliseconds is at the mercy of one context switch; the runs of csp and
// of hello world alternate as every row's variants do.
//
// csp has no C code, but where a C compiler is installed `go build` links
// it against libc, for the net package (readline and `csp play` import
// it), and the dynamic loader costs more than half a millisecond at each
// start. A machine with only Go builds it without cgo (Go 1.20 and later
// turn cgo off when no C compiler is found): the bench builds csp so, as
// CGO_ENABLED=0 does (-cgo for the other build), and this row measures
// the other build beside it.
const startupExecs = 101

func (r *runner) startupRows() []*problem {
	p := &problem{section: "Start-up", name: "csp solve models/queens.csp", size: 8,
		note: fmt.Sprintf("each run is the median of %d processes, end to end (the CPU column: user + system); the baseline is a Go hello world (fmt.Println) built by the same Go", startupExecs)}
	p.variants = append(p.variants, r.startupVariant("default", r.tools.csp))
	if r.cfg.CSP == "" {
		// The other build: with cgo, or without it under -cgo.
		name, ours := "go build with cgo", "CGO_ENABLED=0, static, as a machine with only Go builds it"
		if r.cfg.CGO {
			name, ours = "CGO_ENABLED=0", "go build with cgo, linked against libc"
		}
		if bin, err := buildCSP(r.cfg.Root, filepath.Join(r.tmp, "other-build"), !r.cfg.CGO); err != nil {
			r.notef("start-up row: no %s build of csp: %v", name, err)
		} else {
			p.variants = append(p.variants, r.startupVariant(name, bin))
			p.note += fmt.Sprintf("; csp's column is the bench's build of csp (%s), the %q column the other one", ours, name)
		}
	}
	hello, err := buildHello(r.tmp)
	if err != nil {
		r.notef("start-up row: no Go hello world to compare with: %v", err)
		return []*problem{p}
	}
	p.variants = append(p.variants, &variant{solver: "baseline", name: "Go hello world", family: "startup", run: func() result {
		return r.medianOfExecs(func(out []byte) string {
			if string(out) != "hello, world\n" {
				return fmt.Sprintf("printed %q", out)
			}
			return ""
		}, hello)
	}})
	return []*problem{p}
}

// startupVariant times the csp binary bin solving the README's model.
func (r *runner) startupVariant(name, bin string) *variant {
	return &variant{solver: "csp", name: name, family: "startup/" + name, run: func() result {
		return r.medianOfExecs(func(out []byte) string {
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			for _, l := range lines {
				if strings.Count(l, "Q") != 1 {
					return fmt.Sprintf("not a board of 8 queens: %q", out)
				}
			}
			if len(lines) != 8 {
				return fmt.Sprintf("not a board of 8 queens: %q", out)
			}
			return ""
		}, bin, "solve", "models/queens.csp")
	}}
}

// buildCSP builds ./cmd/csp of root into dir, with cgo if withCGO (where
// a C compiler is found), else with CGO_ENABLED=0.
func buildCSP(root, dir string, withCGO bool) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "csp")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/csp")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if withCGO {
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// medianOfExecs runs the command startupExecs times and gives the median
// wall and CPU time; wrong, given a process's stdout, says what is wrong
// with it ("" if nothing).
func (r *runner) medianOfExecs(wrong func([]byte) string, name string, args ...string) result {
	walls := make([]time.Duration, 0, startupExecs)
	cpus := make([]time.Duration, 0, startupExecs)
	var rss int64
	for range startupExecs {
		o := execute(r.cfg.Root, r.cfg.Timeout, name, args...)
		switch {
		case o.err != nil:
			return result{status: "error: " + o.err.Error()}
		case o.timedOut:
			return result{status: "timeout"}
		case o.exit != 0:
			return result{status: fmt.Sprintf("error: exit status %d: %s", o.exit, o.stderr)}
		}
		if w := wrong(o.stdout); w != "" {
			return result{status: "WRONG output", wrong: []string{w}}
		}
		walls, cpus, rss = append(walls, o.wall), append(cpus, o.cpu), max(rss, o.rssKB)
	}
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
	return result{wall: walls[len(walls)/2], cpu: cpus[len(cpus)/2], rssKB: rss, nodes: -1,
		detail: fmt.Sprintf("median of %d processes (fastest %s, slowest %s)", startupExecs, fmtDur(walls[0]), fmtDur(walls[len(walls)-1]))}
}

// buildHello builds a Go hello world in dir.
func buildHello(dir string) (string, error) {
	src := filepath.Join(dir, "hello")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	files := map[string]string{
		"go.mod":  "module hello\n\ngo 1.21\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(dir, "hello-world")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}
