package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// --timeout and :set timeout take Go durations and plain seconds; every
// whole number is a number of seconds, 10 and 100 as much as 7.
func TestDurationFlag(t *testing.T) {
	good := map[string]time.Duration{
		"10": 10 * time.Second, "20": 20 * time.Second, "60": time.Minute, "100": 100 * time.Second,
		"7": 7 * time.Second, "0.5": 500 * time.Millisecond, "2.25": 2250 * time.Millisecond,
		"10s": 10 * time.Second, "1m30s": 90 * time.Second, "500ms": 500 * time.Millisecond,
	}
	for in, want := range good {
		var d time.Duration
		if err := settings.Duration(&d).Set(in); err != nil || d != want {
			t.Errorf("%q: %v, %v; want %v", in, d, err, want)
		}
	}
	for _, in := range []string{"0", "0s", "-1", "-5s", "soon", "1e3", "10.", ".5", "", "99999999999999999999", "1 0"} {
		var d time.Duration
		if err := settings.Duration(&d).Set(in); err == nil {
			t.Errorf("%q accepted as %v", in, d)
		}
	}
}

func TestTimeoutOnTheCommandLine(t *testing.T) {
	for _, secs := range []string{"10", "60", "100"} {
		out := runCLI("solve", "models/queens.csp", "--timeout", secs, "--count")
		if !strings.Contains(out, "92\n") || !strings.Contains(out, "--- exit 0") {
			t.Errorf("--timeout %s:\n%s", secs, out)
		}
	}
}

// --each answers each line with one line: the flags that ask for more, or
// for something else, are refused before anything is read.
func TestEachRefusesFlags(t *testing.T) {
	for _, extra := range [][]string{{"-a"}, {"--all"}, {"-n", "2"}, {"--explain"}, {"--trace"}, {"--tree", "t.svg"}} {
		args := append([]string{"--each", "lines.txt", "model.csp"}, extra...)
		if _, err := parseArgs("solve", args, true); err == nil || !strings.Contains(err.Error(), "--each") {
			t.Errorf("%v: %v", extra, err)
		}
	}
	if _, err := parseArgs("solve", []string{"--each", "lines.txt", "model.csp", "--count"}, true); err != nil {
		t.Errorf("--count with --each: %v", err)
	}
}

// MiniZinc's spellings and grouped short flags mean exactly what csp's
// own spelling beside them means.
func TestOtherSpellings(t *testing.T) {
	same := []struct{ cmd, theirs, ours string }{
		{"solve", "m.csp -n3", "m.csp -n 3"},
		{"solve", "-as m.csp", "-a -s m.csp"},
		{"solve", "-sa m.csp", "-a -s m.csp"},
		{"solve", "-an3 m.csp", "-a -n 3 m.csp"},
		{"solve", "-an 3 m.csp", "-a -n 3 m.csp"},
		{"solve", "-pn=8 m.csp", "-p n=8 m.csp"},
		{"solve", "m.csp --time-limit 5000", "m.csp --timeout 5s"},
		{"solve", "m.csp --time-limit=1500ms", "m.csp --timeout 1.5s"},
		{"solve", "m.csp --all-solutions", "m.csp --all"},
		{"solve", "m.csp --num-solutions 4", "m.csp -n 4"},
		{"solve", "m.csp --statistics", "m.csp --stats"},
		{"solve", "m.csp --json-stream", "m.csp --json"},
		{"solve", "m.csp --parallel 2", "m.csp --workers 2"},
		{"solve", "m.csp -D n=8", "m.csp -p n=8"},
		{"solve", "m.csp -D n=8;_g=[1_2;_3_4];", "m.csp -p n=8 -p g=[1_2;_3_4]"},
		{"solve", "m.csp -D s=\"a;b\";k=1", "m.csp -p s=\"a;b\" -p k=1"},
		{"solve", "-d d.csp m.csp", "m.csp d.csp"},
		{"solve", "--data=d.csp m.csp e.csp", "m.csp e.csp d.csp"},
		{"solve", "--trace piles m.csp", "--trace=piles m.csp"},
		{"solve", "-trace domains m.csp", "--trace=domains m.csp"},
		{"solve", "--trace steps m.csp", "--trace m.csp"},
		{"solve", "-n -3 m.csp", "m.csp -n -3"}, // a value is never a flag
		{"check", "m.csp -D n=3", "m.csp -p n=3"},
		{"check", "-hp n=3 m.csp", "-h -p n=3 m.csp"},
		{"compare", "m.csp -an2", "m.csp --all -n 2"},
	}
	for _, c := range same {
		theirs, err1 := parseArgs(c.cmd, fields(c.theirs), c.cmd != "check")
		ours, err2 := parseArgs(c.cmd, fields(c.ours), c.cmd != "check")
		if fmt.Sprint(err1) != fmt.Sprint(err2) || !reflect.DeepEqual(theirs, ours) {
			t.Errorf("%s %s: %+v, %v\nwant as %s: %+v, %v", c.cmd, c.theirs, theirs, err1, c.ours, ours, err2)
		}
	}
	// --trace takes only its modes as a value: anything else is a file.
	o, err := parseArgs("solve", []string{"--trace", "model.csp"}, true)
	if err != nil || o.trace != traceSteps || !slices.Equal(o.files, []string{"model.csp"}) {
		t.Errorf("--trace model.csp: %+v, %v", o, err)
	}
}

// fields splits a command line at spaces; _ stands for a space inside an
// argument.
func fields(s string) []string {
	f := strings.Fields(s)
	for i := range f {
		f[i] = strings.ReplaceAll(f[i], "_", " ")
	}
	return f
}

func TestFlagErrors(t *testing.T) {
	cases := []struct{ cmd, args, want string }{
		{"solve", "m.csp --frob", "unknown flag --frob (did you mean --job?); see csp help solve"},
		{"solve", "m.csp -x", "unknown flag -x; see csp help solve"},
		{"solve", "m.csp -s3", "unknown flag --s3; see csp help solve"},
		{"solve", "m.csp --all-solution", "unknown flag --all-solution (did you mean --all-solutions?); see csp help solve"},
		{"check", "m.csp --all", "unknown flag --all (a flag of csp solve); see csp help check"},
		{"check", "m.csp -as", "unknown flag --as; see csp help check"},
		{"compare", "m.csp --frob", "unknown flag --frob (did you mean --prop?); see csp help compare"},
		{"solve", "m.csp -p 4", `-p "4": a param is name=value (the number of threads, MiniZinc's -p N, is --workers N)`},
		{"solve", "m.csp --solver gecode", "--solver chooses MiniZinc's back end; csp is its own solver: leave it out"},
		{"solve", "m.csp -i", "csp prints each improving solution"},
		{"solve", "m.csp --time-limit 0", `--time-limit "0": not a positive number of milliseconds`},
		{"solve", "m.csp --time-limit soon", `--time-limit "soon": not a positive number of milliseconds`},
		{"solve", "m.csp --num-solutions 0", "-n needs a positive number"},
		{"solve", "m.csp -D ;", `-D ";": no name=value in it`},
		{"solve", "m.csp -n", "-n needs a value"},
		{"solve", "m.csp -an", "-n needs a value"},
		{"solve", "m.csp --trace=pile", `--trace "pile": not one of domains, piles, steps`},
	}
	for _, c := range cases {
		_, err := parseArgs(c.cmd, fields(c.args), c.cmd != "check")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s %s: %v\nwant %s", c.cmd, c.args, err, c.want)
		}
	}
}

// Every flag of solve parses with a value of its kind, so every flag has a
// placeholder (its usage string) or a list of names for completion, and
// every flag but the other spellings is in its command's help.
func TestEveryFlag(t *testing.T) {
	for _, cmd := range []string{"solve", "check", "compare", "split"} {
		solve := cmd == "solve" || cmd == "compare"
		fs := newFlagSet(cmd, &options{}, solve)
		fs.VisitAll(func(f *flag.Flag) {
			args := []string{settings.Dashes(f.Name)}
			if !settings.IsBool(f) {
				args = append(args, sampleValue(t, f))
			}
			if _, err := parseArgs(cmd, append(args, "m.csp"), solve); err != nil {
				t.Errorf("csp %s %v: %v", cmd, args, err)
			}
			// compare takes solve's flags, and its help names those it heeds.
			if cmd != "compare" && !otherSpellings[f.Name] && !strings.Contains(commandUsage(cmd), settings.Dashes(f.Name)) {
				t.Errorf("csp help %s does not mention %s", cmd, settings.Dashes(f.Name))
			}
		})
	}
}

func sampleValue(t *testing.T, f *flag.Flag) string {
	if names := settings.ValueNames(f); names != nil {
		return names[0]
	}
	samples := map[string]string{"N": "2", "D": "5s", "MS": "500", "S": "1G", "name=value": "n=1", "FILE": "f.txt", "FILE.svg|FILE.dot": "t.svg", "FILE:K": "jobs.txt:1", "F": "1.5"}
	v, ok := samples[f.Usage]
	if !ok {
		t.Errorf("flag %s: no placeholder (usage string) nor names for its value", settings.Dashes(f.Name))
	}
	return v
}

// replFlags, which completion reads, lists the flags csp repl takes.
func TestReplFlags(t *testing.T) {
	replFlags().VisitAll(func(f *flag.Flag) {
		args := []string{"repl", settings.Dashes(f.Name)}
		if !settings.IsBool(f) {
			args = append(args, filepath.Join(t.TempDir(), "history"))
		}
		var out, errb bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
			t.Errorf("csp %v: exit %d: %s", args, code, errb.String())
		}
	})
}

// The hints are messages too, out of the reach of TestErrorsDocComplete's
// scan: each is in docs/errors.md, and each answers its flag.
func TestHintsDocumented(t *testing.T) {
	doc, err := os.ReadFile(errorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	for name, hint := range hints {
		if !strings.Contains(string(doc), "csp solve: "+hint+"\n") {
			t.Errorf("the hint for %s is not in %s: %s", settings.Dashes(name), errorsDoc, hint)
		}
		if _, err := parseArgs("solve", []string{"m.csp", settings.Dashes(name)}, true); err == nil || err.Error() != hint {
			t.Errorf("%s: %v", settings.Dashes(name), err)
		}
	}
}
