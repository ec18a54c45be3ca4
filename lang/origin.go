package lang

import (
	"strings"
)

// Origin locates the statement an engine constraint was lowered from, and
// the generator values that produced it ("r = 3").
type Origin struct {
	Stmt     Span
	Node     Span
	Bindings string
}

// origins records an Origin for each engine constraint, compactly: a
// forall unrolled into millions of constraints shares one site (the
// statement, the node and the generator names), and each constraint keeps
// only the site's number and the offset of its generator values.
type origins struct {
	sites  []site
	siteAt map[siteKey]int32
	refs   []originRef // by constraint
	values []int64     // generator values, one run per constraint
}

type site struct {
	stmt, node Span
	names      []string
}

type siteKey struct {
	stmt, node Span
	names      string // joined with spaces
}

type originRef struct {
	site   int32 // -1: none recorded
	values int32 // offset in values
}

// record sets the origin of constraint idx: statement, node, and the
// generator names and values in scope.
func (o *origins) record(idx int, stmt, node Span, gens []genValue) {
	names := make([]string, len(gens))
	for i, g := range gens {
		names[i] = g.name
	}
	key := siteKey{stmt, node, strings.Join(names, " ")}
	s, ok := o.siteAt[key]
	if !ok {
		if o.siteAt == nil {
			o.siteAt = map[siteKey]int32{}
		}
		s = int32(len(o.sites))
		o.sites = append(o.sites, site{stmt, node, names})
		o.siteAt[key] = s
	}
	for len(o.refs) < idx {
		o.refs = append(o.refs, originRef{site: -1})
	}
	ref := originRef{site: s, values: int32(len(o.values))}
	for _, g := range gens {
		o.values = append(o.values, g.v)
	}
	o.refs = append(o.refs[:idx], ref)
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
	return Origin{Stmt: s.stmt, Node: s.node, Bindings: strings.Join(parts, ", ")}
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
