package lang

import "github.com/alecthomas/participle/v2/lexer"

// The participle grammar. These structs mirror the productions of the
// language and are private: parse.go converts them into the AST of ast.go,
// which is what the rest of the package reads. The grammar is deliberately
// looser than the language (any expression may stand where a statement or a
// block is expected); the checker rejects what does not make sense with a
// message in the user's words.
//
// Arithmetic is layered by precedence, loosest first, because participle
// has no left recursion. Every struct that becomes an AST node records its
// Tokens, so errors can underline exactly the offending span.

type gFile struct {
	Stmts []*gStmt `( @@ ";" )*`
}

type gStmt struct {
	Param *gParam `  @@`
	Var   *gVar   `| @@`
	Show  *gShow  `| @@`
	Obj   *gObj   `| @@`
	Expr  *gExpr  `| @@`
}

type gParam struct {
	Tokens []lexer.Token
	Name   *gIdent  `"param" @@`
	Shape  []*gExpr `( "[" @@ ( "," @@ )* "]" )?`
	Value  *gExpr   `( "=" @@ )?`
}

type gVar struct {
	Tokens []lexer.Token
	Names  []*gVarName `"var" @@ ( "," @@ )*`
	Domain *gExpr      `"in" @@`
}

type gVarName struct {
	Name  *gIdent  `@@`
	Shape []*gExpr `( "[" @@ ( "," @@ )* "]" )?`
}

type gShow struct {
	Tokens []lexer.Token
	Items  []*gExpr `"show" @@ ( "," @@ )*`
}

type gObj struct {
	Tokens []lexer.Token
	Sense  string `@( "minimize" | "maximize" )`
	Expr   *gExpr `@@`
}

type gIdent struct {
	Tokens []lexer.Token
	Name   string `@Ident`
}

// gExpr: a quantifier, whose body runs to the end of the statement, or an
// implication.
type gExpr struct {
	Quant *gQuant `  @@`
	Impl  *gImpl  `| @@`
}

type gQuant struct {
	Tokens []lexer.Token
	Kind   string   `@( "forall" | "exists" )`
	Gens   *gGens   `@@`
	Body   *gExpr   `( ":" @@`
	Block  []*gStmt `| "{" ( @@ ( ";" @@ )* )? "}" )`
}

type gGens struct {
	List  []*gGen `@@ ( "," @@ )*`
	Where *gExpr  `( "where" @@ )?`
}

type gGen struct {
	Tokens []lexer.Token
	Names  []*gIdent `@@ ( "," @@ )*`
	Domain *gSet     `"in" @@`
}

// gImpl: implication and equivalence, right-associative.
type gImpl struct {
	Tokens []lexer.Token
	Left   *gDisj `@@`
	Op     string `( @( "->" | "<->" )`
	Right  *gExpr `  @@ )?`
}

type gDisj struct {
	Tokens []lexer.Token
	Left   *gConj    `@@`
	Rest   []*gDisjR `@@*`
}

type gDisjR struct {
	Op    string `@( "or" | "xor" )`
	Right *gConj `@@`
}

type gConj struct {
	Tokens []lexer.Token
	Left   *gNeg     `@@`
	Rest   []*gConjR `@@*`
}

type gConjR struct {
	Op    string `@"and"`
	Right *gNeg  `@@`
}

type gNeg struct {
	Tokens []lexer.Token
	Not    *gNeg `  "not" @@`
	Cmp    *gCmp `| @@`
}

type gCmp struct {
	Tokens []lexer.Token
	Left   *gSet  `@@`
	Op     string `( @( "=" | "==" | "!=" | "<=" | ">=" | "<" | ">" | "in" | "not" "in" )`
	Right  *gSet  `  @@ )?`
}

type gSet struct {
	Tokens []lexer.Token
	Left   *gRange   `@@`
	Rest   []*gSetR  `@@*`
}

type gSetR struct {
	Op    string  `@( "union" | "diff" )`
	Right *gRange `@@`
}

type gRange struct {
	Tokens []lexer.Token
	Lo     *gAdd `@@`
	Hi     *gAdd `( ".." @@ )?`
}

type gAdd struct {
	Tokens []lexer.Token
	Left   *gMul    `@@`
	Rest   []*gAddR `@@*`
}

type gAddR struct {
	Op    string `@( "+" | "-" )`
	Right *gMul  `@@`
}

type gMul struct {
	Tokens []lexer.Token
	Left   *gUnary  `@@`
	Rest   []*gMulR `@@*`
}

type gMulR struct {
	Op    string  `@( "*" | "/" | "%" )`
	Right *gUnary `@@`
}

type gUnary struct {
	Tokens []lexer.Token
	Neg    *gUnary `  "-" @@`
	Pow    *gPow   `| @@`
}

// gPow: x ^ y binds tighter than unary minus (-2^2 is -4) and is
// right-associative.
type gPow struct {
	Tokens []lexer.Token
	Base   *gPostfix `@@`
	Exp    *gUnary   `( "^" @@ )?`
}

type gPostfix struct {
	Tokens []lexer.Token
	Prim   *gPrimary  `@@`
	Index  []*gSuffix `@@*`
}

type gSuffix struct {
	Tokens []lexer.Token
	Items  []*gIndex `"[" @@ ( "," @@ )* "]"`
}

type gIndex struct {
	Tokens []lexer.Token
	All    bool   `  @".."`
	Expr   *gExpr `| @@`
}

type gPrimary struct {
	Tokens []lexer.Token
	Int    *string   `  @Int`
	Str    *string   `| @String`
	If     *gIf      `| @@`
	Call   *gCall    `| @@`
	Ident  *string   `| @Ident`
	Paren  *gExpr    `| "(" @@ ")"`
	List   *gList    `| @@`
	Set    *gSetLit  `| @@`
}

type gIf struct {
	Tokens []lexer.Token
	Cond   *gExpr `"if" @@`
	Then   *gExpr `"then" @@`
	Else   *gExpr `"else" @@ "end"`
}

type gCall struct {
	Tokens []lexer.Token
	Name   *gIdent  `@@ "("`
	Args   []*gExpr `( @@`
	Gens   *gGens   `  ( "for" @@ )?`
	More   []*gExpr `  ( "," @@ )* )? ")"`
}

type gList struct {
	Tokens []lexer.Token
	Rows   []*gRow `"[" ( @@ ( ";" @@ )* )? "]"`
}

type gRow struct {
	Elems []*gElem `@@ ( ","? @@ )*`
	Gens  *gGens   `( "for" @@ )?`
}

type gElem struct {
	Tokens []lexer.Token
	Blank  string `  @( "." | "_" )`
	Expr   *gExpr `| @@`
}

type gSetLit struct {
	Tokens []lexer.Token
	Elems  []*gExpr `"{" ( @@ ( "," @@ )* )? "}"`
}
