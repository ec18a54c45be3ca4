package main

import (
	"fmt"
	"io"
	"strings"
)

// The search tree, recorded from the search's events, for --tree. Each
// node is one assignment the search tried; a node is a dead end, a
// solution, or an inner node whose children are the assignments tried
// below it. Trees too large for a slide are summarised: subtrees below a
// depth are collapsed into one node that gives their size.
//
// Summarising only marks nodes collapsed; the recorded tree stays whole,
// so its totals stay right. Layout and writers walk the drawn nodes only
// (the roots and what lies above a collapsed node), never the hidden ones:
// a picture of a 200,000-node search costs what its few hundred shapes do.

type nodeKind uint8

const (
	nodeInner nodeKind = iota
	nodeDeadEnd
	nodeSolution
	nodeCollapsed
)

type treeNode struct {
	label    string
	children []int
	depth    int
	kind     nodeKind // nodeInner, nodeDeadEnd or nodeSolution
	// collapsed: drawn as one node standing for its subtree.
	collapsed bool
	// What a picture needs, for the drawn nodes only: recording a large
	// search appends many nodes, so they are kept small.
	*nodeDrawing
}

type nodeDrawing struct {
	size, fails, solutions int     // of a collapsed node's subtree, less itself
	x, y                   float64 // layout
}

// drawnKind is how n is drawn.
func (n *treeNode) drawnKind() nodeKind {
	if n.collapsed {
		return nodeCollapsed
	}
	return n.kind
}

// drawnChildren are the children drawn below n: none if it is collapsed.
func (n *treeNode) drawnChildren() []int {
	if n.collapsed {
		return nil
	}
	return n.children
}

type searchTree struct {
	nodes []treeNode
	roots []int
	path  []int // the node at each depth on the current branch
	title string
	// truncated: recording stopped at maxTreeRecorded nodes while the
	// search went on.
	truncated bool
}

// maxTreeNodes is how many nodes a picture shows before it summarises.
const maxTreeNodes = 300

// decide records an assignment at depth (1 for the first).
func (t *searchTree) decide(label string, depth int) {
	n := len(t.nodes)
	t.nodes = append(t.nodes, treeNode{label: label, depth: depth})
	t.path = append(t.path[:depth-1], n)
	if depth == 1 {
		t.roots = append(t.roots, n)
	} else {
		p := t.path[depth-2]
		t.nodes[p].children = append(t.nodes[p].children, n)
	}
}

// fail marks the latest assignment a dead end.
func (t *searchTree) fail() {
	if len(t.path) > 0 {
		t.nodes[t.path[len(t.path)-1]].kind = nodeDeadEnd
	}
}

// solution marks the latest assignment a solution.
func (t *searchTree) solution() {
	if len(t.path) > 0 {
		t.nodes[t.path[len(t.path)-1]].kind = nodeSolution
	}
}

// counts returns nodes, dead ends, solutions and the greatest depth of the
// subtree at n.
func (t *searchTree) counts(n int) (size, fails, sols, depth int) {
	nd := &t.nodes[n]
	size, depth = 1, nd.depth
	switch nd.kind {
	case nodeDeadEnd:
		fails = 1
	case nodeSolution:
		sols = 1
	}
	for _, c := range nd.children {
		s, f, so, d := t.counts(c)
		size, fails, sols, depth = size+s, fails+f, sols+so, max(depth, d)
	}
	return
}

// totals returns the nodes, dead ends and solutions recorded.
func (t *searchTree) totals() (size, fails, sols int) {
	for _, r := range t.roots {
		s, f, so, _ := t.counts(r)
		size, fails, sols = size+s, fails+f, sols+so
	}
	return size, fails, sols
}

// summarise collapses every subtree below the deepest level at which the
// tree still fits in maxTreeNodes nodes, and returns the nodes drawn
// (see drawn), each given a nodeDrawing. It may be called again: it
// recomputes the same marks.
func (t *searchTree) summarise() (drawn []int) {
	maxDepth := 0
	for _, n := range t.nodes {
		maxDepth = max(maxDepth, n.depth)
	}
	perDepth := make([]int, maxDepth+1)
	for _, n := range t.nodes {
		perDepth[n.depth]++
	}
	cut, total := maxDepth, 0
	for d := 1; d <= maxDepth; d++ {
		if total+perDepth[d] > maxTreeNodes {
			cut = max(d-1, 1)
			break
		}
		total += perDepth[d]
	}
	for i := range t.nodes {
		n := &t.nodes[i]
		n.collapsed = n.depth == cut && cut < maxDepth && len(n.children) > 0
	}
	drawn = t.drawn()
	for _, i := range drawn {
		n := &t.nodes[i]
		n.nodeDrawing = &nodeDrawing{}
		if n.collapsed {
			n.size, n.fails, n.solutions, _ = t.counts(i)
			n.size-- // the node itself stays visible
		}
	}
	return drawn
}

// drawn returns the drawn nodes, depth first: the roots and, below each
// node not collapsed, its children. Nodes are recorded depth first, so
// this is also their order in t.nodes.
func (t *searchTree) drawn() []int {
	var nodes []int
	var walk func(int)
	walk = func(n int) {
		nodes = append(nodes, n)
		for _, c := range t.nodes[n].drawnChildren() {
			walk(c)
		}
	}
	for _, r := range t.roots {
		walk(r)
	}
	return nodes
}

// Layout: leaves take the next column from left to right; a parent sits
// centred over its children; rows are depths. Only the drawn nodes are
// placed; hidden ones keep no position.
const (
	colWidth  = 56.0
	rowHeight = 64.0
	margin    = 40.0
)

func (t *searchTree) layout(drawn []int) (width, height float64) {
	next := 0.0
	var place func(int) float64
	place = func(n int) float64 {
		nd := &t.nodes[n]
		nd.y = margin + 40 + float64(nd.depth)*rowHeight
		if len(nd.drawnChildren()) == 0 {
			nd.x = margin + next*colWidth
			next++
			return nd.x
		}
		first, last := 0.0, 0.0
		for i, c := range nd.drawnChildren() {
			x := place(c)
			if i == 0 {
				first = x
			}
			last = x
		}
		nd.x = (first + last) / 2
		return nd.x
	}
	for _, r := range t.roots {
		place(r)
	}
	maxDepth := 0 // of the drawn nodes: hidden levels take no room
	for _, i := range drawn {
		maxDepth = max(maxDepth, t.nodes[i].depth)
	}
	used := 2*margin + (next-1)*colWidth
	width = max(used, 520)
	if shift := (width - used) / 2; shift > 0 { // centre a narrow tree
		for _, i := range drawn {
			t.nodes[i].x += shift
		}
	}
	height = margin + 40 + float64(maxDepth+1)*rowHeight + 90
	return width, height
}

// writeSVG draws the tree: a root, edges, nodes marked by kind with their
// decision as label, a legend and a caption.
func (t *searchTree) writeSVG(w io.Writer) {
	total := len(t.nodes)
	size, fails, sols, depth := 0, 0, 0, 0
	for _, r := range t.roots {
		s, f, so, d := t.counts(r)
		size, fails, sols, depth = size+s, fails+f, sols+so, max(depth, d)
	}
	drawn := t.summarise()
	shown := len(drawn)
	width, height := t.layout(drawn)
	rootX := width / 2
	if len(t.roots) > 0 {
		rootX = (t.nodes[t.roots[0]].x + t.nodes[t.roots[len(t.roots)-1]].x) / 2
	}
	rootY := margin + 40.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n", width, height, width, height)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="28" font-size="18" font-weight="bold">%s</text>`+"\n", margin, xmlEscape(t.title))
	for _, r := range t.roots {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`+"\n", rootX, rootY, t.nodes[r].x, t.nodes[r].y)
	}
	// Edges only between drawn nodes: nodes hidden under a collapsed one
	// have no place and nothing to draw.
	for _, i := range drawn {
		n := &t.nodes[i]
		for _, c := range n.drawnChildren() {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`+"\n", n.x, n.y, t.nodes[c].x, t.nodes[c].y)
		}
	}
	fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="6" fill="#555"/>`+"\n", rootX, rootY)
	for _, i := range drawn {
		writeNodeSVG(&b, &t.nodes[i])
	}
	caption := fmt.Sprintf("%s, depth %d, %s, %s", plural(int64(total), "node"), depth,
		plural(int64(fails), "dead end"), plural(int64(sols), "solution"))
	if shown < total {
		caption += fmt.Sprintf("; %d shown, deeper subtrees collapsed with their sizes", shown)
	}
	_ = size
	if t.truncated {
		caption += "; the search went on past the nodes recorded"
	}
	writeLegendSVG(&b, height)
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="13" fill="#333">%s</text>`+"\n", margin, height-16, xmlEscape(caption))
	b.WriteString("</svg>\n")
	io.WriteString(w, b.String())
}

func writeNodeSVG(b *strings.Builder, n *treeNode) {
	label := xmlEscape(n.label)
	switch n.drawnKind() {
	case nodeDeadEnd:
		fmt.Fprintf(b, `<g><rect x="%.1f" y="%.1f" width="14" height="14" fill="#d33"/><path d="M%.1f %.1f l8 8 M%.1f %.1f l-8 8" stroke="white" stroke-width="2"/></g>`+"\n",
			n.x-7, n.y-7, n.x-4, n.y-4, n.x+4, n.y-4)
	case nodeSolution:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="10" fill="#2a2"/><circle cx="%.1f" cy="%.1f" r="5" fill="white"/>`+"\n", n.x, n.y, n.x, n.y)
	case nodeCollapsed:
		fmt.Fprintf(b, `<path d="M%.1f %.1f l-14 26 h28 z" fill="#ccd" stroke="#889"/>`+"\n", n.x, n.y)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="#335">%d nodes</text>`+"\n", n.x, n.y+38, n.size)
		if n.solutions > 0 {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="#262">%d sol.</text>`+"\n", n.x, n.y+50, n.solutions)
		}
	default:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="8" fill="#4a7bd0"/>`+"\n", n.x, n.y)
	}
	// A white halo keeps the label readable where an edge crosses it.
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="12" text-anchor="middle" stroke="white" stroke-width="3" paint-order="stroke">%s</text>`+"\n", n.x, n.y-14, label)
}

func writeLegendSVG(b *strings.Builder, height float64) {
	y := height - 52
	x := margin
	items := []struct{ shape, text string }{
		{fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="7" fill="#4a7bd0"/>`, x, y), "assignment"},
		{fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="12" height="12" fill="#d33"/>`, x+110-6, y-6), "dead end"},
		{fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="8" fill="#2a2"/>`, x+220, y), "solution"},
		{fmt.Sprintf(`<path d="M%.1f %.1f l-8 14 h16 z" fill="#ccd" stroke="#889"/>`, x+330, y-7), "collapsed subtree"},
	}
	for i, it := range items {
		b.WriteString(it.shape + "\n")
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="12">%s</text>`+"\n", x+float64(i)*110+14, y+4, it.text)
	}
}

// writeDOT writes the tree for Graphviz.
func (t *searchTree) writeDOT(w io.Writer) {
	drawn := t.summarise()
	fmt.Fprintf(w, "digraph search {\n  label=%s;\n  labelloc=t;\n  node [fontname=Helvetica];\n  root [shape=point];\n", dotQuote(t.title))
	for _, i := range drawn {
		n := &t.nodes[i]
		attrs := `shape=ellipse, style=filled, fillcolor="#c8d8f4"`
		label := n.label
		switch n.drawnKind() {
		case nodeDeadEnd:
			attrs = `shape=box, style=filled, fillcolor="#f4b8b8"`
			label += "\\ndead end"
		case nodeSolution:
			attrs = `shape=doublecircle, style=filled, fillcolor="#b8e8b8"`
		case nodeCollapsed:
			attrs = `shape=triangle, style=filled, fillcolor="#ddddee"`
			label += fmt.Sprintf("\\n+%d nodes", n.size)
		}
		fmt.Fprintf(w, "  n%d [label=%s, %s];\n", i, dotQuote(label), attrs)
	}
	for _, r := range t.roots {
		fmt.Fprintf(w, "  root -> n%d;\n", r)
	}
	for _, i := range drawn {
		for _, c := range t.nodes[i].drawnChildren() {
			fmt.Fprintf(w, "  n%d -> n%d;\n", i, c)
		}
	}
	fmt.Fprintln(w, "}")
}

// dotQuote quotes a label for Graphviz, keeping its \n line breaks.
func dotQuote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func xmlEscape(s string) string { return xmlEscaper.Replace(s) }
