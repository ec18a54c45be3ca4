package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// csp split MODEL [DATA...] --jobs N: the decomposition --workers uses,
// written out as N job lines (package jobs) for machines csp does not know
// about: GNU parallel, ssh, a Slurm job array. Each job is solved by
// `csp solve MODEL --job FILE:K`, and `csp merge` puts the answers back
// together (jobs.Merge).

const splitUsage = `usage: csp split MODEL [DATA...] [-p name=value]... --jobs N [flags]

Cut the search of MODEL into N independent jobs and write them to stdout,
one JSON line each. Together the jobs cover the search exactly once: solve
each with csp solve MODEL [DATA...] --job FILE:K (K from 1) under the same
-p values and --prop level, then put the answers together with csp merge.

flags:
  --jobs N           how many jobs (default 100); a small search may give fewer
  -h, --help         this text
  --order, --values, --prop, --decompose, -p, -D, -d, --timeout D, --max-memory S
                     as for csp solve

The search settings shape the cut; --prop must be the same when the jobs
are solved (it decides the model's hidden variables), the order and
values may differ. Example, on every core of this machine, 50 jobs to a
process (a process for each job pays for starting csp a thousand times):

  csp split models/queens.csp -p n=14 --jobs 1000 > jobs.txt
  parallel --pipe -N 50 --cat csp solve models/queens.csp -p n=14 --count --json --workers 1 --job {} < jobs.txt > out.jsonl
  csp merge out.jsonl
`

// splitFlagSet completes fs, which has the flags every command has, with
// split's: the search settings that shape the cut, and --jobs.
func splitFlagSet(fs *flag.FlagSet, o *options) *flag.FlagSet {
	o.order, o.values, o.prop = defaultOrder, defaultValues, defaultProp
	fs.Var(settings.NewChoice(&o.order, orders), "order", "")
	fs.Var(settings.NewChoice(&o.values, valueOrders), "values", "")
	fs.Var(settings.NewChoice(&o.prop, propLevels), "prop", "")
	fs.Var(settings.Duration(&o.timeout), "timeout", "D")
	o.maxMemory = limits.DefaultMaxMemory
	fs.Var(limits.MemoryFlag{N: &o.maxMemory}, "max-memory", "S")
	fs.BoolVar(&o.decompose, "decompose", false, "")
	fs.IntVar(&o.jobs, "jobs", 100, "N")
	return fs
}

func splitCmd(args []string, stdout, stderr io.Writer) int {
	start := time.Now()
	o, err := parseArgs("split", args, false)
	if err != nil {
		fmt.Fprintf(stderr, "csp split: %v\n", err)
		return exitBadInput
	}
	if o.help {
		fmt.Fprint(stdout, splitUsage)
		return exitSolved
	}
	if o.jobs < 1 {
		fmt.Fprintln(stderr, "csp split: --jobs needs a positive number")
		return exitBadInput
	}
	if len(o.files) == 0 {
		fmt.Fprint(stderr, "csp split: no model file given\n"+splitUsage)
		return exitBadInput
	}
	prog, code := compile(o, stderr, start)
	if prog == nil {
		return code
	}
	// The cut keeps its subproblems until it is done: --max-memory bounds
	// it as it bounds a search.
	var stop atomic.Bool
	guard := limits.NewGuard(o.maxMemory)
	opts := engine.Options{Order: o.order, Values: o.values, Prop: o.prop, StopFlag: &stop,
		Progress: func(engine.Stats) { stop.Store(guard.Over()) }}
	if o.timeout > 0 {
		opts.Deadline = start.Add(o.timeout)
	}
	paths, starts, err := engine.SplitPaths(prog.Model, opts, o.jobs)
	switch {
	case errors.Is(err, engine.ErrSplitStopped) && guard.Hit:
		fmt.Fprintf(stderr, "csp split: the split used more than %s (--max-memory); no job written\n", lang.SizeText(o.maxMemory))
		return exitLimit
	case errors.Is(err, engine.ErrSplitStopped):
		fmt.Fprintf(stderr, "csp split: %v (--timeout %v); no job written\n", err, o.timeout)
		return exitLimit
	case err != nil:
		fmt.Fprintf(stderr, "csp: %s: %v\n", o.files[0], err)
		return exitBadInput
	}
	w := bufio.NewWriter(stdout)
	if jobs.Write(w, prog.Model, paths, starts) != nil || w.Flush() != nil {
		return exitOutput // run reports the write error
	}
	subs := paths.Len()
	groups := starts
	note := ""
	if len(groups) < o.jobs {
		note = fmt.Sprintf(" (the search has too few nodes for %d)", o.jobs)
	}
	fmt.Fprintf(stderr, "%d jobs%s, %d subproblems\n", len(groups), note, subs)
	return exitSolved
}
