package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// explainCmd answers csp solve MODEL --explain: when the model has no
// solution, a minimal set of its statements that already has none.
func explainCmd(o *options, stdout, stderr io.Writer) int {
	in, ok := readInput(o, stderr)
	if !ok {
		return exitBadInput
	}
	perCheck := o.timeout
	if perCheck == 0 {
		perCheck = 10 * time.Second
	}
	opts := engine.Options{Order: o.order, Values: o.values, Prop: o.prop}
	c, err := lang.Explain(in, opts, perCheck)
	switch {
	case errors.Is(err, lang.ErrHasSolution):
		if o.json {
			fmt.Fprintln(stdout, `{"status":"satisfiable","conflict":null}`)
		} else {
			fmt.Fprintln(stdout, "the model has a solution: there is nothing to explain")
		}
		return exitSolved
	case err != nil:
		if _, isList := err.(lang.ErrorList); isList {
			srcs := lang.Sources{in.Model.Name: in.Model.Text}
			for _, d := range in.Data {
				srcs[d.Name] = d.Text
			}
			lang.PrintErrors(stderr, err, srcs)
			return exitBadInput
		}
		fmt.Fprintln(stderr, "csp:", err)
		return exitLimit
	}
	srcs := lang.Sources{in.Model.Name: in.Model.Text}
	for _, d := range in.Data {
		srcs[d.Name] = d.Text
	}
	if o.json {
		printConflictJSON(stdout, c, srcs)
		return exitUnsat
	}
	these, drop := fmt.Sprintf("these %d statements already have none", len(c.Items)), "dropping any one of them gives a model that has one"
	if len(c.Items) == 1 {
		these, drop = "this statement already has none", "without it the model has one"
	}
	if c.Minimal {
		fmt.Fprintf(stdout, "no solution: %s, and %s:\n", these, drop)
	} else {
		fmt.Fprintf(stdout, "no solution: %s (some checks ran out of time, so the set may not be minimal):\n", these)
	}
	for _, it := range c.Items {
		fmt.Fprintln(stdout, "  "+it.Describe(srcs))
	}
	return exitUnsat
}

func printConflictJSON(w io.Writer, c *lang.Conflict, srcs lang.Sources) {
	var items []string
	for _, it := range c.Items {
		if it.Var != nil {
			items = append(items, fmt.Sprintf(`{"kind":"domain","variable":%q,"at":%q}`, it.Var.Name, it.Var.Pos.String()))
			continue
		}
		items = append(items, fmt.Sprintf(`{"kind":"constraint","at":%q,"with":%q,"text":%q}`,
			it.Origin.Stmt.Pos.String(), it.Origin.Bindings, it.Describe(srcs)))
	}
	fmt.Fprintf(w, `{"status":"unsatisfiable","minimal":%s,"checks":%d,"conflict":[%s]}`+"\n",
		strconv.FormatBool(c.Minimal), c.Checks, strings.Join(items, ","))
}
