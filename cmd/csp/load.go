package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// readInput reads the model and data files named in o, printing what
// went wrong.
func readInput(o *options, stderr io.Writer) (lang.Input, bool) {
	in, err := loadInput(o)
	if err != nil {
		fmt.Fprintln(stderr, "csp:", err)
		return in, false
	}
	return in, true
}

// loadInput reads the model and data files named in o.
func loadInput(o *options) (lang.Input, error) {
	var in lang.Input
	if len(o.files) == 0 {
		return in, errors.New("no model file given")
	}
	stdinUsed := false
	for i, path := range o.files {
		src, err := input.ReadOrStdin(path, o.stdin, &stdinUsed)
		if err != nil {
			return in, err
		}
		if i == 0 {
			in.Model = src
		} else {
			in.Data = append(in.Data, src)
		}
	}
	in.Params = o.params
	in.Decompose = o.decompose
	in.PlainLookups = o.prop != engine.PropAC
	// --json caps the show text it carries, so a board of any size can
	// be left out of it; a job's lines carry the whole text for csp
	// merge, which prints it as csp solve does.
	in.ValuesOnly = o.noShow || o.json && o.job == "" && o.eachJobs == ""
	return in, nil
}

// compile reads and compiles the model and data files named in o, within
// the limits of the run that started at start. On failure it prints the
// errors and returns nil and the exit status: 3 if a limit stopped it.
func compile(o *options, stderr io.Writer, start time.Time) (*lang.Program, int) {
	return compileTo(o, nil, stderr, start)
}

// compileTo is compile that also writes the errors as JSON lines to js,
// if not nil.
func compileTo(o *options, js *output.JSON, stderr io.Writer, start time.Time) (*lang.Program, int) {
	in, err := loadInput(o)
	if err != nil {
		fmt.Fprintln(stderr, "csp:", err)
		js.Errors(err)
		return nil, exitBadInput
	}
	limits, done := limits.Compile(o.maxMemory, o.timeout, start)
	in.Limits = limits
	prog, err := lang.Compile(in)
	done()
	output.PrintWarnings(stderr, prog.Warnings, prog.Sources)
	js.Warnings(prog.Warnings)
	if err != nil {
		output.PrintErrors(stderr, err, prog.Sources)
		js.Errors(err)
		if lang.HitLimit(err) {
			return nil, exitLimit
		}
		return nil, exitBadInput
	}
	return prog, exitSolved
}

func checkCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	o, err := parseArgs("check", args, false)
	if err != nil {
		fmt.Fprintf(stderr, "csp check: %v\n", err)
		if wantsJSON(args) {
			js := &output.JSON{W: stdout, Start: start}
			js.Errors(err)
			js.Failed()
		}
		return exitBadInput
	}
	o.stdin = stdin
	if o.help {
		fmt.Fprint(stdout, checkUsage)
		return exitSolved
	}
	var js *output.JSON
	if o.json {
		js = &output.JSON{W: stdout, Start: start}
	}
	prog, code := compileTo(o, js, stderr, start)
	if prog == nil {
		js.Failed()
		return code
	}
	m := prog.Model
	vars := 0
	for _, d := range prog.Decls { // not the variables lowering made
		vars += len(d.Vars)
	}
	if js != nil {
		js.Checked(vars, len(m.Constraints()))
		return exitSolved
	}
	name := o.files[0]
	if name == "-" {
		name = lang.StdinName
	}
	fmt.Fprintf(stdout, "%s: ok, %s, %s\n", name, output.Plural(int64(vars), "variable"), output.Plural(int64(len(m.Constraints())), "constraint"))
	return exitSolved
}
