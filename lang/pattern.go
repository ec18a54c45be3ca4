package lang

import (
	"fmt"
	"math"
	"strconv"
)

// Patterns of regular(list, "pattern"), read as MiniZinc reads its
// regular expressions: a value is a whole integer ("12" is twelve, "-1"
// minus one), values are separated by spaces or by the operators around
// them; "." is any value; [1-3], [^1] and [0 2 5] are classes; ( ), |,
// *, +, ?, {n}, {n,} and {n,m} group, choose and repeat.
//
// This file parses a pattern into a tree (patNode); pattern_dfa.go turns
// the tree into a minimal deterministic automaton over classes of values,
// which global_regular.go spreads over the values the list can take.
// Errors carry byte offsets in the pattern, which the caller maps back
// into the string literal of the source.

// Limits: a count above maxPatternCount, a pattern whose unrolled counts
// need more than maxPatternNodes automaton nodes before determinisation,
// one whose determinisation takes more than maxPatternSteps steps or
// maxPatternBytes bytes (pattern_subset.go), and one whose minimal
// automaton has more than maxPatternStates states are refused.
const (
	maxPatternCount  = 1000
	maxPatternNodes  = 1 << 16
	maxPatternStates = 10000
)

// patError is a mistake in a pattern, at bytes off..end of its text, or,
// with limit set, a compile limit that stopped its building.
type patError struct {
	off, end int
	msg      string
	limit    bool
}

func (e *patError) Error() string { return e.msg }

type patKind uint8

const (
	patAtom patKind = iota // one value of a set
	patCat                 // kids in sequence
	patAlt                 // one of kids
	patRep                 // kids[0] repeated min..max times (max < 0: no limit)
)

// patNode is a node of a parsed pattern.
type patNode struct {
	kind     patKind
	set      []patRange // patAtom: the values, as inclusive ranges
	neg      bool       // patAtom: every value except those in set
	kids     []*patNode
	min, max int
}

type patRange struct{ lo, hi int64 }

// patParser is a recursive-descent parser over the pattern text.
type patParser struct {
	src string
	i   int
}

// parsePattern parses the text of a pattern.
func parsePattern(src string) (*patNode, *patError) {
	p := &patParser{src: src}
	p.space()
	if p.i == len(src) {
		return nil, &patError{0, len(src), "malformed pattern: it is empty", false}
	}
	n, err := p.alt()
	if err != nil {
		return nil, err
	}
	if p.i < len(src) { // alt stops only at the end or at ')'
		return nil, p.errAt(p.i, 1, "malformed pattern: ) without a matching (")
	}
	return n, nil
}

func (p *patParser) errAt(off, n int, format string, args ...any) *patError {
	return &patError{off, min(off+n, len(p.src)), fmt.Sprintf(format, args...), false}
}

func (p *patParser) space() {
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

func (p *patParser) peek() byte {
	if p.i < len(p.src) {
		return p.src[p.i]
	}
	return 0
}

// alt: seq ('|' seq)*
func (p *patParser) alt() (*patNode, *patError) {
	var kids []*patNode
	bar := -1 // the offset of the last |
	for {
		s, err := p.seq()
		if err != nil {
			return nil, err
		}
		switch {
		case s != nil:
		case bar >= 0:
			return nil, p.errAt(bar, 1, "malformed pattern: nothing after |")
		case p.peek() == '|':
			return nil, p.errAt(p.i, 1, "malformed pattern: nothing before |")
		default: // ')' at the top level: a group never starts empty
			return nil, p.errAt(p.i, 1, "malformed pattern: ) without a matching (")
		}
		kids = append(kids, s)
		if p.peek() != '|' {
			break
		}
		bar = p.i
		p.i++
		p.space()
	}
	if len(kids) == 1 {
		return kids[0], nil
	}
	return &patNode{kind: patAlt, kids: kids}, nil
}

// seq: rep*, ending at '|', ')' or the end; nil if empty.
func (p *patParser) seq() (*patNode, *patError) {
	var kids []*patNode
	for {
		c := p.peek()
		if c == 0 || c == '|' || c == ')' {
			break
		}
		r, err := p.rep()
		if err != nil {
			return nil, err
		}
		kids = append(kids, r)
	}
	switch len(kids) {
	case 0:
		return nil, nil
	case 1:
		return kids[0], nil
	}
	return &patNode{kind: patCat, kids: kids}, nil
}

// rep: atom ('*' | '+' | '?' | '{' count '}')*
func (p *patParser) rep() (*patNode, *patError) {
	a, err := p.atom()
	if err != nil {
		return nil, err
	}
	for {
		lo, hi := 0, 0
		switch p.peek() {
		case '*':
			lo, hi = 0, -1
			p.i++
		case '+':
			lo, hi = 1, -1
			p.i++
		case '?':
			lo, hi = 0, 1
			p.i++
		case '{':
			if lo, hi, err = p.count(); err != nil {
				return nil, err
			}
		default:
			return a, nil
		}
		p.space()
		a = &patNode{kind: patRep, kids: []*patNode{a}, min: lo, max: hi}
	}
}

// count reads {n}, {n,} or {n,m}.
func (p *patParser) count() (int, int, *patError) {
	open := p.i
	p.i++
	bad := func() (int, int, *patError) {
		end := p.i
		for end < len(p.src) && p.src[end] != '}' {
			end++
		}
		return 0, 0, p.errAt(open, end+1-open, "malformed pattern: a count is {n}, {n,} or {n,m}, with n and m numbers")
	}
	num := func() (int, bool, *patError) {
		p.space()
		start := p.i
		for p.i < len(p.src) && isDigit(p.src[p.i]) {
			p.i++
		}
		if p.i == start {
			return 0, false, nil
		}
		v, err := strconv.Atoi(p.src[start:p.i])
		if err != nil || v > maxPatternCount {
			return 0, false, p.errAt(start, p.i-start, "malformed pattern: count %s is more than %d", p.src[start:p.i], maxPatternCount)
		}
		p.space()
		return v, true, nil
	}
	lo, ok, err := num()
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		return bad()
	}
	hi := lo
	if p.peek() == ',' {
		p.i++
		var okHi bool
		if hi, okHi, err = num(); err != nil {
			return 0, 0, err
		}
		if !okHi {
			hi = -1
		}
	}
	if p.peek() != '}' {
		return bad()
	}
	p.i++
	if hi >= 0 && hi < lo {
		return 0, 0, p.errAt(open, p.i-open, "malformed pattern: %s repeats at least %d and at most %d times", p.src[open:p.i], lo, hi)
	}
	return lo, hi, nil
}

// atom: value | '.' | class | '(' alt ')'
func (p *patParser) atom() (*patNode, *patError) {
	c := p.peek()
	start := p.i
	switch {
	case c == '.':
		p.i++
		p.space()
		return &patNode{kind: patAtom, neg: true}, nil
	case c == '(':
		p.i++
		p.space()
		if p.peek() == ')' {
			return nil, p.errAt(start, p.i+1-start, "malformed pattern: empty group ()")
		}
		if p.peek() == 0 {
			return nil, p.errAt(start, 1, "malformed pattern: ( is not closed")
		}
		n, err := p.alt()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, p.errAt(start, 1, "malformed pattern: ( is not closed")
		}
		p.i++
		p.space()
		return n, nil
	case c == '[':
		return p.class()
	case c == '-' || isDigit(c):
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		p.space()
		return &patNode{kind: patAtom, set: []patRange{{v, v}}}, nil
	case c == '*' || c == '+' || c == '?' || c == '{':
		return nil, p.errAt(start, 1, "malformed pattern: %c has nothing to repeat", c)
	}
	return nil, p.unexpected()
}

// unexpected reports the character at p.i.
func (p *patParser) unexpected() *patError {
	c := p.src[p.i]
	if c < ' ' || c >= 0x7f {
		r := []rune(p.src[p.i:])[0]
		return p.errAt(p.i, len(string(r)), "malformed pattern: unexpected %q; a pattern has integers, spaces and . [ ] ^ - ( ) | * + ? { , }", r)
	}
	return p.errAt(p.i, 1, "malformed pattern: unexpected %q; a pattern has integers, spaces and . [ ] ^ - ( ) | * + ? { , }", rune(c))
}

// value reads an integer: an optional minus and digits.
func (p *patParser) value() (int64, *patError) {
	start := p.i
	if p.peek() == '-' {
		p.i++
	}
	if !isDigit(p.peek()) {
		if p.i == len(p.src) {
			return 0, p.errAt(start, 1, "malformed pattern: - must be followed by digits")
		}
		if p.i > start {
			return 0, p.errAt(start, 1, "malformed pattern: - must be followed by digits")
		}
		return 0, p.unexpected()
	}
	for p.i < len(p.src) && isDigit(p.src[p.i]) {
		p.i++
	}
	v, err := strconv.ParseInt(p.src[start:p.i], 10, 64)
	if err != nil {
		return 0, p.errAt(start, p.i-start, "malformed pattern: %s does not fit in 64 bits", p.src[start:p.i])
	}
	return v, nil
}

// class: '[' '^'? item+ ']' where item is a value or value-value.
func (p *patParser) class() (*patNode, *patError) {
	open := p.i
	p.i++
	n := &patNode{kind: patAtom}
	if p.peek() == '^' {
		n.neg = true
		p.i++
	}
	for {
		p.space()
		c := p.peek()
		switch {
		case c == 0:
			return nil, p.errAt(open, 1, "malformed pattern: [ is not closed")
		case c == ']':
			p.i++
			if len(n.set) == 0 {
				return nil, p.errAt(open, p.i-open, "malformed pattern: empty class %s", p.src[open:p.i])
			}
			p.space()
			return n, nil
		case c != '-' && !isDigit(c):
			return nil, p.unexpected()
		}
		start := p.i
		lo, err := p.value()
		if err != nil {
			return nil, err
		}
		hi := lo
		if p.peek() == '-' { // a range: 1-3, not 1 -3 (two values)
			p.i++
			p.space()
			if hi, err = p.value(); err != nil {
				return nil, err
			}
			if hi < lo {
				return nil, p.errAt(start, p.i-start, "malformed pattern: range %s is empty (%d > %d)", p.src[start:p.i], lo, hi)
			}
		}
		n.set = append(n.set, patRange{lo, hi})
	}
}

// patNext is the least integer above v, or false for math.MaxInt64.
func patNext(v int64) (int64, bool) {
	if v == math.MaxInt64 {
		return 0, false
	}
	return v + 1, true
}
