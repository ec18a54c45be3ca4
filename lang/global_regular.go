package lang

import (
	"cmp"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/csp-lang/csp/engine"
)

// regular(list, "pattern"): the values of the list, in order, match the
// pattern (pattern.go). The pattern's automaton reads classes of values;
// here it is spread over the values the list can take that some move of
// the automaton reads (a value no move reads can only be rejected, so it
// stays out of the alphabet and the propagator removes it).

func init() { registerGlobal("regular", 2, 2, lowerRegular) }

// maxRegularValues bounds the alphabet: the distinct values the list can
// take that the pattern can read.
const maxRegularValues = 1 << 16

func lowerRegular(l *lowerer, c *Call) engine.Global {
	list, _, ok := l.exprsOf(c, 0, "the list")
	s, isStr := c.Args[1].(*StrLit)
	if !isStr {
		l.errorf(c.Args[1], "regular needs a pattern in quotes as its second argument, as in regular(x, \"0* 1+ 0*\")")
		return nil
	}
	if !ok {
		return nil
	}
	text, at := patternText(s)
	d, perr := compilePattern(text, patBuild{length: len(list), poll: func() string {
		return l.limit.exceeded("building the automaton of this pattern")
	}})
	if perr != nil {
		sp := patternSpan(s, at, perr.off, perr.end)
		if perr.limit {
			l.limit.stop(l.errs, sp, "%s", perr.msg)
			return nil
		}
		l.errorf(sp, "%s", perr.msg)
		return nil
	}
	values, ok := regularAlphabet(l.m, list, d)
	if !ok {
		l.errorf(c.Args[0], "regular: the list can take more than %d values that the pattern reads", maxRegularValues)
		return nil
	}
	a, ok := d.spread(values)
	if !ok {
		l.errorf(c, "regular: the automaton of the pattern has %d states over %d values, more than %d transitions", len(d.accept), len(values), engine.MaxAutomatonTable)
		return nil
	}
	g, err := engine.NewRegular(list, a)
	if err != nil {
		l.errorf(c, "%v", err)
		return nil
	}
	return g
}

// patternText unescapes a string literal and returns, for each byte of
// the text (and one past its end), the byte offset in s.Raw of the source
// character it comes from, so that an error points into the literal even
// after an escape such as \t.
func patternText(s *StrLit) (string, []int) {
	raw := s.Raw[1 : len(s.Raw)-1]
	var text []byte
	var at []int
	for i := 0; i < len(raw); {
		r, _, rest, err := strconv.UnquoteChar(raw[i:], '"')
		if err != nil { // not a valid escape: the rest as written
			for ; i < len(raw); i++ {
				text = append(text, raw[i])
				at = append(at, 1+i)
			}
			break
		}
		n := len(raw) - i - len(rest)
		before := len(text)
		text = utf8.AppendRune(text, r)
		for range len(text) - before {
			at = append(at, 1+i)
		}
		i += n
	}
	at = append(at, len(s.Raw)-1)
	return string(text), at
}

// patternSpan is the source span of text bytes off..end of the pattern.
func patternSpan(s *StrLit, at []int, off, end int) Span {
	if len(at) == 1 { // an empty string: its quotes
		return s.Span
	}
	pos := func(k int) Pos {
		p := s.Pos
		o := at[min(k, len(at)-1)]
		p.Offset += o
		p.Col += utf8.RuneCountInString(s.Raw[:o])
		return p
	}
	if end <= off {
		end = off + 1
	}
	e := pos(end)
	if end < len(at) && end > 0 && at[end] == at[end-1] { // inside one escape
		e.Offset++
		e.Col++
	}
	return Span{Pos: pos(off), End: e}
}

// regularAlphabet lists the values the list can take that some move of
// d reads, sorted; false if there are more than maxRegularValues.
func regularAlphabet(m *engine.Model, list []engine.Expr, d *patDFA) ([]int64, bool) {
	var ivs []engine.Interval
	for _, e := range list {
		if v, ok := e.(*engine.VarExpr); ok {
			ivs = append(ivs, m.InitialIntervals(v.V)...)
			continue
		}
		lo, hi := e.Bounds()
		ivs = append(ivs, engine.Interval{Lo: lo, Hi: hi})
	}
	slices.SortFunc(ivs, func(a, b engine.Interval) int { return cmp.Compare(a.Lo, b.Lo) })
	live := make([]bool, d.nc)
	for c := range live {
		live[c] = d.live(c)
	}
	var values []int64
	add := func(lo, hi int64) bool {
		for c := d.classOf(lo); ; c++ {
			clo, chi := lo, hi
			if c > 0 {
				clo = max(lo, d.bounds[c-1])
			}
			if c < len(d.bounds) {
				chi = min(hi, d.bounds[c]-1)
			}
			if live[c] {
				span := uint64(chi) - uint64(clo) // no overflow: chi >= clo
				if span >= maxRegularValues || len(values)+int(span)+1 > maxRegularValues {
					return false
				}
				for v := clo; ; v++ {
					values = append(values, v)
					if v == chi {
						break
					}
				}
			}
			if chi == hi {
				return true
			}
		}
	}
	// The union of the intervals, each value once.
	for i := 0; i < len(ivs); {
		lo, hi := ivs[i].Lo, ivs[i].Hi
		for i++; i < len(ivs) && (ivs[i].Lo <= hi || ivs[i].Lo-1 == hi); i++ {
			hi = max(hi, ivs[i].Hi)
		}
		if !add(lo, hi) {
			return nil, false
		}
	}
	return values, true
}

// spread makes the automaton over the given values: a value moves as its
// class does.
func (d *patDFA) spread(values []int64) (engine.Automaton, bool) {
	nq, s := len(d.accept), len(values)
	if s > 0 && nq > engine.MaxAutomatonTable/s {
		return engine.Automaton{}, false
	}
	a := engine.Automaton{Values: values, Next: make([]int32, nq*s), Start: d.start, Accept: d.accept}
	for k, v := range values {
		c := d.classOf(v)
		for q := range nq {
			a.Next[q*s+k] = d.next[q*d.nc+c]
		}
	}
	return a, true
}
