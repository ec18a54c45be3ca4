package lang

import "strconv"

// The abstract syntax tree. Every node spans Pos (its first character) to
// End (just after its last character); errors underline that span.

// Span is the source range of a node.
type Span struct {
	Pos, End Pos
}

// Span returns the node's own span; embedding Span gives every node this
// method.
func (s Span) span() Span { return s }

// widen sets the span, for an expression in parentheses: it spans them,
// so that an operator around it underlines them whole ("x % (y - 1)").
func (s *Span) widen(to Span) { *s = to }

// Node is any AST node.
type Node interface{ span() Span }

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// IntLit is an integer literal; Text keeps its digits and underscores.
type IntLit struct {
	Span
	Text string
}

// StrLit is a string literal (show formats), unquoted.
type StrLit struct {
	Span
	Value string
	Raw   string // as written, with quotes, so positions inside it can be computed
}

// Ident is a name.
type Ident struct {
	Span
	Name string
}

// Blank is "." or "_" in a matrix literal.
type Blank struct{ Span }

// FullRange is ".." standing alone as an index: every index of that
// dimension.
type FullRange struct{ Span }

// Unary is -x or not x.
type Unary struct {
	Span
	Op string
	X  Expr
}

// Binary is x op y, for every binary operator including "..", "in",
// "not in", "union", "diff", "++", "->" and "^".
type Binary struct {
	Span
	Op   string
	X, Y Expr
}

// Index is x[i, j]; an index may be a range (a slice) or a FullRange.
type Index struct {
	Span
	X       Expr
	Indices []Expr
}

// Call is f(args) or f(e for generators).
type Call struct {
	Span
	Fun  *Ident
	Args []Expr
	Gens *Generators // set for sum(e for i in ...): Args holds e alone
}

// If is if c then a else b end.
type If struct {
	Span
	Cond, Then, Else Expr
}

// Matrix is a bracketed literal: a list (one row) or a matrix (rows
// separated by newlines or ";"). Elements may be Blank.
type Matrix struct {
	Span
	Rows [][]Expr
}

// Comprehension is [e for generators].
type Comprehension struct {
	Span
	Elem Expr
	Gens *Generators
}

// SetComp is {e for generators}, a constant set. Elem is nil when more
// than one expression stands before for, which the checker rejects.
type SetComp struct {
	Span
	Elem Expr
	Gens *Generators
}

// SetLit is {a, b, c}.
type SetLit struct {
	Span
	Elems []Expr
}

// Quant is forall/exists over generators, with either an expression body or
// a block of statements (forall only).
type Quant struct {
	Span
	Kind  string // "forall" or "exists"
	Gens  *Generators
	Body  Expr   // or nil when Block is used
	Block []Stmt // statements of forall gens { ... }
}

// Generators is a list of generators with an optional where filter.
type Generators struct {
	List  []*Generator
	Where Expr // or nil
}

// Generator is "i, j in domain".
type Generator struct {
	Span
	Names  []*Ident
	Domain Expr
}

// ParamDecl is param name[shape] = value; Shape and Value may be absent.
type ParamDecl struct {
	Span
	Name  *Ident
	Shape []Expr
	Value Expr
	// Enum is set on the params an enum stands for (EnumDecl.Params): on
	// the enum's name and on each of its constants, so that lowering
	// knows which variables hold its values and prints them by name.
	enum *Enum
}

// EnumDecl is enum Name = {A, B, C}: at the top level of a file it stands
// for the params Name = 1..3, A = 1, B = 2, C = 3 (Params), which is what
// parsePartial keeps of it.
type EnumDecl struct {
	Span
	Name   *Ident
	Values []*Ident
}

// Params are the params an enum stands for: its name, the set of its
// constants' numbers, then each constant, numbered from 1 in order.
func (e *EnumDecl) Params() []Stmt {
	k := strconv.Itoa(len(e.Values))
	one := &IntLit{Span: e.Name.Span, Text: "1"}
	set := &Binary{Span: e.Name.Span, Op: "..", X: one, Y: &IntLit{Span: e.Name.Span, Text: k}}
	en := &Enum{Name: e.Name.Name}
	out := []Stmt{&ParamDecl{Span: e.Span, Name: e.Name, Value: set, enum: en}}
	for i, v := range e.Values {
		en.Values = append(en.Values, v.Name)
		out = append(out, &ParamDecl{Span: v.Span, Name: v, Value: &IntLit{Span: v.Span, Text: strconv.Itoa(i + 1)}, enum: en})
	}
	return out
}

// VarDecl is var a, b[shape] in domain.
type VarDecl struct {
	Span
	Names  []*VarName
	Domain Expr
}

// VarName is one name of a VarDecl with its optional shape.
type VarName struct {
	Name  *Ident
	Shape []Expr
}

// ShowStmt is show item, item.
type ShowStmt struct {
	Span
	Items []Expr
}

// Objective is minimize e or maximize e.
type Objective struct {
	Span
	Sense string
	Expr  Expr
}

// SearchStmt is search items [order name] [values name]: what the search
// branches on, and how. Order and Values are nil when not written: the
// settings in force then apply.
type SearchStmt struct {
	Span
	Items  []Expr
	Order  *Ident
	Values *Ident
	Twice  []*Ident // an order or values written again (the word, spanning its name)
}

// DefStmt is a definition: def name(params) = expr, or def name(params)
// { statements } (a constraint block). Params is nil without
// parameters; Block is nil for an expression definition and non-nil
// (perhaps empty) for a block.
type DefStmt struct {
	Span
	Name   *Ident
	Params []*Ident
	Body   Expr
	Block  []Stmt
}

// ConstraintStmt is any other statement: an expression that must hold.
type ConstraintStmt struct {
	Span
	Expr Expr
}

func (*IntLit) exprNode()        {}
func (*StrLit) exprNode()        {}
func (*Ident) exprNode()         {}
func (*Blank) exprNode()         {}
func (*FullRange) exprNode()     {}
func (*Unary) exprNode()         {}
func (*Binary) exprNode()        {}
func (*Index) exprNode()         {}
func (*Call) exprNode()          {}
func (*If) exprNode()            {}
func (*Matrix) exprNode()        {}
func (*Comprehension) exprNode() {}
func (*SetLit) exprNode()        {}
func (*SetComp) exprNode()       {}
func (*Quant) exprNode()         {}

func (*ParamDecl) stmtNode()      {}
func (*EnumDecl) stmtNode()       {}
func (*VarDecl) stmtNode()        {}
func (*ShowStmt) stmtNode()       {}
func (*Objective) stmtNode()      {}
func (*ConstraintStmt) stmtNode() {}
func (*DefStmt) stmtNode()        {}
func (*SearchStmt) stmtNode()     {}

// File is a parsed model or data file.
type File struct {
	Name  string
	Src   []byte
	Stmts []Stmt
	// Warnings are the lines that continue a statement but read as one
	// of their own (warnings.go).
	Warnings ErrorList
}
