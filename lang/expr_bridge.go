package lang

import (
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// A declaration is participle's, and each of its expressions calls on the
// expression parser with participle's lexer. What the parser remembers of
// its failures (expr_fail.go) would be lost between the calls, and
// participle has no way to be told: a statement with tokens left over
// would be blamed on them where participle, had it read the expressions
// itself, would blame the deepest failure inside them ("var x in 1..3 + *
// 2" is blamed on the "*"). So the calls leave what they remember in the
// bridge of the lexer, which parseTokens reads.

// bridge is what the expression parser remembers of its failures, across
// its calls in one statement parsed by participle.
type bridge struct {
	deep   perr
	deepAt int
}

// bridges holds the bridge of each lexer being parsed, by its storage:
// participle copies the lexer itself as it goes, never its tokens.
var bridges sync.Map // *lexer.Token → *bridge

func storageOf(lex *lexer.PeekingLexer) *lexer.Token { return &lex.Range(0, 1)[0] }

// openBridge gives lex a bridge, which the parser starts from, until the
// returned function closes it.
func openBridge(lex *lexer.PeekingLexer, from bridge) (*bridge, func()) {
	b := &from
	key := storageOf(lex)
	bridges.Store(key, b)
	return b, func() { bridges.Delete(key) }
}

// crossIn starts the parser from the bridge of its lexer, if it has one.
func (p *parser) crossIn() {
	if v, ok := bridges.Load(storageOf(p.lex)); ok {
		p.bridge = v.(*bridge)
		p.deep, p.deepAt = p.bridge.deep, p.bridge.deepAt
	}
}

// crossOut leaves what the parser remembers in the bridge.
func (p *parser) crossOut() {
	if p.bridge != nil && p.deepAt >= p.bridge.deepAt {
		p.bridge.deep, p.bridge.deepAt = p.deep, p.deepAt
	}
}
