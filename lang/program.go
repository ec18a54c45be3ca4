package lang

import (
	"bytes"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// Source is a named text: a model, a data file, or a -p value. Name is
// what error messages call it (usually the file's path).
type Source struct {
	Name string
	Text []byte
}

// Input is everything a model is compiled from. Only Model is required.
type Input struct {
	Model  Source   // the model's text
	Stmts  []Source // more statements after the model, each its own source (a session's input)
	Data   []Source // data files: name = value statements
	Params []string // param values as csp solve -p gives them, each "name=value"; they override Data
	Limits Limits   // bounds on compiling
	// Decompose posts every global constraint as its decomposition into
	// v1 constraints instead of with its propagator (--decompose).
	Decompose bool
	// PlainLookups keeps every lookup a[i] with a variable index in its
	// v1 form, without the hidden variables that name lookups for
	// propagation to a fixpoint (element.go): under the course's levels,
	// none and fc, the search then branches on declared variables only.
	PlainLookups bool
	// ValuesOnly says the solutions are read as values (--json, which
	// caps the show text it carries): a board() too big to draw is then
	// no error, only left out of that text.
	ValuesOnly bool
}

// Program is a checked model lowered into an engine.Model, with what is
// needed to print its solutions and to trace constraints back to source.
type Program struct {
	// Model is what package engine searches: the declared variables (and
	// any a lookup needed), the constraints, the objective.
	Model *engine.Model
	// Decls are the declared decision variables and arrays, in
	// declaration order; Var finds one by name.
	Decls   []*VarInfo
	origins origins // for each engine constraint, where it came from: Origin(i)
	// Sources holds every text compiled, by name, for PrintErrors.
	Sources Sources
	// Objective is the minimize or maximize statement, if any.
	Objective Span
	// Warnings are what compiles but reads as a typo (warnings.go),
	// sorted; PrintWarnings writes them.
	Warnings ErrorList
	show     []showItem
	env      map[string]value     // the names in scope after lowering, for queries
	varEnums map[engine.Var]*Enum // the variables declared in an enum (VarInfo.Enum), by engine variable
	defs     map[string]*DefStmt  // the definitions, for queries
}

// VarInfo is one declared decision variable or array: its name, its
// index sets, and the engine variables of its elements, through which a
// Solver's values are read (Values, Value).
type VarInfo struct {
	Name string
	Pos  Pos          // where it is declared
	Dims []Range      // index sets; empty for a single variable
	Vars []engine.Var // row-major: the last index varies fastest
	// Enum is the enum of the domain, when it is declared as one (var
	// owner[1..5] in Nation): its values are then printed by name.
	Enum *Enum
	// Index has, for each index set, the enum it is declared as (var
	// house[Nation] in 1..5), or nil.
	Index []*Enum
}

// Range is an index set lo..hi.
type Range struct{ Lo, Hi int64 }

// Var returns the decision variable or array the model declares as name,
// or nil if it declares none: a param, a definition or an unknown name.
// With it a caller reads a solution by name rather than by position:
//
//	q := prog.Var("q").Values(s.Value) // []int64, q[1] first
func (p *Program) Var(name string) *VarInfo {
	for _, d := range p.Decls {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// Values returns the values in a solution of the variable's elements, in
// row-major order (for m[1..2, 1..3]: m[1,1], m[1,2], m[1,3], m[2,1]...),
// or of the single variable as one value. A Solver's Value method is a
// Solution: Values(s.Value).
func (v *VarInfo) Values(sol Solution) []int64 {
	out := make([]int64, len(v.Vars))
	for i, x := range v.Vars {
		out[i] = sol(x)
	}
	return out
}

// Value returns the value in a solution of a single variable (declared
// without index sets). It panics for an array, whose values Values gives.
func (v *VarInfo) Value(sol Solution) int64 {
	if len(v.Dims) > 0 {
		panic("lang: Value of the array " + v.Name + ": use Values")
	}
	return sol(v.Vars[0])
}

// Compile parses, checks and lowers a model with its data. The error, if
// any, is an ErrorList with every problem found.
//
// The stages do not hide each other's errors, as go/parser and go/types
// do not: the statements that fail to parse are left out and the rest are
// resolved; the statements whose names resolve are lowered. What depends
// on a statement that failed is skipped silently, so that one mistake is
// reported once: the names that a declaration which failed to parse would
// have declared are "poisoned", and a use of them is no error.
func Compile(in Input) (*Program, error) {
	var errs ErrorList
	g := &guard{limits: in.Limits}
	f, srcs, br := parseInputPartial(in, &errs, g)
	binds, data := collectData(in, srcs, &errs, g)
	if g.halted { // a limit stopped reading: what follows would only add noise
		errs.Sort()
		return &Program{Model: engine.NewModel(), Sources: srcs}, errs.Err()
	}
	res := resolveFile(f, br, &errs)
	l := newLowerer(binds, srcs, &errs, nil)
	l.res, l.broken, l.data, l.limit = res, br, data, g
	l.decomposeAll = in.Decompose
	l.plainLookups = in.PlainLookups
	l.valuesOnly = in.ValuesOnly
	l.dropLowered = true
	warnings := warningsOf(f, srcs) // before lowering, which drops the statements it lowered
	p := l.lower(f)
	p.Sources = srcs
	p.Warnings = warnings
	errs.Sort()
	return p, errs.Err()
}

// warningsOf is every warning of a parsed file, sorted.
func warningsOf(f *File, srcs Sources) ErrorList {
	skip := map[Pos]bool{}
	for _, w := range f.Warnings {
		skip[w.Pos] = true
	}
	w := append(append(ErrorList{}, f.Warnings...), truthAsNumberWarnings(f, srcs, skip)...)
	w = append(w, enumWarnings(f)...)
	w.Sort()
	return w
}

// parseInput parses the model and the statements after it into one file.
func parseInput(in Input) (*File, Sources, error) {
	var errs ErrorList
	f, srcs, _ := parseInputPartial(in, &errs, nil)
	if len(errs) > 0 {
		errs.Sort()
		return nil, srcs, errs
	}
	return f, srcs, nil
}

// parseInputPartial parses the model and the statements after it into one
// file of the statements that parse, adding the syntax errors to errs.
func parseInputPartial(in Input, errs *ErrorList, g *guard) (*File, Sources, broken) {
	model := withoutBOM(in.Model.Text)
	srcs := Sources{in.Model.Name: model}
	f, perrs, br := parsePartial(in.Model.Name, model, recoverDecls, g)
	*errs = append(*errs, perrs...)
	for _, s := range in.Stmts {
		text := withoutBOM(s.Text)
		srcs[s.Name] = text
		more, perrs, mbr := parsePartial(s.Name, text, recoverDecls, g)
		*errs = append(*errs, perrs...)
		f.Warnings = append(f.Warnings, more.Warnings...)
		br.merge(mbr, len(f.Stmts))
		f.Stmts = append(f.Stmts, more.Stmts...)
	}
	return f, srcs, br
}

// collectData is collectBindings for Compile: the statements of a data file
// that parse give values, and the names that the others (and -p values
// that do not parse) would have set are returned as broken, so that the
// model's params of those names are skipped rather than reported missing.
func collectData(in Input, srcs Sources, errs *ErrorList, g *guard) (map[string]*binding, broken) {
	binds := map[string]*binding{}
	var br broken
	for _, d := range in.Data {
		text := withoutBOM(d.Text)
		srcs[d.Name] = text
		if isJSONData(d.Name, text) { // jsondata.go
			if !addJSONBindings(d.Name, text, binds, errs, g) {
				br.blindAt(0) // what the rest of the file sets is unknown
			}
			continue
		}
		f, perrs, dbr := parsePartial(d.Name, text, recoverData, g)
		*errs = append(*errs, perrs...)
		br.merge(dbr, 0)
		for _, s := range f.Stmts {
			b := dataBinding(s, errs)
			if b == nil {
				if p, ok := s.(*ParamDecl); ok {
					br.poison(p.Name.Name)
				} else {
					br.blindAt(0)
				}
				continue
			}
			if prev, ok := binds[b.name.Name]; ok {
				errs.Add(b.name.Pos, b.name.End, "%s is set twice (first at %s)", b.name.Name, prev.name.Pos)
				continue
			}
			binds[b.name.Name] = b
		}
	}
	seen := map[string]bool{}
	for _, arg := range in.Params {
		b := paramArg(arg, srcs, errs)
		if b == nil {
			// -p overrides a data file: the param's value is unknown.
			name, _, _ := strings.Cut(arg, "=")
			name = strings.TrimSpace(name)
			if isIdentifier(name) {
				br.poison(name)
				delete(binds, name)
			} else {
				br.blindAt(0)
			}
			continue
		}
		if seen[b.name.Name] {
			errs.Add(b.name.Pos, b.name.End, "-p %s is given twice", b.name.Name)
			continue
		}
		seen[b.name.Name] = true
		binds[b.name.Name] = b
		delete(br.names, b.name.Name)
	}
	return binds, br
}

// withoutBOM drops a UTF-8 byte-order mark at the start of a text, which
// some editors write; positions then count from the first character a
// reader sees.
func withoutBOM(text []byte) []byte {
	return bytes.TrimPrefix(text, []byte("\ufeff"))
}
