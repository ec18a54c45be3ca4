// Command csp solves constraint problems written in the .csp language.
//
//	csp solve MODEL [DATA...] [-p name=value]... [flags]
//	csp check MODEL [DATA...]
//	csp repl [MODEL] [DATA...]
//	csp help [COMMAND]
package main

import (
	"fmt"
	"io"
	"os"
)

// Exit statuses, as the language spec fixes them.
const (
	exitSolved   = 0 // a solution was found (or the check passed)
	exitUnsat    = 1 // proven to have no solution
	exitBadInput = 2 // the model, data or flags are wrong
	exitLimit    = 3 // a limit stopped the search before any answer
	// exitOutput (4, output.go): stdout could not be written.
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program, minus the process: tests call it directly. A
// failed write to stdout is reported on stderr, with exit status 4.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	code := runCommand(args, stdin, out, stderr)
	if err := out.failed(); err != nil {
		fmt.Fprintf(stderr, "csp: cannot write the output: %v\n", unwrapPathError(err))
		return exitOutput
	}
	return code
}

func runCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return exitBadInput
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "solve":
		return solveCmd(rest, stdin, stdout, stderr)
	case "check":
		return checkCmd(rest, stdin, stdout, stderr)
	case "repl":
		return replCmd(rest, stdin, stdout, stderr)
	case "compare":
		return compareCmd(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		return helpCmd(rest, stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "csp", version())
		return exitSolved
	}
	fmt.Fprintf(stderr, "csp: unknown command %q%s\n", cmd, suggest(cmd, []string{"solve", "check", "repl", "compare", "help", "version"}))
	fmt.Fprint(stderr, "run 'csp help' for usage\n")
	return exitBadInput
}
