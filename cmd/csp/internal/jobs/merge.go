package jobs

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/lang"
)

// csp merge: the answers of the jobs of a split (line.go), read from
// their --json output, put together as one search would have printed
// them, with a check that every job ran to the end.

// MergeUsage is what csp help merge prints.
const MergeUsage = `usage: csp merge [FILE...] [--json]

Read the --json output of csp solve --job runs (from the FILEs, or stdin
when none is given; the outputs of many jobs may share a file, in any
order) and print the answer of the whole search: the sum of the counts
(--count), every solution in job order (-a), or the best solution (an
objective). Every job of the split must have reported, once, and run to
the end; a missing, failed or stopped job is named on stderr and the
answer is marked incomplete (exit status 3).

flags:
  --json            print the merged answer as csp solve --json does
  --max-memory S    stop past S of memory (512M, 2G; default 4G): merge
                    keeps every job's solutions until it prints them
  -h, --help        this text
`

// jobReport is what one job printed.
type jobReport struct {
	status    *jobStatus
	solutions []jobSolution
	errors    []string
}

// jobHeader is what every line of a job's --json output carries.
type jobHeader struct {
	Type  string `json:"type"`
	Job   int    `json:"job"`
	Jobs  int    `json:"jobs"`
	Model string `json:"model"`
}

type jobSolution struct {
	raw       []byte
	Objective *int64 `json:"objective"`
	Text      string `json:"text"`
}

type jobStatus struct {
	Status    string `json:"status"`
	Complete  bool   `json:"complete"`
	Solutions int64  `json:"solutions"`
	Objective *int64 `json:"objective"`
	Stopped   string `json:"stopped"`
	Sense     string `json:"sense"` // minimize or maximize, for an objective
	Counted   bool   `json:"counted"`
}

// mergeInput is every job's report, by job number.
type mergeInput struct {
	jobs  int
	model string
	by    map[int]*jobReport

	guard     *limits.Guard // --max-memory, checked as the lines are read
	printed   int           // solutions printed
	multiline bool          // one of them had several lines
}

// MergeFlags are merge's flags, for completion and the tests of --help.
func MergeFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	var b bool
	fs.BoolVar(&b, "json", false, "")
	var size int64
	fs.Var(limits.MemoryFlag{N: &size}, "max-memory", "S")
	fs.BoolVar(&b, "h", false, "")
	fs.BoolVar(&b, "help", false, "")
	return fs
}

// Merge is csp merge: the answers of a split's jobs, read from their
// --json output, printed as the one search would have printed them.
func Merge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	asJSON, files := false, []string{}
	maxMemory := int64(limits.DefaultMaxMemory)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if name, value, ok := strings.Cut(a, "="); ok && (name == "--max-memory" || name == "-max-memory") || a == "--max-memory" || a == "-max-memory" {
			if !ok {
				if i+1 == len(args) {
					fmt.Fprintf(stderr, "csp merge: %s needs a size such as 512M or 2G\n", a)
					return exit.BadInput
				}
				i++
				value = args[i]
			}
			if err := (limits.MemoryFlag{N: &maxMemory}).Set(value); err != nil {
				fmt.Fprintf(stderr, "csp merge: --max-memory %q: %v\n", value, err)
				return exit.BadInput
			}
			continue
		}
		switch a {
		case "-h", "-help", "--help":
			fmt.Fprint(stdout, MergeUsage)
			return exit.Solved
		case "--json", "-json":
			asJSON = true
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				fmt.Fprintf(stderr, "csp merge: unknown flag %s; see csp help merge\n", a)
				return exit.BadInput
			}
			files = append(files, a)
		}
	}
	in := &mergeInput{by: map[int]*jobReport{}, guard: limits.NewGuard(maxMemory)}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		if err := in.readFile(f, stdin); err != nil {
			fmt.Fprintf(stderr, "csp merge: %v\n", err)
			if errors.As(err, new(mergeMemoryError)) {
				return exit.Limit
			}
			return exit.BadInput
		}
	}
	if in.jobs == 0 {
		fmt.Fprintln(stderr, "csp merge: no job output found (run the jobs with csp solve --job ... --json)")
		return exit.BadInput
	}
	return in.print(stdout, stderr, asJSON)
}

// mergeMemoryError is readFile's error past --max-memory.
type mergeMemoryError struct{ limit int64 }

func (e mergeMemoryError) Error() string {
	return fmt.Sprintf("reading the answers took the heap past %s, the memory limit (--max-memory)", lang.SizeText(e.limit))
}

// readFile reads one file of job output ("-": stdin).
func (in *mergeInput) readFile(name string, stdin io.Reader) error {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("cannot read %s: %v", name, input.PathError(err))
		}
		defer f.Close()
		r = f
	} else {
		name = "<stdin>"
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	for no := 1; sc.Scan(); no++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		if err := in.line(sc.Bytes()); err != nil {
			return fmt.Errorf("%s:%d: %v", name, no, err)
		}
		if no%256 == 0 && in.guard.Over() {
			return fmt.Errorf("%s:%d: %w", name, no, mergeMemoryError{in.guard.Limit})
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("cannot read %s: %v", name, err)
	}
	return nil
}

// line takes in one line of a job's output.
func (in *mergeInput) line(b []byte) error {
	var h jobHeader
	if err := json.Unmarshal(b, &h); err != nil {
		return fmt.Errorf("not a JSON line of csp solve --json: %v", err)
	}
	if h.Job == 0 {
		return fmt.Errorf("a %q line without a job number: run the jobs with csp solve --job ... --json", h.Type)
	}
	if in.jobs == 0 {
		in.jobs, in.model = h.Jobs, h.Model
	}
	if h.Jobs != in.jobs || h.Model != in.model || h.Job < 1 || h.Job > h.Jobs {
		return fmt.Errorf("job %d/%d of model %s does not belong to the split of the lines before (%d jobs of model %s)",
			h.Job, h.Jobs, h.Model, in.jobs, in.model)
	}
	rep := in.by[h.Job]
	if rep == nil {
		rep = &jobReport{}
		in.by[h.Job] = rep
	}
	switch h.Type {
	case "solution":
		s := jobSolution{raw: append([]byte(nil), b...)}
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		rep.solutions = append(rep.solutions, s)
	case "status":
		if rep.status != nil {
			return fmt.Errorf("job %d reported twice", h.Job)
		}
		rep.status = &jobStatus{}
		if err := json.Unmarshal(b, rep.status); err != nil {
			return err
		}
	case "error":
		var e struct{ Message string }
		json.Unmarshal(b, &e)
		rep.errors = append(rep.errors, e.Message)
	}
	return nil
}

// problems names the jobs that did not run to the end, in job order.
func (in *mergeInput) problems() []string {
	var out []string
	for k := 1; k <= in.jobs; k++ {
		rep := in.by[k]
		switch {
		case rep == nil || rep.status == nil && len(rep.errors) == 0:
			out = append(out, fmt.Sprintf("job %d: no answer", k))
		case len(rep.errors) > 0:
			out = append(out, fmt.Sprintf("job %d failed: %s", k, rep.errors[0]))
		case rep.status.Stopped != "":
			out = append(out, fmt.Sprintf("job %d stopped (%s) before the end of its search", k, rep.status.Stopped))
		}
	}
	return out
}
