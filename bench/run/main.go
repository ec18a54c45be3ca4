// Command run is the csp benchmark: it runs csp, MiniZinc + Gecode and the
// specialised baselines of bench/baseline side by side on the same
// problems, checks every answer, and prints Markdown tables (medians of
// several runs, csp and Gecode alternating) on stdout. Progress and any
// mismatch go to stderr.
//
//	go run ./bench/run                  the whole benchmark (about an hour)
//	go run ./bench/run -quick           the smallest sizes, one run each
//	go run ./bench/run -only 'queens'   the problems whose name matches
//
// See bench/README.md for what is measured and how.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"syscall"
	"time"
)

func main() {
	cfg := defaultConfig()
	flag.IntVar(&cfg.Reps, "reps", cfg.Reps, "runs per measurement (the median is reported)")
	flag.IntVar(&cfg.BigReps, "big-reps", cfg.BigReps, "runs of MiniZinc on sets of 1000 puzzles or more, and of csp there when it solves one puzzle per process")
	only := flag.String("only", "", "run only the problems whose name matches this regular expression")
	skip := flag.String("skip", "", "skip the problems whose name matches this regular expression")
	flag.BoolVar(&cfg.Quick, "quick", false, "smoke mode: the smallest sizes, one run each")
	flag.BoolVar(&cfg.Full, "full", false, "also run the slow cells skipped by default (MiniZinc on all 49,151 17-clue puzzles, the plain baseline on them, csp with the course's settings on them and on 16 x 16 and 25 x 25)")
	flag.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "time limit of one run (queens, models)")
	flag.DurationVar(&cfg.PuzzleTimeout, "puzzle-timeout", cfg.PuzzleTimeout, "time limit of one puzzle")
	flag.DurationVar(&cfg.LongRun, "long", cfg.LongRun, "a variant whose run takes longer than this is run once")
	flag.IntVar(&cfg.MemLimitMB, "mem", cfg.MemLimitMB, "address-space limit of every solver process, in MB (0: none)")
	flag.StringVar(&cfg.CSP, "csp", "", "csp binary to measure (default: build ./cmd/csp of this checkout)")
	flag.BoolVar(&cfg.CGO, "cgo", false, "build csp with cgo, as go build does where a C compiler is installed (default: CGO_ENABLED=0, the static build a machine with only Go makes)")
	flag.StringVar(&cfg.Data, "data", "", "directory of the puzzle sets (default: ../shared/data/sudoku next to the checkout)")
	flag.BoolVar(&cfg.NoGecode, "no-gecode", false, "do not run MiniZinc")
	flag.BoolVar(&cfg.NoBaseline, "no-baseline", false, "do not run the specialised baselines")
	flag.StringVar(&cfg.CSPVariants, "csp-variants", cfg.CSPVariants, "csp flag sets measured besides the defaults, separated by ';' (\"\" for none); auto: --workers 1 (not for a first solution) and the course's settings --order mrv --values min --prop fc")
	flag.Parse()
	var err error
	if *only != "" {
		if cfg.Only, err = regexp.Compile(*only); err != nil {
			fmt.Fprintln(os.Stderr, "run: -only:", err)
			os.Exit(2)
		}
	}
	if *skip != "" {
		if cfg.Skip, err = regexp.Compile(*skip); err != nil {
			fmt.Fprintln(os.Stderr, "run: -skip:", err)
			os.Exit(2)
		}
	}
	if cfg.Quick {
		cfg.Reps, cfg.BigReps = 1, 1
	}
	cfg.Command = commandLine()
	cfg.Out, cfg.Log = os.Stdout, os.Stderr
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		killRunning()
		fmt.Fprintln(os.Stderr, "run: interrupted")
		os.Exit(130)
	}()
	rep, err := Run(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "run:", err)
		os.Exit(2)
	}
	if len(rep.Mismatches) > 0 {
		os.Exit(1)
	}
}

func commandLine() string {
	s := "go run ./bench/run"
	for _, a := range os.Args[1:] {
		s += " " + a
	}
	return s
}

func defaultConfig() Config {
	return Config{
		Reps:          5,
		CSPVariants:   "auto",
		BigReps:       1,
		Timeout:       60 * time.Second,
		PuzzleTimeout: 10 * time.Second,
		LongRun:       60 * time.Second,
		MemLimitMB:    12 * 1024,
	}
}
