package fzncmd

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// asSolver makes the test binary csp fzn when MiniZinc runs it as the
// solver the test installed (see TestMiniZinc).
const asSolver = "CSP_FZNCMD_TEST_AS_SOLVER"

func TestMain(m *testing.M) {
	if os.Getenv(asSolver) == "1" {
		args := os.Args[1:]
		if len(args) > 0 && args[0] == "fzn" {
			args = args[1:]
		}
		os.Exit(Fzn(args, os.Stdin, os.Stdout, os.Stderr, Env{Version: "test"}))
	}
	os.Exit(m.Run())
}

// TestMiniZinc runs minizinc --solver csp on the models of testdata/mzn,
// installed as csp mzn install does, and compares every solution (-a)
// with Gecode's, or for an optimisation the optimum: the globals csp
// passes to its own propagators must mean what MiniZinc means, index sets
// included.
func TestMiniZinc(t *testing.T) {
	mzn, err := exec.LookPath("minizinc")
	if err != nil {
		t.Skip("minizinc is not installed: the end-to-end test is skipped (apt-get install minizinc)")
	}
	dir := t.TempDir()
	exe, err := filepath.Abs(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := install(dir, exe, "test"); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "MZN_SOLVER_PATH="+dir, asSolver+"=1")
	if out, err := runMiniZinc(mzn, env, "--solvers"); err != nil || !strings.Contains(out, "org.csp-lang.csp") {
		t.Fatalf("minizinc does not list the installed solver (%v):\n%s", err, out)
	}
	models, _ := filepath.Glob("testdata/mzn/*.mzn")
	if len(models) < 10 {
		t.Fatalf("only %d models in testdata/mzn", len(models))
	}
	for _, m := range models {
		name := strings.TrimSuffix(filepath.Base(m), ".mzn")
		if name == "floats" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			args := []string{"-a", "--output-mode", "dzn", "--output-objective", m}
			got, err := runMiniZinc(mzn, env, append([]string{"--solver", "csp"}, args...)...)
			if err != nil {
				t.Fatalf("csp: %v\n%s", err, got)
			}
			want, err := runMiniZinc(mzn, env, append([]string{"--solver", "gecode"}, args...)...)
			w := verdict(want)
			if err != nil {
				if w = withoutGecode[name]; w == "" {
					t.Skipf("gecode cannot run %s (%v): nothing to compare with", m, err)
				}
			}
			if g := verdict(got); g != w {
				t.Errorf("csp:\n%s\ngecode:\n%s\ncsp gives %s, gecode %s", got, want, g, w)
			}
		})
	}
	t.Run("floats", func(t *testing.T) {
		out, err := runMiniZinc(mzn, env, "--solver", "csp", "testdata/mzn/floats.mzn")
		if err == nil || !strings.Contains(out, "csp supports int and bool variables") || !strings.Contains(out, "declares var float") {
			t.Errorf("a float model: %v\n%s", err, out)
		}
	})
}

// withoutGecode are the verdicts of the models Gecode refuses: inverse
// of lists of different lengths has no solution, as MiniZinc defines it.
var withoutGecode = map[string]string{
	"inverse_lengths": "\n=====UNSATISFIABLE=====",
}

func runMiniZinc(mzn string, env []string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, mzn, args...)
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// verdict is what a run found: for an optimisation its optimum, otherwise
// its solutions in order, and whether the search was complete.
func verdict(out string) string {
	var sols []string
	objective := ""
	for _, s := range strings.Split(out, "----------\n") {
		var lines []string
		for _, l := range strings.Split(s, "\n") {
			switch {
			case strings.HasPrefix(l, "_objective = "):
				objective = l
			case strings.Contains(l, " = "):
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			sols = append(sols, strings.Join(lines, " "))
		}
	}
	end := ""
	for _, mark := range []string{"==========", "=====UNSATISFIABLE=====", "=====UNKNOWN====="} {
		if strings.Contains(out, mark) {
			end = mark
		}
	}
	if objective != "" {
		return objective + " " + end
	}
	sort.Strings(sols)
	return strings.Join(sols, "\n") + "\n" + end
}
