package main

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// solveOut runs csp solve and returns its stdout and stderr.
func solveOut(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"solve"}, args...), strings.NewReader(""), &stdout, &stderr); code != exitSolved && code != exitUnsat {
		t.Fatalf("csp solve %v: exit %d\n%s", args, code, stderr.String())
	}
	return stdout.String(), stderr.String()
}

var nodesLine = regexp.MustCompile(`(?m)^nodes +([0-9]+)$`)

func nodesOf(t *testing.T, stats string) string {
	t.Helper()
	m := nodesLine.FindStringSubmatch(stats)
	if m == nil {
		t.Fatalf("no nodes line in %q", stats)
	}
	return m[1]
}

// The boundary between restarting and not: -a and --count under the
// default settings do not restart (the same nodes as --restarts none),
// and a search told to restart after every failure still lists every
// solution once, under each policy.
func TestRestartsAllSolutions(t *testing.T) {
	q := "models/queens.csp"
	none, noneStats := solveOut(t, q, "-p", "n=7", "-a", "-s", "--workers", "1", "--restarts", "none")
	want := strings.Split(strings.TrimSpace(none), "\n")
	slices.Sort(want)
	for _, args := range [][]string{
		{"-a"},
		{"-a", "--restarts", "luby", "--restart-scale", "1"},
		{"-a", "--restarts", "geometric", "--restart-scale", "1", "--seed", "9"},
		{"-a", "--restarts", "luby", "--restart-scale", "1", "--order", "input", "--values", "min", "--prop", "fc"},
	} {
		out, stats := solveOut(t, append([]string{q, "-p", "n=7", "-s", "--workers", "1"}, args...)...)
		got := strings.Split(strings.TrimSpace(out), "\n")
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%v: %d solution lines, want the %d of --restarts none", args, len(got), len(want))
		}
		if len(args) == 1 && nodesOf(t, stats) != nodesOf(t, noneStats) {
			t.Errorf("-a searched %s nodes, --restarts none %s: -a must not restart", nodesOf(t, stats), nodesOf(t, noneStats))
		}
	}
	count, stats := solveOut(t, q, "-p", "n=7", "--count", "-s", "--workers", "1")
	_, noneStats = solveOut(t, q, "-p", "n=7", "--count", "-s", "--workers", "1", "--restarts", "none")
	if strings.TrimSpace(count) != "40" || nodesOf(t, stats) != nodesOf(t, noneStats) {
		t.Errorf("--count: %q in %s nodes; --restarts none: %s nodes", count, nodesOf(t, stats), nodesOf(t, noneStats))
	}
}

// The same seed gives the same search on one worker; the trace shows
// the restarts.
func TestRestartsSeedReproducible(t *testing.T) {
	args := []string{"models/queens.csp", "-p", "n=30", "-s", "--order", "mrv", "--restarts", "luby", "--restart-scale", "1", "--trace", "--trace-limit", "0"}
	first, firstStats := solveOut(t, append(args, "--seed", "7")...)
	again, againStats := solveOut(t, append(args, "--seed", "7")...)
	if first != again || nodesOf(t, firstStats) != nodesOf(t, againStats) {
		t.Errorf("--seed 7 twice: different searches (%s and %s nodes)", nodesOf(t, firstStats), nodesOf(t, againStats))
	}
	if !strings.Contains(first, "⟲ restart from the root") {
		t.Errorf("the trace shows no restart")
	}
	other, _ := solveOut(t, append(args, "--seed", "8")...)
	if other == first {
		t.Errorf("--seed 7 and --seed 8 traced the same search")
	}
}

// Restarts are csp's choice only for the first solution of a model
// without an objective, under the default settings.
func TestAutoRestarts(t *testing.T) {
	sat, err := lang.Compile(lang.Input{Model: lang.Source{Name: "m.csp", Text: []byte("var x in 1..3\nx > 1")}})
	if err != nil {
		t.Fatal(err)
	}
	opt, err := lang.Compile(lang.Input{Model: lang.Source{Name: "m.csp", Text: []byte("var x in 1..3\nminimize x")}})
	if err != nil {
		t.Fatal(err)
	}
	d := engine.Default()
	course := engine.Options{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC}
	for _, c := range []struct {
		name  string
		m     *engine.Model
		opts  engine.Options
		first bool
		want  engine.RestartPolicy
	}{
		{"first solution", sat.Model, d, true, engine.RestartLuby},
		{"all solutions", sat.Model, d, false, engine.RestartNone},
		{"optimisation", opt.Model, d, true, engine.RestartNone},
		{"the course's settings", sat.Model, course, true, engine.RestartNone},
	} {
		if got := searchopt.Auto(c.opts, c.m, searchopt.Goal{First: c.first}).Restarts; got != c.want {
			t.Errorf("%s: restarts %v, want %v", c.name, got, c.want)
		}
	}
	if got := searchopt.Auto(d, sat.Model, searchopt.Goal{First: true, Chosen: true}).Restarts; got != engine.RestartNone {
		t.Errorf("settings chosen: restarts %v", got)
	}
}

// A schedule without search statements branches on its start times,
// earliest first; optimised, with restarts and last conflict; LNS joins
// an optimisation on two workers. None of it when the user chose the
// settings.
func TestAutoSchedule(t *testing.T) {
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "m.csp", Text: []byte(
		"var s[1..3] in 0..20\nvar z in 0..5\nnooverlap(s, [3, 4, 5])\nminimize max(s[i] + 3 for i in 1..3) + z")}})
	if err != nil {
		t.Fatal(err)
	}
	o := searchopt.Auto(engine.Default(), prog.Model, searchopt.Goal{Workers: 2})
	if len(o.DefaultPhases) != 1 || len(o.DefaultPhases[0].Vars) != 3 || o.DefaultPhases[0].Order != engine.OrderSmallest ||
		o.DefaultPhases[0].Values != engine.ValuesMin || o.Restarts != engine.RestartLuby || !o.LastConflict || !o.LNS {
		t.Errorf("the schedule's options: %+v", o)
	}
	if o := searchopt.Auto(engine.Default(), prog.Model, searchopt.Goal{Workers: 1}); o.LNS {
		t.Error("LNS on one worker")
	}
	if o := searchopt.Auto(engine.Default(), prog.Model, searchopt.Goal{Workers: 2, Chosen: true}); o.LNS || o.DefaultPhases != nil || o.LastConflict {
		t.Errorf("settings chosen: %+v", o)
	}
}

// A schedule whose model says what to search keeps its statement: no
// default phase; --free-search ignores the statement, and the default
// phase comes back.
func TestAutoScheduleWithSearchStatement(t *testing.T) {
	prog, err := lang.Compile(lang.Input{Model: lang.Source{Name: "m.csp", Text: []byte(
		"var s[1..3] in 0..20\nnooverlap(s, [3, 4, 5])\nminimize max(s[i] + 3 for i in 1..3)\nsearch s order largest values max")}})
	if err != nil {
		t.Fatal(err)
	}
	if o := searchopt.Auto(engine.Default(), prog.Model, searchopt.Goal{Workers: 1}); o.DefaultPhases != nil {
		t.Errorf("a default phase beside the model's search statement: %+v", o.DefaultPhases)
	}
	free := engine.Default()
	free.FreeSearch = true
	if o := searchopt.Auto(free, prog.Model, searchopt.Goal{Workers: 1}); len(o.DefaultPhases) != 1 {
		t.Errorf("--free-search: default phases %+v", o.DefaultPhases)
	}
}

// The flags of the search reach the engine: -f, --free-search and
// --restart-base.
func TestSearchFlagsReachTheEngine(t *testing.T) {
	for _, c := range []struct {
		args string
		ok   func(engine.Options) bool
	}{
		{"m.csp -f", func(o engine.Options) bool { return o.FreeSearch }},
		{"m.csp --free-search", func(o engine.Options) bool { return o.FreeSearch }},
		{"m.csp", func(o engine.Options) bool { return !o.FreeSearch && o.RestartBase == 0 }},
		{"m.csp --restarts geometric --restart-base 2.5", func(o engine.Options) bool { return o.RestartBase == 2.5 }},
		{"m.csp --order smallest", func(o engine.Options) bool { return o.Order == engine.OrderSmallest }},
	} {
		o, err := parseArgs("solve", strings.Fields(c.args), true)
		if err != nil {
			t.Fatalf("%s: %v", c.args, err)
		}
		m := engine.NewModel()
		m.NewVarRange("x", 0, 1)
		if opts := o.engineOptions(m, searchopt.Goal{}); !c.ok(opts) {
			t.Errorf("%s: %+v", c.args, opts)
		}
	}
}
