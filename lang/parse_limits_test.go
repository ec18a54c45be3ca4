package lang

import (
	"runtime"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
)

// The parser on the limits of the scanner (deep nesting, long runs of
// prefix operators) and on parts repeated participle.MaxIterations times:
// it answers as the parsers before it did (the outcomes are theirs, as in
// parse_recorded_test.go), without a panic and in linear time.

func limitInputs() []string {
	rep := func(s string, n int) string { return strings.Repeat(s, n) }
	return []string{
		"x = " + rep("(", 500) + "1" + rep(")", 500),
		"x = " + rep("(", 501) + "1" + rep(")", 501),
		"x = " + rep("[", 500) + "1" + rep("]", 500),
		"x = " + rep("[", 501) + "1" + rep("]", 501),
		"x = " + rep("-", 500) + "1",
		"x = " + rep("-", 501) + "1",
		"x = " + rep("not ", 500) + "1",
		"x = " + rep("not ", 501) + "1",
		"x = " + rep("- not ", 250) + "1",
		"x = " + rep("- not ", 251) + "1",
		rep("a -> ", 500) + "b",
		rep("a -> ", 501) + "b",
		"x = 2" + rep(" ^ 2", 500),
		"x = 2" + rep(" ^ 2", 501),
		"x = " + rep("if a then ", 500) + "1" + rep(" else 2 end", 500),
		rep("forall i in S: ", 500) + "x",
		rep("forall i in S: ", 501) + "x",
		rep("forall i in S {\n", 250) + "x" + rep("\n}", 250),
		"x = " + rep(rep("-", 400)+"(", 20) + "1" + rep(")", 20),
		"x = " + rep(rep("not ", 400)+"(", 20) + "1" + rep(")", 20),
		"x = 1\ny = " + rep("(", 600) + "\nz = 2",
		"y = " + rep("[x ", 150) + "[1 2]" + rep("]", 150),
		"y = " + rep("[x [", 200) + "1 2" + rep("]]", 200),
		"param p = " + rep("(", 499) + "1" + rep(")", 499),
		"var x in " + rep("-", 499) + "1",
		"show " + rep("not ", 300) + "x, " + rep("(", 300) + "y" + rep(")", 300),
	}
}

func repInputs(k int) []string {
	list := func(item, sep string) string {
		items := make([]string, k)
		for i := range items {
			items[i] = item
		}
		return strings.Join(items, sep)
	}
	return []string{
		list("x = 1", " or "), list("a", " and "), list("a", " + "), list("a", " * "), list("s", " union "),
		"x = [" + list("a", " ") + "]", "x = [" + list("a", "; ") + "]", "x = [" + list("1", " ") + "]",
		"x = {" + list("a", ", ") + "}", "f(" + list("a", ", ") + ")", "x" + list("[1]", ""), "x[" + list("1", ", ") + "]",
		"var " + list("v", ", ") + " in 1..3", "show " + list("a", ", "), "param p[" + list("1..2", ", ") + "]",
		"forall i in S { " + list("a", "; ") + " }", "forall " + list("i in S", ", ") + ": x",
		"forall " + list("i", ", ") + " in S: x", "sum(x for i in S, " + list("a", ", ") + ")",
		"def f(" + list("a", ", ") + ") = 1", "def f { " + list("a", "; ") + " }",
	}
}

// deepOutcomes are the errors and fingerprints of limitInputs.
var deepOutcomes = []struct {
	i          int
	errs, tree string
}{
	{0, "-", "c07ee4934040d710"},
	{1, "l.csp:1:505: brackets nested more than 500 deep", "-"},
	{2, "-", "60b6da2483bc4ac0"},
	{3, "l.csp:1:505: brackets nested more than 500 deep", "-"},
	{4, "-", "e541b7c52e62e7a6"},
	{5, "l.csp:1:505: more than 500 - or not in a row", "-"},
	{6, "l.csp:1:5: expected an expression, found keyword not", "-"},
	{7, "l.csp:1:2005: more than 500 - or not in a row", "-"},
	{8, "l.csp:1:7: expected an expression, found keyword not", "-"},
	{9, "l.csp:1:1505: more than 500 - or not in a row", "-"},
	{10, "-", "6debab9535d439b0"},
	{11, "l.csp:1:2503: expression nested more than 500 deep", "-"},
	{12, "-", "57511852a6d19556"},
	{13, "l.csp:1:2007: expression nested more than 500 deep", "-"},
	{14, "-", "876f6b3e6c1d73fa"},
	{15, "-", "9d7aa12cc5b71ad8"},
	{16, "l.csp:1:7501: expression nested more than 500 deep", "-"},
	{17, "-", "d040fe3a0044efba"},
	{18, "-", "d4e23faacf8f894e"},
	{19, "l.csp:1:5: expected an expression, found keyword not", "-"},
	{20, "l.csp:2:505: brackets nested more than 500 deep", "-"},
	{21, "-", "52a81028fda9295f"},
	{22, "-", "9114ddd1c182359c"},
	{23, "-", "e946d0c9eda18b3c"},
	{24, "-", "2f8695d8d5b4680b"},
	{25, "-", "21b749cc1599df20"},
}

// repOutcomes are those of repInputs(k) with MaxIterations 4, but one.
var repOutcomes = []struct {
	k, i       int
	errs, tree string
}{
	{3, 0, "-", "8377d8a2ffd0ca29"},
	{3, 1, "-", "cd984b8a2b775965"},
	{3, 2, "-", "0ea0daab81f12340"},
	{3, 3, "-", "11c5a68b9f98a0dd"},
	{3, 4, "-", "794c9b36417a5290"},
	{3, 5, "-", "4615547d18e3c434"},
	{3, 6, "-", "31921d2be30e21d0"},
	{3, 7, "-", "99168db71de29537"},
	{3, 8, "-", "302f3bc067d5d9e5"},
	{3, 9, "-", "29beb1deb6762d57"},
	{3, 10, "-", "c31e3030737a5ae3"},
	{3, 11, "-", "58ae951d5053b665"},
	{3, 12, "-", "d732c35a27680c8f"},
	{3, 13, "-", "e993331714a482a2"},
	{3, 14, "-", "d41131e0db92a243"},
	{3, 15, "-", "6bfc689822dba3a1"},
	{3, 16, "-", "377c6368a1f44e7f"},
	{3, 17, "-", "d6a18554bf06b23e"},
	{3, 18, "m.csp:1:26: expected \"in\", found \")\"", "-"},
	{3, 19, "-", "80057c8a73cb50b7"},
	{3, 20, "-", "9a275a840f1539bb"},
	{4, 0, "-", "8acbc672c3bf4a47"},
	{4, 1, "-", "d0b97f00feeb51a4"},
	{4, 2, "-", "84709a5770b64842"},
	{4, 3, "-", "b60f1c4122cb64b4"},
	{4, 4, "-", "50efa584324cf559"},
	{4, 5, "-", "f506eff795ce25fb"},
	{4, 6, "-", "f2ea026fcd82d5ee"},
	{4, 7, "-", "6109d55c5523f98e"},
	{4, 8, "-", "13d4ab4d3db16999"},
	{4, 9, "-", "09e5be364958abfc"},
	{4, 10, "m.csp:1:11: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{4, 11, "-", "bf66b990a1d2639c"},
	{4, 12, "-", "845d9af70cf87b8b"},
	{4, 13, "-", "d51075e32f287479"},
	{4, 14, "-", "5b29791a1b5000cd"},
	{4, 15, "-", "9f85aa1f4ed6c199"},
	{4, 16, "-", "473cd2de539d2965"},
	{4, 17, "-", "cb10097130b3a857"},
	{4, 18, "m.csp:1:29: expected \"in\", found \")\"", "-"},
	{4, 19, "-", "c0a2585e6f21c962"},
	{4, 20, "-", "45c617b50c43b0e6"},
	{5, 0, "m.csp:1:34: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 1, "m.csp:1:21: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 2, "m.csp:1:15: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 3, "m.csp:1:15: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 4, "m.csp:1:27: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 5, "m.csp:1:14: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 6, "m.csp:1:16: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 7, "-", "88427d18437c540c"},
	{5, 8, "m.csp:1:16: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 9, "m.csp:1:13: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 10, "m.csp:1:11: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 11, "m.csp:1:13: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 12, "m.csp:1:17: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 13, "m.csp:1:16: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 14, "m.csp:1:31: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 15, "m.csp:1:27: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 16, "m.csp:1:38: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 17, "m.csp:1:18: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	// Before, participle's own words, where the hand-written parser gave
	// up on a generator of many names and left it to participle.
	{5, 18, "m.csp:1:29: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 19, "m.csp:1:17: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
	{5, 20, "m.csp:1:19: more than 4 of one kind in a row here (operands of one operator, elements, names or generators): split the statement", "-"},
}

func TestParseLimits(t *testing.T) {
	defer runtime.GC() // the deep inputs leave garbage that tests of the heap should not find
	in := limitInputs()
	for _, o := range deepOutcomes {
		if errs, tree := parseOutcome("l.csp", in[o.i]); errs != o.errs || tree != o.tree {
			t.Errorf("%.60q...: got %s, tree %s; want %s, tree %s", in[o.i], errs, tree, o.errs, o.tree)
		}
	}
	defer func(n int) { participle.MaxIterations = n }(participle.MaxIterations)
	participle.MaxIterations = 4
	for _, o := range repOutcomes {
		src := repInputs(o.k)[o.i]
		if errs, tree := parseOutcome("m.csp", src); errs != o.errs || tree != o.tree {
			t.Errorf("MaxIterations 4: %q: got %s, tree %s; want %s, tree %s", src, errs, tree, o.errs, o.tree)
		}
	}
}
