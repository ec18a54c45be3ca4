package lang

import (
	"io"

	"github.com/alecthomas/participle/v2/lexer"
)

// Warnings: text that is a valid model but reads as a typo that changed
// its meaning. A warning is an *Error value like any other, with a
// position, collected in Program.Warnings (and File.Warnings); it never
// stops compiling, and PrintWarnings writes it as an error with
// "warning: " before the message.
//
// Two are found: a line that starts at column 1 with what reads as a
// statement of its own, which the line above continues because it ends
// with an operator (forall i in 1..n: q[i] != ⏎ diagonal(q)); and a
// global constraint's truth value used as a number, in arithmetic or a
// comparison (q[i] != diagonal(q)). docs/language.md says how to write
// either on purpose: indent the continuation, put the global in
// parentheses.
//
// A third, in enum_warnings.go: an enum's value meeting another enum's or
// a number written out.

// continuationWarnings finds the lines of toks that start at column 1
// with what reads as a new statement, and that the line above continues.
func continuationWarnings(toks []lexer.Token) ErrorList {
	var out ErrorList
	var open []string
	for i, t := range toks {
		switch {
		case t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{"):
			open = append(open, t.Value)
		case t.Type == tokPunct && (t.Value == ")" || t.Value == "]" || t.Value == "}"):
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
		if i == 0 || t.Pos.Column != 1 || t.Pos.Line == toks[i-1].Pos.Line || !startsStatement(&t) {
			continue
		}
		prev := toks[i-1]
		if prev.Type == tokString || !continuesLine[prev.Value] || opensOrLists(&prev) || len(open) > 0 && open[len(open)-1] != "{" {
			continue
		}
		sp := tokSpan(toks[i : i+1])
		out = append(out, &Error{Pos: sp.Pos, End: sp.End, Kind: WarnContinuation,
			Msg: "this line continues the statement above, which ends with " + prev.Value + ": indent it if that is meant, or finish the line above"})
	}
	return out
}

// opensOrLists reports whether t is a bracket or a comma, after which a
// line at column 1 is the layout of a block or a list, not a mistake.
func opensOrLists(t *lexer.Token) bool {
	return t.Type == tokPunct && (t.Value == "(" || t.Value == "[" || t.Value == "{" || t.Value == ",")
}

// startsStatement reports whether a line that starts with t reads as a
// statement of its own: a declaration, a quantifier, or a name (a
// constraint such as alldiff(q), or x = 3).
func startsStatement(t *lexer.Token) bool {
	switch t.Type {
	case tokIdent:
		return true
	case tokKeyword:
		switch t.Value {
		case "param", "var", "show", "minimize", "maximize", "def", "forall", "exists":
			return true
		}
	}
	return false
}

// truthAsNumberWarnings finds the global constraints of f whose truth
// value is an operand of arithmetic or a comparison, unless written in
// parentheses. skip holds the starts of lines already warned about: the
// continuation is the mistake to report there.
func truthAsNumberWarnings(f *File, srcs Sources, skip map[Pos]bool) ErrorList {
	var out ErrorList
	check := func(op string, x Expr) {
		c, ok := x.(*Call)
		if !ok || !isGlobalConstraint(c.Fun.Name) || skip[c.Pos] || parenthesised(srcs[c.Pos.File], c.Span) {
			return
		}
		out = append(out, &Error{Pos: c.Pos, End: c.End,
			Msg: "the truth value of " + c.Fun.Name + " (1 or 0) is used as a number by " + op + ": put it in parentheses if that is meant"})
	}
	for _, s := range f.Stmts {
		walkStmt(s, func(e Expr) {
			if b, ok := e.(*Binary); ok && arithmeticOrComparison(b.Op) {
				check(b.Op, b.X)
				check(b.Op, b.Y)
			}
			if u, ok := e.(*Unary); ok && u.Op == "-" {
				check("-", u.X)
			}
		})
	}
	return out
}

func arithmeticOrComparison(op string) bool {
	switch op {
	case "+", "-", "*", "/", "%", "^", "=", "!=", "<", "<=", ">", ">=":
		return true
	}
	return false
}

// isGlobalConstraint reports whether name is a builtin global constraint.
func isGlobalConstraint(name string) bool {
	if _, ok := globalLowerings[name]; ok {
		return true
	}
	switch name {
	case "alldiff", "alldifferent", "all_different", "diagonal", "increasing", "decreasing":
		return true
	}
	return false
}

// parenthesised reports whether the text of span in src is enclosed in
// brackets of its own: the parser widens the span of (e) to its brackets,
// and the text of a call starts with its name.
func parenthesised(src []byte, sp Span) bool {
	if sp.Pos.Offset < len(src) && src[sp.Pos.Offset] == '(' {
		return true
	}
	i, j := sp.Pos.Offset-1, sp.End.Offset
	for i >= 0 && isBlank(src[i]) {
		i--
	}
	for j < len(src) && isBlank(src[j]) {
		j++
	}
	return i >= 0 && j < len(src) && src[i] == '(' && src[j] == ')'
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// inStatements keeps the warnings that lie in one of stmts: a statement
// that does not parse has its error, which says enough.
func inStatements(warnings ErrorList, stmts []Stmt) ErrorList {
	var out ErrorList
	for _, w := range warnings {
		for _, s := range stmts {
			if sp := s.span(); sp.Pos.Offset <= w.Pos.Offset && w.Pos.Offset < sp.End.Offset {
				out = append(out, w)
				break
			}
		}
	}
	return out
}

// PrintWarnings writes warnings as PrintErrors writes errors, each message
// after "warning: ".
func PrintWarnings(w io.Writer, warnings ErrorList, src Sources) {
	Style{}.PrintWarnings(w, warnings, src)
}

// PrintWarnings is the package's PrintWarnings, with the parts marked up.
func (st Style) PrintWarnings(w io.Writer, warnings ErrorList, src Sources) {
	if len(warnings) == 0 {
		return
	}
	list := make(ErrorList, len(warnings))
	for i, e := range warnings {
		c := *e
		c.Msg = "warning: " + e.Msg
		list[i] = &c
	}
	st.PrintErrors(w, list, src)
}
