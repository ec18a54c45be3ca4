package lang

import "github.com/csp-lang/csp/engine"

// cumulative(start, duration, demand, capacity): tasks sharing a resource
// (see engine/cumulative.go). The lists are matched by position, whatever
// their index sets; the capacity is a number or an expression. Negative
// constant durations, demands or capacity are errors.

func init() { registerGlobal("cumulative", 4, 4, lowerCumulative) }

func lowerCumulative(l *lowerer, c *Call) engine.Global {
	start, _, ok := l.exprsOf(c, 0, "the start times")
	if !ok {
		return nil
	}
	dur, _, ok := l.exprsOf(c, 1, "the durations")
	if !ok {
		return nil
	}
	dem, _, ok := l.exprsOf(c, 2, "the demands")
	if !ok {
		return nil
	}
	capacity, ok := l.intOf(c, 3, "the capacity")
	if !ok {
		return nil
	}
	names := []string{"the start times", "the durations", "the demands"}
	if !l.equalLengths(c, names, []int{len(start), len(dur), len(dem)}) ||
		!l.notNegative(c, 1, dur, "the durations", "a duration") ||
		!l.notNegative(c, 2, dem, "the demands", "a demand") {
		return nil
	}
	if v, ok := negativeConst(capacity); ok {
		l.errorf(c.Args[3], "cumulative: the capacity is %d, but it cannot be negative", v)
		return nil
	}
	g, _ := engine.NewCumulative(start, dur, dem, capacity) // its only error, unequal lengths, is ruled out above
	return g
}
