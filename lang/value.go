package lang

import (
	"math"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// Values computed while lowering a model. Everything that does not depend
// on a decision variable is folded to a constant; what does becomes an
// engine expression.
type value interface{ kind() string }

// intV is an integer constant; booleans are 0 and 1.
type intV int64

// setV is a constant set of integers as sorted, disjoint, non-adjacent
// intervals, so 1..10^12 costs two numbers.
type setV []interval

type interval struct{ lo, hi int64 }

// exprV is an integer expression over decision variables.
type exprV struct{ e engine.Expr }

// blankV is a blank (. or _) element of an array.
type blankV struct{}

// arrV is an array of one or more dimensions, elements in row-major order.
type arrV struct {
	dims  []interval // index set of each dimension
	elems []value    // intV, exprV or blankV
}

func (intV) kind() string   { return "number" }
func (setV) kind() string   { return "set" }
func (exprV) kind() string  { return "number" }
func (blankV) kind() string { return "blank" }
func (a *arrV) kind() string {
	switch len(a.dims) {
	case 1:
		return "list"
	case 2:
		return "matrix"
	}
	return itoa(int64(len(a.dims))) + "-dimensional array"
}

func (iv interval) size() int64 {
	if iv.hi < iv.lo {
		return 0
	}
	return iv.hi - iv.lo + 1
}

// shape describes the index sets, e.g. "[1..9, 1..9]".
func (a *arrV) shape() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range a.dims {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(itoa(d.lo) + ".." + itoa(d.hi))
	}
	b.WriteByte(']')
	return b.String()
}

// flatIndex returns the position of the element at the given indices, or
// the dimension whose index is out of range.
func (a *arrV) flatIndex(idx []int64) (int, int) {
	off := int64(0)
	for i, d := range a.dims {
		if idx[i] < d.lo || idx[i] > d.hi {
			return -1, i
		}
		off = off*d.size() + idx[i] - d.lo
	}
	return int(off), -1
}

// size returns how many values the set holds; ok is false past MaxInt64.
func (s setV) size() (int64, bool) {
	n := int64(0)
	for _, iv := range s {
		var ok bool
		sz, ok1 := engine.SubInt(iv.hi, iv.lo)
		if !ok1 {
			return 0, false
		}
		if n, ok = engine.AddInt(n, sz); !ok {
			return 0, false
		}
		if n, ok = engine.AddInt(n, 1); !ok {
			return 0, false
		}
	}
	return n, true
}

func (s setV) contains(v int64) bool {
	for _, iv := range s {
		if v >= iv.lo && v <= iv.hi {
			return true
		}
	}
	return false
}

// normalize sorts and merges intervals.
func normalize(ivs []interval) setV {
	var out setV
	for _, iv := range sortIntervals(ivs) {
		if iv.hi < iv.lo {
			continue
		}
		if n := len(out); n > 0 && (iv.lo <= out[n-1].hi || (out[n-1].hi < math.MaxInt64 && iv.lo == out[n-1].hi+1)) {
			out[n-1].hi = max(out[n-1].hi, iv.hi)
			continue
		}
		out = append(out, iv)
	}
	return out
}

func sortIntervals(ivs []interval) []interval {
	s := append([]interval(nil), ivs...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].lo < s[j-1].lo; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

func union(a, b setV) setV { return normalize(append(append([]interval(nil), a...), b...)) }

// diff returns a minus b.
func diff(a, b setV) setV {
	out := append(setV(nil), a...)
	for _, cut := range b {
		var next setV
		for _, iv := range out {
			if cut.hi < iv.lo || cut.lo > iv.hi {
				next = append(next, iv)
				continue
			}
			if cut.lo > iv.lo {
				next = append(next, interval{iv.lo, cut.lo - 1})
			}
			if cut.hi < iv.hi {
				next = append(next, interval{cut.hi + 1, iv.hi})
			}
		}
		out = next
	}
	return out
}

// values lists the members; the caller has checked the size.
func (s setV) values() []int64 {
	var vs []int64
	for _, iv := range s {
		for v := iv.lo; ; v++ {
			vs = append(vs, v)
			if v == iv.hi {
				break
			}
		}
	}
	return vs
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
