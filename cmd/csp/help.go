package main

import (
	"fmt"
	"io"
)

const mainUsage = `csp solves constraint problems written in the .csp language.

usage:
  csp solve MODEL [DATA...] [-p name=value]... [flags]   find solutions
  csp check MODEL [DATA...] [-p name=value]...           parse and check only
  csp repl [MODEL] [DATA...]                             an interactive session
  csp compare MODEL [DATA...] [--all]                    compare search settings
  csp help [COMMAND]                                     this text, or a command's
  csp version                                            print the version

Run 'csp help solve' for the flags of solve. The language is described in
docs/language.md.
`

const solveUsage = `usage: csp solve MODEL [DATA...] [-p name=value]... [flags]

Solves MODEL. DATA files give values to the model's params (name = value,
one per line); -p name=value gives one on the command line and wins over a
data file.

What to find (default: the first solution; for minimize/maximize, each
improving solution until the optimum is proven):
  -a, --all          every solution
  -n N               the first N solutions
  --count            count all solutions without printing them (a model
                     with an objective is refused: remove it to count)
  --timeout D        stop after D (10s, 2m, or plain seconds), counted from
                     the start: compiling the model included
  --max-memory S     stop compiling or the search past S of memory
                     (512M, 2G; default 4G)

Many instances:
  --each [NAME=]FILE solve one instance per line of FILE: a line gives the
                     matrix param NAME (needed only when the model has
                     several) one character per element, row by row: 1-9,
                     then A-Z for 10-35, and . _ or 0 for a blank. Prints
                     one line per instance, in order: the solution in the
                     same form (with minimize/maximize, the optimum), or
                     no solution / timeout / invalid: why. With --count,
                     the number of solutions of each instance. --timeout
                     applies to each instance; -a, -n and --explain do
                     not go with --each.
  --workers N        search on N goroutines (default: the number of CPUs):
                     --each solves N instances at once; --all, --count and
                     minimize/maximize split the search tree among them
                     (solutions then come in the order they are found;
                     --workers 1 keeps the search order)

How to search (default: --order domwdeg --values auto --prop ac; the
course's settings are --order input --values min --prop fc):
  --order input|mrv|domwdeg
                     variable order: declaration order; smallest domain
                     first (ties: most constraints on unassigned variables);
                     or domain size over failure-weighted degree
  --values min|max|mid|auto
                     try values ascending, descending, or from the middle
                     out; auto: from the middle out, but with minimize/
                     maximize the objective's variables best value first
                     and the start times of nooverlap/cumulative earliest
                     first (satisfaction models: middle out)
  --prop none|fc|ac  none: check a constraint once its variables are set;
                     fc: forward checking after each assignment;
                     ac: propagation to a fixpoint, domain-consistent alldiff
  --decompose        post each global constraint (alldiff, circuit, table,
                     ...) as its decomposition into simpler constraints, as
                     inside an expression: what its propagator is worth

See the search:
  --trace            narrate the search on stdout (stderr with --json), one
                     line per event, indented by depth: decisions
                     (q[2] = 3), dead ends (q[3] has no value left),
                     backtracks, solutions
  --trace=domains    also each value propagation removes (q[3] ∖ {2, 4})
  --trace=piles      the course's view: after each step, the pile of values
                     left to try at every assigned position, next one last
  --trace-limit N    stop narrating after N lines (default 300; 0: no
                     limit); the search goes on
  --tree FILE        the search tree: FILE.html to explore in a browser
                     (zoom, fold, replay, the board at each node), FILE.svg
                     a picture, FILE.dot for Graphviz (summarised)

Why there is no solution:
  --explain          when the model has no solution, print a minimal set of
                     its statements (constraints, and domains) that already
                     has none; --timeout bounds each check (default 10s)

Output:
  --json             one JSON object per solution, then a status line
  -s, --stats        statistics on stderr: nodes, failures, propagations,
                     time, memory
  -p name=value      set a param (repeatable)
  -h, --help         this text

Exit status: 0 a solution was found, 1 there is none (proven), 2 the model,
data or flags are wrong, 3 a limit stopped the search before any solution.
Ctrl-C stops the search and reports what was found.
`

const checkUsage = `usage: csp check MODEL [DATA...] [-p name=value]...

Parses and checks MODEL with its data without solving it: every error is
reported with its position. Exit status 0 if the model is well formed,
2 otherwise.
`

func helpCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, mainUsage)
		return exitSolved
	}
	switch args[0] {
	case "solve":
		fmt.Fprint(stdout, solveUsage)
	case "check":
		fmt.Fprint(stdout, checkUsage)
	case "repl":
		fmt.Fprint(stdout, replUsage)
	case "compare":
		fmt.Fprint(stdout, compareUsage)
	case "help", "version":
		fmt.Fprint(stdout, mainUsage)
	default:
		fmt.Fprintf(stderr, "csp help: unknown command %q%s\n", args[0], suggest(args[0], []string{"solve", "check", "repl", "compare", "help", "version"}))
		return exitBadInput
	}
	return exitSolved
}
