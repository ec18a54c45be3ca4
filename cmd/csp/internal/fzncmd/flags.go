// Package fzncmd is csp as a MiniZinc solver: csp fzn solves a FlatZinc
// model with the flags and output of the FlatZinc specification, and csp
// mzn install writes the solver configuration and library that make
// minizinc --solver csp run it.
package fzncmd

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// options are csp fzn's flags, those of the FlatZinc specification.
type options struct {
	file     string
	all      bool          // -a: every solution, or every improving one
	first    int64         // -n: stop after this many solutions (satisfaction)
	free     bool          // -f: ignore the search annotations
	workers  int           // -p
	seed     uint64        // -r
	seedSet  bool          //
	stats    bool          // -s
	timeout  time.Duration // -t, in milliseconds on the command line
	verbose  bool          // -v
	help     bool
	hasLimit bool
}

// flagAliases are the long spellings minizinc and other tools use.
var flagAliases = map[string]string{
	"--all-solutions": "-a", "--intermediate": "-a", "-i": "-a", "--all": "-a",
	"--num-solutions": "-n", "--free-search": "-f", "--parallel": "-p",
	"--random-seed": "-r", "--seed": "-r", "--statistics": "-s", "--time-limit": "-t",
	"--verbose": "-v", "--help": "-h", "-help": "-h",
}

// parseFlags reads the arguments: flags anywhere, one FlatZinc file.
// A flag's value follows it (-n 3), or is joined to it (-n3, -n=3).
func parseFlags(args []string) (*options, error) {
	o := &options{workers: 1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			if o.file != "" {
				return nil, fmt.Errorf("one FlatZinc file, not %s and %s", o.file, a)
			}
			o.file = a
			continue
		}
		name, value, hasValue := strings.Cut(a, "=")
		if alias, ok := flagAliases[name]; ok {
			name = alias
		}
		if len(name) > 2 && name[1] != '-' && strings.ContainsRune("nprt", rune(name[1])) {
			name, value, hasValue = name[:2], name[2:], true // -n3
		}
		switch name {
		case "-a", "-f", "-s", "-v", "-h":
			if hasValue {
				return nil, fmt.Errorf("%s takes no value", name)
			}
			o.setSwitch(name)
			continue
		case "-n", "-p", "-r", "-t":
		default:
			return nil, fmt.Errorf("unknown flag %s (csp help fzn lists them)", a)
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if err := o.setValue(name, value); err != nil {
			return nil, err
		}
	}
	if o.file == "" && !o.help {
		return nil, fmt.Errorf("no FlatZinc file given")
	}
	return o, nil
}

func (o *options) setSwitch(name string) {
	switch name {
	case "-a":
		o.all = true
	case "-f":
		o.free = true
	case "-s":
		o.stats = true
	case "-v":
		o.verbose = true
	case "-h":
		o.help = true
	}
}

func (o *options) setValue(name, value string) error {
	n, err := strconv.ParseInt(value, 10, 64)
	switch {
	case err != nil:
		return fmt.Errorf("%s needs a whole number, not %q", name, value)
	case n < 0 || name == "-n" && n == 0:
		return fmt.Errorf("%s needs a positive number, not %d", name, n)
	}
	switch name {
	case "-n":
		o.first = n
	case "-p":
		o.workers = int(min(n, 1024))
		o.workers = max(o.workers, 1)
	case "-r":
		o.seed, o.seedSet = uint64(n), true
	case "-t":
		if n > int64(time.Duration(1<<62)/time.Millisecond) {
			n = int64(time.Duration(1<<62) / time.Millisecond)
		}
		o.timeout = time.Duration(n) * time.Millisecond
		o.hasLimit = n > 0
	}
	return nil
}

// FznUsage is what csp help fzn prints.
const FznUsage = `usage: csp fzn MODEL.fzn [-a] [-n N] [-f] [-p N] [-r SEED] [-s] [-t MS]

Solves a FlatZinc model, as a MiniZinc solver does: minizinc --solver csp
compiles a MiniZinc model with csp's library and runs csp fzn on the result
(csp mzn install makes csp known to MiniZinc; see csp help minizinc).
Solutions are printed in the FlatZinc format (x = 3; then ----------),
then ========== when the search is complete, =====UNSATISFIABLE===== when
there is no solution, =====UNKNOWN===== when a limit stopped the search
before any. - reads the model from stdin.

  -a          every solution; with minimize/maximize, every improving one
              (by default only the first, or only the optimum)
  -n N        stop after N solutions (satisfaction)
  -f          free search: ignore the search annotations and search as
              csp solve does (dom/wdeg, values from the middle out,
              propagation to a fixpoint)
  -p N        search on N goroutines (with -a or minimize/maximize)
  -r SEED     the seed of the random tie-breaking of restarts
  -s          statistics as %%%mzn-stat: lines after the search
  -t MS       stop after MS milliseconds (parsing included) and report
              the best solution found
  -v          say on stderr what csp does with the annotations
  -h, --help  this text

The long forms --all-solutions, --num-solutions, --free-search,
--parallel, --random-seed, --statistics and --time-limit work too.
Ctrl-C stops the search and reports what was found. Exit status: 0 when
the search ran (whatever it found), 2 for a malformed model or flags.
`
