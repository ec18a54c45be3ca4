package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// tools are the programs a run measures, and their versions.
type tools struct {
	csp        string
	cspVersion string
	cspCommit  string
	cspDirty   string
	cspEach    bool // csp solve --each
	cspWorkers bool // csp solve --workers
	cspAC      bool // --prop ac
	cspMid     bool // --values mid
	minizinc   string
	mznVersion string
	gecodeVer  string
	queens     string
	sudoku     string
	tdoku      string // the peer's driver (tdoku.go), or ""
	tdokuCXX   string // the compiler that built it
	gccVersion string
	goVersion  string
	cpu        string
	ncpu       int
	kernel     string
	mznDir     string
	benchDir   string
	date       string
}

func setupTools(cfg *Config, tmp string, notef func(string, ...any)) (*tools, error) {
	t := &tools{
		mznDir:   filepath.Join(cfg.Root, "bench", "mzn"),
		benchDir: filepath.Join(cfg.Root, "bench"),
		ncpu:     runtime.NumCPU(),
		date:     time.Now().Format("2006-01-02 15:04 MST"),
	}
	// csp
	if cfg.CSP != "" {
		p, err := filepath.Abs(cfg.CSP)
		if err != nil {
			return nil, err
		}
		t.csp = p
	} else {
		bin, err := buildCSP(cfg.Root, tmp, cfg.CGO)
		if err != nil {
			return nil, fmt.Errorf("building csp: %v", err)
		}
		t.csp = bin
	}
	if out, err := exec.Command(t.csp, "version").Output(); err == nil {
		t.cspVersion = strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("git", "-C", cfg.Root, "log", "-1", "--oneline").Output(); err == nil {
		t.cspCommit = strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("git", "-C", cfg.Root, "status", "--porcelain", "--", "cmd", "lang", "engine").Output(); err == nil {
		if n := len(strings.Fields(string(out))); n > 0 {
			t.cspDirty = fmt.Sprintf("%d uncommitted changes in cmd/, lang/, engine/ were built", strings.Count(string(out), "\n"))
			if cfg.CSP != "" {
				t.cspDirty = fmt.Sprintf("binary given with -csp; the checkout has %d uncommitted changes in cmd/, lang/, engine/", strings.Count(string(out), "\n"))
			}
		}
	}
	help, _ := exec.Command(t.csp, "solve", "--help").CombinedOutput()
	t.cspEach = strings.Contains(string(help), "--each")
	t.cspWorkers = strings.Contains(string(help), "--workers")
	t.cspAC = regexp.MustCompile(`--prop [a-z|]*\bac\b`).Match(help)
	t.cspMid = regexp.MustCompile(`--values [a-z|]*\bmid\b`).Match(help)
	if !t.cspEach {
		notef("csp has no --each yet: puzzle sets are solved one csp process per puzzle (start-up included in csp's time)")
	}
	if !t.cspWorkers {
		notef("csp has no --workers yet: only the default is measured")
	}
	// MiniZinc + Gecode
	if !cfg.NoGecode {
		if p, err := exec.LookPath("minizinc"); err == nil {
			solvers, _ := exec.Command(p, "--solvers").Output()
			if m := regexp.MustCompile(`(?m)^\s*Gecode (\S+) \(org\.gecode\.gecode`).FindSubmatch(solvers); m != nil {
				t.minizinc = p
				t.gecodeVer = string(m[1])
				if v, err := exec.Command(p, "--version").Output(); err == nil {
					if m := regexp.MustCompile(`version (\S+)`).FindSubmatch(v); m != nil {
						t.mznVersion = string(m[1])
					}
				}
			} else {
				notef("minizinc has no Gecode solver: Gecode columns are empty")
			}
		} else {
			notef("minizinc not found: Gecode columns are empty (apt-get install -y minizinc)")
		}
	}
	// baselines
	if !cfg.NoBaseline {
		if err := buildBaselines(cfg.Root, tmp); err != nil {
			notef("baselines not built (%v): baseline columns are empty", err)
		} else {
			t.queens = filepath.Join(tmp, "queens")
			t.sudoku = filepath.Join(tmp, "sudoku")
			if v, err := exec.Command("cc", "--version").Output(); err == nil {
				t.gccVersion = strings.SplitN(string(v), "\n", 2)[0]
			}
		}
	}
	// the peer
	if bin, cxx, err := buildTdoku(cfg, tmp); err != nil {
		notef("tdoku not built (%v): its columns are empty", err)
	} else {
		t.tdoku, t.tdokuCXX = bin, cxx
	}
	t.goVersion = runtime.Version()
	if out, err := exec.Command("go", "env", "GOVERSION").Output(); err == nil {
		t.goVersion = strings.TrimSpace(string(out))
	}
	t.cpu = cpuModel()
	if out, err := exec.Command("uname", "-sr").Output(); err == nil {
		t.kernel = strings.TrimSpace(string(out))
	}
	return t, nil
}

// buildBaselines compiles bench/baseline into dir, with make when there is
// one and the compiler directly otherwise (same flags as the Makefile).
func buildBaselines(root, dir string) error {
	src := filepath.Join(root, "bench", "baseline")
	if _, err := exec.LookPath("make"); err == nil {
		cmd := exec.Command("make", "-s", "-C", src, "BIN="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("make: %v: %s", err, strings.TrimSpace(string(out)))
		}
		return nil
	}
	cc := "cc"
	if _, err := exec.LookPath(cc); err != nil {
		return fmt.Errorf("no C compiler")
	}
	for _, name := range []string{"queens", "sudoku"} {
		cmd := exec.Command(cc, "-O2", "-Wall", "-Wextra", "-o", filepath.Join(dir, name), filepath.Join(src, name+".c"))
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v: %s", cc, err, strings.TrimSpace(string(out)))
		}
	}
	return nil
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}
