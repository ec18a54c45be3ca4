package lang

import (
	"github.com/csp-lang/csp/engine"
)

// Source is a named text: a model, a data file, or a -p value.
type Source struct {
	Name string
	Text []byte
}

// Input is everything a model is compiled from.
type Input struct {
	Model  Source
	Stmts  []Source // more statements after the model, each its own source (a session's input)
	Data   []Source // data files: name = value statements
	Params []string // -p arguments, each "name=value"
}

// Program is a checked model lowered into an engine.Model, with what is
// needed to print its solutions and to trace constraints back to source.
type Program struct {
	Model   *engine.Model
	Decls   []*VarInfo // decision variables in declaration order
	Origins []Origin   // for each engine constraint, where it came from
	Sources Sources    // every text compiled, for error snippets
	show    []showItem
	env     map[string]value // the names in scope after lowering, for queries
}

// VarInfo is one declared decision variable or array.
type VarInfo struct {
	Name string
	Pos  Pos          // where it is declared
	Dims []Range      // index sets; empty for a single variable
	Vars []engine.Var // row-major
}

// Range is an index set lo..hi.
type Range struct{ Lo, Hi int64 }

// Origin locates the statement an engine constraint was lowered from, and
// the generator values that produced it ("r = 3").
type Origin struct {
	Stmt     Span
	Node     Span
	Bindings string
}

// Compile parses, checks and lowers a model with its data. The error, if
// any, is an ErrorList with every problem found.
func Compile(in Input) (*Program, error) {
	f, srcs, err := parseInput(in)
	if err != nil {
		return &Program{Sources: srcs}, err
	}
	var errs ErrorList
	resolve(f, &errs)
	binds := collectBindings(in, srcs, &errs)
	if len(errs) > 0 {
		errs.Sort()
		return &Program{Sources: srcs}, errs
	}
	p := lowerFile(f, binds, srcs, &errs)
	p.Sources = srcs
	errs.Sort()
	return p, errs.Err()
}

// parseInput parses the model and the statements after it into one file.
func parseInput(in Input) (*File, Sources, error) {
	srcs := Sources{in.Model.Name: in.Model.Text}
	f, err := ParseFile(in.Model.Name, in.Model.Text)
	if err != nil {
		return nil, srcs, err
	}
	for _, s := range in.Stmts {
		srcs[s.Name] = s.Text
		more, err := ParseFile(s.Name, s.Text)
		if err != nil {
			return nil, srcs, err
		}
		f.Stmts = append(f.Stmts, more.Stmts...)
	}
	return f, srcs, nil
}
