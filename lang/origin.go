package lang

import (
	"slices"
	"strings"
)

// Origin locates the statement an engine constraint was lowered from, and
// the generator values that produced it ("r = 3").
type Origin struct {
	Stmt     Span   // the whole statement
	Node     Span   // the part of it that made the constraint, if known (a conjunct, a forall's body)
	Bindings string // the generator values, "r = 3, c = 1"; empty outside a generator
}

// origins records an Origin for each engine constraint, compactly: a
// forall unrolled into millions of constraints shares one site (the
// statement, the node and the generator names), and each constraint keeps
// only the site's number and the offset of its generator values. A
// statement is lowered in one go, so its sites are the last ones made.
type origins struct {
	sites     []site
	stmtSites int // the sites of the statement being lowered: sites[stmtSites:]
	// byNode indexes the statement's sites by node, where it has many
	// (an "and" of a million parts): from siteIndexAbove sites on.
	byNode    map[smallSpan][]int32
	byNodeFor int         // the stmtSites byNode was made for
	refs      []originRef // by constraint
	values    []int64     // generator values, one run per constraint
	files     []string    // the file names the sites' spans refer to
}

// A site keeps its spans in 32-bit numbers (a file is at most 64 MB), as
// a statement of a large model is often one site of its own.
type site struct {
	stmt, node smallSpan
	names      []string
}

type smallSpan struct {
	file     uint32 // in origins.files
	pos, end smallPos
}

type smallPos struct{ off, line, col int32 }

func (o *origins) small(sp Span) smallSpan {
	f := len(o.files) - 1
	if f < 0 || o.files[f] != sp.Pos.File {
		f = slices.Index(o.files, sp.Pos.File)
		if f < 0 {
			o.files = append(o.files, sp.Pos.File)
			f = len(o.files) - 1
		}
	}
	return smallSpan{uint32(f), smallPos{int32(sp.Pos.Offset), int32(sp.Pos.Line), int32(sp.Pos.Col)},
		smallPos{int32(sp.End.Offset), int32(sp.End.Line), int32(sp.End.Col)}}
}

func (o *origins) span(s smallSpan) Span {
	file := o.files[s.file]
	pos := func(p smallPos) Pos { return Pos{File: file, Offset: int(p.off), Line: int(p.line), Col: int(p.col)} }
	return Span{Pos: pos(s.pos), End: pos(s.end)}
}

type originRef struct {
	site   int32 // -1: none recorded
	values int32 // offset in values
}

// record sets the origin of constraint idx: statement, node, and the
// generator names and values in scope.
func (o *origins) record(idx int, stmt, node Span, gens []genValue) {
	st, nd := o.small(stmt), o.small(node)
	if n := len(o.sites); n > 0 && o.sites[n-1].stmt != st {
		o.stmtSites = n
	}
	s := o.siteOf(st, nd, gens)
	for len(o.refs) < idx {
		o.refs = append(o.refs, originRef{site: -1})
	}
	ref := originRef{site: s, values: int32(len(o.values))}
	for _, g := range gens {
		o.values = append(o.values, g.v)
	}
	o.refs = append(o.refs[:idx], ref)
}

// siteOf finds the site among the statement's, or makes it.
func (o *origins) siteOf(stmt, node smallSpan, gens []genValue) int32 {
	if len(o.sites)-o.stmtSites < siteIndexAbove {
		for i := len(o.sites) - 1; i >= o.stmtSites; i-- {
			if s := &o.sites[i]; s.node == node && sameNames(s.names, gens) {
				return int32(i)
			}
		}
	} else {
		if o.byNode == nil || o.byNodeFor != o.stmtSites {
			o.byNode, o.byNodeFor = map[smallSpan][]int32{}, o.stmtSites
			for i := o.stmtSites; i < len(o.sites); i++ {
				o.byNode[o.sites[i].node] = append(o.byNode[o.sites[i].node], int32(i))
			}
		}
		is := o.byNode[node]
		for k := len(is) - 1; k >= 0; k-- {
			if sameNames(o.sites[is[k]].names, gens) {
				return is[k]
			}
		}
	}
	names := make([]string, len(gens))
	for i, g := range gens {
		names[i] = g.name
	}
	o.sites = append(o.sites, site{stmt, node, names})
	i := int32(len(o.sites) - 1)
	if o.byNode != nil && o.byNodeFor == o.stmtSites {
		o.byNode[node] = append(o.byNode[node], i)
	}
	return i
}

// siteIndexAbove is the number of sites of a statement from which they
// are found by node rather than one by one.
const siteIndexAbove = 64

func sameNames(names []string, gens []genValue) bool {
	if len(names) != len(gens) {
		return false
	}
	for i, g := range gens {
		if names[i] != g.name {
			return false
		}
	}
	return true
}

// at returns the origin of constraint i (the zero Origin if none).
func (o *origins) at(i int) Origin {
	if i < 0 || i >= len(o.refs) || o.refs[i].site < 0 {
		return Origin{}
	}
	ref := o.refs[i]
	s := o.sites[ref.site]
	parts := make([]string, len(s.names))
	for k, name := range s.names {
		parts[k] = name + " = " + itoa(o.values[int(ref.values)+k])
	}
	return Origin{Stmt: o.span(s.stmt), Node: o.span(s.node), Bindings: strings.Join(parts, ", ")}
}

// len is the number of constraints with an origin slot.
func (o *origins) len() int { return len(o.refs) }

// equal reports whether two programs' constraints have the same origins.
func (o *origins) equal(p *origins) bool {
	if len(o.refs) != len(p.refs) {
		return false
	}
	for i := range o.refs {
		if o.at(i) != p.at(i) {
			return false
		}
	}
	return true
}

// Origin returns where engine constraint i came from.
func (p *Program) Origin(i int) Origin { return p.origins.at(i) }
