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
// has no left recursion. The structs whose span the AST needs record their
// Tokens, so errors can underline exactly the offending span; the others
// do not, as capturing them costs an allocation each.

type gFile struct {
	Stmts []*gStmt `parser:"( @@ \";\" )*"`
}

// The alternatives of a disjunction are tried in order, each at the cost
// of a struct allocated and dropped, so the common ones come first where
// the order cannot matter: alternatives that start with different tokens
// fail on their first one, before any error is recorded.

type gStmt struct {
	Expr  *gExpr   `parser:"  @@"`
	Param *gParam  `parser:"| @@"`
	Var   *gVar    `parser:"| @@"`
	Show  *gShow   `parser:"| @@"`
	Obj   *gObj    `parser:"| @@"`
	Def   *gDef    `parser:"| @@"`
	Srch  *gSearch `parser:"| @@"`
}

// gDef: def name(params) = expr, or def name(params) { statements }.
type gDef struct {
	Tokens []lexer.Token
	Name   *gIdent   `parser:"\"def\" @@"`
	Params []*gIdent `parser:"( \"(\" ( @@ ( \",\" @@ )* )? \")\" )?"`
	Body   *gExpr    `parser:"( \"=\" @@"`
	Block  []*gStmt  `parser:"| \"{\" ( @@ ( \";\" @@ )* )? \"}\" )"`
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

// gExpr: a quantifier, whose body runs to the end of the statement, or an
// implication.
type gExpr struct {
	Term  *gTerm  `parser:"  @@"` // see fastpath.go
	Impl  *gImpl  `parser:"| @@"`
	Quant *gQuant `parser:"| @@"`
}

type gQuant struct {
	Tokens []lexer.Token
	Kind   string   `parser:"@( \"forall\" | \"exists\" )"`
	Gens   *gGens   `parser:"@@"`
	Body   *gExpr   `parser:"( \":\" @@"`
	Block  []*gStmt `parser:"| \"{\" ( @@ ( \";\" @@ )* )? \"}\" )"`
}

type gGens struct {
	List  []*gGen `parser:"@@ ( \",\" @@ )*"`
	Where *gExpr  `parser:"( \"where\" @@ )?"`
}

type gGen struct {
	Tokens []lexer.Token
	Names  []*gIdent `parser:"@@ ( \",\" @@ )*"`
	Domain *gSet     `parser:"\"in\" @@"`
}

// gImpl: implication and equivalence, right-associative.
type gImpl struct {
	Tokens []lexer.Token
	Left   *gDisj `parser:"@@"`
	Op     string `parser:"( @( \"->\" | \"<->\" )"`
	Right  *gExpr `parser:"  @@ )?"`
}

type gDisj struct {
	Left *gConj    `parser:"@@"`
	Rest []*gDisjR `parser:"@@*"`
}

type gDisjR struct {
	Op    string `parser:"@( \"or\" | \"xor\" )"`
	Right *gConj `parser:"@@"`
}

type gConj struct {
	Left *gNeg     `parser:"@@"`
	Rest []*gConjR `parser:"@@*"`
}

type gConjR struct {
	Op    string `parser:"@\"and\""`
	Right *gNeg  `parser:"@@"`
}

type gNeg struct {
	Tokens []lexer.Token
	Not    *gNeg `parser:"  \"not\" @@"`
	Cmp    *gCmp `parser:"| @@"`
}

type gCmp struct {
	Tokens []lexer.Token
	Left   *gSet  `parser:"@@"`
	Op     string `parser:"( @( \"=\" | \"==\" | \"!=\" | \"<=\" | \">=\" | \"<\" | \">\" | \"in\" | \"not\" \"in\" )"`
	Right  *gSet  `parser:"  @@ )?"`
}

type gSet struct {
	Left *gRange  `parser:"@@"`
	Rest []*gSetR `parser:"@@*"`
}

type gSetR struct {
	Op    string  `parser:"@( \"union\" | \"diff\" | \"++\" )"`
	Right *gRange `parser:"@@"`
}

type gRange struct {
	Tokens []lexer.Token
	Lo     *gAdd `parser:"@@"`
	Hi     *gAdd `parser:"( \"..\" @@ )?"`
}

type gAdd struct {
	Operand *gOperand `parser:"  @@"` // see fastpath.go
	Left    *gMul     `parser:"| @@"`
	Rest    []*gAddR  `parser:"  @@*"`
}

type gAddR struct {
	Op    string `parser:"@( \"+\" | \"-\" )"`
	Right *gMul  `parser:"@@"`
}

type gMul struct {
	Left *gUnary  `parser:"@@"`
	Rest []*gMulR `parser:"@@*"`
}

type gMulR struct {
	Op    string  `parser:"@( \"*\" | \"/\" | \"%\" )"`
	Right *gUnary `parser:"@@"`
}

type gUnary struct {
	Tokens []lexer.Token
	Neg    *gUnary `parser:"  \"-\" @@"`
	Pow    *gPow   `parser:"| @@"`
}

// gPow: x ^ y binds tighter than unary minus (-2^2 is -4) and is
// right-associative.
type gPow struct {
	Tokens []lexer.Token
	Base   *gPostfix `parser:"@@"`
	Exp    *gUnary   `parser:"( \"^\" @@ )?"`
}

type gPostfix struct {
	Prim  *gPrimary  `parser:"@@"`
	Index []*gSuffix `parser:"@@*"`
}

type gSuffix struct {
	Tokens []lexer.Token
	Items  []*gIndex `parser:"\"[\" @@ ( \",\" @@ )* \"]\""`
}

type gIndex struct {
	Tokens []lexer.Token
	All    bool   `parser:"  @\"..\""`
	Expr   *gExpr `parser:"| @@"`
}

type gPrimary struct {
	Tokens []lexer.Token
	Int    *string  `parser:"  @Int"`
	Call   *gCall   `parser:"| @@"` // before Ident, which it starts with
	Ident  *string  `parser:"| @Ident"`
	Paren  *gExpr   `parser:"| \"(\" @@ \")\""`
	Data   *gData   `parser:"| @@"`
	List   *gList   `parser:"| @@"`
	Set    *gSetLit `parser:"| @@"`
	Str    *string  `parser:"| @String"`
	If     *gIf     `parser:"| @@"`
}

type gIf struct {
	Cond *gExpr `parser:"\"if\" @@"`
	Then *gExpr `parser:"\"then\" @@"`
	Else *gExpr `parser:"\"else\" @@ \"end\""`
}

type gCall struct {
	Tokens []lexer.Token
	Name   *gIdent  `parser:"@@ \"(\""`
	Args   []*gExpr `parser:"( @@"`
	Gens   *gGens   `parser:"  ( \"for\" @@ )?"`
	More   []*gExpr `parser:"  ( \",\" @@ )* )? \")\""`
}

type gList struct {
	Tokens []lexer.Token
	Rows   []*gRow `parser:"\"[\" ( @@ ( \";\" @@ )* )? \"]\""`
}

type gRow struct {
	Elems []*gElem `parser:"@@ ( \",\"? @@ )*"`
	Gens  *gGens   `parser:"( \"for\" @@ )?"`
}

type gElem struct {
	Tokens []lexer.Token
	Blank  string `parser:"  @( \".\" | \"_\" )"`
	Expr   *gExpr `parser:"| @@"`
}

// gSetLit: {a, b, c}, or {e for generators} (a set comprehension).
type gSetLit struct {
	Elems []*gExpr `parser:"\"{\" ( @@ ( \",\" @@ )* )?"`
	Gens  *gGens   `parser:"( \"for\" @@ )? \"}\""`
}
