package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/batch"
	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
)

// Batch solving: csp solve MODEL --each [NAME=]FILE solves one instance per
// line of FILE and prints one line per instance, in input order (package
// batch). Blank lines and lines starting with # are skipped.

func eachCmd(o *options, stdout, stderr io.Writer) int {
	start := time.Now()
	name, path, _ := strings.Cut(o.each, "=")
	if path == "" {
		name, path = "", o.each
	}
	var js *output.JSON
	if o.json {
		js = &output.JSON{W: stdout, Start: start}
	}
	in, err := loadInput(o)
	if err == nil && path == "-" && slices.Contains(o.files, "-") {
		err = input.ErrStdinTwice
	}
	if o.progress { // its line follows one search; a batch runs thousands
		err = errors.New("--progress shows the progress of one search; it does not go with --each (-s sums the batch)")
	}
	if err != nil { // before any instance: the whole run failed
		fmt.Fprintln(stderr, "csp:", err)
		js.Errors(err)
		js.Failed()
		return exitBadInput
	}
	return batch.Run(batch.Config{In: in, Name: name, Path: path, Stdin: o.stdin, Count: o.count, Stats: o.stats,
		Timeout: o.timeout, Workers: o.workers, MaxMemory: o.maxMemory, JSON: js, Options: o.engineOptions}, stdout, stderr, start)
}
