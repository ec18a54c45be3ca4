package fzn

import (
	"sort"

	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// fvar is a scalar variable of the FlatZinc model. Several names can be
// one fvar (var int: y = x), and an fvar fixed by its declaration (= 3)
// needs no engine variable.
type fvar struct {
	name       string
	pos        lang.Pos
	isBool     bool
	dom        []engine.Interval // sorted, disjoint; nil while unbounded
	unbounded  bool              // declared var int with no domain
	introduced bool              // var_is_introduced or is_defined_var
	same       *fvar             // another variable this one equals (alias.go), or nil
	eng        engine.Var
	made       bool // eng is set
}

// term is a scalar argument: a variable, or a constant when v is nil.
type term struct {
	v *fvar
	k int64
}

func (t term) isConst() bool { return t.v == nil }

// argKind is what an argument of a constraint or annotation is.
type argKind uint8

const (
	aTerm   argKind = iota // an int or bool, constant or variable
	aArray                 // an array of them
	aSet                   // a constant set of ints
	aSets                  // an array of constant sets
	aFloat                 // a float constant, or an array of them
	aString                // a string (annotations only)
	aAnn                   // an annotation: a name, or a call
)

// arg is an argument after its names are resolved.
type arg struct {
	pos    lang.Pos
	kind   argKind
	isBool bool // a bool term, or an array of bools
	t      term
	elems  []term
	set    []engine.Interval
	sets   [][]engine.Interval
	name   string // aAnn: the annotation's name
	args   []arg  // aAnn: its arguments; aArray of annotations: the elements
}

// setOf returns the sorted disjoint intervals of a list of values.
func setOf(values []int64) []engine.Interval {
	vs := append([]int64(nil), values...)
	sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
	var out []engine.Interval
	for _, v := range vs {
		if n := len(out); n > 0 && v <= out[n-1].Hi+1 {
			out[n-1].Hi = max(out[n-1].Hi, v)
			continue
		}
		out = append(out, engine.Interval{Lo: v, Hi: v})
	}
	return out
}

// intersect returns the values in both sets.
func intersect(a, b []engine.Interval) []engine.Interval {
	var out []engine.Interval
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		lo, hi := max(a[i].Lo, b[j].Lo), min(a[i].Hi, b[j].Hi)
		if lo <= hi {
			out = append(out, engine.Interval{Lo: lo, Hi: hi})
		}
		if a[i].Hi < b[j].Hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// clip returns the values of s within lo..hi.
func clip(s []engine.Interval, lo, hi int64) []engine.Interval {
	if lo > hi {
		return nil
	}
	return intersect(s, []engine.Interval{{Lo: lo, Hi: hi}})
}

// contains reports whether v is in s.
func contains(s []engine.Interval, v int64) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].Hi >= v })
	return i < len(s) && s[i].Lo <= v
}

// setValues lists the values of a set, or false if it has more than limit.
func setValues(s []engine.Interval, limit int64) ([]int64, bool) {
	var n int64
	for _, iv := range s {
		if n += iv.Hi - iv.Lo + 1; n > limit || n < 0 {
			return nil, false
		}
	}
	out := make([]int64, 0, n)
	for _, iv := range s {
		for v := iv.Lo; ; v++ {
			out = append(out, v)
			if v == iv.Hi {
				break
			}
		}
	}
	return out, true
}

// bounds returns the least and greatest value of a term.
func (t term) bounds() (int64, int64) {
	if t.v == nil {
		return t.k, t.k
	}
	d := t.v.dom
	if len(d) == 0 { // an empty domain: the model has no solution anyway
		return 0, 0
	}
	return d[0].Lo, d[len(d)-1].Hi
}
