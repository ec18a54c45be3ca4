package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// tdoku (t-dillon/tdoku, BSD-2) is the fastest published Sudoku solver,
// the peer the 9 x 9 sets are compared with. Its source is not part of
// csp: the runner compiles it from a read-only directory (TDOKU_DIR, by
// default peers/tdoku beside the puzzle data: ../shared/peers/tdoku) into
// the user's cache directory, keyed by the sources, the compiler and the
// flags, so that a run rebuilds it only when one of them changes.

// tdokuSources are the files its driver needs, relative to its directory.
var tdokuSources = []string{"tdoku_solve.cc", "src/solver_dpll_triad_simd.cc", "src/util.cc"}

// tdokuFlags are tdoku's own build flags: its SIMD code needs the
// machine's instruction set.
var tdokuFlags = []string{"-O3", "-march=native", "-fno-exceptions", "-fno-rtti"}

// tdokuDir is where tdoku's source is looked for.
func tdokuDir(cfg *Config) string {
	if d := os.Getenv("TDOKU_DIR"); d != "" {
		return d
	}
	return filepath.Join(cfg.Data, "..", "..", "peers", "tdoku")
}

// buildTdoku compiles tdoku's driver and returns the binary and the
// compiler's version, or why it could not.
func buildTdoku(cfg *Config, tmp string) (bin, compiler string, err error) {
	src := tdokuDir(cfg)
	for _, f := range tdokuSources {
		if !fileExists(filepath.Join(src, f)) {
			return "", "", fmt.Errorf("no %s in %s (set TDOKU_DIR)", f, src)
		}
	}
	cxx := ""
	for _, c := range []string{"g++", "c++", "clang++"} {
		if p, err := exec.LookPath(c); err == nil {
			cxx = p
			break
		}
	}
	if cxx == "" {
		return "", "", fmt.Errorf("no C++ compiler (g++, c++, clang++)")
	}
	v, _ := exec.Command(cxx, "--version").Output()
	compiler = strings.SplitN(string(v), "\n", 2)[0]
	key, err := tdokuKey(src, compiler)
	if err != nil {
		return "", "", err
	}
	dir := tmp
	if cache, err := os.UserCacheDir(); err == nil {
		dir = filepath.Join(cache, "csp-bench", "tdoku-"+key)
	}
	bin = filepath.Join(dir, "tdoku_solve")
	if fileExists(bin) {
		return bin, compiler, nil
	}
	if cfg.Quick {
		return "", "", fmt.Errorf("not built in -quick mode (a full run builds it once into %s)", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	// Built under a temporary name, so that an interrupted build leaves no
	// binary that a later run would take for a finished one.
	part := bin + ".part"
	args := append(append([]string{}, tdokuFlags...), "-o", part)
	args = append(args, tdokuSources...)
	cmd := exec.Command(cxx, args...)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("%s: %v: %s", filepath.Base(cxx), err, strings.TrimSpace(string(out)))
	}
	return bin, compiler, os.Rename(part, bin)
}

// tdokuKey names a build: the sources, the compiler and the flags.
func tdokuKey(src, compiler string) (string, error) {
	h := sha256.New()
	fmt.Fprintln(h, compiler, strings.Join(tdokuFlags, " "))
	for _, f := range append(tdokuSources, "src/simd_vectors.h", "src/bitutil.h", "src/util.h") {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil && f == tdokuSources[0] {
			return "", err
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// reTdoku is the line tdoku's driver prints on stderr: its solving time,
// input and output excluded.
var reTdoku = regexp.MustCompile(`tdoku solve_s=([\d.]+)`)

// tdokuVariants solves the set with tdoku, on one core and with two
// processes (-j 2, as csp's two workers), every answer checked.
func (r *runner) tdokuVariants(s *puzzleSet, whole time.Duration) []*variant {
	if r.tools.tdoku == "" || s.n != 9 {
		return nil
	}
	var vs []*variant
	for _, j := range []int{1, 2} {
		name := "1 core"
		if j > 1 {
			name = fmt.Sprintf("-j %d", j)
		}
		v := &variant{solver: "tdoku", name: name, family: "set/tdoku/" + name}
		v.run = func() result {
			// tdoku's driver reads the puzzles on stdin; exec keeps the
			// measured process tdoku itself.
			o := execute(r.cfg.Root, whole, "/bin/sh", "-c", `exec "$0" -j "$1" < "$2"`,
				r.tools.tdoku, strconv.Itoa(j), s.path)
			res := tdokuResult(o)
			if res.ok() {
				s.check(&res, strings.Split(strings.TrimRight(string(o.stdout), "\n"), "\n"))
			}
			return res
		}
		vs = append(vs, v)
	}
	return vs
}

// tdokuResult reads a run of tdoku's driver: its status and its own
// solving time.
func tdokuResult(o outcome) result {
	res := baseResult(o)
	res.nodes = -1 // the driver does not count guesses
	if m := reTdoku.FindSubmatch(o.stderr); m != nil {
		sec, _ := strconv.ParseFloat(string(m[1]), 64)
		res.solve, res.hasSolve = time.Duration(sec*float64(time.Second)), true
	}
	return res
}
