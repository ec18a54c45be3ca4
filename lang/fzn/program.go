package fzn

import (
	"fmt"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Program is a FlatZinc model compiled into an engine model, with what is
// needed to search it as its annotations ask and to print its solutions
// in the FlatZinc format.
type Program struct {
	Model   *engine.Model
	Sources lang.Sources
	// Search is what the solve item's annotations ask for.
	Search Search
	// Warnings are notes for stderr that do not stop the model: a var int
	// left without bounds, an annotation csp cannot follow.
	Warnings []string

	sense   engine.Sense
	outputs []output
	nvars   int // FlatZinc scalar variables, for the statistics
	nbools  int
}

// Sense returns whether the model is a satisfaction, minimisation or
// maximisation problem.
func (p *Program) Sense() engine.Sense { return p.sense }

// Vars returns the number of int and bool variables of the FlatZinc
// model (aliases counted once), for the statistics.
func (p *Program) Vars() (ints, bools int) { return p.nvars - p.nbools, p.nbools }

// symbol is a declared name: a parameter with its value, or a variable
// (a term) or array of variables (its elements).
type symbol struct {
	pos lang.Pos
	par bool
	val arg
}

// fcons is a constraint item with its arguments resolved.
type fcons struct {
	pos  lang.Pos
	end  lang.Pos
	name string
	args []arg
	anns []*Annotation
}

type compiler struct {
	name    string
	errs    lang.ErrorList
	syms    map[string]*symbol
	vars    []*fvar
	cons    []*fcons
	solve   *Solve
	prog    *Program
	model   *engine.Model
	unsat   bool // a domain is empty or a constant constraint false
	outputs []pendingOutput
}

// Compile parses and compiles a FlatZinc model. name labels positions in
// errors. Errors are a lang.ErrorList; print them with lang.PrintErrors
// and the Program's Sources (Compile returns a Program even on error).
func Compile(name string, src []byte) (prog *Program, err error) {
	prog = &Program{Sources: lang.Sources{name: src}}
	defer recoverInternal(&err)
	f, err := Parse(name, src)
	if err != nil {
		return prog, err
	}
	c := &compiler{name: name, syms: map[string]*symbol{}, prog: prog, model: engine.NewModel()}
	if !c.read(f) || !c.mergeEqualities() || !c.inferBounds() || !c.makeVars() || !c.post() || !c.objective() {
		c.errs.Sort()
		return prog, c.errs
	}
	if c.unsat {
		c.model.Require(engine.NewConst(0))
	}
	prog.Model = c.model
	c.finishOutputs()
	return prog, nil
}

func (c *compiler) errorf(pos lang.Pos, format string, args ...any) {
	c.errs = append(c.errs, &lang.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// failed reports whether errors stop the compilation: after a few, the
// rest are likely to repeat them.
func (c *compiler) failed() bool { return len(c.errs) > 0 }

// read goes through the items in order: declarations, constraints (their
// arguments resolved), the solve item.
func (c *compiler) read(f *File) bool {
	for _, it := range f.Items {
		switch {
		case it.Predicate != nil:
			// a declaration only: the constraint items say what csp must know
		case it.Decl != nil:
			if !c.decl(it.Decl) {
				return false
			}
		case it.Constraint != nil:
			c.constraint(it)
		case it.Solve != nil:
			if c.solve != nil {
				c.errorf(toPos(it.Pos), "a second solve item: a model has one")
				continue
			}
			c.solve = it.Solve
		}
		if len(c.errs) >= maxErrors {
			break
		}
	}
	if c.solve == nil && !c.failed() {
		c.errorf(lang.Pos{File: c.name, Line: max(1, lastLine(f)), Col: 1}, "the model has no solve item")
	}
	return !c.failed()
}

func lastLine(f *File) int {
	if len(f.Items) == 0 {
		return 1
	}
	return f.Items[len(f.Items)-1].Pos.Line
}

func (c *compiler) constraint(it *Item) {
	k := it.Constraint
	fc := &fcons{pos: toPos(k.Name.Pos), name: k.Name.Text, anns: k.Anns.List}
	fc.end = fc.pos
	fc.end.Col += len(k.Name.Text)
	fc.end.Offset += len(k.Name.Text)
	for _, e := range k.Args.List {
		a, ok := c.resolve(e, false)
		if !ok {
			return
		}
		fc.args = append(fc.args, a)
	}
	c.cons = append(c.cons, fc)
}
