package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/helpdoc"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// mainUsage lists the commands of the table in main.go and the documents.
func mainUsage() string {
	var b strings.Builder
	b.WriteString("csp solves constraint problems written in the .csp language.\n\nusage:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-53s %s\n", strings.TrimSpace("csp "+c.name+" "+c.args), c.summary)
	}
	b.WriteString("\nRun 'csp help solve' for the flags of solve. The documents are built in:\n")
	for _, d := range helpdoc.Documents {
		fmt.Fprintf(&b, "  %-53s %s\n", "csp help "+d.Name+" [SECTION]", d.Summary)
	}
	b.WriteString("Shell completion: csp help completion.\n")
	return b.String()
}

const solveUsage = `usage: csp solve MODEL [DATA...] [-p name=value]... [flags]

Solves MODEL. DATA files give values to the model's params (name = value,
one per line, or a .json object); -p name=value gives one on the command
line and wins over a data file. - reads MODEL or a DATA file from stdin.

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
                     not go with --each. A FILE written by csp split is
                     one search over all its jobs, for the whole answer.
  --workers N        search on N goroutines (default: the number of CPUs):
                     --each solves N instances at once; --all, --count and
                     minimize/maximize split the search tree among them
                     (solutions then come in the order they are found;
                     --workers 1 keeps the search order)
  --job FILE:K       search job K (from 1) of FILE, written by csp split
                     (or a line of it): one part of the tree, to be put
                     together with the others by csp merge. With --json
                     every line carries the job's number; see csp help split.
                     --job FILE:K-L and --job FILE (every line) search
                     several jobs, each answered as its own, with --json

How to search (default: --order domwdeg --values auto --prop ac; the
course's settings are --order input --values min --prop fc):
  --order input|mrv|domwdeg|smallest|largest
                     variable order: declaration order; smallest domain
                     first (ties: most constraints on unassigned variables);
                     domain size over failure-weighted degree; the least
                     lower bound first; the greatest upper bound first
  --values min|max|mid|auto|split|split-max
                     try values ascending, descending, or from the middle
                     out; auto: from the middle out, but with minimize/
                     maximize the objective's variables best value first
                     and the start times of nooverlap/cumulative earliest
                     first (satisfaction models: middle out), and a domain
                     of more than 65536 values split in halves (objective
                     first, from its best side); split, split-max: halve
                     every domain, lower or upper half first (--prop ac;
                     under fc and none they are min and max)
  --prop none|fc|ac  none: check a constraint once its variables are set;
                     fc: forward checking after each assignment;
                     ac: propagation to a fixpoint, domain-consistent alldiff
  --restarts none|luby|geometric
                     go back to the root after a number of failures that
                     grows with each run: the scale times 1 1 2 1 1 2 4 ...
                     (luby) or times 1.5 each run (geometric); dom/wdeg's
                     weights carry over, ties are broken at random; with
                     minimize/maximize a run ends after that many failures
                     without a better solution
  --restart-scale N  failures of the first run (default 64)
  --restart-base F   growth of the cutoff per run under geometric (default 1.5)
  --seed N           seed of the random choices of restarts and LNS
                     (default 0): the same seed, the same search on one
                     worker
  --last-conflict    after x = v fails, branch on x again until it is fixed
  --solution-guided  try first each variable's value in the last solution
  --lns              large neighbourhood search beside the complete search
                     of minimize/maximize: around the best solution, keep
                     most variables (a schedule keeps its order on each
                     machine), search the rest a little, repeat; on one
                     worker the two take turns, with --workers 2 or more
                     one worker runs it; the complete search still proves
                     the optimum
  -f, --free-search  ignore the model's search statements: every variable
                     is searched under --order and --values
  When none of --order, --values and --prop is given, csp also chooses:
  restarts (luby) for the first solution of a model without an
  objective; for a model with nooverlap or cumulative, branching on the
  start times earliest first (set times), with restarts and
  --last-conflict when it optimises; --lns with --workers 2 or more.
  -a, --count, -n N and the course's settings search the tree once, in
  order. Flags given explicitly win (--restarts none, --lns=false).
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
                     (--trace piles and --trace domains too: a word after
                     --trace is its mode when it is one, else a file)
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
  --json             a JSON stream on stdout, one object a line with its
                     "type": solution, status (the last), error, and
                     statistics (-s), progress, instance (--each)
  --progress         a progress line every second on stderr (a "progress"
                     line with --json), on a terminal or not
  -s, --stats        statistics on stderr: nodes, failures, propagations,
                     time, memory; max depth is the most decisions on one
                     branch (under --prop ac, x = v and x != v both count:
                     the line adds the most x = v ones)
  -p name=value      set a param (repeatable)
  -h, --help         this text

MiniZinc's spellings work too: -n3 and grouped switches (-as), -D "n=8; m=3"
(as -p), -d FILE (a data file), --all-solutions, --num-solutions N,
--statistics, --json-stream (as --json), --time-limit MS (milliseconds),
--parallel N (as --workers), -r/--random-seed N (as --seed).

The language and every error: csp help language [SECTION], csp help errors.

Exit status: 0 a solution was found, 1 there is none (proven), 2 the model,
data or flags are wrong, 3 a limit stopped the search before any solution
or cut a count, --all or -n short (what was found is printed). Ctrl-C
stops the search and reports what was found.
`

const checkUsage = `usage: csp check MODEL [DATA...] [-p name=value]...

Parses and checks MODEL with its data without solving it: every error is
reported with its position (with --json, as "error" lines on stdout; see
csp help solve). Exit status 0 if the model is well formed, 2 otherwise.

  --json             errors as "error" lines on stdout, then a status line
  -p name=value      set a param (repeatable); -D "n=8; m=3" sets several
  -h, --help         this text
`

// commandUsage is what csp help NAME prints for a command.
func commandUsage(name string) string {
	if c := lookupCommand(name); c != nil {
		return c.usage()
	}
	return ""
}

func helpCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, mainUsage())
		return exitSolved
	}
	if d := helpdoc.Lookup(args[0]); d != nil {
		return d.Show(args[1:], stdout, stderr)
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "csp help: %s takes no section; csp help %s shows its help\n", args[0], args[0])
		return exitBadInput
	}
	if c := lookupCommand(args[0]); c != nil {
		fmt.Fprint(stdout, c.usage())
		return exitSolved
	}
	fmt.Fprintf(stderr, "csp help: no command or document %q%s\n", args[0], settings.Suggest(args[0], helpNames()))
	fmt.Fprint(stderr, "run 'csp help' for the list\n")
	return exitBadInput
}

// helpNames are what csp help takes: the commands and the documents.
func helpNames() []string {
	names := subcommandNames()
	for _, d := range helpdoc.Documents {
		names = append(names, d.Name)
	}
	return names
}
