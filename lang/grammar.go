package lang

import "github.com/alecthomas/participle/v2/lexer"

// The grammar of the language. Statements are participle's productions,
// one per struct; parse.go hands participle the tokens of a declaration,
// and convert.go turns what it builds into the AST of ast.go, which is
// what the rest of the package reads. The grammar is deliberately looser
// than the language (any expression may stand where a statement or a
// block is expected); the checker rejects what does not make sense with
// a message in the user's words.
//
// A statement is told by its first token: a keyword starts a declaration,
// and a token that can start an expression starts a constraint, which
// parse.go has the expression parser read without participle. Adding a
// statement is adding its production to gStmt, its keyword to lexer.go
// and its case to convStmt.
//
// Expressions (gExpr) parse themselves, by precedence climbing (expr.go
// and the files beside it): participle would build a struct per level of
// precedence for every operand. Their syntax:
//
//	Expr    = Quant | Binary .
//	Quant   = ("forall" | "exists") Gens (":" Expr | Block) .
//	Gens    = Gen ("," Gen)* ("where" Expr)? .
//	Gen     = <ident> ("," <ident>)* "in" Binary .  (union and tighter)
//	Block   = "{" (Stmt (";" Stmt)*)? "}" .
//	Binary  = Operand (Op Operand)* .
//	Operand = "not"* "-"* Postfix .  (where the level allows them)
//	Postfix = Primary ("[" Index ("," Index)* "]")* .
//	Index   = ".." | Expr .
//	Primary = <int> | Call | <ident> | "(" Expr ")" | List | Set | <string> | If .
//	Call    = <ident> "(" (Expr ("for" Gens)? ("," Expr)*)? ")" .
//	List    = "[" (Row (";" Row)*)? "]" .
//	Row     = Elem (","? Elem)* ("for" Gens)? .
//	Elem    = "." | "_" | Expr .
//	Set     = "{" (Expr ("," Expr)*)? ("for" Gens)? "}" .
//	If      = "if" Expr "then" Expr "else" Expr "end" .
//
// with the operators, loosest first: -> <-> (right-associative, an Expr on
// the right); or xor; and; not (prefix); = == != < <= > >= in, not in (one
// at most); union diff ++; .. (one at most); + -; * / %; - (prefix); ^
// (right-associative: 2^-1 is 2^(-1), -2^2 is -(2^2)).
//
// A mistake in an expression is answered as participle answers one in
// these productions (expr_fail.go): a part that fails no more than 3
// tokens in is taken back, and a statement is blamed on its deepest
// failure.
//
// The structs whose span the AST needs record their Tokens, so errors can
// underline exactly the offending span.

// gStmt: a declaration, told by its keyword, or else a constraint.
type gStmt struct {
	Param *gParam  `parser:"  @@"`
	Var   *gVar    `parser:"| @@"`
	Show  *gShow   `parser:"| @@"`
	Obj   *gObj    `parser:"| @@"`
	Def   *gDef    `parser:"| @@"`
	Enum  *gEnum   `parser:"| @@"`
	Srch  *gSearch `parser:"| @@"`
	Expr  *gExpr   `parser:"| @@"`
}

// gDef: def name(params) = expr, or def name(params) { statements }.
type gDef struct {
	Tokens []lexer.Token
	Name   *gIdent   `parser:"\"def\" @@"`
	Params []*gIdent `parser:"( \"(\" ( @@ ( \",\" @@ )* )? \")\" )?"`
	Body   *gExpr    `parser:"( \"=\" @@"`
	Block  *gBlock   `parser:"| @@ )"`
}

type gParam struct {
	Tokens []lexer.Token
	Name   *gIdent  `parser:"\"param\" @@"`
	Shape  []*gExpr `parser:"( \"[\" @@ ( \",\" @@ )* \"]\" )?"`
	Value  *gExpr   `parser:"( \"=\" @@ )?"`
}

type gVar struct {
	Tokens []lexer.Token
	Names  []*gVarName `parser:"\"var\" @@ ( \",\" @@ )*"`
	Domain *gExpr      `parser:"\"in\" @@"`
}

type gVarName struct {
	Name  *gIdent  `parser:"@@"`
	Shape []*gExpr `parser:"( \"[\" @@ ( \",\" @@ )* \"]\" )?"`
}

// gEnum: enum Name = {A, B, C}.
type gEnum struct {
	Tokens []lexer.Token
	Name   *gIdent   `parser:"\"enum\" @@ \"=\""`
	Values []*gIdent `parser:"\"{\" @@ ( \",\" @@ )* \"}\""`
}

type gShow struct {
	Tokens []lexer.Token
	Items  []*gExpr `parser:"\"show\" @@ ( \",\" @@ )*"`
}

type gObj struct {
	Tokens []lexer.Token
	Sense  string `parser:"@( \"minimize\" | \"maximize\" )"`
	Expr   *gExpr `parser:"@@"`
}

// gSearch: search items, then order NAME and values NAME in either order.
// order and values are words, not keywords: matched here only, they stay
// free as names.
type gSearch struct {
	Tokens []lexer.Token
	Items  []*gExpr          `parser:"\"search\" @@ ( \",\" @@ )*"`
	Sets   []*gSearchSetting `parser:"@@*"`
}

type gSearchSetting struct {
	Tokens []lexer.Token
	Key    string  `parser:"@( \"order\" | \"values\" )"`
	Name   *gIdent `parser:"@@"`
}

type gIdent struct {
	Tokens []lexer.Token
	Name   string `parser:"@Ident"`
}

// gExpr is an expression: it implements participle.Parseable (expr.go).
type gExpr struct{ e Expr }

// gBlock is a block of statements in braces: it implements
// participle.Parseable (expr_quant.go), as quantifiers read blocks too.
type gBlock struct{ stmts []Stmt }
