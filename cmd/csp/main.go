// Command csp solves constraint problems written in the .csp language.
//
//	csp solve MODEL [DATA...] [-p name=value]... [flags]
//	csp check MODEL [DATA...]
//	csp repl [MODEL] [DATA...]
//	csp split MODEL [DATA...] --jobs N
//	csp merge [FILE...]
//	csp play [--addr HOST:PORT] [--out DIR]
//	csp fzn MODEL.fzn [-a] [-n N] [-f] [-p N] [-r SEED] [-s] [-t MS]
//	csp mzn install [DIR]
//	csp help [COMMAND|TOPIC]
//	csp completion bash|zsh|fish
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/csp-lang/csp/cmd/csp/internal/completion"
	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/fzncmd"
	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/repl"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// The exit statuses (package exit), by the names the commands use.
const (
	exitSolved   = exit.Solved
	exitUnsat    = exit.Unsat
	exitBadInput = exit.BadInput
	exitLimit    = exit.Limit
	exitOutput   = exit.Output
)

// command is a subcommand of csp. The table of them runs them, lists them
// in csp help and feeds csp completion: a new command is one entry.
type command struct {
	name     string
	args     string // its arguments, for the usage line
	summary  string
	usage    func() string // what csp help NAME prints
	run      func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	flags    func() *flag.FlagSet // its flags, for completion; nil: none
	operands operands             // what its other arguments are, for completion
}

// operands are the kinds of a command's arguments that completion offers.
type operands int

const (
	opNone   operands = iota
	opModels          // .csp files
	opTopics          // commands and documents
	opShells          // bash, zsh, fish
)

// commands is filled by init: helpCmd reads the table that holds it.
var commands []command

func init() {
	commands = []command{
		{"solve", "MODEL [DATA...] [-p name=value]... [flags]", "find solutions",
			constText(solveUsage), solveCmd, solveFlags, opModels},
		{"check", "MODEL [DATA...] [-p name=value]...", "parse and check only",
			constText(checkUsage), checkCmd, checkFlags, opModels},
		{"repl", "[MODEL] [DATA...]", "an interactive session",
			constText(repl.Usage), replCmd, replFlags, opModels},
		{"compare", "MODEL [DATA...] [--all]", "compare search settings",
			constText(compareUsage), quiet(compareCmd), compareFlags, opModels},
		{"split", "MODEL [DATA...] [-p name=value]... --jobs N", "cut a search into jobs for other machines",
			constText(splitUsage), quiet(splitCmd), splitFlags, opModels},
		{"merge", "[FILE...] [--json]", "put the answers of split jobs together",
			constText(jobs.MergeUsage), jobs.Merge, jobs.MergeFlags, opNone},
		{"play", "[--addr HOST:PORT] [--out DIR]", "csp in the browser",
			constText(playUsage), quiet(playCmd), playFlags, opNone},
		{"fzn", "MODEL.fzn [-a] [-n N] [-f] [-s] [-t MS]", "solve a FlatZinc model (csp as a MiniZinc solver)",
			constText(fzncmd.FznUsage), fznCmd, nil, opNone},
		{"mzn", "install [DIR]", "make csp a MiniZinc solver (minizinc --solver csp)",
			constText(fzncmd.MznUsage), mznCmd, nil, opNone},
		{"help", "[COMMAND|TOPIC]", "this text, a command's, or a document",
			mainUsage, helpCmd, nil, opTopics},
		{"completion", "bash|zsh|fish", "print a shell completion script",
			constText(completion.Usage), completionCmd, nil, opShells},
		{"version", "", "print the version",
			mainUsage, versionCmd, nil, opNone},
	}
}

// quiet adapts a command that reads no standard input.
func quiet(f func([]string, io.Writer, io.Writer) int) func([]string, io.Reader, io.Writer, io.Writer) int {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int { return f(args, stdout, stderr) }
}

func constText(s string) func() string { return func() string { return s } }

func lookupCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func subcommandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program, minus the process: tests call it directly. A
// failed write to stdout is reported on stderr, with exit status 4.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := output.NewWriter(stdout)
	code := runCommand(args, stdin, out, stderr)
	if err := out.Err(); err != nil {
		fmt.Fprintf(stderr, "csp: cannot write the output: %v\n", input.PathError(err))
		return exitOutput
	}
	return code
}

func runCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage())
		return exitBadInput
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	if c := lookupCommand(name); c != nil {
		return c.run(rest, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "csp: unknown command %q%s\n", name, settings.Suggest(name, subcommandNames()))
	fmt.Fprint(stderr, "run 'csp help' for usage\n")
	return exitBadInput
}

// fznEnv is what csp fzn and csp mzn take from this package.
func fznEnv() fzncmd.Env { return fzncmd.Env{Version: version(), OnSignal: limits.OnSignal} }

func fznCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return fzncmd.Fzn(args, stdin, stdout, stderr, fznEnv())
}

func mznCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return fzncmd.MznInstall(args, stdout, stderr, fznEnv())
}

func replCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return repl.Run(args, stdin, stdout, stderr, version())
}

func versionCmd(_ []string, _ io.Reader, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "csp", version())
	return exitSolved
}
