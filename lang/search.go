package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// The search statement: "search s order smallest values min" makes the
// variables of s a search phase of the model (engine.SearchPhase), searched
// before the variables of later statements and before those no statement
// names. An order or values left out follows the settings of the search
// in force (csp solve's --order and --values, or their defaults).

// SearchOrders are the variable orders a search statement names.
var SearchOrders = map[string]engine.VarOrder{
	"input": engine.OrderInput, "mrv": engine.OrderMRV, "domwdeg": engine.OrderDomWdeg,
	"smallest": engine.OrderSmallest, "largest": engine.OrderLargest,
}

// SearchValues are the value orders a search statement names.
var SearchValues = map[string]engine.ValueOrder{
	"min": engine.ValuesMin, "max": engine.ValuesMax, "mid": engine.ValuesMid, "auto": engine.ValuesAuto,
	"split": engine.ValueSplit, // split-max, a word of two, is the command line's only
}

// sortedNames lists a map's keys in order, for messages.
func sortedNames[T any](m map[string]T) []string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// search checks a search statement: where it stands, its items, and the
// names of its orders.
func (r *resolver) search(s *SearchStmt, in string) {
	if in != "" {
		r.errorf(s, "a search statement cannot stand inside %s: write it on a line of its own", in)
	}
	for _, e := range s.Items {
		r.expr(e)
	}
	for _, t := range s.Twice {
		r.errorf(t, "%s is given twice in this search statement", t.Name)
	}
	if s.Order != nil {
		if _, ok := SearchOrders[s.Order.Name]; !ok {
			names := sortedNames(SearchOrders)
			r.errorf(s.Order, "unknown variable order %s: the orders are %s%s", s.Order.Name, strings.Join(names, ", "), didYouMean(s.Order.Name, names))
		}
	}
	if s.Values != nil {
		if _, ok := SearchValues[s.Values.Name]; !ok {
			names := sortedNames(SearchValues)
			r.errorf(s.Values, "unknown value order %s: the value orders are %s%s", s.Values.Name, strings.Join(names, ", "), didYouMean(s.Values.Name, names))
		}
	}
}

// search lowers a search statement into a phase of the model. Each item
// must be a variable or a list of variables: a search branches on
// variables, not on expressions. A constant element is left out, as a
// variable the model fixed when it was built can be one.
func (l *lowerer) search(s *SearchStmt) {
	var vars []engine.Var
	for _, item := range s.Items {
		v := l.eval(item)
		if v == nil {
			return
		}
		elems, list := []value{v}, false
		if a, ok := v.(*arrV); ok {
			elems, list = a.elems, true
		}
		for k, el := range elems {
			if _, fixed := el.(intV); fixed && list {
				continue // a variable fixed when the model was built: nothing to branch on
			}
			x, ok := searchVar(el)
			if !ok {
				what := "this is " + describe(el)
				if list {
					what = fmt.Sprintf("element %d is %s", k+1, describe(el))
				}
				l.errorf(elemNode(item, k), "search branches on variables, and %s: name a variable, an array or a list of variables", what)
				return
			}
			vars = append(vars, x)
		}
	}
	if len(vars) == 0 {
		l.errorf(s, "search names no variable to branch on: its lists are empty or constant")
		return
	}
	p := engine.SearchPhase{Vars: vars, OptionsOrder: s.Order == nil, OptionsValues: s.Values == nil}
	if s.Order != nil {
		p.Order = SearchOrders[s.Order.Name]
	}
	if s.Values != nil {
		p.Values = SearchValues[s.Values.Name]
	}
	if err := l.m.AddPhase(p); err != nil {
		l.errorf(s, "%v", err)
	}
}

// searchVar is the variable that v is, if it is one.
func searchVar(v value) (engine.Var, bool) {
	e, ok := v.(exprV)
	if !ok {
		return 0, false
	}
	x, ok := e.e.(*engine.VarExpr)
	if !ok {
		return 0, false
	}
	return x.V, true
}

// elemNode is element k of a list written out ([a, b, c]), to underline
// it; otherwise the whole item.
func elemNode(item Expr, k int) Node {
	if m, ok := item.(*Matrix); ok && len(m.Rows) == 1 && k < len(m.Rows[0]) {
		return m.Rows[0][k]
	}
	return item
}
