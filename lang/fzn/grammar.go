package fzn

import "github.com/alecthomas/participle/v2/lexer"

// The grammar of FlatZinc, for participle. The file is cut into items at
// their ";" (itemTokens), and each item parsed on its own, so that one
// mistake does not hide the next.
//
// Only the outline is in struct tags. MiniZinc writes files of hundreds
// of thousands of items and arrays of as many elements, and through tags
// participle spends tens of microseconds on each (reflection, a branch of
// the parse context per group and alternative, a deferred capture per
// field). So the productions an item is made of parse themselves: a type
// implementing participle.Parseable reads its own tokens from
// participle's PeekingLexer, as participle's precedenceclimbing example
// reads expressions, and the tags use it with @@ like any other. Their
// grammar, written once, in their methods (items.go, types.go, names.go,
// expr.go):
//
//	Decl       = Type ":" Name [Anns] ["=" Expr]
//	Constraint = "constraint" Name Args [Anns]
//	Type       = ["array" "[" IndexSet {"," IndexSet} "]" "of"] ["var"] BaseType
//	IndexSet   = "int" | Int ".." Int
//	BaseType   = "bool" | "int" | "float" | "string" | "set" "of" BaseType
//	           | Number ".." Number | SetLit
//	Anns       = "::" Annotation {"::" Annotation}
//	Annotation = Name [Args]
//	Args       = "(" [Expr {"," Expr}] ")"
//	Expr       = ("true" | "false") | Number [".." Number] | SetLit | ArrayLit
//	           | String | Name ["[" Int "]" | Args]
//	Number     = Int | Float
//	Name       = Ident
//	SetLit     = "{" [Number {"," Number}] "}"
//	ArrayLit   = "[" [Expr {"," Expr}] "]"
//
// Each returns participle.NextMatch, having read nothing, when the next
// token cannot start it, and participle's UnexpectedTokenError once it
// has read some. The parser's lookahead is 0 (every choice is made on one
// token), so participle never backtracks over a production that has begun:
// an error is reported where it is.

// Item is one item of a FlatZinc model: a predicate declaration, a
// parameter or variable declaration, a constraint or the solve item.
type Item struct {
	Pos        lexer.Position
	Constraint *Constraint `parser:"(  @@"`
	Decl       *Decl       `parser:" | @@"`
	Solve      *Solve      `parser:" | @@"`
	Predicate  *Predicate  `parser:" | @@ ) \";\""`
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

// Solve is the solve item.
type Solve struct {
	Pos       lexer.Position
	Anns      Anns   `parser:"\"solve\" @@?"`
	Satisfy   bool   `parser:"(  @\"satisfy\""`
	Sense     string `parser:" | @( \"minimize\" | \"maximize\" )"`
	Objective *Expr  `parser:"   @@ )"`
}
