package main

import (
	"errors"
	"flag"
	"runtime"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// Other spellings of csp's flags, as people bring them from MiniZinc and
// from getopt: -n3, -as, --trace piles, --all-solutions, -D "n=8; m=3".
// The flags whose meaning is csp's own are accepted under MiniZinc's names;
// the few whose meaning differs get a one-line hint instead.

// otherSpellings are flags that parse but that help, completion and the
// suggestions for a mistyped flag leave out: csp has its own names for them.
var otherSpellings = map[string]bool{
	"D": true, "d": true, "data": true, // all commands
	"all-solutions": true, "num-solutions": true, "statistics": true,
	"json-stream": true, "time-limit": true, "parallel": true, "r": true, "random-seed": true,
}

// addOtherSpellings registers MiniZinc's names for csp's flags.
func addOtherSpellings(fs *flag.FlagSet, o *options, solve bool) {
	fs.Var(dataString{&o.params}, "D", "name=value")
	fs.Var((*fileList)(&o.data), "d", "FILE")
	fs.Var((*fileList)(&o.data), "data", "FILE")
	if !solve {
		return
	}
	fs.BoolVar(&o.all, "all-solutions", false, "")
	fs.IntVar(&o.first, "num-solutions", 0, "N") // registering sets the default: the same as -n
	fs.BoolVar(&o.stats, "statistics", false, "")
	fs.BoolVar(&o.json, "json-stream", false, "")
	fs.Var(settings.Millis(&o.timeout), "time-limit", "MS")
	fs.IntVar(&o.workers, "parallel", runtime.NumCPU(), "N") // the default of --workers
	fs.Uint64Var(&o.seed, "r", 0, "N")
	fs.Uint64Var(&o.seed, "random-seed", 0, "N")
}

// hints answer MiniZinc flags that csp does not take, or takes otherwise.
var hints = map[string]string{
	"solver":                 "--solver chooses MiniZinc's back end; csp is its own solver: leave it out",
	"i":                      "csp prints each improving solution of minimize/maximize without -i",
	"intermediate":           "csp prints each improving solution of minimize/maximize without --intermediate",
	"intermediate-solutions": "csp prints each improving solution of minimize/maximize without --intermediate-solutions",
	"c":                      "-c compiles without solving in MiniZinc; csp check MODEL checks a model without solving it",
	"compile":                "--compile compiles without solving in MiniZinc; csp check MODEL checks a model without solving it",
	"output-mode":            "--output-mode is MiniZinc's; csp prints the model's show, or with --json one JSON object per line",
}

// spellOut rewrites the other spellings into the ones the flag package
// reads: grouped short flags (-as, -n3, -an3) become -a -s, -n 3, and
// --trace MODE becomes --trace=MODE when MODE is one of its modes (any
// other word after --trace stays a file). A flag's value is passed on
// untouched, whatever it looks like.
func spellOut(fs *flag.FlagSet, args []string) ([]string, error) {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...), nil
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		switch {
		case f != nil && name == "trace" && !hasValue && i+1 < len(args) && traceModes[args[i+1]] != 0:
			out = append(out, a+"="+args[i+1])
			i++
		case f != nil && !hasValue && !settings.IsBool(f) && i+1 < len(args):
			out = append(out, a, args[i+1])
			i++
		case f != nil:
			out = append(out, a)
		case hints[name] != "":
			return nil, errors.New(hints[name])
		case a[1] != '-':
			group, used := ungroup(fs, a[1:], args[i+1:])
			out = append(out, group...)
			i += used
		default:
			out = append(out, a)
		}
	}
	return out, nil
}

// ungroup splits a word of short flags, such as "as" in -as: switches,
// then perhaps one flag with a value, attached (-n3) or the next argument
// (-an 3). It returns the flags one by one and how many of the following
// arguments it took; a word that is not such a group is left whole, for
// the flag package to report.
func ungroup(fs *flag.FlagSet, word string, next []string) ([]string, int) {
	var out []string
	for j := 0; j < len(word); j++ {
		f := fs.Lookup(word[j : j+1])
		if f == nil {
			return []string{"-" + word}, 0
		}
		if settings.IsBool(f) {
			out = append(out, "-"+f.Name)
			continue
		}
		if rest := strings.TrimPrefix(word[j+1:], "="); rest != "" {
			return append(out, "-"+f.Name, rest), 0
		}
		if len(next) == 0 {
			return append(out, "-"+f.Name), 0 // the flag package says it needs a value
		}
		return append(out, "-"+f.Name, next[0]), 1
	}
	return out, 0
}

// dataString is MiniZinc's -D: assignments separated by ";", each one a -p.
// A ";" inside brackets or quotes belongs to the value ([1 2; 3 4]).
type dataString struct{ params *settings.Params }

func (d dataString) String() string { return "" }

func (d dataString) Set(s string) error {
	n := 0
	for _, part := range splitTopLevel(s, ';') {
		if part = strings.TrimSpace(part); part != "" {
			if err := d.params.Set(part); err != nil {
				return err
			}
			n++
		}
	}
	if n == 0 {
		return errors.New("no name=value in it")
	}
	return nil
}

// splitTopLevel cuts s at each sep outside brackets and double quotes.
func splitTopLevel(s string, sep byte) []string {
	var parts []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[' || c == '(' || c == '{':
			depth++
		case c == ']' || c == ')' || c == '}':
			depth--
		case c == sep && depth <= 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// fileList collects -d FILE: MiniZinc's way to name a data file.
type fileList []string

func (l *fileList) String() string     { return "" }
func (l *fileList) Set(s string) error { *l = append(*l, s); return nil }
