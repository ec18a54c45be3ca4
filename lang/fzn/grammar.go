package fzn

import "github.com/alecthomas/participle/v2/lexer"

// The grammar of FlatZinc items, for participle: the file is cut into
// items at their ";" by split, and each item parsed on its own, so that
// one mistake does not hide the next.

// Item is one item of a FlatZinc model: a predicate declaration, a
// parameter or variable declaration, a constraint or the solve item.
type Item struct {
	Pos        lexer.Position
	Predicate  *Predicate  `parser:"(  @@"`
	Constraint *Constraint `parser:" | @@"`
	Solve      *Solve      `parser:" | @@"`
	Decl       *Decl       `parser:" | @@ ) \";\""`
}

// Predicate declares a solver-specific predicate: csp reads only its name.
type Predicate struct {
	Name   *Name        `parser:"\"predicate\" @@ \"(\""`
	Params []*PredParam `parser:"( @@ ( \",\" @@ )* )? \")\""`
}

// PredParam is a parameter of a predicate declaration.
type PredParam struct {
	Type *Type `parser:"@@ \":\""`
	Name *Name `parser:"@@"`
}

// Name is an identifier with its position.
type Name struct {
	Pos  lexer.Position
	Text string `parser:"@Ident"`
}

// Type is a declaration's type: an optional array of, var, and the base.
type Type struct {
	Pos   lexer.Position
	Index []*IndexSet `parser:"( \"array\" \"[\" @@ ( \",\" @@ )* \"]\" \"of\" )?"`
	Var   bool        `parser:"@\"var\"?"`
	Base  *BaseType   `parser:"@@"`
}

// IndexSet is an array's index set: 1..n, or int in a predicate
// declaration.
type IndexSet struct {
	Pos lexer.Position
	Int bool   `parser:"(  @\"int\""`
	Lo  string `parser:" | @Int \"..\""`
	Hi  string `parser:"   @Int )"`
}

// BaseType is bool, int, float, a range, a set of values, or set of one
// of these.
type BaseType struct {
	Pos    lexer.Position
	Bool   bool      `parser:"(  @\"bool\""`
	Int    bool      `parser:" | @\"int\""`
	Float  bool      `parser:" | @\"float\""`
	String bool      `parser:" | @\"string\""`
	Set    *BaseType `parser:" | \"set\" \"of\" @@"`
	Lo     string    `parser:" | @(Int | Float) \"..\""`
	Hi     string    `parser:"   @(Int | Float)"`
	Values *SetLit   `parser:" | @@ )"`
}

// Decl declares a parameter (with its value) or a variable (with an
// optional value: a constant, or another variable it is the same as).
type Decl struct {
	Type  *Type         `parser:"@@ \":\""`
	Name  *Name         `parser:"@@"`
	Anns  []*Annotation `parser:"( \"::\" @@ )*"`
	Value *Expr         `parser:"( \"=\" @@ )?"`
}

// Constraint is a constraint item: a predicate applied to arguments.
type Constraint struct {
	Name *Name         `parser:"\"constraint\" @@ \"(\""`
	Args []*Expr       `parser:"( @@ ( \",\" @@ )* )? \")\""`
	Anns []*Annotation `parser:"( \"::\" @@ )*"`
}

// Solve is the solve item.
type Solve struct {
	Pos       lexer.Position
	Anns      []*Annotation `parser:"\"solve\" ( \"::\" @@ )*"`
	Satisfy   bool          `parser:"(  @\"satisfy\""`
	Sense     string        `parser:" | @( \"minimize\" | \"maximize\" )"`
	Objective *Expr         `parser:"   @@ )"`
}

// Annotation is name or name(args).
type Annotation struct {
	Name *Name   `parser:"@@"`
	Args []*Expr `parser:"( \"(\" ( @@ ( \",\" @@ )* )? \")\" )?"`
}

// Expr is a FlatZinc expression: a literal, a name (with an index, or,
// in an annotation, arguments), a set or an array. Exactly one of the
// groups is set.
type Expr struct {
	Pos   lexer.Position
	Bool  string    `parser:"(  @( \"true\" | \"false\" )"`
	Num   string    `parser:" | @(Int | Float)"`
	Upper string    `parser:"   ( \"..\" @(Int | Float) )?"`
	Set   *SetLit   `parser:" | @@"`
	Array *ArrayLit `parser:" | @@"`
	Str   string    `parser:" | @String"`
	Name  *Name     `parser:" | @@"`
	Index string    `parser:"   ( \"[\" @Int \"]\""`
	Call  *CallArgs `parser:"   | @@ )? )"`
}

// CallArgs are the arguments of an annotation inside an annotation:
// int_search(x, input_order, indomain_min) in seq_search([...]).
type CallArgs struct {
	Args []*Expr `parser:"\"(\" ( @@ ( \",\" @@ )* )? \")\""`
}

// SetLit is {v1, v2, ...}.
type SetLit struct {
	Pos    lexer.Position
	Open   bool     `parser:"@\"{\""`
	Values []string `parser:"( @(Int | Float) ( \",\" @(Int | Float) )* )? \"}\""`
}

// ArrayLit is [e1, e2, ...].
type ArrayLit struct {
	Pos   lexer.Position
	Open  bool    `parser:"@\"[\""`
	Elems []*Expr `parser:"( @@ ( \",\" @@ )* )? \"]\""`
}
