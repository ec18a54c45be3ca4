package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/jobs"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/searchview"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/engine"
)

// options are the flags of solve and check.
type options struct {
	decompose bool     // post global constraints as their decompositions
	files     []string // the model, then data files
	params    settings.Params
	all       bool
	first     int
	count     bool
	stats     bool
	json      bool
	progress  bool // --progress: a progress line every second
	timeout   time.Duration
	order     engine.VarOrder
	values    engine.ValueOrder
	prop      engine.PropLevel
	each      string // [NAME=]FILE for batch solving
	workers   int
	maxMemory int64
	explain   bool
	trace     traceMode
	traceMax  int    // --trace-limit
	tree      string // --tree FILE.html|.svg|.dot
	help      bool
	data      []string  // -d/--data FILE (MiniZinc's spelling): data files, after the others
	stdin     io.Reader // what the file "-" reads (not a flag)
	jobs      int       // csp split: how many jobs
	job       string    // --job FILE:K, a job of csp split to solve
	eachJobs  string    // --each FILE when FILE is csp split's output: every job of it
	noShow    bool      // the run prints no show text (compare): a board of any size is no error
	// restarts is --restarts, when restartsSet; otherwise csp decides
	// (searchopt.Auto).
	restarts     engine.RestartPolicy
	restartsSet  bool
	restartScale int64   // --restart-scale (0: engine.DefaultRestartScale)
	restartBase  float64 // --restart-base (0: engine's 1.5)
	seed         uint64  // --seed
	// --last-conflict and --solution-guided, when given (set); otherwise
	// csp decides (searchopt.Auto).
	lastConflict, lastConflictSet bool
	guided, guidedSet             bool
	lns, lnsSet                   bool // --lns
	freeSearch                    bool // -f, --free-search: the model's search statements are ignored
	// chosen: --order, --values or --prop was given (searchopt.Goal).
	chosen bool
}

// The default search settings (package settings'), by the names the
// flags use.
const (
	defaultOrder  = settings.DefaultOrder
	defaultValues = settings.DefaultValues
	defaultProp   = settings.DefaultProp
)

// The settings' names are package searchopt's, which the playground reads too.
var (
	orders      = searchopt.Orders
	valueOrders = searchopt.ValueOrders
	propLevels  = searchopt.PropLevels
)

// newFlagSet registers the flags of a command: solve and compare take
// them all, check only -p and -h. It is the one list of flags: parsing,
// the suggestions for a mistyped flag and the shell completions (csp
// completion) all read it. A flag's usage string is its value's
// placeholder, which completion reads: FILE and FILE.ext complete file
// names; a choice flag offers its names.
func newFlagSet(name string, o *options, solve bool) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&o.params, "p", "name=value")
	fs.BoolVar(&o.help, "h", false, "")
	fs.BoolVar(&o.help, "help", false, "")
	addOtherSpellings(fs, o, solve)
	if name == "split" {
		return splitFlagSet(fs, o)
	}
	fs.BoolVar(&o.json, "json", false, "") // check too: an editor places its errors
	if !solve {
		return fs
	}
	fs.BoolVar(&o.all, "a", false, "")
	fs.BoolVar(&o.all, "all", false, "")
	fs.IntVar(&o.first, "n", 0, "N")
	fs.BoolVar(&o.count, "count", false, "")
	fs.BoolVar(&o.stats, "s", false, "")
	fs.BoolVar(&o.stats, "stats", false, "")
	fs.Var(settings.Duration(&o.timeout), "timeout", "D")
	o.order, o.values, o.prop = defaultOrder, defaultValues, defaultProp
	fs.Var(settings.NewChoice(&o.order, orders), "order", "")
	fs.Var(settings.NewChoice(&o.values, valueOrders), "values", "")
	fs.Var(settings.NewChoice(&o.prop, propLevels), "prop", "")
	fs.Var(settings.NewChoice(&o.restarts, searchopt.Restarts), "restarts", "")
	fs.Int64Var(&o.restartScale, "restart-scale", 0, "N")
	fs.Float64Var(&o.restartBase, "restart-base", 0, "F")
	fs.Uint64Var(&o.seed, "seed", 0, "N")
	fs.BoolVar(&o.lastConflict, "last-conflict", false, "")
	fs.BoolVar(&o.guided, "solution-guided", false, "")
	fs.BoolVar(&o.lns, "lns", false, "")
	fs.BoolVar(&o.freeSearch, "f", false, "")
	fs.BoolVar(&o.freeSearch, "free-search", false, "")
	fs.BoolVar(&o.progress, "progress", false, "")
	fs.StringVar(&o.each, "each", "", "FILE")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "N")
	o.maxMemory = limits.DefaultMaxMemory
	fs.Var(limits.MemoryFlag{N: &o.maxMemory}, "max-memory", "S")
	fs.BoolVar(&o.explain, "explain", false, "")
	fs.Var(traceFlag{&o.trace}, "trace", "")
	fs.IntVar(&o.traceMax, "trace-limit", defaultTraceLimit, "N")
	fs.StringVar(&o.tree, "tree", "", "FILE.svg|FILE.dot")
	fs.BoolVar(&o.decompose, "decompose", false, "")
	if name == "solve" {
		fs.StringVar(&o.job, "job", "", "FILE:K")
	}
	return fs
}

// traceFlag is --trace alone (the steps) or --trace=domains|piles.
type traceFlag struct{ m *traceMode }

func (f traceFlag) String() string   { return "" }
func (f traceFlag) IsBoolFlag() bool { return true }

// Names are the modes --trace=MODE takes, and --trace MODE (spellings.go).
func (f traceFlag) Names() []string {
	var names []string
	for n := range traceModes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (f traceFlag) Set(s string) error {
	switch s {
	case "true":
		*f.m = traceSteps
		return nil
	case "false":
		*f.m = traceOff
		return nil
	}
	names := f.Names()
	m, ok := traceModes[s]
	if !ok {
		return fmt.Errorf("not one of %s%s", strings.Join(names, ", "), settings.Suggest(s, names))
	}
	*f.m = m
	return nil
}

// parseArgs parses flags anywhere among the file arguments, as people type
// them: csp solve model.csp -p n=12 --all.
func parseArgs(cmd string, args []string, solve bool) (*options, error) {
	o := &options{}
	fs := newFlagSet(cmd, o, solve)
	args, err := spellOut(fs, args)
	if err != nil {
		return nil, err
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, flagError(fs, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			o.files = append(o.files, rest[1:]...)
			break
		}
		o.files = append(o.files, rest[0])
		args = rest[1:]
	}
	o.files, o.data = append(o.files, o.data...), nil // data files come after the model
	if o.first <= 0 && (flagGiven(fs, "n") || flagGiven(fs, "num-solutions")) {
		return nil, errors.New("-n needs a positive number")
	}
	if solve && o.workers < 1 {
		return nil, errors.New("--workers needs a positive number")
	}
	o.restartsSet = flagGiven(fs, "restarts")
	o.lastConflictSet = flagGiven(fs, "last-conflict")
	o.guidedSet = flagGiven(fs, "solution-guided")
	o.lnsSet = flagGiven(fs, "lns")
	o.chosen = flagGiven(fs, "order") || flagGiven(fs, "values") || flagGiven(fs, "prop")
	if solve && o.restartScale < 0 || o.restartScale == 0 && flagGiven(fs, "restart-scale") {
		return nil, errors.New("--restart-scale needs a positive number of failures")
	}
	if flagGiven(fs, "restart-base") && !(o.restartBase > 1 && o.restartBase <= 1e6) {
		return nil, errors.New("--restart-base needs a number more than 1 (and at most 1000000), the growth of each run's cutoff under --restarts geometric")
	}
	if solve && o.traceMax < 0 {
		return nil, errors.New("--trace-limit needs a number of lines (0: no limit)")
	}
	if solve && o.tree != "" && !searchview.TreeFileOK(o.tree) {
		return nil, fmt.Errorf("--tree %s: the file name must end in .html (to explore), .svg (a picture) or .dot (Graphviz)", o.tree)
	}
	if solve && o.each != "" && jobs.IsSplitFile(o.each) {
		o.eachJobs, o.each = o.each, "" // one search over all the jobs: the flags of one search
	}
	if solve && (o.job != "" || o.eachJobs != "") && (o.trace != traceOff || o.tree != "" || o.each != "" || o.explain) {
		return nil, errors.New("--job searches part of a tree; --trace, --tree, --each and --explain do not go with it")
	}
	if solve && o.each != "" && (o.trace != traceOff || o.tree != "") {
		return nil, errors.New("--trace and --tree show one search; they do not go with --each")
	}
	if solve && o.each != "" && (o.all || o.first > 0 || o.explain) {
		return nil, errors.New("--each answers each line with one line (a solution, the optimum, or with --count the number of solutions); -a, -n and --explain do not go with it")
	}
	return o, nil
}

// flagError rewords the flag package's errors and suggests the closest
// flag name.
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return unknownFlag(fs, strings.TrimLeft(name, "-"))
	}
	if m := badValue().FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "" {
			why = "not a number"
		}
		return fmt.Errorf("%s %s: %s", settings.Dashes(m[2]), m[1], why)
	}
	if m := badBool().FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s takes no value (found %s)", settings.Dashes(m[2]), m[1])
	}
	if m := badBoolValue().FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s %s: %s", settings.Dashes(m[2]), m[1], m[3])
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Errorf("%s needs a value", settings.Dashes(name))
	}
	return errors.New(msg)
}

var badValue = settings.LazyRegexp(`^invalid value (".*") for flag -(\S+): (?:parse error|(.*))$`)

// badBoolValue is a flag with an optional value, such as --trace=piles,
// given a value it does not know.
var badBoolValue = settings.LazyRegexp(`^invalid boolean value (".*") for -(\S+): (.+)$`)

var badBool = settings.LazyRegexp(`^invalid boolean value (".*") for -(\S+): parse error$`)

// unknownFlag names the closest flag of the command, or says which command
// has the flag (--all is solve's, not check's), and where the flags are.
func unknownFlag(fs *flag.FlagSet, name string) error {
	var names []string // the other spellings too: --all-solution is close to one
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	hint := settings.SuggestFlag(name, names)
	if fs.Name() == "check" && newFlagSet("solve", &options{}, true).Lookup(name) != nil {
		hint = " (a flag of csp solve)"
	}
	return fmt.Errorf("unknown flag %s%s; see csp help %s", settings.Dashes(name), hint, fs.Name())
}

// flagGiven reports whether the command line set the flag.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// The flag sets of the commands, for completion (main.go's table).
func solveFlags() *flag.FlagSet   { return newFlagSet("solve", &options{}, true) }
func checkFlags() *flag.FlagSet   { return newFlagSet("check", &options{}, false) }
func compareFlags() *flag.FlagSet { return newFlagSet("compare", &options{}, true) }
func splitFlags() *flag.FlagSet   { return newFlagSet("split", &options{}, false) }

// replFlags are the flags replCmd reads (package repl parses them itself);
// TestReplFlags holds the two lists together.
func replFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("repl", flag.ContinueOnError)
	var s string
	var b bool
	fs.StringVar(&s, "history", "", "FILE")
	fs.BoolVar(&b, "no-history", false, "")
	fs.BoolVar(&b, "h", false, "")
	fs.BoolVar(&b, "help", false, "")
	return fs
}
