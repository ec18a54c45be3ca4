package lang

import "github.com/alecthomas/participle/v2/lexer"

// The grammar of the language, in participle's notation: one production
// per struct. parse.go hands participle the tokens of one statement;
// convert.go turns what it builds into the AST of ast.go, which is what
// the rest of the package reads. The grammar is deliberately looser than
// the language (any expression may stand where a statement or a block is
// expected); the checker rejects what does not make sense with a message
// in the user's words.
//
// A statement is told by its first token: a keyword starts a declaration,
// anything that can start an expression starts a constraint. Adding a
// statement is adding a production here, with a keyword of lexer.go, and
// its case in convStmt.
//
// Expressions (gExpr) parse themselves (expr.go), by precedence
// climbing over the table of expr_ops.go: participle would build a struct
// per level of precedence for every operand. Their syntax:
//
//	Expr    = Quant | Binary .
//	Quant   = ("forall" | "exists") Gens (":" Expr | Block) .
//	Gens    = Gen ("," Gen)* ("where" Expr)? .
//	Gen     = <ident> ("," <ident>)* "in" Binary(union) .
//	Block   = "{" (Stmt (";" Stmt)*)? "}" .
//	Binary  = Operand (Op Operand)* .   ops and prefixes, loosest first:
//	          -> <-> (right) ; or xor ; and ; not (prefix) ;
//	          = == != < <= > >= in, not in (one) ; union diff ++ ;
//	          .. (one) ; + - ; * / % ; - (prefix) ; ^ (right: 2^-1)
//	Operand = "not"* "-"* Postfix .   (where the level allows them)
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
// Where an expression parser meets a mistake, it answers as participle
// does for the productions here (expr_fail.go), so a mistake reads the
// same wherever it is.
//
// The structs whose span the AST needs record their Tokens, so errors can
// underline exactly the offending span.

type gStmt struct {
	Expr  *gExpr  `parser:"  @@"`
	Param *gParam `parser:"| @@"`
	Var   *gVar   `parser:"| @@"`
	Show  *gShow  `parser:"| @@"`
	Obj   *gObj   `parser:"| @@"`
	Def   *gDef   `parser:"| @@"`
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

type gShow struct {
	Tokens []lexer.Token
	Items  []*gExpr `parser:"\"show\" @@ ( \",\" @@ )*"`
}

type gObj struct {
	Tokens []lexer.Token
	Sense  string `parser:"@( \"minimize\" | \"maximize\" )"`
	Expr   *gExpr `parser:"@@"`
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
