package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The claim of csp solve --explain, checked literally: random small models
// are written as .csp text; for those that csp solve finds unsatisfiable,
// the lines --explain prints are turned back into models and solved.
//
//   - The listed constraints (each line's own text; an instance of a
//     forall as a forall over its generator values), with every domain as
//     declared, have no solution.
//   - Dropping any one of them gives a model that has one.
//   - Widening a listed domain, the others kept, gives a model that has
//     one. The test widens it to -12..24: every value a generated model
//     mentions is in 0..10, so explain's range (those values, widened by
//     their own span on each side) is within it.
//   - No line is listed twice.
//
// go test ./cmd/csp -run TestExplainClaims -explain.time 10m runs it
// longer (-explain.seed for other models); FuzzExplain draws the models
// from a fuzzer's bytes (go test ./cmd/csp -run '^$' -fuzz FuzzExplain).
// A model whose searches run out of time is left out: nothing is known
// of it.
var (
	explainN    = flag.Int("explain.n", 40, "unsatisfiable random models TestExplainClaims checks")
	explainSeed = flag.Int64("explain.seed", 1, "seed of TestExplainClaims")
	explainTime = flag.Duration("explain.time", 0, "if set, TestExplainClaims runs until this much time has passed, whatever -explain.n says")
)

func TestExplainClaims(t *testing.T) {
	rng := rand.New(rand.NewSource(*explainSeed))
	dir := t.TempDir()
	start := time.Now()
	var models, unsat, items, slow int
	sizes := map[int]int{} // statements listed: models
	for {
		if *explainTime > 0 {
			if time.Since(start) > *explainTime {
				break
			}
		} else if unsat >= *explainN {
			break
		}
		m := genModel(randChooser{rng})
		models++
		r := checkExplainClaims(t, dir, m, 30*time.Second, 0)
		switch {
		case r.failed:
			return
		case r.slow:
			slow++
		case r.stmts > 0:
			unsat++
			items += r.stmts + r.domains
			sizes[r.stmts]++
		}
	}
	var hist []string
	for k := 1; len(hist) < len(sizes); k++ {
		if sizes[k] > 0 {
			hist = append(hist, fmt.Sprintf("%d: %d", k, sizes[k]))
		}
	}
	t.Logf("%d models, %d unsatisfiable, %d items listed, all claims hold (%v); models by statements listed: %s; left out, a search too long: %d",
		models, unsat, items, time.Since(start).Round(time.Second), strings.Join(hist, ", "), slow)
}

func FuzzExplain(f *testing.F) {
	for _, seed := range []string{"", "\x01\x02\x03\x04\x05\x06\x07\x08", "\xff\x10\x20\x30\x40\x50\x60\x70\x80\x90", "explain this model, please",
		// count(a[j] = 1 for j in 1..n) != 2 * x -> y - 1 >= 2 * y with a
		// widened: 8s to find a = [1 1 1 1], which the fuzzer took for a hang.
		"\x80&v\x17&\xb3v\x17P\xb33!P"} {
		f.Add([]byte(seed))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		// The fuzzer takes an input that runs for 10s for a hang: each
		// search has 200ms, and all of them 5s.
		if r := checkExplainClaims(t, dir, genModel(&byteChooser{b: data}), 200*time.Millisecond, 5*time.Second); r.slow {
			t.Skip("a search ran out of time")
		}
	})
}

// solveStatus runs csp solve on a model text, each search for at most
// limit: 0 it has a solution, 1 it has none, 3 the search ran out of time.
func solveStatus(t *testing.T, dir, text string, limit time.Duration, args ...string) (int, string) {
	t.Helper()
	path := filepath.Join(dir, "m.csp")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"solve", path, "--workers", "1", "--timeout", limit.String()}, args...), strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String() + stderr.String()
}

// claimsResult is what checkExplainClaims found of a model.
type claimsResult struct {
	stmts, domains int  // items listed; none for a model with a solution
	slow           bool // a search ran out of time: nothing is known
	failed         bool // a claim is false (reported)
}

var explainLine = regexp.MustCompile(`^  [^ ]*:\d+:\d+: (.*)$`)

// checkExplainClaims checks what --explain says of m, if csp finds it
// unsatisfiable. Each search may run for limit; if budget is not zero,
// the checks stop (as slow) once it has passed.
func checkExplainClaims(t *testing.T, dir string, m *xmodel, limit, budget time.Duration) claimsResult {
	t.Helper()
	start := time.Now()
	src := m.text(m.stmts, "")
	code, out := solveStatus(t, dir, src, limit)
	switch code {
	case exitSolved:
		return claimsResult{}
	case exitUnsat:
	case exitLimit:
		return claimsResult{slow: true}
	default:
		t.Errorf("csp solve: exit %d\n%s\n%s", code, src, out)
		return claimsResult{failed: true}
	}
	code, out = solveStatus(t, dir, src, limit, "--explain")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code == exitLimit || code == exitUnsat && strings.Contains(lines[0], "ran out of time") {
		return claimsResult{slow: true}
	}
	if code != exitUnsat || !strings.HasSuffix(lines[0], "gives a model that has one:") &&
		!strings.HasSuffix(lines[0], "without it the model has one:") {
		t.Errorf("csp solve --explain: exit %d\n%s\n%s", code, src, out)
		return claimsResult{failed: true}
	}
	fail := func(format string, args ...any) claimsResult {
		t.Errorf("%s\n--- model\n%s--- explain\n%s", fmt.Sprintf(format, args...), src, out)
		return claimsResult{failed: true}
	}
	var listed, widened []string
	seen := map[string]bool{}
	for _, l := range lines[1:] {
		if seen[l] {
			return fail("a line is listed twice: %s", l)
		}
		seen[l] = true
		g := explainLine.FindStringSubmatch(l)
		if g == nil {
			return fail("not an item: %q", l)
		}
		if rest, ok := strings.CutPrefix(g[1], "the domain of "); ok {
			name, _, _ := strings.Cut(rest, ",")
			widened = append(widened, name)
			continue
		}
		s, err := itemStatement(g[1])
		if err != nil {
			return fail("%v", err)
		}
		listed = append(listed, s)
	}
	if len(listed) == 0 {
		return fail("no statement is listed")
	}
	// want solves a model made of the listed items and compares.
	want := func(what string, text string, wantCode int) (claimsResult, bool) {
		if budget > 0 && time.Since(start) > budget {
			return claimsResult{slow: true}, false
		}
		code, res := solveStatus(t, dir, text, limit)
		switch code {
		case wantCode:
			return claimsResult{}, true
		case exitLimit:
			return claimsResult{slow: true}, false
		}
		return fail("%s: exit %d, want %d\n%s%s", what, code, wantCode, text, res), false
	}
	if r, ok := want("the listed statements with the declared domains", m.text(listed, ""), exitUnsat); !ok {
		return r
	}
	for i := range listed {
		rest := append(append([]string(nil), listed[:i]...), listed[i+1:]...)
		if r, ok := want(fmt.Sprintf("without %q", listed[i]), m.text(rest, ""), exitSolved); !ok {
			return r
		}
	}
	for _, d := range widened {
		if r, ok := want("with the domain of "+d+" widened", m.text(listed, d), exitSolved); !ok {
			return r
		}
	}
	return claimsResult{stmts: len(listed), domains: len(widened)}
}

// itemStatement turns a listed item back into a statement: its text, and
// for an instance of a forall a forall over the generator values,
//
//	a[i] >= i   with i = 3   (part of line 2)
//
// becoming forall i in 3..3: a[i] >= i.
func itemStatement(item string) (string, error) {
	fields := strings.Split(item, "   ")
	text := fields[0]
	if strings.Contains(text, "...") {
		return "", fmt.Errorf("a shortened item: %q", item)
	}
	for _, f := range fields[1:] {
		switch {
		case strings.HasPrefix(f, "with "):
			var gens []string
			for _, b := range strings.Split(strings.TrimPrefix(f, "with "), ", ") {
				name, v, ok := strings.Cut(b, " = ")
				if !ok {
					return "", fmt.Errorf("bad generator values in %q", item)
				}
				gens = append(gens, fmt.Sprintf("%s in %s..%s", name, v, v))
			}
			text = "forall " + strings.Join(gens, ", ") + ": " + text
		case strings.HasPrefix(f, "(part of "):
		default:
			return "", fmt.Errorf("unexpected %q in %q", f, item)
		}
	}
	return text, nil
}
