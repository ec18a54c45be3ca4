package lang

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/csp-lang/csp/engine"
)

// A Batch solves many instances of one model that differ only in the value
// of one matrix param, each given as a line of single characters (a sudoku
// grid as 81 characters). The model is parsed and lowered once: while it
// is lowered, the param's elements stay symbolic, and "x = param" records
// which variable each element fixes instead of posting a constraint. An
// instance is then only a list of variables to fix before search.
//
// A model that uses the param in any other way (arithmetic, a where, a
// generator) cannot be lowered once; the batch then falls back to lowering
// the parsed model again for every line, which is slower but exact.
type Batch struct {
	Param   string
	Program *Program // the model lowered once (symbolic mode only)
	dims    []interval
	links   []link
	out     []engine.Var // the answer's variables (symbolic mode), shared by every instance
	// fallback
	file  *File
	in    Input
	srcs  Sources
	binds map[string]*binding
	guard *guard // the input's limits, for lowering too
}

type link struct {
	elem int
	v    engine.Var
}

// Fix sets a variable to a value before search.
type Fix struct {
	Var   engine.Var
	Value int64
}

// Instance is one line of a batch: either fixes to apply to the shared
// Program, or (in fallback mode) a Program of its own.
type Instance struct {
	Program *Program
	Fixes   []Fix
	Out     []engine.Var // the variables whose values answer the instance, in order
}

// paramElemV is an element of the batch param while lowering once.
type paramElemV struct{ i int }

func (paramElemV) kind() string { return "batch element" }

// NewBatch compiles in for batch solving of the matrix param named param
// ("" picks the model's only matrix param).
func NewBatch(in Input, param string) (*Batch, error) {
	// Syntax, name and data errors are reported together, as by Compile.
	var errs ErrorList
	g := &guard{limits: in.Limits}
	f, srcs, br := parseInputPartial(in, &errs, g)
	binds, _ := collectData(in, srcs, &errs, g)
	if !g.halted {
		resolveFile(f, br, &errs)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	decl, err := batchParam(f, param)
	if err != nil {
		return nil, err
	}
	b := &Batch{Param: decl.Name.Name, file: f, in: in, srcs: srcs, binds: binds, guard: g}
	if _, given := binds[b.Param]; given {
		return nil, ErrorList{{Pos: binds[b.Param].name.Pos, Msg: fmt.Sprintf("%s is given by --each; do not set it too", b.Param)}}
	}
	if err := b.lowerOnce(f, binds, srcs); err != nil {
		return nil, err
	}
	if b.Program == nil {
		if err := b.checkFallback(); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// batchParam finds the matrix param: one declared with a shape or with a
// list or matrix literal as its value.
func batchParam(f *File, name string) (*ParamDecl, error) {
	var found []*ParamDecl
	var names []string
	for _, s := range f.Stmts {
		p, ok := s.(*ParamDecl)
		if !ok {
			continue
		}
		if name != "" && p.Name.Name == name {
			return p, nil
		}
		if _, lit := p.Value.(*Matrix); len(p.Shape) > 0 || lit {
			found = append(found, p)
			names = append(names, p.Name.Name)
		}
	}
	switch {
	case name != "":
		var all []string
		for _, s := range f.Stmts {
			if p, ok := s.(*ParamDecl); ok {
				all = append(all, p.Name.Name)
			}
		}
		return nil, ErrorList{{Pos: Pos{File: f.Name}, Msg: fmt.Sprintf("--each %s=...: the model declares no param %s%s", name, name, didYouMean(name, all))}}
	case len(found) == 0:
		return nil, ErrorList{{Pos: Pos{File: f.Name}, Msg: "--each needs a matrix param (param p[1..9, 1..9] or param p = [...]), and the model has none"}}
	case len(found) > 1:
		return nil, ErrorList{{Pos: found[1].Name.Pos, Msg: fmt.Sprintf("the model has several matrix params (%s): name one with --each NAME=FILE", strings.Join(names, ", "))}}
	}
	return found[0], nil
}

// lowerOnce lowers the model with the param symbolic. It leaves Program
// nil when the model uses the param in a way that needs its values, and
// returns the errors that do not come from the param being symbolic:
// mistakes in the model, reported once before any line is read rather
// than on every line.
func (b *Batch) lowerOnce(f *File, binds map[string]*binding, srcs Sources) error {
	var errs, real ErrorList
	p := lowerBatch(f, binds, srcs, &errs, b, true)
	for _, e := range errs {
		if e.Kind != errSymbolic {
			real = append(real, e)
		}
	}
	if len(real) > 0 {
		real.Sort()
		return real
	}
	if len(errs) > 0 || b.dims == nil {
		return nil
	}
	p.Sources = srcs
	b.Program = p
	b.out = b.outVars(p)
	return nil
}

// checkFallback lowers the model once with an all-blank value, so that
// mistakes in the model are reported before any line is read.
func (b *Batch) checkFallback() error {
	if b.dims == nil {
		return ErrorList{{Pos: Pos{File: b.file.Name}, Msg: fmt.Sprintf("the shape of %s is unknown: declare it, as in param %s[1..9, 1..9]", b.Param, b.Param)}}
	}
	return nil
}

// symbolicParam is called by the lowerer for the batch param: it computes
// the shape and binds the param to symbolic elements.
func (b *Batch) symbolicParam(l *lowerer, p *ParamDecl) value {
	var dims []interval
	if len(p.Shape) > 0 {
		dims = l.shape(p.Shape)
	} else if m, ok := l.eval(p.Value).(*arrV); ok {
		dims = m.dims
	}
	if dims == nil {
		return nil
	}
	b.dims = dims
	n := 1
	for _, d := range dims {
		n *= int(d.size())
	}
	a := &arrV{dims: dims, elems: make([]value, n)}
	for i := range a.elems {
		a.elems[i] = paramElemV{i}
	}
	return a
}

// Size is the number of characters a line must have.
func (b *Batch) Size() int {
	n := 1
	for _, d := range b.dims {
		n *= int(d.size())
	}
	return n
}

// Instance reads one line: '1'-'9' and 'A'-'Z' (10 to 35) are values,
// '.', '_' and '0' blanks.
func (b *Batch) Instance(line string) (*Instance, error) {
	vals, err := b.parseLine(line)
	if err != nil {
		return nil, err
	}
	if b.Program != nil {
		// Fixes sized once: grown by append it cost six allocations on
		// a 17-clue sudoku, per line of a batch of thousands.
		n := 0
		for _, lk := range b.links {
			if vals[lk.elem] != 0 {
				n++
			}
		}
		inst := &Instance{Program: b.Program, Out: b.out, Fixes: make([]Fix, 0, n)}
		for _, lk := range b.links {
			if v := vals[lk.elem]; v != 0 {
				inst.Fixes = append(inst.Fixes, Fix{Var: lk.v, Value: v})
			}
		}
		return inst, nil
	}
	return b.lowerLine(vals)
}

// InstanceLowered reads a line and lowers the model with its value, even
// when the batch could fix variables instead.
func (b *Batch) InstanceLowered(line string) (*Instance, error) {
	vals, err := b.parseLine(line)
	if err != nil {
		return nil, err
	}
	return b.lowerLine(vals)
}

// LineError is a mistake in a line of a batch: Col is its column in the
// line as given (from 1, in characters), and End, if more than Col, the
// column just past the span it covers. The caller knows the file and the
// line number, and places it.
type LineError struct {
	Col, End int
	Msg      string
}

func (e *LineError) Error() string { return e.Msg }

// parseLine reads the values of a line, 0 for a blank (values start at 1),
// spaces around it ignored. One slice a line: this runs once per instance
// of a batch of thousands.
func (b *Batch) parseLine(line string) ([]int64, error) {
	trimmed := strings.TrimSpace(line)
	lead := 0 // the columns of the spaces trimmed on the left
	if len(trimmed) != len(line) {
		lead = utf8.RuneCountInString(line[:strings.Index(line, trimmed)])
	}
	if n := utf8.RuneCountInString(trimmed); n != b.Size() {
		// A short line is marked just past its end, a long one from the
		// first character too many to its end.
		e := &LineError{Col: lead + n + 1, Msg: fmt.Sprintf("%d characters, but %s needs %d", n, b.Param, b.Size())}
		if n > b.Size() {
			e.Col, e.End = lead+b.Size()+1, lead+n+1
		}
		return nil, e
	}
	vals := make([]int64, 0, b.Size())
	for _, r := range trimmed {
		var v int64
		switch {
		case r == '.' || r == '_' || r == '0':
			vals = append(vals, 0)
			continue
		case r >= '1' && r <= '9':
			v = int64(r - '0')
		case r >= 'A' && r <= 'Z':
			v = int64(r-'A') + 10
		case r >= 'a' && r <= 'z':
			v = int64(r-'a') + 10
		default:
			return nil, &LineError{Col: lead + len(vals) + 1, Msg: fmt.Sprintf("%q is not a value (1-9, A-Z) or a blank (. _ 0)", r)}
		}
		vals = append(vals, v)
	}
	return vals, nil
}

// outVars are the variables linked to the param, in its order, or every
// variable when there are no links.
func (b *Batch) outVars(p *Program) []engine.Var {
	if len(b.links) == b.Size() {
		out := make([]engine.Var, b.Size())
		for _, lk := range b.links {
			out[lk.elem] = lk.v
		}
		return out
	}
	var out []engine.Var
	for _, d := range p.Decls {
		out = append(out, d.Vars...)
	}
	return out
}

// lowerLine is the fallback: the parsed model lowered with this line's
// value.
func (b *Batch) lowerLine(vals []int64) (*Instance, error) {
	m := &Matrix{}
	cols := int(b.dims[len(b.dims)-1].size())
	for i, v := range vals {
		if i%cols == 0 {
			m.Rows = append(m.Rows, nil)
		}
		var e Expr = &Blank{}
		if v != 0 {
			e = &IntLit{Text: itoa(v)}
		}
		m.Rows[len(m.Rows)-1] = append(m.Rows[len(m.Rows)-1], e)
	}
	binds := map[string]*binding{}
	for k, v := range b.binds {
		c := *v
		binds[k] = &c
	}
	binds[b.Param] = &binding{name: &Ident{Name: b.Param}, value: m, from: "--each"}
	var errs ErrorList
	p := lowerBatch(b.file, binds, b.srcs, &errs, b, false)
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	p.Sources = b.srcs
	return &Instance{Program: p, Out: b.outVars(p)}, nil
}

// FormatLine writes an instance's answer in the one-line form: one
// character a value (0-9, then A-Z for 10 to 35), or the numbers separated
// by spaces when a value does not fit in one character.
func FormatLine(values []int64) string {
	var b strings.Builder
	for _, v := range values {
		switch {
		case v >= 0 && v <= 9:
			b.WriteByte(byte('0' + v))
		case v >= 10 && v <= 35:
			b.WriteByte(byte('A' + v - 10))
		default:
			parts := make([]string, len(values))
			for i, x := range values {
				parts[i] = itoa(x)
			}
			return strings.Join(parts, " ")
		}
	}
	return b.String()
}

// ObjectiveText is the model's minimize or maximize statement and its
// position ("maximize sum(x) at m.csp:5:1"), or empty if it has none.
func (b *Batch) ObjectiveText() string {
	for _, s := range b.file.Stmts {
		if o, ok := s.(*Objective); ok {
			return fmt.Sprintf("%s at %s", trimLine(spanText(b.srcs, o.Span)), o.Pos)
		}
	}
	return ""
}
