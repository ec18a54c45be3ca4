// Package searchtree records a search's tree from the engine's trace
// events and writes it: as an SVG picture for slides, as Graphviz input,
// or as one self-contained HTML file that explores it interactively (see
// html.go). csp's --tree and :tree use it, and so can the playground.
//
// Memory stays bounded whatever the size of the search. The first nodes
// are stored one by one, up to Options.MaxNodes and Options.MaxBytes of
// encoded tree; every later node is only counted, into the deepest stored
// node on its branch, so a folded subtree still gives its true size,
// dead ends and solutions, and the totals stay exact. The domains after
// propagation are read and stored for fewer nodes (Options.DomainNodes):
// the first of the search, in search order, and within a bound on the
// values read, because reading every domain at every node is what would
// make recording slow.
package searchtree

import (
	"github.com/csp-lang/csp/engine"
	"github.com/csp-lang/csp/lang"
)

// Options bound what a Recorder keeps; zero values take the defaults.
type Options struct {
	// MaxNodes is how many nodes are stored one by one.
	MaxNodes int
	// MaxBytes bounds the stored nodes by their size in the HTML file.
	MaxBytes int
	// DomainNodes is how many nodes (the first, in search order) keep
	// their domains; negative: none.
	DomainNodes int
}

// The defaults keep 12-queens --count (642,000 nodes) whole in a file of
// under 5 MB.
const (
	DefaultMaxNodes    = 1_000_000
	DefaultMaxBytes    = 3_600_000
	DefaultDomainNodes = 10_000
	// domainBytes bounds the stored domains by their size in the file.
	domainBytes = 1_000_000
	// domainWork bounds the domain values read in all: a model with large
	// domains keeps the domains of fewer nodes.
	domainWork = 20_000_000
)

type kind uint8

const (
	inner kind = iota
	deadEnd
	solution
)

// node is one stored decision: var = val (eq), var != val, or a half of
// a split, var <= val or var > val (op).
type node struct {
	val   int64
	v     int32
	depth int32
	kind  kind
	eq    bool
	op    engine.DecisionOp
}

// counts are nodes, dead ends and solutions.
type counts struct{ size, fails, sols int64 }

// failure says why a stored node is a dead end: the variable emptied
// (-1: none) and the constraint that failed (-1: unknown).
type failure struct{ node, v, cons int32 }

// domains are the domains of a stored node that differ from its parent's.
type domains struct {
	node    int32
	entries []domEntry
}

type domEntry struct {
	v   int32
	dom string // formatDomain
}

// Recorder builds the tree of one search from its trace events.
type Recorder struct {
	prog *lang.Program
	opt  Options
	s    *engine.Solver

	nodes []node
	bytes int  // the stored nodes' encoded size
	full  bool // past the budget: nodes are counted, not stored
	// anc[d-1] is the deepest stored node at or above depth d on the
	// current branch (-1: none stored).
	anc    []int32
	hidden map[int32]*counts // the unstored nodes below each stored one; -1: below none
	total  counts
	// rootSolved: root propagation alone fixed every variable.
	rootSolved bool
	// runs holds, for each restart, the stored node where the next run
	// begins (len(nodes) at the restart: it may never be stored), and
	// restarts counts them all.
	runs     []int32
	restarts int64

	fails []failure

	doms      []domains
	domLeft   int        // nodes that may still keep their domains
	domBytes  int        // the stored domains' size
	snap      [][]string // snap[d]: the domains of the node at depth d on the branch (0: the root), while kept
	init      []string   // the domains before root propagation
	root      []string   // after it
	rootTaken bool
}

// New returns a recorder for a search of prog's model.
func New(prog *lang.Program, opt Options) *Recorder {
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = DefaultMaxBytes
	}
	if opt.DomainNodes == 0 {
		opt.DomainNodes = DefaultDomainNodes
	}
	return &Recorder{prog: prog, opt: opt, hidden: map[int32]*counts{}}
}

// Install makes s report its events to r alone. Call it before s's first
// Next. A caller with a tracer of its own (csp's --trace) calls Attach
// instead and passes the events on to Event.
func (r *Recorder) Install(s *engine.Solver) {
	r.Attach(s)
	s.SetTracer(&engine.Tracer{Event: r.Event})
}

// Attach lets r read s's domains; it must come before s's first Next,
// while the domains are those before root propagation.
func (r *Recorder) Attach(s *engine.Solver) {
	r.s = s
	n := r.prog.Model.NumVars()
	r.init = make([]string, n)
	sum := 0
	for x := range n {
		// The work of reading a domain: its values, up to the span of a
		// bit set; a wide domain is read as its few intervals.
		sum += int(min(s.DomainSize(engine.Var(x)), 1<<16))
		r.init[x] = formatDomain(s.DomainIntervals(engine.Var(x)))
	}
	r.domLeft = max(r.opt.DomainNodes, 0)
	if sum > 0 {
		r.domLeft = min(r.domLeft, domainWork/sum)
	}
}

// Event records one trace event; it always wants more, so it can serve
// as an engine.Tracer's Event.
func (r *Recorder) Event(e engine.TraceEvent) bool {
	switch e.Kind {
	case engine.TraceNode:
		r.node(e)
	case engine.TraceFail:
		r.total.fails++
		if i := r.stored(e.Depth); i >= 0 {
			r.nodes[i].kind = deadEnd
			f := failure{i, int32(e.Var), int32(e.Constraint)}
			r.fails = append(r.fails, f)
			r.bytes += failureBytes(f)
		} else {
			r.hiddenAt(e.Depth).fails++
		}
	case engine.TraceSolution:
		r.total.sols++
		switch i := r.stored(e.Depth); {
		case e.Depth == 0:
			r.rootSolved = true
			r.takeRoot()
		case i >= 0:
			r.nodes[i].kind = solution
		default:
			r.hiddenAt(e.Depth).sols++
		}
	case engine.TraceRestart:
		r.anc = r.anc[:0]
		r.restarts++
		if !r.full {
			r.runs = append(r.runs, int32(len(r.nodes)))
		}
	}
	return true
}

// node records the node of a TraceNode event.
func (r *Recorder) node(e engine.TraceEvent) {
	r.total.size++
	d := e.Depth
	if d < 1 || d-1 > len(r.anc) {
		return // not traced from the root
	}
	r.anc = r.anc[:d-1]
	nd := node{val: e.Value, v: int32(e.Var), depth: int32(d), eq: e.Decision() == engine.DecideEq, op: e.Decision()}
	if size := nodeBytes(nd); !r.full && len(r.nodes) < r.opt.MaxNodes && r.bytes+size <= r.opt.MaxBytes {
		r.bytes += size
		i := int32(len(r.nodes))
		r.nodes = append(r.nodes, nd)
		r.anc = append(r.anc, i)
		r.keepDomains(i, d)
		return
	}
	r.full = true
	a := int32(-1)
	if d >= 2 {
		a = r.anc[d-2]
	}
	r.anc = append(r.anc, a)
	r.hiddenAt(d).size++
}

// stored returns the stored node at depth d of the branch, or -1 when the
// node there was only counted.
func (r *Recorder) stored(d int) int32 {
	if d < 1 || d > len(r.anc) {
		return -1
	}
	i := r.anc[d-1]
	if i >= 0 && int(r.nodes[i].depth) == d {
		return i
	}
	return -1
}

// hiddenAt returns the counts that an unstored node at depth d goes into.
func (r *Recorder) hiddenAt(d int) *counts {
	a := int32(-1)
	if d >= 1 && d <= len(r.anc) {
		a = r.anc[d-1]
	}
	c := r.hidden[a]
	if c == nil {
		c = &counts{}
		r.hidden[a] = c
	}
	return c
}

// keepDomains stores the domains of node i at depth d that differ from
// its parent's, while the budget lasts. The search is in order, so a node
// whose domains are kept has a parent whose domains are kept too.
func (r *Recorder) keepDomains(i int32, d int) {
	if r.s == nil || r.domLeft == 0 {
		r.domLeft = 0
		return
	}
	r.domLeft--
	r.takeRoot()
	if d > len(r.snap) { // the parent's were not kept
		r.domLeft = 0
		return
	}
	parent := r.snap[d-1]
	var cur []string
	if d < len(r.snap) {
		cur = r.snap[d][:0]
	}
	rec := domains{node: i}
	for x := range parent {
		s := formatDomain(r.s.DomainIntervals(engine.Var(x)))
		cur = append(cur, s)
		if s != parent[x] {
			rec.entries = append(rec.entries, domEntry{int32(x), s})
			r.domBytes += len(s) + 8
		}
	}
	if r.domBytes > domainBytes {
		r.domLeft = 0
	}
	r.snap = append(r.snap[:d], cur)
	r.doms = append(r.doms, rec)
}

// Totals returns the nodes, dead ends and solutions of the whole search,
// stored or only counted.
func (r *Recorder) Totals() (nodes, fails, sols int64) {
	return r.total.size, r.total.fails, r.total.sols
}

// Stored returns how many nodes are stored one by one.
func (r *Recorder) Stored() int { return len(r.nodes) }

// takeRoot reads the domains root propagation left, once, at the first
// event that follows it.
func (r *Recorder) takeRoot() {
	if r.rootTaken || r.s == nil {
		return
	}
	r.rootTaken = true
	r.root = make([]string, len(r.init))
	for x := range r.root {
		r.root[x] = formatDomain(r.s.TraceRootIntervals(engine.Var(x)))
	}
	r.snap = append(r.snap[:0], r.root)
}
