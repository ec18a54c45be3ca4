package lang

import (
	"fmt"
	"math/rand"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// A language-level differential test. A seed makes a small random model as
// a tree of the test's own types (dfNode, not the AST), which is rendered to
// .csp text and solved two ways: by brute-force enumeration with the test's
// own evaluator of those types, written from the rule of undefined values
// below and independent of the lowering and of the engine's evaluator; and
// by Compile and the engine under every combination of search options (and
// SolveParallel). Satisfaction models must give the same solution set;
// optimisation models the same optimum, reached by a solution of the
// reference.
//
// The rule (docs/language.md, "Undefined results"):
//
//  1. a / b and a % b with b = 0 are undefined, and so is a[i] (m[i, j])
//     whose index depends on a variable and is outside the index set;
//  2. a number computed from an undefined number is undefined: + - * / % ^
//     (e ^ 0 too), unary -, abs, sum, product, min, max and count with an
//     undefined element, an if whose chosen branch is, an element whose
//     index is or whose chosen item is;
//  3. truth tests stop it: a comparison (list = list and list != list
//     elementwise), a membership (in and not in; a set, a range with
//     constant or variable bounds, a list), a global constraint inside an
//     expression or as a statement (any argument: a start time, a
//     duration, a demand, a capacity of nooverlap and cumulative, also of
//     a task nothing else reads), a number used as a truth value. A truth
//     test with any undefined part is false (not in included);
//  4. a number used as a truth value means n != 0, false where undefined;
//  5. not, and, or, xor, ->, <->, forall, exists (of any size) and if
//     combine always-defined truth values by ordinary logic; a truth value
//     used as a number is 0 or 1;
//  6. count is the number of non-zero elements, undefined when one is; a
//     where that depends on a variable makes an element count (add up,
//     multiply) only where it holds;
//  7. a solution makes every constraint statement true and, with an
//     objective, the objective defined; the optimum is over those.
//
// The generator never makes an expression that is undefined for every
// value of its variables (a division by something always 0, an index
// never in range), which the language refuses while compiling; should
// Compile refuse one anyway, the refusal is accepted only when the test's
// own evaluator finds such an expression in the model.
//
// go test runs TestLanguageDifferential (seeds 1 to 300, and a check that
// they cover every construct of dfWantFeatures) and the seeds of
// FuzzLanguage's corpus (testdata/fuzz/FuzzLanguage: one seed per kind of
// wrong answer found so far); go test -run XXX -fuzz FuzzLanguage searches
// for more. A failure prints the model, what differs, and the model
// shrunk to a minimal one that still fails.
//
// CSP_DIFF_SEEDS=N makes TestLanguageDifferential a survey of seeds 1 to
// N that logs each distinct minimised failure once; CSP_DIFF_FEATURES=1
// logs how many models use each construct.

// dfKind is the kind of a dfNode.
type dfKind uint8

const (
	dfLit     dfKind = iota // the number n (negative: written -k)
	dfBool                  // true (n = 1) or false (n = 0)
	dfVar                   // the scalar variable name
	dfGenName               // the generator name
	dfNeg                   // -kids[0]
	dfAbs                   // abs(kids[0])
	dfArith                 // kids[0] op kids[1], op one of + - * / %
	dfPow                   // kids[0] ^ n, n constant
	dfIdxA                  // a[kids[0]]
	dfIdxP                  // p[kids[0]]
	dfIdxM                  // m[kids[0], kids[1]]
	dfIdxL                  // [kids[1], kids[2], ...][kids[0]]
	dfAgg                   // op(list), op one of sum product min max count
	dfIf                    // if kids[0] then kids[1] else kids[2] end
	dfCmp                   // kids[0] op kids[1], op one of = != < <= > >=
	dfInSet                 // kids[0] in set (not in when neg)
	dfInRange               // kids[0] in kids[1]..kids[2] (not in when neg)
	dfInList                // kids[0] in list (not in when neg)
	dfListCmp               // list op list2, op = or !=
	dfGlobal                // op(list), op one of alldiff diagonal increasing decreasing
	dfSched                 // nooverlap(list, list2) or cumulative(list, list2, list3, kids[0])
	dfNot                   // not kids[0]
	dfLogic                 // kids[0] op kids[1], op one of and or xor -> <->
	dfQuant                 // op gens: kids[0], op forall or exists; or forall gens { kids... }
)

type dfNode struct {
	k     dfKind
	op    string
	n     int64
	name  string
	neg   bool
	set   []int64
	kids  []*dfNode
	list  *dfList
	list2 *dfList
	list3 *dfList // dfSched: cumulative's demands
	gens  *dfGens
	block bool // dfQuant: a forall block, its statements in kids
	paren bool // dfQuant: in parentheses even where it could stand bare
}

// dfListKind is the form of a list: of an aggregate's arguments, of the
// right side of in, of a global constraint, of a side of list = list.
type dfListKind uint8

const (
	dfLA       dfListKind = iota // the variable array a
	dfLP                         // the param p
	dfLLit                       // [elems...]
	dfLComp                      // [body for gens]
	dfLGenForm                   // body for gens, an aggregate's generator form
	dfLArgs                      // elems..., an aggregate's several arguments
)

type dfList struct {
	k     dfListKind
	elems []*dfNode
	body  *dfNode
	gens  *dfGens
}

// dfGen is one generator: name in src, taking the values vals in order.
type dfGen struct {
	name string
	vals []int64
	src  string
}

type dfGens struct {
	gs    []dfGen
	where *dfNode // nil: none
}

// dfDecl is a scalar variable.
type dfDecl struct {
	name string
	dom  []int64 // ascending
}

// dfModel is a whole model: scalars, an optional array a[aLo..] over
// aDom, optional params p (a list) and m (a matrix), constraint statements
// and an optional objective.
type dfModel struct {
	vars  []dfDecl
	aN    int // 0: no array a
	aLo   int64
	aDom  []int64
	p     []int64   // nil: no param p
	m     [][]int64 // nil: no param m
	stmts []*dfNode
	sense string // "", "minimize" or "maximize"
	obj   *dfNode
	// search statements, written last (search_test.go); none here.
	search []string
	// wide, when not 0, declares every variable over -wide..wide and
	// restricts it to its few values by a statement of its own, so that
	// the search starts from wide domains (bounds and gaps) and must
	// still give what enumerating the few values gives.
	wide int64
}

// ---- rendering ----

func dfDomText(d []int64) string {
	if len(d) > 1 && d[len(d)-1]-d[0] == int64(len(d)-1) {
		return fmt.Sprintf("%d..%d", d[0], d[len(d)-1])
	}
	return dfSetText(d)
}

func dfSetText(s []int64) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func dfIntsText(s []int64) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ", ")
}

// wideDecls writes the declarations of a wide model: each variable over
// -wide..wide, then restricted to its values, as a range or a set.
func (md *dfModel) wideDecls(b *strings.Builder) {
	for _, v := range md.vars {
		fmt.Fprintf(b, "var %s in %d..%d\n", v.name, -md.wide, md.wide)
	}
	if md.aN > 0 {
		fmt.Fprintf(b, "var a[%d..%d] in %d..%d\n", md.aLo, md.aLo+int64(md.aN)-1, -md.wide, md.wide)
	}
	for _, v := range md.vars {
		fmt.Fprintf(b, "%s in %s\n", v.name, dfDomText(v.dom))
	}
	if md.aN > 0 {
		fmt.Fprintf(b, "forall i in %d..%d: a[i] in %s\n", md.aLo, md.aLo+int64(md.aN)-1, dfDomText(md.aDom))
	}
}

func (md *dfModel) source() string {
	var b strings.Builder
	if md.p != nil {
		fmt.Fprintf(&b, "param p = [%s]\n", dfIntsText(md.p))
	}
	if md.m != nil {
		rows := make([]string, len(md.m))
		for i, r := range md.m {
			rows[i] = dfIntsText(r)
		}
		fmt.Fprintf(&b, "param m = [%s]\n", strings.Join(rows, "; "))
	}
	if md.wide != 0 {
		md.wideDecls(&b)
	} else {
		for _, v := range md.vars {
			fmt.Fprintf(&b, "var %s in %s\n", v.name, dfDomText(v.dom))
		}
		if md.aN > 0 {
			fmt.Fprintf(&b, "var a[%d..%d] in %s\n", md.aLo, md.aLo+int64(md.aN)-1, dfDomText(md.aDom))
		}
	}
	var defs []string
	for i, s := range md.stmts {
		if dfSugar && i%2 == 1 && s.k == dfQuant && s.op == "forall" && !s.block && len(s.gens.gs) == 1 {
			// The body as a definition of the generator's name.
			name := s.gens.gs[0].name
			defs = append(defs, fmt.Sprintf("def b%d(%s) = %s\n", i, name, s.kids[0].render()))
			fmt.Fprintf(&b, "forall %s: b%d(%s)\n", s.gens.render(), i, name)
			continue
		}
		if dfSugar && i%2 == 0 {
			// A named expression, posted as a statement: written
			// before its use or after.
			def := fmt.Sprintf("def s%d = %s\n", i, s.render())
			if i%4 == 0 {
				b.WriteString(def)
			} else {
				defs = append(defs, def)
			}
			fmt.Fprintf(&b, "s%d\n", i)
			continue
		}
		b.WriteString(s.render())
		b.WriteByte('\n')
	}
	if md.sense != "" {
		if dfSugar {
			fmt.Fprintf(&b, "def goal() = %s\n%s goal()\n", md.obj.render(), md.sense)
		} else {
			fmt.Fprintf(&b, "%s %s\n", md.sense, md.obj.render())
		}
	}
	for _, d := range defs {
		b.WriteString(d)
	}
	for _, st := range md.search {
		b.WriteString(st + "\n")
	}
	return b.String()
}

// dfSugar makes source write the model with the sugar of language v2:
// half the statements and the objective as definitions, the body of a
// forall of one generator among the others as a definition of the
// generator's name, and the literal
// lists of two elements or more as two lists joined by ++. The model means
// the same.
var dfSugar = false

// level is the precedence level of the node's outermost operator, loosest
// first, as in the table of docs/language.md.
func (n *dfNode) level() int {
	switch n.k {
	case dfLit:
		if n.n < 0 {
			return 11
		}
		return 13
	case dfNeg:
		return 11
	case dfArith:
		if n.op == "+" || n.op == "-" {
			return 9
		}
		return 10
	case dfPow:
		return 12
	case dfCmp, dfInSet, dfInRange, dfInList, dfListCmp:
		return 6
	case dfNot:
		return 5
	case dfLogic:
		switch n.op {
		case "and":
			return 4
		case "or", "xor":
			return 3
		}
		return 2
	case dfQuant:
		return 1
	}
	return 13
}

// wrap renders n, in parentheses if its level is below min.
func (n *dfNode) wrap(min int) string { return n.wrapT(min, false) }

// wrapT is wrap where n ends the statement or the parentheses around it
// (tail): there a quantifier, whose body runs to that end, may stand bare
// on the right of -> and <->.
func (n *dfNode) wrapT(min int, tail bool) string {
	if n.level() < min && !(tail && n.k == dfQuant && !n.paren) {
		return "(" + n.render() + ")"
	}
	return n.renderT(tail)
}

// render renders n as a whole statement, or inside parentheses.
func (n *dfNode) render() string { return n.renderT(true) }

func (n *dfNode) renderT(tail bool) string {
	switch n.k {
	case dfLit:
		return strconv.FormatInt(n.n, 10)
	case dfBool:
		if n.n != 0 {
			return "true"
		}
		return "false"
	case dfVar, dfGenName:
		return n.name
	case dfNeg:
		return "-" + n.kids[0].wrap(12)
	case dfAbs:
		return "abs(" + n.kids[0].wrap(2) + ")"
	case dfArith:
		l := n.level()
		return n.kids[0].wrap(l) + " " + n.op + " " + n.kids[1].wrap(l+1)
	case dfPow:
		return n.kids[0].wrap(13) + "^" + strconv.FormatInt(n.n, 10)
	case dfIdxA:
		return "a[" + n.kids[0].wrap(2) + "]"
	case dfIdxP:
		return "p[" + n.kids[0].wrap(2) + "]"
	case dfIdxM:
		return "m[" + n.kids[0].wrap(2) + ", " + n.kids[1].wrap(2) + "]"
	case dfIdxL:
		return dfElemsText(n.kids[1:]) + "[" + n.kids[0].wrap(2) + "]"
	case dfAgg, dfGlobal:
		return n.op + "(" + n.list.render() + ")"
	case dfSched:
		if n.op == "nooverlap" {
			return "nooverlap(" + n.list.render() + ", " + n.list2.render() + ")"
		}
		return "cumulative(" + n.list.render() + ", " + n.list2.render() + ", " + n.list3.render() + ", " + n.kids[0].wrap(2) + ")"
	case dfIf:
		return "if " + n.kids[0].wrap(2) + " then " + n.kids[1].wrap(2) + " else " + n.kids[2].wrap(2) + " end"
	case dfCmp:
		return n.kids[0].wrap(7) + " " + n.op + " " + n.kids[1].wrap(7)
	case dfInSet:
		return n.kids[0].wrap(7) + n.inText() + dfSetText(n.set)
	case dfInRange:
		return n.kids[0].wrap(7) + n.inText() + n.kids[1].wrap(9) + ".." + n.kids[2].wrap(9)
	case dfInList:
		return n.kids[0].wrap(7) + n.inText() + n.list.render()
	case dfListCmp:
		return n.list.render() + " " + n.op + " " + n.list2.render()
	case dfNot:
		return "not " + n.kids[0].wrap(5)
	case dfLogic:
		l := n.level()
		if l == 2 { // -> and <-> group to the right
			return n.kids[0].wrap(3) + " " + n.op + " " + n.kids[1].wrapT(2, tail)
		}
		return n.kids[0].wrap(l) + " " + n.op + " " + n.kids[1].wrap(l+1)
	case dfQuant:
		if n.block {
			parts := make([]string, len(n.kids))
			for i, k := range n.kids {
				parts[i] = k.render()
			}
			return n.op + " " + n.gens.render() + " { " + strings.Join(parts, "; ") + " }"
		}
		return n.op + " " + n.gens.render() + ": " + n.kids[0].render()
	}
	panic(fmt.Sprintf("render kind %d", n.k))
}

func (n *dfNode) inText() string {
	if n.neg {
		return " not in "
	}
	return " in "
}

func dfElemsText(es []*dfNode) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.wrap(2)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (l *dfList) render() string {
	switch l.k {
	case dfLA:
		return "a"
	case dfLP:
		return "p"
	case dfLLit:
		if dfSugar && len(l.elems) >= 2 {
			return dfElemsText(l.elems[:1]) + " ++ " + dfElemsText(l.elems[1:])
		}
		return dfElemsText(l.elems)
	case dfLComp:
		return "[" + l.body.wrap(2) + " for " + l.gens.render() + "]"
	case dfLGenForm:
		return l.body.wrap(2) + " for " + l.gens.render()
	}
	parts := make([]string, len(l.elems))
	for i, e := range l.elems {
		parts[i] = e.wrap(2)
	}
	return strings.Join(parts, ", ")
}

func (g *dfGens) render() string {
	parts := make([]string, len(g.gs))
	for i, x := range g.gs {
		parts[i] = x.name + " in " + x.src
	}
	s := strings.Join(parts, ", ")
	if g.where != nil {
		s += " where " + g.where.wrap(2)
	}
	return s
}

// ---- the reference evaluator ----

// dfEnv is an assignment: the scalars by name, the array a, and the
// generator names in scope.
type dfEnv struct {
	md   *dfModel
	sc   map[string]int64
	a    []int64
	gens map[string]int64
	all  []int64 // the whole assignment: the scalars, then the array
}

func dfB(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// truth is rule 4: a value as a truth value, false where undefined.
func (e *dfEnv) truth(n *dfNode) bool {
	v, ok := e.eval(n)
	return ok && v != 0
}

// eval returns the value of n and whether it is defined.
func (e *dfEnv) eval(n *dfNode) (int64, bool) {
	md := e.md
	switch n.k {
	case dfLit, dfBool:
		return n.n, true
	case dfVar:
		v, ok := e.sc[n.name]
		if !ok {
			panic("unknown variable " + n.name)
		}
		return v, true
	case dfGenName:
		v, ok := e.gens[n.name]
		if !ok {
			panic("unbound generator " + n.name)
		}
		return v, true
	case dfNeg:
		v, ok := e.eval(n.kids[0])
		return -v, ok
	case dfAbs:
		v, ok := e.eval(n.kids[0])
		return max(v, -v), ok
	case dfArith:
		x, okx := e.eval(n.kids[0])
		y, oky := e.eval(n.kids[1])
		if !okx || !oky {
			return 0, false
		}
		switch n.op {
		case "+":
			return x + y, true
		case "-":
			return x - y, true
		case "*":
			return x * y, true
		case "/":
			if y == 0 {
				return 0, false
			}
			return x / y, true // Go truncates toward zero, as the language
		case "%":
			if y == 0 {
				return 0, false
			}
			return x % y, true // Go's remainder has the dividend's sign
		}
	case dfPow:
		v, ok := e.eval(n.kids[0])
		if !ok {
			return 0, false // (6 / x)^0 is undefined at x = 0
		}
		r := int64(1)
		for range n.n {
			r *= v
		}
		return r, true
	case dfIdxA:
		i, ok := e.eval(n.kids[0])
		if !ok || i < md.aLo || i >= md.aLo+int64(md.aN) {
			return 0, false
		}
		return e.a[i-md.aLo], true
	case dfIdxP:
		i, ok := e.eval(n.kids[0])
		if !ok || i < 1 || i > int64(len(md.p)) {
			return 0, false
		}
		return md.p[i-1], true
	case dfIdxM:
		i, oki := e.eval(n.kids[0])
		j, okj := e.eval(n.kids[1])
		if !oki || !okj || i < 1 || i > int64(len(md.m)) || j < 1 || j > int64(len(md.m[0])) {
			return 0, false
		}
		return md.m[i-1][j-1], true
	case dfIdxL:
		i, ok := e.eval(n.kids[0])
		items := n.kids[1:]
		if !ok || i < 1 || i > int64(len(items)) {
			return 0, false
		}
		return e.eval(items[i-1]) // only the chosen item matters
	case dfAgg:
		return e.aggregate(n)
	case dfIf:
		if e.truth(n.kids[0]) {
			return e.eval(n.kids[1])
		}
		return e.eval(n.kids[2])
	case dfCmp:
		x, okx := e.eval(n.kids[0])
		y, oky := e.eval(n.kids[1])
		if !okx || !oky {
			return 0, true
		}
		switch n.op {
		case "=":
			return dfB(x == y), true
		case "!=":
			return dfB(x != y), true
		case "<":
			return dfB(x < y), true
		case "<=":
			return dfB(x <= y), true
		case ">":
			return dfB(x > y), true
		case ">=":
			return dfB(x >= y), true
		}
	case dfInSet:
		x, ok := e.eval(n.kids[0])
		if !ok {
			return 0, true
		}
		member := false
		for _, v := range n.set {
			member = member || v == x
		}
		return dfB(member != n.neg), true
	case dfInRange:
		x, okx := e.eval(n.kids[0])
		lo, oklo := e.eval(n.kids[1])
		hi, okhi := e.eval(n.kids[2])
		if !okx || !oklo || !okhi {
			return 0, true
		}
		return dfB((lo <= x && x <= hi) != n.neg), true
	case dfInList:
		x, ok := e.eval(n.kids[0])
		vs, oks := e.elems(n.list)
		if !ok || !oks {
			return 0, true // any undefined element: false, in and not in
		}
		member := false
		for _, v := range vs {
			member = member || v == x
		}
		return dfB(member != n.neg), true
	case dfListCmp:
		xs, okx := e.elems(n.list)
		ys, oky := e.elems(n.list2)
		if !okx || !oky || len(xs) != len(ys) {
			return 0, true
		}
		same := true
		for i := range xs {
			same = same && xs[i] == ys[i]
		}
		return dfB(same == (n.op == "=")), true
	case dfGlobal:
		vs, ok := e.elems(n.list)
		if !ok {
			return 0, true // an undefined element, even of a one-element list
		}
		return dfB(dfGlobalHolds(n.op, vs)), true
	case dfSched:
		return dfB(e.schedHolds(n)), true
	case dfNot:
		return dfB(!e.truth(n.kids[0])), true
	case dfLogic:
		x, y := e.truth(n.kids[0]), e.truth(n.kids[1])
		switch n.op {
		case "and":
			return dfB(x && y), true
		case "or":
			return dfB(x || y), true
		case "xor":
			return dfB(x != y), true
		case "->":
			return dfB(!x || y), true
		case "<->":
			return dfB(x == y), true
		}
	case dfQuant:
		forall := n.op == "forall"
		result := forall
		e.each(n.gens, func() {
			var holds bool
			if n.block { // forall gens where c { s1; s2 }: c (constant) -> s1 and s2
				holds = n.gens.where != nil && !e.truth(n.gens.where)
				if !holds {
					holds = true
					for _, k := range n.kids {
						holds = holds && e.truth(k)
					}
				}
			} else if n.gens.where == nil {
				holds = e.truth(n.kids[0])
			} else if forall { // forall gens where c: e is c -> e
				holds = !e.truth(n.gens.where) || e.truth(n.kids[0])
			} else { // exists gens where c: e is c and e
				holds = e.truth(n.gens.where) && e.truth(n.kids[0])
			}
			if forall {
				result = result && holds
			} else {
				result = result || holds
			}
		})
		return dfB(result), true
	}
	panic(fmt.Sprintf("eval kind %d op %q", n.k, n.op))
}

func dfGlobalHolds(op string, vs []int64) bool {
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			switch op {
			case "alldiff":
				if vs[i] == vs[j] {
					return false
				}
			case "diagonal":
				d := vs[i] - vs[j]
				if max(d, -d) == int64(j-i) {
					return false
				}
			}
		}
		if i+1 < len(vs) {
			switch op {
			case "increasing":
				if vs[i] > vs[i+1] {
					return false
				}
			case "decreasing":
				if vs[i] < vs[i+1] {
					return false
				}
			}
		}
	}
	return true
}

// schedHolds is nooverlap or cumulative: false with an undefined
// argument, whichever, or a negative duration, demand or capacity;
// otherwise no two tasks of positive durations overlap (nooverlap), or
// at every time the demands of the tasks running then (start <= time <
// start + duration) add up to at most the capacity (cumulative), tried
// at every time from the earliest start to the latest end.
func (e *dfEnv) schedHolds(n *dfNode) bool {
	start, ok1 := e.elems(n.list)
	dur, ok2 := e.elems(n.list2)
	if !ok1 || !ok2 || len(start) != len(dur) {
		return false
	}
	dem := make([]int64, len(start))
	capacity := int64(1)
	if n.op == "cumulative" {
		var ok3, ok4 bool
		dem, ok3 = e.elems(n.list3)
		capacity, ok4 = e.eval(n.kids[0])
		if !ok3 || !ok4 || len(dem) != len(start) || capacity < 0 {
			return false
		}
	} else {
		for i := range dem {
			dem[i] = 1
		}
	}
	for i := range start {
		if dur[i] < 0 || dem[i] < 0 {
			return false
		}
	}
	if len(start) == 0 {
		return true
	}
	lo, hi := start[0], start[0]
	for i := range start {
		lo, hi = min(lo, start[i]), max(hi, start[i]+dur[i])
	}
	for t := lo; t < hi; t++ {
		load := int64(0)
		for i := range start {
			if start[i] <= t && t < start[i]+dur[i] {
				load += dem[i]
			}
		}
		if load > capacity {
			return false
		}
	}
	return true
}

// each calls f once per combination of the generators (the last varies
// fastest) with their names bound; a where is left to the caller.
func (e *dfEnv) each(g *dfGens, f func()) {
	var rec func(k int)
	rec = func(k int) {
		if k == len(g.gs) {
			f()
			return
		}
		vals := g.gs[k].vals
		if g.gs[k].src == "p" { // as p is now: shrinking may change it
			vals = e.md.p
		}
		for _, v := range vals {
			e.gens[g.gs[k].name] = v
			rec(k + 1)
		}
		delete(e.gens, g.gs[k].name)
	}
	rec(0)
}

// elems returns the values of a list's elements, in order, and whether
// every one of them is defined. Elements that a where leaves out are not
// elements; for an aggregate's generator form with a where on a variable,
// that is the same as adding 0 (multiplying by 1) where it is false.
func (e *dfEnv) elems(l *dfList) ([]int64, bool) {
	switch l.k {
	case dfLA:
		return append([]int64(nil), e.a...), true
	case dfLP:
		return append([]int64(nil), e.md.p...), true
	case dfLLit, dfLArgs:
		vs := make([]int64, len(l.elems))
		all := true
		for i, x := range l.elems {
			v, ok := e.eval(x)
			vs[i], all = v, all && ok
		}
		return vs, all
	}
	var vs []int64
	all := true
	e.each(l.gens, func() {
		if l.gens.where != nil && !e.truth(l.gens.where) {
			return
		}
		v, ok := e.eval(l.body)
		vs, all = append(vs, v), all && ok
	})
	return vs, all
}

func (e *dfEnv) aggregate(n *dfNode) (int64, bool) {
	vs, ok := e.elems(n.list)
	if !ok {
		return 0, false
	}
	switch n.op {
	case "sum":
		s := int64(0)
		for _, v := range vs {
			s += v
		}
		return s, true
	case "product":
		s := int64(1)
		for _, v := range vs {
			s *= v
		}
		return s, true
	case "count":
		c := int64(0)
		for _, v := range vs {
			if v != 0 {
				c++
			}
		}
		return c, true
	case "min", "max":
		if len(vs) == 0 {
			return 0, false // a compile-time error in the language; never reached
		}
		r := vs[0]
		for _, v := range vs[1:] {
			if n.op == "min" {
				r = min(r, v)
			} else {
				r = max(r, v)
			}
		}
		return r, true
	}
	panic("aggregate " + n.op)
}

// dfRef is the reference answer: the assignments (scalars in order, then
// a) that satisfy every statement and, with an objective, define it.
type dfRef struct {
	sols [][]int64
	obj  []int64 // the objective at each solution
	keys map[string]int
	best int64 // the optimum, when there is an objective and a solution
}

func dfKey(a []int64) string {
	b := make([]byte, 0, 4*len(a))
	for _, v := range a {
		b = strconv.AppendInt(b, v, 10)
		b = append(b, ' ')
	}
	return string(b)
}

// width is the number of decision variables.
func (md *dfModel) width() int { return len(md.vars) + md.aN }

// space is the number of assignments.
func (md *dfModel) space() int {
	s := 1
	for _, v := range md.vars {
		s *= len(v.dom)
	}
	for range md.aN {
		s *= len(md.aDom)
	}
	return s
}

func (md *dfModel) env(a []int64) *dfEnv {
	e := &dfEnv{md: md, sc: map[string]int64{}, gens: map[string]int64{}, all: a}
	for i, v := range md.vars {
		e.sc[v.name] = a[i]
	}
	e.a = a[len(md.vars):]
	return e
}

// assignments returns an environment for every assignment.
func (md *dfModel) assignments() []*dfEnv {
	var out []*dfEnv
	doms := make([][]int64, 0, md.width())
	for _, v := range md.vars {
		doms = append(doms, v.dom)
	}
	for range md.aN {
		doms = append(doms, md.aDom)
	}
	idx := make([]int, len(doms))
	for {
		a := make([]int64, len(doms))
		for i, d := range doms {
			a[i] = d[idx[i]]
		}
		out = append(out, md.env(a))
		k := len(idx) - 1
		for ; k >= 0 && idx[k] == len(doms[k])-1; k-- {
			idx[k] = 0
		}
		if k < 0 {
			return out
		}
		idx[k]++
	}
}

// undefinedAlways returns the divisions, remainders and elements of md
// that are undefined for every assignment, for some values of the
// generators around them. The language refuses such an expression while
// compiling ("undefined for every value of its variables", the end of
// "Undefined results" in docs/language.md).
func (md *dfModel) undefinedAlways() []*dfNode {
	envs := md.assignments()
	var out []*dfNode
	var node func(n *dfNode, scope []dfGen)
	var list func(l *dfList, scope []dfGen)
	inner := func(g *dfGens, scope []dfGen) []dfGen {
		return append(append([]dfGen(nil), scope...), g.gs...)
	}
	node = func(n *dfNode, scope []dfGen) {
		if n == nil {
			return
		}
		undefinable := n.k == dfArith && (n.op == "/" || n.op == "%") ||
			n.k == dfIdxA || n.k == dfIdxP || n.k == dfIdxM || n.k == dfIdxL
		if undefinable && md.neverDefined(n, scope, envs) {
			out = append(out, n)
		}
		if n.gens != nil {
			scope = inner(n.gens, scope)
			node(n.gens.where, scope)
		}
		for _, k := range n.kids {
			node(k, scope)
		}
		list(n.list, scope)
		list(n.list2, scope)
		list(n.list3, scope)
	}
	list = func(l *dfList, scope []dfGen) {
		if l == nil {
			return
		}
		for _, e := range l.elems {
			node(e, scope)
		}
		if l.gens != nil {
			scope = inner(l.gens, scope)
			node(l.gens.where, scope)
		}
		node(l.body, scope)
	}
	for _, s := range md.stmts {
		node(s, nil)
	}
	node(md.obj, nil)
	return out
}

// neverDefined reports whether, for some values of the generators in
// scope, n is undefined for every assignment.
func (md *dfModel) neverDefined(n *dfNode, scope []dfGen, envs []*dfEnv) bool {
	never := false
	e := envs[0]
	saved := e.gens
	e.gens = map[string]int64{}
	e.each(&dfGens{gs: scope}, func() {
		if never {
			return
		}
		for _, x := range envs {
			x.gens = e.gens
			if _, ok := x.eval(n); ok {
				return
			}
		}
		never = true
	})
	for _, x := range envs {
		x.gens = saved
	}
	return never
}

func (md *dfModel) reference() *dfRef {
	ref := &dfRef{keys: map[string]int{}}
	for _, e := range md.assignments() {
		ok := true
		for _, s := range md.stmts {
			if !e.truth(s) {
				ok = false
				break
			}
		}
		var ov int64
		if ok && md.sense != "" {
			ov, ok = e.eval(md.obj)
		}
		if ok {
			if len(ref.sols) == 0 || md.sense == "minimize" && ov < ref.best || md.sense == "maximize" && ov > ref.best {
				ref.best = ov
			}
			a := e.all
			ref.keys[dfKey(a)] = len(ref.sols)
			ref.sols = append(ref.sols, a)
			ref.obj = append(ref.obj, ov)
		}
	}
	return ref
}

// ---- the comparison ----

// dfOnlyOverflow reports whether every error of list is an integer
// overflow.
func dfOnlyOverflow(list ErrorList) bool {
	for _, e := range list {
		if !strings.Contains(e.Msg, "integer overflow") {
			return false
		}
	}
	return len(list) > 0
}

func dfOptName(o engine.Options) string {
	return [...]string{"mrv", "input", "domwdeg"}[o.Order] + "/" +
		[...]string{"min", "max", "mid", "auto", "split", "split-max"}[o.Values] + "/" +
		[...]string{"fc", "none", "ac"}[o.Prop]
}

// dfAllOptions is every combination of order, values and propagation.
func dfAllOptions() []engine.Options {
	var out []engine.Options
	for _, o := range []engine.VarOrder{engine.OrderMRV, engine.OrderInput, engine.OrderDomWdeg} {
		for _, v := range []engine.ValueOrder{engine.ValuesMin, engine.ValuesMax, engine.ValuesMid} {
			for _, p := range []engine.PropLevel{engine.PropFC, engine.PropNone, engine.PropAC} {
				out = append(out, engine.Options{Order: o, Values: v, Prop: p})
			}
		}
	}
	return out
}

// dfWideOptions is every combination for a wide model: those of
// dfAllOptions, and under PropAC the orders that split a domain.
func dfWideOptions() []engine.Options {
	out := dfAllOptions()
	for _, o := range []engine.VarOrder{engine.OrderMRV, engine.OrderInput, engine.OrderDomWdeg} {
		for _, v := range []engine.ValueOrder{engine.ValuesAuto, engine.ValueSplit, engine.ValueSplitMax} {
			out = append(out, engine.Options{Order: o, Values: v, Prop: engine.PropAC})
		}
	}
	return out
}

// dfDecomposeOptions are the settings of opts that also solve the model
// compiled with --decompose: the course's and the default propagation.
func dfDecomposeOptions(opts []engine.Options) []engine.Options {
	var out []engine.Options
	for _, o := range opts {
		if o.Order == engine.OrderInput && o.Values == engine.ValuesMin || o.Order == engine.OrderDomWdeg && o.Values == engine.ValuesMid && o.Prop == engine.PropAC {
			out = append(out, o)
		}
	}
	return out
}

// dfWideSpans are the declared spans of wide models: past the 2^16
// values of a bit set, to 10^9 and 10^15.
var dfWideSpans = []int64{100_000, 1_000_000_000, 1_000_000_000_000_000}

// dfWideModel is dfRandomModel(seed) declared over a wide span.
func dfWideModel(seed int64) *dfModel {
	md := dfRandomModel(seed)
	md.wide = dfWideSpans[uint64(seed)%uint64(len(dfWideSpans))]
	return md
}

// dfParallelOptions are the settings also run with SolveParallel.
var dfParallelOptions = []engine.Options{
	{Order: engine.OrderDomWdeg, Values: engine.ValuesMid, Prop: engine.PropAC},
	{Order: engine.OrderInput, Values: engine.ValuesMin, Prop: engine.PropFC},
}

func (md *dfModel) assignText(a []int64) string {
	parts := make([]string, 0, len(a))
	for i, v := range md.vars {
		parts = append(parts, fmt.Sprintf("%s=%d", v.name, a[i]))
	}
	if md.aN > 0 {
		parts = append(parts, fmt.Sprintf("a=%v", a[len(md.vars):]))
	}
	return strings.Join(parts, " ")
}

func (md *dfModel) assignsText(as [][]int64) string {
	var parts []string
	for i, a := range as {
		if i == 6 {
			parts = append(parts, fmt.Sprintf("... (%d in all)", len(as)))
			break
		}
		parts = append(parts, md.assignText(a))
	}
	return strings.Join(parts, "; ")
}

// dfCompileError marks a model that does not compile.
const dfCompileError = "compile error: "

// check compiles and solves md and compares with the reference. It
// returns "" when they agree, or what differs (the first difference) and
// the options that show it (in opts or in parallel).
func (md *dfModel) check(opts, parallel []engine.Options) (problem string, failOpts, failPar []engine.Options) {
	src := md.source()
	prog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}})
	if err != nil {
		if list, ok := err.(ErrorList); ok {
			legit := true
			for _, e := range list {
				legit = legit && strings.Contains(e.Msg, "is undefined for every value")
			}
			if legit && len(md.undefinedAlways()) > 0 {
				return "", nil, nil // refused as documented
			}
			if md.wide != 0 && dfOnlyOverflow(list) {
				return "", nil, nil // the wide declared bounds overflow 64 bits: refused as documented
			}
		}
		return dfCompileError + err.Error(), nil, nil
	}
	vars := md.declared(prog)
	if len(vars) != md.width() {
		return fmt.Sprintf("the program declares %d variables, want %d", len(vars), md.width()), opts, parallel
	}
	read := func(value func(engine.Var) int64) []int64 {
		a := make([]int64, len(vars))
		for i, x := range vars {
			a[i] = value(x)
		}
		return a
	}
	// Under none and fc, as csp solve compiles it: every lookup in its
	// v1 form (Input.PlainLookups). Under none a hidden lookup variable is
	// branched on like any other, and a few dozen of them made the tree
	// exponential (seed -831).
	pprog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}, PlainLookups: true})
	if err != nil {
		return "plain lookups: " + dfCompileError + err.Error(), nil, nil
	}
	if pv := md.declared(pprog); !slices.Equal(pv, vars) {
		return fmt.Sprintf("plain lookups declare the variables %v, want %v", pv, vars), nil, nil
	}
	levelModel := func(o engine.Options) *engine.Model {
		if o.Prop == engine.PropAC {
			return prog.Model
		}
		return pprog.Model
	}
	ref := md.reference()
	run := func(model *engine.Model, o engine.Options, name string) string {
		s, err := engine.NewSolver(model, o)
		if err != nil {
			return fmt.Sprintf("%s: NewSolver: %v", name, err)
		}
		var got [][]int64
		var objs []int64
		for len(got) <= len(ref.sols)+2 {
			st := s.Next()
			if st == engine.Exhausted {
				break
			}
			if st != engine.Solution {
				return fmt.Sprintf("%s: status %v", name, st)
			}
			got = append(got, read(s.Value))
			objs = append(objs, s.Objective())
		}
		return md.compare(ref, got, objs, true, name)
	}
	for _, o := range opts {
		if p := run(levelModel(o), o, dfOptName(o)); p != "" {
			return p, []engine.Options{o}, nil
		}
	}
	// Every global as its decomposition, every lookup in its v1 form
	// (--decompose, and the lowering under --prop fc and none): the same
	// declared variables, in the same order.
	dprog, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(src)}, Decompose: true, PlainLookups: true})
	if err != nil {
		return "--decompose: " + dfCompileError + err.Error(), nil, nil
	}
	if dv := md.declared(dprog); !slices.Equal(dv, vars) {
		return fmt.Sprintf("--decompose declares the variables %v, want %v", dv, vars), nil, nil
	}
	for _, o := range dfDecomposeOptions(opts) {
		if p := run(dprog.Model, o, dfOptName(o)+" --decompose"); p != "" {
			return p, []engine.Options{o}, nil
		}
	}
	for _, o := range parallel {
		var got [][]int64
		st, _, err := engine.SolveParallel(levelModel(o), o, 2, func(values []int64) bool {
			got = append(got, read(func(x engine.Var) int64 { return values[x] }))
			return len(got) <= len(ref.sols)+2
		})
		name := dfOptName(o) + " SolveParallel(2 workers)"
		one := []engine.Options{o}
		if err != nil {
			return fmt.Sprintf("%s: %v", name, err), nil, one
		}
		if st != engine.Exhausted && len(got) <= len(ref.sols) {
			return fmt.Sprintf("%s: status %v", name, st), nil, one
		}
		if p := md.compare(ref, got, nil, false, name); p != "" {
			return p, nil, one
		}
	}
	return "", nil, nil
}

// declared returns the engine variables of md's scalars, in order, then
// those of a.
func (md *dfModel) declared(prog *Program) []engine.Var {
	vars := make([]engine.Var, 0, md.width())
	for _, v := range md.vars {
		for _, d := range prog.Decls {
			if d.Name == v.name && len(d.Vars) == 1 {
				vars = append(vars, d.Vars[0])
			}
		}
	}
	if md.aN > 0 {
		for _, d := range prog.Decls {
			if d.Name == "a" && len(d.Vars) == md.aN {
				vars = append(vars, d.Vars...)
			}
		}
	}
	return vars
}

// compare checks the solutions csp returned, in order, against the
// reference; objs are the objective values the solver reported (nil:
// unknown).
func (md *dfModel) compare(ref *dfRef, got [][]int64, objs []int64, ordered bool, name string) string {
	if md.sense == "" {
		seen := map[string]bool{}
		var extra [][]int64
		for _, a := range got {
			k := dfKey(a)
			if seen[k] {
				return fmt.Sprintf("%s: csp returns the solution %s twice", name, md.assignText(a))
			}
			seen[k] = true
			if _, ok := ref.keys[k]; !ok {
				extra = append(extra, a)
			}
		}
		var missing [][]int64
		for _, a := range ref.sols {
			if !seen[dfKey(a)] {
				missing = append(missing, a)
			}
		}
		if len(extra) == 0 && len(missing) == 0 {
			return ""
		}
		msg := fmt.Sprintf("%s: csp finds %d solutions, the reference %d", name, len(got), len(ref.sols))
		if len(extra) > 0 {
			msg += "\n  csp only:       " + md.assignsText(extra)
		}
		if len(missing) > 0 {
			msg += "\n  reference only: " + md.assignsText(missing)
		}
		return msg
	}
	if len(ref.sols) == 0 {
		if len(got) > 0 {
			return fmt.Sprintf("%s: csp finds %s, the reference no solution (no assignment satisfies every constraint with the objective defined)",
				name, md.assignText(got[0]))
		}
		return ""
	}
	if len(got) == 0 {
		return fmt.Sprintf("%s: csp finds no solution, the reference optimum is %d at %s", name, ref.best, md.assignText(ref.sols[md.bestIndex(ref)]))
	}
	for i, a := range got {
		j, ok := ref.keys[dfKey(a)]
		if !ok {
			e := md.env(a)
			why := "a constraint is false there"
			if v, def := e.eval(md.obj); !def {
				why = "the objective is undefined there"
				for _, s := range md.stmts {
					if !e.truth(s) {
						why = "a constraint is false there"
					}
				}
			} else {
				why += fmt.Sprintf(" (objective %d)", v)
			}
			return fmt.Sprintf("%s: csp returns %s, not a solution of the reference: %s; the reference optimum is %d",
				name, md.assignText(a), why, ref.best)
		}
		if objs != nil && objs[i] != ref.obj[j] {
			return fmt.Sprintf("%s: csp reports objective %d at %s, the reference %d", name, objs[i], md.assignText(a), ref.obj[j])
		}
		if ordered && i > 0 {
			prev := ref.obj[ref.keys[dfKey(got[i-1])]]
			if md.sense == "minimize" && ref.obj[j] >= prev || md.sense == "maximize" && ref.obj[j] <= prev {
				return fmt.Sprintf("%s: objective %d after %d does not improve", name, ref.obj[j], prev)
			}
		}
	}
	last := ref.obj[ref.keys[dfKey(got[len(got)-1])]]
	if !ordered { // parallel: the best reported, in any order
		for _, a := range got {
			v := ref.obj[ref.keys[dfKey(a)]]
			if md.sense == "minimize" && v < last || md.sense == "maximize" && v > last {
				last = v
			}
		}
	}
	if last != ref.best {
		return fmt.Sprintf("%s: csp's optimum is %d at %s, the reference %d at %s", name, last,
			md.assignText(got[len(got)-1]), ref.best, md.assignText(ref.sols[md.bestIndex(ref)]))
	}
	return ""
}

func (md *dfModel) bestIndex(ref *dfRef) int {
	for i, v := range ref.obj {
		if v == ref.best {
			return i
		}
	}
	return 0
}

// ---- the generator ----

// dfMaxSpace bounds the number of assignments of a model.
const dfMaxSpace = 300

type dfGenr struct {
	rng   *rand.Rand
	md    *dfModel
	scope []dfGen // the generators in scope, innermost last
	names int     // generator names used so far
	deep  bool    // a negative seed: statements nested deeper (dfDeepDepth)
}

// dfDeepDepth is the least depth of a deep model's statements (three
// more levels at most), which exercise PropAC's flattening of nested
// arithmetic at every level; the positive seeds keep the models they
// always made.
const dfDeepDepth = 3

func (g *dfGenr) n(k int) int       { return g.rng.Intn(k) }
func (g *dfGenr) chance(p int) bool { return g.rng.Intn(100) < p }

var dfDomains = [][]int64{
	{0, 2, 5}, {-1, 1}, {0, 3}, {1, 2}, {-2, 0, 2}, {1}, {0}, {2}, {-1}, {-1, 0, 3},
}

func (g *dfGenr) domain() []int64 {
	if g.chance(30) {
		return append([]int64(nil), dfDomains[g.n(len(dfDomains))]...)
	}
	lo := int64(g.n(4) - 2)
	size := 1 + g.n(5)
	d := make([]int64, size)
	for i := range d {
		d[i] = lo + int64(i)
	}
	return d
}

func dfRandomModel(seed int64) *dfModel {
	g := &dfGenr{rng: rand.New(rand.NewSource(seed)), deep: seed < 0}
	md := &dfModel{}
	g.md = md
	for {
		md.vars = md.vars[:0]
		for i := range 2 + g.n(3) {
			md.vars = append(md.vars, dfDecl{name: []string{"x", "y", "z", "w"}[i], dom: g.domain()})
		}
		md.aN = 0
		if g.chance(45) {
			md.aN = 1 + g.n(3)
			md.aLo = int64([]int{1, 1, 1, 0}[g.n(4)])
			md.aDom = []int64{0, 1, 2}[:2+g.n(2)]
		}
		if md.space() <= dfMaxSpace {
			break
		}
	}
	if g.chance(60) {
		md.p = make([]int64, 1+g.n(4))
		for i := range md.p {
			md.p[i] = int64(g.n(9) - 1)
		}
		if g.chance(50) && len(md.p) >= 2 {
			md.p[g.n(len(md.p))] = 0
		}
	}
	if g.chance(30) {
		md.m = make([][]int64, 2)
		cols := 2 + g.n(2)
		for r := range md.m {
			md.m[r] = make([]int64, cols)
			for c := range md.m[r] {
				md.m[r][c] = int64(g.n(7) - 1)
			}
		}
	}
	// Each statement is the first of a few candidates that keeps a
	// solution and removes some assignment, or else the last one, so that
	// few models are unsatisfiable or trivial.
	// A statement with a part that is undefined for every value, which
	// the language refuses, is never kept.
	space := md.space()
	for range 1 + g.n(3) {
		for try := 0; try < 20; try++ {
			md.stmts = append(md.stmts, g.statement())
			if len(md.undefinedAlways()) == 0 {
				if try >= 3 {
					break
				}
				if n := len(md.reference().sols); n > 0 && n < space {
					break
				}
			}
			md.stmts = md.stmts[:len(md.stmts)-1]
		}
	}
	if g.chance(35) {
		md.sense = []string{"minimize", "maximize"}[g.n(2)]
		for try := 0; try < 20; try++ {
			md.obj = g.num(1 + g.n(2))
			if len(md.undefinedAlways()) == 0 && (try >= 3 || len(md.reference().sols) > 0) {
				break
			}
			md.sense, md.obj = "", nil
			md.sense = []string{"minimize", "maximize"}[g.n(2)]
		}
		if md.obj == nil {
			md.sense = ""
		}
	}
	return md
}

func (g *dfGenr) statement() *dfNode {
	d := 1 + g.n(3)
	if g.chance(50) {
		d = 2
	}
	if g.deep {
		d = dfDeepDepth + g.n(3)
	}
	switch g.n(11) {
	case 0:
		return g.quant(d) // a top-level forall or exists, body to the end
	case 10: // a forall block
		n := &dfNode{k: dfQuant, op: "forall", block: true, gens: g.gens(false)}
		if g.chance(30) {
			n.gens.where = g.constWhere(n.gens, false)
		}
		for range 1 + g.n(2) {
			n.kids = append(n.kids, g.statement())
		}
		g.pop(n.gens)
		return n
	case 1:
		// A number as a statement. Plain arithmetic (x + 1, sum(q), -x) is
		// refused as a statement (docs/errors.md, "A number alone is not a
		// constraint"); names, elements and ifs are numbers too.
		switch g.n(4) {
		case 0:
			return dfVarN(g.pickVar().name)
		case 1:
			return &dfNode{k: dfIf, kids: []*dfNode{g.truth(d - 1), g.num(d - 1), g.num(d - 1)}}
		}
		return g.element(d - 1)
	case 2:
		return g.global(d - 1)
	}
	for {
		if n := g.truth(d); !dfArithmetic(n) {
			return n
		}
	}
}

// dfArithmetic reports whether n is plain arithmetic, which the language
// refuses as a statement.
func dfArithmetic(n *dfNode) bool {
	switch n.k {
	case dfArith, dfPow, dfNeg, dfAbs, dfAgg:
		return true
	case dfLit:
		return n.n < 0
	}
	return false
}

func dfLitN(v int64) *dfNode { return &dfNode{k: dfLit, n: v} }

func dfVarN(name string) *dfNode { return &dfNode{k: dfVar, name: name} }

func (g *dfGenr) pickVar() dfDecl { return g.md.vars[g.n(len(g.md.vars))] }

func (g *dfGenr) lit() *dfNode { return dfLitN(int64(g.n(9) - 2)) }

// atom is a leaf or one of the small expressions that may be undefined.
func (g *dfGenr) atom() *dfNode {
	r := g.n(100)
	switch {
	case r < 20:
		return g.lit()
	case r < 45:
		return dfVarN(g.pickVar().name)
	case r < 58 && len(g.scope) > 0:
		return &dfNode{k: dfGenName, name: g.scope[g.n(len(g.scope))].name}
	case r < 62:
		return &dfNode{k: dfBool, n: int64(g.n(2))}
	case r < 70:
		return g.aggregate(1)
	}
	return g.undefinable(0)
}

// undefinable is an expression that is undefined for some values: a
// division or remainder by something that can be 0, or an element with an
// index that can be out of range.
func (g *dfGenr) undefinable(d int) *dfNode {
	switch g.n(7) {
	case 0, 1:
		return &dfNode{k: dfArith, op: "/", kids: []*dfNode{dfLitN(int64([]int{6, 1, 5, -3}[g.n(4)])), g.divisor(d)}}
	case 2:
		x := g.atomNoUndef()
		if d > 0 {
			x = g.num(d - 1)
		}
		return &dfNode{k: dfArith, op: []string{"%", "/"}[g.n(2)], kids: []*dfNode{x, g.divisor(d)}}
	}
	return g.element(d)
}

func (g *dfGenr) atomNoUndef() *dfNode {
	if g.chance(30) {
		return g.lit()
	}
	if len(g.scope) > 0 && g.chance(20) {
		return &dfNode{k: dfGenName, name: g.scope[g.n(len(g.scope))].name}
	}
	return dfVarN(g.pickVar().name)
}

// element indexes p, a, m or a literal list.
func (g *dfGenr) element(d int) *dfNode {
	md := g.md
	for {
		switch g.n(5) {
		case 0:
			if md.p != nil {
				return &dfNode{k: dfIdxP, kids: []*dfNode{g.index(1, int64(len(md.p)), d)}}
			}
		case 1:
			if md.aN > 0 {
				return &dfNode{k: dfIdxA, kids: []*dfNode{g.index(md.aLo, md.aLo+int64(md.aN)-1, d)}}
			}
		case 2:
			if md.m != nil {
				i := g.index(1, int64(len(md.m)), d)
				var j *dfNode
				if dfVarDep(i) && g.chance(50) {
					j = g.index(1, int64(len(md.m[0])), d) // constant or not
				} else {
					j = g.varIndex(d)
				}
				return &dfNode{k: dfIdxM, kids: []*dfNode{i, j}}
			}
		case 3:
			if g.chance(40) {
				items := []*dfNode{g.varIndex(d)}
				for range 1 + g.n(3) {
					if d > 0 {
						items = append(items, g.num(d-1))
					} else if g.chance(50) {
						items = append(items, g.undefinable(0))
					} else {
						items = append(items, g.atomNoUndef())
					}
				}
				return &dfNode{k: dfIdxL, kids: items}
			}
		default:
			if md.p != nil {
				return &dfNode{k: dfIdxP, kids: []*dfNode{g.varIndex(d)}}
			}
		}
	}
}

// dfVarDep reports whether n surely depends on a variable for the
// language, that is, is not folded to a constant while compiling:
// arithmetic with a variable in it is never folded.
func dfVarDep(n *dfNode) bool {
	switch n.k {
	case dfVar, dfIdxA:
		return true
	case dfArith, dfNeg, dfAbs, dfIdxP, dfIdxM:
		for _, k := range n.kids {
			if dfVarDep(k) {
				return true
			}
		}
	}
	return false
}

// index is an index into lo..hi: one that depends on a variable (and may
// be out of range), or a constant in range.
func (g *dfGenr) index(lo, hi int64, d int) *dfNode {
	if g.chance(60) {
		return g.varIndex(d)
	}
	var fits []dfGen
	for _, s := range g.scope {
		ok := true
		for _, v := range s.vals {
			ok = ok && lo <= v && v <= hi
		}
		if ok {
			fits = append(fits, s)
		}
	}
	if len(fits) > 0 && g.chance(70) {
		return &dfNode{k: dfGenName, name: fits[g.n(len(fits))].name}
	}
	return dfLitN(lo + int64(g.n(int(hi-lo+1))))
}

// varIndex is an index that depends on a variable.
func (g *dfGenr) varIndex(d int) *dfNode {
	x := dfVarN(g.pickVar().name)
	switch g.n(9) {
	case 0:
		return &dfNode{k: dfArith, op: "+", kids: []*dfNode{x, dfLitN(int64(g.n(3) - 1))}}
	case 1:
		if len(g.scope) > 0 {
			return &dfNode{k: dfArith, op: "+", kids: []*dfNode{&dfNode{k: dfGenName, name: g.scope[g.n(len(g.scope))].name}, x}}
		}
	case 2:
		return &dfNode{k: dfArith, op: "/", kids: []*dfNode{dfLitN(int64(g.n(3) + 1)), g.divisor(0)}}
	case 3:
		if d > 0 && g.md.aN > 0 {
			return &dfNode{k: dfIdxA, kids: []*dfNode{g.varIndex(d - 1)}}
		}
	case 4:
		if d > 0 {
			if e := g.num(d - 1); dfVarDep(e) {
				return e
			}
		}
	case 5:
		y := dfVarN(g.pickVar().name)
		return &dfNode{k: dfArith, op: "-", kids: []*dfNode{x, y}}
	}
	return x
}

// divisor is an expression that can be 0 and is not 0 for every value
// (which would be a compile-time error): its bounds are never [0, 0].
func (g *dfGenr) divisor(d int) *dfNode {
	var nz []dfDecl // variables with a non-zero value
	for _, v := range g.md.vars {
		if len(v.dom) > 1 || v.dom[0] != 0 {
			nz = append(nz, v)
		}
	}
	pNZ := false
	for _, v := range g.md.p {
		pNZ = pNZ || v != 0
	}
	for {
		switch g.n(8) {
		case 0, 1, 2:
			if len(nz) > 0 {
				return dfVarN(nz[g.n(len(nz))].name)
			}
		case 3:
			v := g.pickVar()
			c := int64(g.n(2))
			if len(v.dom) > 1 || v.dom[0] != c {
				return &dfNode{k: dfArith, op: "-", kids: []*dfNode{dfVarN(v.name), dfLitN(c)}}
			}
		case 4:
			if g.md.aN > 0 {
				return &dfNode{k: dfIdxA, kids: []*dfNode{g.index(g.md.aLo, g.md.aLo+int64(g.md.aN)-1, max(d-1, 0))}}
			}
		case 5:
			if pNZ {
				return &dfNode{k: dfIdxP, kids: []*dfNode{g.varIndex(max(d-1, 0))}}
			}
		case 6:
			x, y := g.pickVar(), g.pickVar()
			if x.name != y.name && (len(x.dom) > 1 || len(y.dom) > 1) {
				return &dfNode{k: dfArith, op: "-", kids: []*dfNode{dfVarN(x.name), dfVarN(y.name)}}
			}
		case 7:
			if len(nz) > 0 {
				return &dfNode{k: []dfKind{dfAbs, dfNeg}[g.n(2)], kids: []*dfNode{dfVarN(nz[g.n(len(nz))].name)}}
			}
		}
	}
}

// num is a random expression used as a number (it may be a truth value).
func (g *dfGenr) num(d int) *dfNode {
	if d <= 0 {
		return g.atom()
	}
	switch g.n(16) {
	case 0, 1:
		return &dfNode{k: dfArith, op: []string{"+", "-", "*"}[g.n(3)], kids: []*dfNode{g.num(d - 1), g.num(d - 1)}}
	case 2, 3:
		return g.undefinable(d)
	case 4:
		return &dfNode{k: dfNeg, kids: []*dfNode{g.num(d - 1)}}
	case 5:
		return &dfNode{k: dfAbs, kids: []*dfNode{g.num(d - 1)}}
	case 6, 7:
		base := g.num(d - 1)
		if g.chance(50) {
			base = g.undefinable(d - 1)
		}
		return &dfNode{k: dfPow, n: int64(g.n(3)), kids: []*dfNode{base}}
	case 8, 9, 13:
		return g.aggregate(d)
	case 10:
		return &dfNode{k: dfIf, kids: []*dfNode{g.truth(d - 1), g.num(d - 1), g.num(d - 1)}}
	case 11:
		return g.element(d - 1)
	case 12:
		return g.truth(d - 1) // a truth value as a number
	}
	return g.atom()
}

// truth is a random expression used as a truth value (it may be a number).
func (g *dfGenr) truth(d int) *dfNode {
	if d <= 0 {
		switch g.n(20) {
		case 0, 1, 2, 3:
			return g.atom() // a number as a truth value
		case 4, 5, 6:
			return g.member(0)
		case 7:
			return g.global(0)
		}
		return g.cmp(0)
	}
	switch g.n(20) {
	case 0, 1, 2:
		return g.cmp(d)
	case 3, 4:
		return g.member(d)
	case 5:
		return g.listCmp(d)
	case 6, 17:
		return g.global(d - 1)
	case 7, 8:
		return &dfNode{k: dfNot, kids: []*dfNode{g.truth(d - 1)}}
	case 9, 10, 11:
		return &dfNode{k: dfLogic, op: g.logicOp(), kids: []*dfNode{g.truth(d - 1), g.truth(d - 1)}}
	case 12, 13:
		return g.shortCircuit(d)
	case 14, 15:
		return g.quant(d)
	case 16:
		return g.num(d - 1) // a number as a truth value
	}
	return g.cmp(d)
}

func (g *dfGenr) logicOp() string {
	return []string{"and", "or", "xor", "->", "<->"}[g.n(5)]
}

func (g *dfGenr) cmp(d int) *dfNode {
	return &dfNode{k: dfCmp, op: []string{"=", "!=", "<", "<=", ">", ">="}[g.n(6)],
		kids: []*dfNode{g.num(d - 1), g.num(d - 1)}}
}

// shortCircuit is a logical operator with a constant on one side.
func (g *dfGenr) shortCircuit(d int) *dfNode {
	var c *dfNode
	if g.chance(50) {
		c = &dfNode{k: dfBool, n: int64(g.n(2))}
	} else {
		c = dfLitN(int64(g.n(3)))
	}
	other := g.truth(d - 1)
	if g.chance(30) {
		other = g.undefinable(max(d-1, 0)) // true or 6 / x
	}
	kids := []*dfNode{c, other}
	if g.chance(35) {
		kids[0], kids[1] = kids[1], kids[0]
	}
	if g.chance(15) {
		return &dfNode{k: dfNot, kids: []*dfNode{{k: dfLogic, op: g.logicOp(), kids: kids}}}
	}
	return &dfNode{k: dfLogic, op: g.logicOp(), kids: kids}
}

var dfSets = [][]int64{{1, 3}, {0}, {-1, 2}, {0, 2, 5}, {}, {1}, {6}}

func (g *dfGenr) member(d int) *dfNode {
	x := g.num(d - 1)
	if g.chance(40) {
		x = g.undefinable(max(d-1, 0))
	}
	n := &dfNode{neg: g.chance(50), kids: []*dfNode{x}}
	switch g.n(5) {
	case 0:
		n.k, n.set = dfInSet, dfSets[g.n(len(dfSets))]
	case 1: // a constant range
		lo := int64(g.n(3))
		n.k = dfInRange
		n.kids = append(n.kids, dfLitN(lo), dfLitN(lo+int64(g.n(3))))
	case 2: // a range with variable bounds
		n.k = dfInRange
		n.kids = append(n.kids, g.bound(d), g.bound(d))
	default:
		n.k, n.list = dfInList, g.anyList(d, false)
	}
	return n
}

func (g *dfGenr) bound(d int) *dfNode {
	switch g.n(4) {
	case 0:
		return g.undefinable(0)
	case 1:
		return g.num(d - 1)
	}
	return g.atomNoUndef()
}

// anyList is a list of numbers: a literal, a comprehension, a or p.
func (g *dfGenr) anyList(d int, varsOnly bool) *dfList {
	switch r := g.n(10); {
	case r < 2 && g.md.aN > 0:
		return &dfList{k: dfLA}
	case r < 3 && g.md.p != nil && !varsOnly:
		return &dfList{k: dfLP}
	case r < 5:
		return g.comp(d, dfLComp, false)
	}
	return g.litList(d, 1+g.n(3))
}

func (g *dfGenr) litList(d int, n int) *dfList {
	l := &dfList{k: dfLLit}
	for range n {
		l.elems = append(l.elems, g.elem(d))
	}
	return l
}

// elem is an element of a list: often one that may be undefined.
func (g *dfGenr) elem(d int) *dfNode {
	switch g.n(4) {
	case 0:
		return g.undefinable(max(d-1, 0))
	case 1:
		return g.num(d - 1)
	}
	return g.atomNoUndef()
}

// gens returns generators with fresh names (pushed on the scope, which
// the caller pops) and no where.
func (g *dfGenr) gens(nonEmpty bool) *dfGens {
	gs := &dfGens{}
	for range 1 + dfBoolInt(g.chance(20)) {
		g.names++
		name := fmt.Sprintf("i%d", g.names)
		var x dfGen
		for {
			switch g.n(9) {
			case 0:
				x = dfGen{name, nil, "1..0"}
			case 1, 2:
				x = dfGen{name, []int64{1}, "1..1"}
			case 3:
				x = dfGen{name, []int64{1, 2}, "1..2"}
			case 4:
				x = dfGen{name, []int64{1, 2, 3}, "1..3"}
			case 5:
				x = dfGen{name, []int64{0, 1, 2}, "0..2"}
			case 6:
				x = dfGen{name, []int64{1, 3}, "{1, 3}"}
			case 7:
				x = dfGen{name, []int64{2, 5}, "[2, 5]"}
			case 8:
				if g.md.p != nil {
					x = dfGen{name, append([]int64(nil), g.md.p...), "p"}
				} else {
					x = dfGen{name, []int64{2}, "{2}"}
				}
			}
			if len(x.vals) > 0 || !nonEmpty {
				break
			}
		}
		gs.gs = append(gs.gs, x)
		g.scope = append(g.scope, x)
	}
	return gs
}

func dfBoolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (g *dfGenr) pop(gs *dfGens) { g.scope = g.scope[:len(g.scope)-len(gs.gs)] }

// constWhere is a where on the generators only (constant while
// compiling), that leaves at least one combination when nonEmpty.
func (g *dfGenr) constWhere(gs *dfGens, nonEmpty bool) *dfNode {
	x := gs.gs[g.n(len(gs.gs))]
	gv := &dfNode{k: dfGenName, name: x.name}
	var w *dfNode
	switch g.n(4) {
	case 0:
		w = &dfNode{k: dfCmp, op: []string{"!=", ">", "<=", "="}[g.n(4)], kids: []*dfNode{gv, dfLitN(int64(1 + g.n(2)))}}
	case 1:
		w = &dfNode{k: dfArith, op: "%", kids: []*dfNode{gv, dfLitN(2)}} // a number as the where
	case 2:
		w = &dfNode{k: dfNot, kids: []*dfNode{{k: dfCmp, op: "=", kids: []*dfNode{gv, dfLitN(2)}}}}
	default:
		w = gv // a bare number
	}
	if nonEmpty {
		e := &dfEnv{md: g.md, gens: map[string]int64{}}
		some := false
		e.each(gs, func() { some = some || e.truth(w) })
		if !some {
			return nil
		}
	}
	return w
}

// varWhere is a where that depends on a variable.
func (g *dfGenr) varWhere(d int) *dfNode {
	var w *dfNode
	switch g.n(3) {
	case 0:
		w = g.truth(max(d-1, 0))
	case 1:
		w = g.num(max(d-1, 0)) // a number as the where
	default:
		x := g.scope[len(g.scope)-1]
		w = &dfNode{k: dfCmp, op: []string{"<=", ">", "!="}[g.n(3)],
			kids: []*dfNode{{k: dfGenName, name: x.name}, dfVarN(g.pickVar().name)}}
	}
	if !dfOnVar(w) {
		w = &dfNode{k: dfLogic, op: []string{"and", "or"}[g.n(2)], kids: []*dfNode{w, g.atom()}}
	}
	return w
}

// comp is a list by generators: [body for gens] (kind dfLComp, where on
// the generators only) or an aggregate's body for gens (dfLGenForm, where
// on variables allowed when varWhere).
func (g *dfGenr) comp(d int, kind dfListKind, varWhere bool) *dfList {
	nonEmpty := !varWhere && kind == dfLGenForm // min and max
	gs := g.gens(nonEmpty)
	body := g.elem(d)
	if g.chance(30) {
		body = g.num(d - 1)
	}
	if g.chance(45) {
		if varWhere && g.chance(75) {
			gs.where = g.varWhere(d)
		} else {
			gs.where = g.constWhere(gs, nonEmpty)
		}
	}
	g.pop(gs)
	return &dfList{k: kind, body: body, gens: gs}
}

func (g *dfGenr) aggregate(d int) *dfNode {
	op := []string{"sum", "product", "min", "max", "count", "count", "sum"}[g.n(7)]
	n := &dfNode{k: dfAgg, op: op}
	minmax := op == "min" || op == "max"
	for n.list == nil {
		switch g.n(7) {
		case 0, 1:
			n.list = &dfList{k: dfLArgs}
			for range 2 + g.n(2) {
				if op == "count" && g.chance(40) {
					n.list.elems = append(n.list.elems, g.truth(d-1))
				} else {
					n.list.elems = append(n.list.elems, g.elem(d))
				}
			}
		case 2:
			if g.md.aN > 0 && g.chance(70) {
				n.list = &dfList{k: dfLA}
			} else if g.md.p != nil && g.chance(50) {
				n.list = &dfList{k: dfLP}
			}
		case 3:
			n.list = g.litList(d, 1+g.n(3))
		case 4:
			if !minmax {
				n.list = g.comp(d, dfLComp, false)
			}
		default:
			n.list = g.comp(d, dfLGenForm, !minmax)
		}
	}
	return n
}

func (g *dfGenr) global(d int) *dfNode {
	if g.chance(30) {
		return g.sched(d)
	}
	n := &dfNode{k: dfGlobal, op: []string{"alldiff", "diagonal", "increasing", "decreasing"}[g.n(4)]}
	switch g.n(6) {
	case 0:
		if g.md.aN > 0 {
			n.list = &dfList{k: dfLA}
			return n
		}
	case 1:
		n.list = g.comp(d, dfLComp, false)
		return n
	case 2:
		n.list = g.litList(d, 1) // alldiff([6 / x])
		return n
	}
	n.list = g.litList(d, 2+g.n(2))
	return n
}

// sched is nooverlap or cumulative over 1 to 3 tasks whose start times,
// durations, demands and capacity may be undefined (6 / x, p[x]).
func (g *dfGenr) sched(d int) *dfNode {
	n := &dfNode{k: dfSched, op: []string{"nooverlap", "cumulative"}[g.n(2)]}
	size := 1 + g.n(3)
	n.list = g.litList(d, size)
	n.list2 = &dfList{k: dfLLit}
	for range size {
		n.list2.elems = append(n.list2.elems, g.amount(d))
	}
	if n.op == "cumulative" {
		n.list3 = &dfList{k: dfLLit}
		for range size {
			n.list3.elems = append(n.list3.elems, g.amount(d))
		}
		n.kids = []*dfNode{g.amount(d)}
	}
	return n
}

// amount is a duration, a demand or a capacity: never a constant below
// 0, which the language refuses while compiling, but a variable that can
// be negative, or an undefinable number.
func (g *dfGenr) amount(d int) *dfNode {
	switch g.n(5) {
	case 0:
		if v := g.pickVar(); v.dom[len(v.dom)-1] >= 0 && (len(v.dom) > 1 || v.dom[0] >= 0) {
			return dfVarN(v.name)
		}
	case 1:
		return &dfNode{k: dfAbs, kids: []*dfNode{g.undefinable(max(d-1, 0))}}
	case 2:
		if x := g.undefinable(0); x.k != dfIdxA && x.k != dfIdxP && x.k != dfIdxM && x.k != dfIdxL {
			return x // 6 / x, x % y: a range around 0
		}
	}
	return dfLitN(int64(g.n(3)))
}

// listCmp is list = list or list != list.
func (g *dfGenr) listCmp(d int) *dfNode {
	n := &dfNode{k: dfListCmp, op: []string{"=", "!="}[g.n(2)]}
	size := 1 + g.n(3)
	if g.md.aN > 0 && g.chance(60) {
		n.list, size = &dfList{k: dfLA}, g.md.aN
	} else {
		n.list = g.litList(d, size)
	}
	n.list2 = g.litList(d, size)
	if g.chance(30) {
		for i := range n.list2.elems {
			n.list2.elems[i] = dfLitN(int64(g.n(3)))
		}
	}
	return n
}

// quant is forall or exists; its body uses the generators or not.
func (g *dfGenr) quant(d int) *dfNode {
	n := &dfNode{k: dfQuant, op: []string{"forall", "exists"}[g.n(2)], paren: g.chance(50)}
	n.gens = g.gens(false)
	if g.chance(25) {
		if g.chance(60) {
			n.gens.where = g.varWhere(d)
		} else {
			n.gens.where = g.constWhere(n.gens, false)
		}
	}
	n.kids = []*dfNode{g.truth(d - 1)}
	g.pop(n.gens)
	return n
}

// ---- shrinking ----

func (n *dfNode) clone() *dfNode {
	if n == nil {
		return nil
	}
	c := *n
	c.kids = make([]*dfNode, len(n.kids))
	for i, k := range n.kids {
		c.kids[i] = k.clone()
	}
	c.set = append([]int64(nil), n.set...)
	c.list = n.list.clone()
	c.list2 = n.list2.clone()
	c.list3 = n.list3.clone()
	c.gens = n.gens.clone()
	return &c
}

func (l *dfList) clone() *dfList {
	if l == nil {
		return nil
	}
	c := *l
	c.elems = make([]*dfNode, len(l.elems))
	for i, e := range l.elems {
		c.elems[i] = e.clone()
	}
	c.body = l.body.clone()
	c.gens = l.gens.clone()
	return &c
}

func (g *dfGens) clone() *dfGens {
	if g == nil {
		return nil
	}
	c := &dfGens{where: g.where.clone()}
	for _, x := range g.gs {
		c.gs = append(c.gs, dfGen{x.name, append([]int64(nil), x.vals...), x.src})
	}
	return c
}

func (md *dfModel) clone() *dfModel {
	c := *md
	c.vars = nil
	for _, v := range md.vars {
		c.vars = append(c.vars, dfDecl{v.name, append([]int64(nil), v.dom...)})
	}
	c.aDom = append([]int64(nil), md.aDom...)
	c.p = append([]int64(nil), md.p...)
	if md.p == nil {
		c.p = nil
	}
	c.m = nil
	for _, r := range md.m {
		c.m = append(c.m, append([]int64(nil), r...))
	}
	c.stmts = nil
	for _, s := range md.stmts {
		c.stmts = append(c.stmts, s.clone())
	}
	c.obj = md.obj.clone()
	return &c
}

// slots returns a pointer to every node slot of the model, outermost
// first, so that a shrink step can replace one.
func (md *dfModel) slots() []**dfNode {
	var out []**dfNode
	var node func(p **dfNode)
	var list func(l *dfList)
	var gens func(g *dfGens)
	node = func(p **dfNode) {
		if *p == nil {
			return
		}
		out = append(out, p)
		n := *p
		for i := range n.kids {
			node(&n.kids[i])
		}
		list(n.list)
		list(n.list2)
		list(n.list3)
		gens(n.gens)
	}
	list = func(l *dfList) {
		if l == nil {
			return
		}
		for i := range l.elems {
			node(&l.elems[i])
		}
		node(&l.body)
		gens(l.gens)
	}
	gens = func(g *dfGens) {
		if g != nil {
			node(&g.where)
		}
	}
	for i := range md.stmts {
		node(&md.stmts[i])
	}
	node(&md.obj)
	return out
}

// candidates returns simpler variants of md, simplest changes first.
func (md *dfModel) candidates() []*dfModel {
	var out []*dfModel
	add := func(f func(c *dfModel) bool) {
		c := md.clone()
		if f(c) {
			out = append(out, c)
		}
	}
	for i := range md.stmts {
		add(func(c *dfModel) bool { c.stmts = append(c.stmts[:i], c.stmts[i+1:]...); return true })
	}
	if md.sense != "" {
		add(func(c *dfModel) bool { c.sense, c.obj = "", nil; return true })
	}
	for i := range md.slots() {
		n := *md.slots()[i]
		repl := func(r func(c *dfModel) *dfNode) {
			add(func(c *dfModel) bool { *c.slots()[i] = r(c); return true })
		}
		for k := range n.kids {
			repl(func(c *dfModel) *dfNode { return (*c.slots()[i]).kids[k] })
		}
		if n.list != nil && n.list.k == dfLComp || n.list != nil && n.list.k == dfLGenForm {
			add(func(c *dfModel) bool { // drop the where
				l := (*c.slots()[i]).list
				if l.gens.where == nil {
					return false
				}
				l.gens.where = nil
				return true
			})
		}
		if n.gens != nil && n.gens.where != nil {
			add(func(c *dfModel) bool { (*c.slots()[i]).gens.where = nil; return true })
		}
		for _, l := range []*dfList{n.list, n.list2} {
			if l != nil && (l.k == dfLLit || l.k == dfLArgs) {
				for j := range l.elems {
					add(func(c *dfModel) bool {
						cl := (*c.slots()[i]).list
						if l == n.list2 {
							cl = (*c.slots()[i]).list2
						}
						cl.elems = append(cl.elems[:j], cl.elems[j+1:]...)
						// count(e) of one argument e is e, not a count
						return len(cl.elems) > 0 && (cl.k != dfLArgs || len(cl.elems) >= 2)
					})
				}
			}
		}
		if n.k != dfLit || n.n != 0 {
			repl(func(*dfModel) *dfNode { return dfLitN(0) })
		}
		if n.k != dfLit || n.n != 1 {
			repl(func(*dfModel) *dfNode { return dfLitN(1) })
		}
		if n.k != dfVar {
			for _, v := range md.vars {
				repl(func(*dfModel) *dfNode { return dfVarN(v.name) })
			}
		}
		if n.k == dfLit && n.n != 0 && n.n != 1 {
			repl(func(*dfModel) *dfNode { return dfLitN(n.n / 2) })
		}
	}
	for i := range md.vars {
		add(func(c *dfModel) bool { c.vars = append(c.vars[:i], c.vars[i+1:]...); return len(c.vars) > 0 })
		for j := range md.vars[i].dom {
			add(func(c *dfModel) bool {
				d := c.vars[i].dom
				c.vars[i].dom = append(d[:j], d[j+1:]...)
				return len(c.vars[i].dom) > 0
			})
		}
	}
	if md.aN > 0 {
		add(func(c *dfModel) bool { c.aN = 0; return true })
		add(func(c *dfModel) bool { c.aN--; return c.aN > 0 })
		add(func(c *dfModel) bool { c.aLo = 1; return md.aLo != 1 })
		add(func(c *dfModel) bool { c.aDom = c.aDom[:len(c.aDom)-1]; return len(c.aDom) > 1 })
	}
	if md.p != nil {
		add(func(c *dfModel) bool { c.p = nil; return true })
		add(func(c *dfModel) bool { c.p = c.p[:len(c.p)-1]; return len(c.p) > 0 })
	}
	if md.m != nil {
		add(func(c *dfModel) bool { c.m = nil; return true })
	}
	return out
}

// cost is what shrinking makes smaller: the text and the assignments.
func (md *dfModel) cost() int { return len(md.source()) + 3*md.space() }

// shrink returns a smaller model that still fails check under the given
// options, and its problem.
func (md *dfModel) shrink(problem string, opts, parallel []engine.Options) (*dfModel, string) {
	budget := 4000
	for changed := true; changed && budget > 0; {
		changed = false
		cost := md.cost()
		for _, c := range md.candidates() {
			if c.cost() >= cost || c.space() > dfMaxSpace {
				continue
			}
			if budget--; budget < 0 {
				break
			}
			if p, _, _ := c.check(opts, parallel); p != "" && !strings.HasPrefix(p, dfCompileError) {
				md, problem, changed = c, p, true
				break
			}
		}
	}
	return md, problem
}

// ---- the tests ----

// dfRun checks md, the model of seed, and returns its failure report, or
// "", and when shrink is set the minimised model and its problem.
func dfRun(seed int64, md *dfModel, opts, parallel []engine.Options, shrink bool) (string, *dfModel, string) {
	p, fo, fp := md.check(opts, parallel)
	if p == "" {
		return "", nil, ""
	}
	report := fmt.Sprintf("seed %d: %s\n--- model ---\n%s", seed, p, md.source())
	if !shrink || strings.HasPrefix(p, dfCompileError) {
		return report, md, p
	}
	small, sp := md.shrink(p, fo, fp)
	report += fmt.Sprintf("--- minimised ---\n%s=> %s\n", small.source(), sp)
	return report, small, sp
}

// FuzzLanguage is the language's differential fuzz target: a seed makes a
// random model (dfRandomModel), which every combination of search options
// and SolveParallel must solve as the reference evaluator does.
func FuzzLanguage(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 42, 2024} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		if report, _, _ := dfRun(seed, dfRandomModel(seed), dfAllOptions(), dfParallelOptions, true); report != "" {
			t.Fatal(report)
		}
		if report, _, _ := dfRun(seed, dfWideModel(seed), dfWideOptions(), dfParallelOptions, true); report != "" {
			t.Fatal("declared wide: " + report)
		}
	})
}

// dfFeatures lists the constructs of the undefined-value rule that md
// uses, for the coverage check of TestLanguageDifferential.
func (md *dfModel) features() map[string]bool {
	f := map[string]bool{}
	isNum := func(n *dfNode) bool {
		switch n.k {
		case dfLit, dfVar, dfGenName, dfNeg, dfAbs, dfArith, dfPow, dfIdxA, dfIdxP, dfIdxM, dfIdxL, dfAgg:
			return true
		}
		return false
	}
	isTruth := func(n *dfNode) bool {
		switch n.k {
		case dfCmp, dfInSet, dfInRange, dfInList, dfListCmp, dfGlobal, dfSched, dfNot, dfLogic, dfQuant:
			return true
		}
		return false
	}
	size := func(g *dfGens) string {
		n := 1
		for _, x := range g.gs {
			n *= len(x.vals)
		}
		return []string{"0", "1", "2+"}[min(n, 2)]
	}
	whereCtx := func(w *dfNode) string {
		if dfOnVar(w) {
			return "where on a variable"
		}
		return "constant where"
	}
	var walk func(n *dfNode, ctx string)
	walk = func(n *dfNode, ctx string) {
		if n == nil {
			return
		}
		if isNum(n) && ctx != "" {
			f["number as "+ctx] = true
		}
		if isTruth(n) && ctx == "" {
			f["truth value as a number"] = true
		}
		kctx := "" // what the kids are
		switch n.k {
		case dfNeg:
			f["unary minus"] = true
		case dfAbs:
			f["abs"] = true
		case dfArith:
			if n.op == "/" || n.op == "%" {
				f[n.op+" by a variable"] = true
			}
		case dfPow:
			f[fmt.Sprintf("^%d", n.n)] = true
		case dfIdxA:
			f["a[i] with a variable index"] = f["a[i] with a variable index"] || dfVarDep(n.kids[0])
		case dfIdxP:
			f["p[i] with a variable index"] = f["p[i] with a variable index"] || dfVarDep(n.kids[0])
		case dfIdxM:
			f["m[i, j]"] = true
		case dfIdxL:
			f["[list][i]"] = true
		case dfAgg:
			form := map[dfListKind]string{dfLA: "a", dfLP: "p", dfLLit: "[list]", dfLComp: "[comprehension]",
				dfLGenForm: "e for i in S", dfLArgs: "e1, e2"}[n.list.k]
			f[n.op+"("+form+")"] = true
			if n.list.k == dfLGenForm && dfOnVar(n.list.gens.where) {
				f[n.op+"(e for i in S where c on a variable)"] = true
			}
		case dfIf:
			f["if"] = true
			walk(n.kids[0], "if condition")
			walk(n.kids[1], "")
			walk(n.kids[2], "")
			return
		case dfCmp:
			f["comparison"] = true
		case dfInSet:
			f[n.inText()+"{set}"] = true
		case dfInRange:
			if dfVarDep(n.kids[1]) || dfVarDep(n.kids[2]) {
				f[n.inText()+"lo..hi on variables"] = true
			} else {
				f[n.inText()+"constant lo..hi"] = true
			}
		case dfInList:
			f[n.inText()+"list"] = true
		case dfListCmp:
			f["list "+n.op+" list"] = true
		case dfGlobal:
			if ctx == "statement" {
				f["global statement "+n.op] = true
			} else {
				f["global in an expression "+n.op] = true
			}
			if n.list.k == dfLLit && len(n.list.elems) == 1 {
				f["global of one element"] = true
			}
		case dfSched:
			where := "in an expression "
			if ctx == "statement" {
				where = "statement "
			}
			f["global "+where+n.op] = true
			for i, l := range []*dfList{n.list, n.list2, n.list3} {
				for _, e := range l.elemsOrNone() {
					if dfUndefinable(e) {
						f[n.op+" with an undefinable "+[]string{"start", "duration", "demand"}[i]] = true
					}
				}
			}
			if len(n.kids) > 0 && dfUndefinable(n.kids[0]) {
				f["cumulative with an undefinable capacity"] = true
			}
		case dfNot:
			kctx = "operand of not"
		case dfLogic:
			kctx = "operand of " + n.op
			for _, k := range n.kids {
				if k.k == dfBool || k.k == dfLit {
					f["constant operand of a logical operator"] = true
				}
			}
		case dfQuant:
			if n.block {
				f["forall block"] = true
				for _, k := range n.kids {
					walk(k, "statement")
				}
			} else {
				f[n.op+" over "+size(n.gens)] = true
				if len(n.gens.gs) > 1 {
					f["two generators"] = true
				}
				walk(n.kids[0], "quantifier body")
			}
			if n.gens.where != nil {
				if dfOnVar(n.gens.where) {
					f["quantifier where on a variable"] = true
				}
				walk(n.gens.where, whereCtx(n.gens.where))
			}
			return
		}
		for _, k := range n.kids {
			walk(k, kctx)
		}
		for _, l := range []*dfList{n.list, n.list2, n.list3} {
			if l == nil {
				continue
			}
			for _, e := range l.elems {
				walk(e, "")
			}
			walk(l.body, "")
			if l.gens != nil && l.gens.where != nil {
				walk(l.gens.where, whereCtx(l.gens.where))
			}
		}
	}
	for _, s := range md.stmts {
		walk(s, "statement")
	}
	if md.sense != "" {
		f[md.sense] = true
		walk(md.obj, "")
	}
	return f
}

// elemsOrNone is the elements of a literal list, none for nil.
func (l *dfList) elemsOrNone() []*dfNode {
	if l == nil {
		return nil
	}
	return l.elems
}

// dfUndefinable reports whether n holds a division, a remainder or an
// element with an index that depends on a variable.
func dfUndefinable(n *dfNode) bool {
	if n == nil {
		return false
	}
	switch n.k {
	case dfArith:
		if (n.op == "/" || n.op == "%") && dfVarDep(n.kids[1]) {
			return true
		}
	case dfIdxA, dfIdxP, dfIdxM, dfIdxL:
		if dfVarDep(n.kids[0]) || n.k == dfIdxM && dfVarDep(n.kids[1]) {
			return true
		}
	}
	for _, k := range n.kids {
		if dfUndefinable(k) {
			return true
		}
	}
	return false
}

// dfOnVar reports whether n mentions a decision variable.
func dfOnVar(n *dfNode) bool {
	if n == nil {
		return false
	}
	if n.k == dfVar || n.k == dfIdxA || n.list != nil && n.list.k == dfLA || n.list2 != nil && n.list2.k == dfLA {
		return true
	}
	for _, k := range n.kids {
		if dfOnVar(k) {
			return true
		}
	}
	for _, l := range []*dfList{n.list, n.list2, n.list3} {
		if l != nil {
			for _, e := range l.elems {
				if dfOnVar(e) {
					return true
				}
			}
			if dfOnVar(l.body) || l.gens != nil && dfOnVar(l.gens.where) {
				return true
			}
		}
	}
	return n.gens != nil && dfOnVar(n.gens.where)
}

// dfWantFeatures are the constructs seeds 1 to dfSeeds must cover.
var dfWantFeatures = []string{
	"/ by a variable", "% by a variable", "a[i] with a variable index", "p[i] with a variable index", "m[i, j]", "[list][i]",
	"^0", "^1", "^2", "unary minus", "abs", "if", "comparison", "truth value as a number",
	"sum(e1, e2)", "product(e1, e2)", "min(e1, e2)", "max(e1, e2)", "count(e1, e2)", "sum(a)", "count(a)",
	"sum(e for i in S)", "count(e for i in S)", "min(e for i in S)", "max([list])", "count([comprehension])",
	"sum(e for i in S where c on a variable)", "count(e for i in S where c on a variable)",
	"product(e for i in S where c on a variable)",
	" in {set}", " not in {set}", " in constant lo..hi", " not in constant lo..hi",
	" in lo..hi on variables", " not in lo..hi on variables", " in list", " not in list",
	"list = list", "list != list",
	"number as statement", "number as operand of not", "number as operand of and", "number as operand of or",
	"number as operand of xor", "number as operand of ->", "number as operand of <->", "number as quantifier body",
	"number as if condition", "number as where on a variable", "number as constant where", "constant operand of a logical operator",
	"forall over 0", "forall over 1", "forall over 2+", "exists over 0", "exists over 1", "exists over 2+",
	"two generators", "quantifier where on a variable", "forall block",
	"global in an expression alldiff", "global in an expression diagonal", "global in an expression increasing",
	"global in an expression decreasing", "global statement alldiff", "global statement diagonal",
	"global statement increasing", "global statement decreasing", "global of one element",
	"global statement nooverlap", "global statement cumulative", "global in an expression nooverlap",
	"global in an expression cumulative", "nooverlap with an undefinable start", "nooverlap with an undefinable duration",
	"cumulative with an undefinable start", "cumulative with an undefinable duration",
	"cumulative with an undefinable demand", "cumulative with an undefinable capacity",
	"minimize", "maximize",
}

// dfSeeds is how many seeds TestLanguageDifferential runs.
const dfSeeds = 300

// TestLanguageDifferential runs the differential check on seeds 1 to
// dfSeeds: every option combination for each, SolveParallel for every
// tenth. The first failures are minimised.
func TestLanguageDifferential(t *testing.T) {
	seeds, survey := dfSeeds, false
	if s := os.Getenv("CSP_DIFF_SEEDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("CSP_DIFF_SEEDS=%q: %v", s, err)
		}
		seeds, survey = n, true
	}
	opts := dfAllOptions()
	families := map[string][]int64{}
	var order []string
	var failed []int64
	covered := map[string]bool{}
	counts := map[string]int{}
	unsat, optim := 0, 0
	for seed := int64(1); seed <= int64(seeds); seed++ {
		md := dfRandomModel(seed)
		for k := range md.features() {
			covered[k] = true
			counts[k]++
		}
		if len(md.reference().sols) == 0 {
			unsat++
		}
		if md.sense != "" {
			optim++
		}
		var par []engine.Options
		if seed%10 == 0 {
			par = dfParallelOptions
		}
		report, small, problem := dfRun(seed, md, opts, par, survey || len(failed) < 10)
		if report == "" {
			continue
		}
		failed = append(failed, seed)
		if !survey {
			t.Errorf("%s", report)
			continue
		}
		key := small.source()
		if _, ok := families[key]; !ok {
			order = append(order, key)
			t.Logf("seed %d, new:\n%s=> %s", seed, key, problem)
		}
		families[key] = append(families[key], seed)
	}
	t.Logf("%d models: %d without a solution, %d with an objective", seeds, unsat, optim)
	if os.Getenv("CSP_DIFF_FEATURES") != "" {
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return counts[keys[i]] < counts[keys[j]] })
		for _, k := range keys {
			t.Logf("%4d %s", counts[k], k)
		}
	}
	for _, f := range dfWantFeatures {
		if !covered[f] {
			t.Errorf("no model of seeds 1 to %d has %q", seeds, f)
		}
	}
	if len(failed) > 0 {
		t.Errorf("%d of %d seeds fail: %v", len(failed), seeds, failed)
	}
	if survey {
		sort.SliceStable(order, func(i, j int) bool { return len(families[order[i]]) > len(families[order[j]]) })
		for _, k := range order {
			t.Logf("%d seeds %v:\n%s", len(families[k]), families[k][:min(len(families[k]), 8)], k)
		}
	}
}

// TestLanguageDifferentialWide checks the models of the first seeds
// declared over wide spans (dfWideModel): the search starts from bounds
// and gaps of 10^5, 10^9 or 10^15 values and must agree with the
// reference under every setting, the splitting value orders included.
func TestLanguageDifferentialWide(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 60
	}
	opts := dfWideOptions()
	refused := 0
	for seed := int64(1); seed <= int64(seeds); seed++ {
		md := dfWideModel(seed)
		if _, err := Compile(Input{Model: Source{Name: "t.csp", Text: []byte(md.source())}}); err != nil {
			refused++
		}
		var par []engine.Options
		if seed%10 == 0 {
			par = dfParallelOptions
		}
		if report, _, _ := dfRun(seed, md, opts, par, true); report != "" {
			t.Errorf("declared wide: %s", report)
		}
	}
	t.Logf("%d of %d refused (integer overflow)", refused, seeds)
	// Overflow refuses some (x * y * z over -10^15..10^15); most must run.
	if refused > seeds/2 {
		t.Errorf("%d of %d wide models were refused", refused, seeds)
	}
}

// The deep models of FuzzLanguage's negative seeds, some in every run.
func TestLanguageDifferentialDeep(t *testing.T) {
	n := int64(60)
	if testing.Short() {
		n = 15
	}
	opts := dfAllOptions()
	for seed := int64(-1); seed >= -n; seed-- {
		if report, _, _ := dfRun(seed, dfRandomModel(seed), opts, nil, true); report != "" {
			t.Fatal(report)
		}
	}
}
