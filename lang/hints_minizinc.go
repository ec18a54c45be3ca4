package lang

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// MiniZinc habits. Many users come to csp from MiniZinc, and what they
// write out of habit (var 1..5: x, constraint, solve satisfy, <>) fails
// to parse with a message about tokens. A statement that fails to parse
// is looked at again here: where it reads as MiniZinc, the error says how
// csp writes it. The hint replaces the parser's error, at the place the
// habit starts; a statement that parses is never looked at, so nothing
// here changes what a model means.

// minizincHint is the error to give, instead of err, for a statement
// whose tokens (ending in an EOF) read as MiniZinc; or nil.
func minizincHint(toks []lexer.Token, err *Error) *Error {
	if err.Kind == ErrLimit { // a stop, not a mistake
		return nil
	}
	if h := leadingHint(toks); h != nil {
		return h
	}
	if h := operatorHint(toks); h != nil {
		return h
	}
	return chainHint(toks, err)
}

// hintAt is an error that underlines the tokens toks[a..b].
func hintAt(toks []lexer.Token, a, b int, msg string) *Error {
	sp := tokSpan(toks[a : b+1])
	return &Error{Pos: sp.Pos, End: sp.End, Msg: msg}
}

// tokText writes tokens as source text: one blank where the source had
// any between two tokens.
func tokText(toks []lexer.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.Pos.Offset > toks[i-1].Pos.Offset+len(toks[i-1].Value) {
			b.WriteByte(' ')
		}
		b.WriteString(t.Value)
	}
	return b.String()
}

// body is the statement's tokens without its final EOF.
func body(toks []lexer.Token) []lexer.Token {
	if n := len(toks); n > 0 && toks[n-1].EOF() {
		return toks[:n-1]
	}
	return toks
}

// leadingHint answers statements whose first words are MiniZinc's.
func leadingHint(toks []lexer.Token) *Error {
	b := body(toks)
	if len(b) == 0 {
		return nil
	}
	first := b[0]
	rest := tokText(b[1:])
	switch {
	case first.Type == tokIdent && first.Value == "constraint" && len(b) > 1:
		return hintAt(b, 0, 0, "csp writes a constraint without a keyword: "+rest)
	case first.Type == tokIdent && first.Value == "solve" && len(b) > 1:
		switch second := b[1]; {
		case second.Type == tokIdent && second.Value == "satisfy":
			return hintAt(b, 0, 1, "csp needs no solve item: csp solve looks for solutions of any model (drop this line; -a for all, --count to count)")
		case second.Type == tokKeyword && (second.Value == "minimize" || second.Value == "maximize"):
			return hintAt(b, 0, 0, "csp writes an objective without solve: "+rest)
		}
	case first.Type == tokKeyword && first.Value == "var":
		return varHint(b)
	case first.Type == tokIdent && first.Value == "array":
		return arrayHint(b)
	case first.Type == tokIdent && (first.Value == "int" || first.Value == "bool") && len(b) > 2 && isPunct(&b[1], ":"):
		return hintAt(b, 0, 1, "csp writes a constant as a param: param "+tokText(b[2:]))
	case first.Type == tokIdent && first.Value == "include":
		return hintAt(b, 0, len(b)-1, "csp needs no include: its global constraints are built in (drop this line)")
	case first.Type == tokIdent && first.Value == "output":
		return hintAt(b, 0, 0, `csp writes output with show: show "x = {x}" (see "Output" in csp help language)`)
	case isPunct(&first, "%"):
		return hintAt(b, 0, 0, "csp's comments start with #")
	}
	return nil
}

// varHint answers MiniZinc's var DOMAIN: name, and var b in bool.
func varHint(b []lexer.Token) *Error {
	colon := -1
	depth := 0
	for i, t := range b {
		switch {
		case isPunct(&t, "(") || isPunct(&t, "[") || isPunct(&t, "{"):
			depth++
		case isPunct(&t, ")") || isPunct(&t, "]") || isPunct(&t, "}"):
			depth--
		case isPunct(&t, ":") && depth == 0 && colon < 0:
			colon = i
		}
	}
	if colon < 1 || colon+1 >= len(b) || b[colon+1].Type != tokIdent {
		return nil
	}
	name := b[colon+1].Value
	dom := b[1:colon]
	return hintAt(b, 0, colon+1, "csp writes the name first: var "+name+" in "+domainText(dom))
}

// domainText is how csp writes a MiniZinc domain: its own text, but for
// the types MiniZinc names, which csp does not have.
func domainText(dom []lexer.Token) string {
	if len(dom) == 1 && dom[0].Type == tokIdent {
		switch dom[0].Value {
		case "bool":
			return "0..1 (truth values are the numbers 0 and 1)"
		case "int":
			return "lo..hi (a variable's domain is a finite set of numbers)"
		}
	}
	return tokText(dom)
}

// arrayHint answers MiniZinc's array[S] of var D: name.
func arrayHint(b []lexer.Token) *Error {
	if len(b) < 2 || !isPunct(&b[1], "[") {
		return nil
	}
	closeAt := matching(b, 1)
	if closeAt < 0 || closeAt+2 >= len(b) || b[closeAt+1].Type != tokIdent || b[closeAt+1].Value != "of" {
		return nil
	}
	rest := b[closeAt+2:]
	decl := "param"
	if rest[0].Type == tokKeyword && rest[0].Value == "var" {
		decl, rest = "var", rest[1:]
	}
	colon := -1
	for i := range rest {
		if isPunct(&rest[i], ":") {
			colon = i
			break
		}
	}
	if colon < 1 || colon+1 >= len(rest) || rest[colon+1].Type != tokIdent {
		return nil
	}
	shape := tokText(b[1 : closeAt+1])
	name := rest[colon+1].Value
	if decl == "param" {
		return hintAt(b, 0, 0, "csp writes an array of constants as a param: param "+name+shape+" = [...]")
	}
	return hintAt(b, 0, 0, "csp writes an array of variables as: var "+name+shape+" in "+domainText(rest[:colon]))
}

// matching is the index of the bracket that closes the one at i, or -1.
func matching(b []lexer.Token, i int) int {
	depth := 0
	for j := i; j < len(b); j++ {
		switch {
		case isPunct(&b[j], "(") || isPunct(&b[j], "[") || isPunct(&b[j], "{"):
			depth++
		case isPunct(&b[j], ")") || isPunct(&b[j], "]") || isPunct(&b[j], "}"):
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// operatorHint answers MiniZinc's operators that csp scans as two tokens
// (<>, =<, =>) and its decimals (3.5, a number, a "." and a number).
func operatorHint(toks []lexer.Token) *Error {
	b := body(toks)
	for i := 0; i+1 < len(b); i++ {
		if !adjacent(b[i], b[i+1]) {
			continue
		}
		pair := b[i].Value + b[i+1].Value
		switch {
		case b[i].Type == tokPunct && pair == "<>":
			return hintAt(b, i, i+1, `csp writes "not equal" as !=`)
		case b[i].Type == tokPunct && pair == "=<":
			return hintAt(b, i, i+1, `csp writes "less than or equal" as <=`)
		case b[i].Type == tokPunct && pair == "=>":
			return hintAt(b, i, i+1, `csp writes "greater than or equal" as >=, and "implies" as ->`)
		case b[i].Type == tokInt && isPunct(&b[i+1], ".") && i+2 < len(b) && b[i+2].Type == tokInt && adjacent(b[i+1], b[i+2]):
			return hintAt(b, i, i+2, "csp's numbers are whole: "+pair+b[i+2].Value+" is not one (scale the model: tenths, cents)")
		}
	}
	return nil
}

// adjacent reports whether b follows a with no blank between.
func adjacent(a, b lexer.Token) bool {
	return a.Pos.Offset+len(a.Value) == b.Pos.Offset
}

// comparison reports whether t is a comparison operator.
func comparison(t *lexer.Token) bool {
	switch t.Value {
	case "=", "==", "!=", "<", "<=", ">", ">=":
		return t.Type == tokPunct
	case "in":
		return t.Type == tokKeyword
	}
	return false
}

// chainHint answers a < b < c, which the parser stops at the second
// comparison: comparisons do not chain, and the hint writes the two.
func chainHint(toks []lexer.Token, err *Error) *Error {
	b := body(toks)
	at := -1
	for i := range b {
		if b[i].Pos.Offset == err.Pos.Offset && comparison(&b[i]) {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	// The first comparison: the last one before, at the same depth, with
	// only its operands between.
	depth, first := 0, -1
	for i := at - 1; i >= 0 && first < 0; i-- {
		switch t := &b[i]; {
		case isPunct(t, ")") || isPunct(t, "]") || isPunct(t, "}"):
			depth++
		case isPunct(t, "(") || isPunct(t, "[") || isPunct(t, "{"):
			if depth--; depth < 0 {
				return nil
			}
		case depth == 0 && comparison(t):
			first = i
		case depth == 0 && bounds(t):
			return nil
		}
	}
	if first < 0 {
		return nil
	}
	start := first
	for depth = 0; start > 0; start-- {
		t := &b[start-1]
		if depth == 0 && (bounds(t) || isPunct(t, "(") || isPunct(t, "[") || isPunct(t, "{")) {
			break
		}
		if isPunct(t, ")") || isPunct(t, "]") || isPunct(t, "}") {
			depth++
		}
		if isPunct(t, "(") || isPunct(t, "[") || isPunct(t, "{") {
			depth--
		}
	}
	end := at + 1
	for depth = 0; end < len(b); end++ {
		t := &b[end]
		if depth == 0 && (bounds(t) || comparison(t) || isPunct(t, ")") || isPunct(t, "]") || isPunct(t, "}")) {
			break
		}
		if isPunct(t, "(") || isPunct(t, "[") || isPunct(t, "{") {
			depth++
		}
		if isPunct(t, ")") || isPunct(t, "]") || isPunct(t, "}") {
			depth--
		}
	}
	if start > 0 && b[start-1].Type == tokKeyword && (b[start-1].Value == "def" || b[start-1].Value == "param") {
		return nil // def f(x) = a < b: the = defines
	}
	if !isOperand(b[start:first]) || !isOperand(b[first+1:at]) || !isOperand(b[at+1:end]) {
		return nil
	}
	left, middle, right := b[start:first+1], b[first+1:at], b[at:end]
	msg := "comparisons do not chain: write " + tokText(left) + " " + tokText(middle) + " and " + tokText(middle) + " " + tokText(right)
	return hintAt(b, at, at, msg)
}

// bounds reports whether t ends an operand of a comparison on its left
// or right: an operator that binds more loosely, or punctuation.
func bounds(t *lexer.Token) bool {
	switch t.Type {
	case tokKeyword:
		switch t.Value {
		case "and", "or", "xor", "not", "then", "else", "if", "end", "forall", "exists", "where",
			"def", "param", "show", "minimize", "maximize":
			return true
		}
	case tokPunct:
		switch t.Value {
		case "->", "<->", ",", ":", ";":
			return true
		}
	}
	return false
}

// isOperand reports whether toks may be an operand as they stand: not
// empty, brackets balanced, starting as an expression does and not ending
// in an operator.
func isOperand(toks []lexer.Token) bool {
	if len(toks) == 0 || !startsExpr(&toks[0]) || misclosed(toks) || !balanced(toks) {
		return false
	}
	last := toks[len(toks)-1]
	return last.Type == tokIdent || last.Type == tokInt || last.Type == tokString ||
		isPunct(&last, ")") || isPunct(&last, "]") || isPunct(&last, "}") || (last.Type == tokKeyword && last.Value == "end")
}
