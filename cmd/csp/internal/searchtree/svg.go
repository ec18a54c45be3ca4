package searchtree

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// The course's colours and symbols; the HTML viewer uses the same.
const (
	colourInner    = "#4a7bd0"
	colourDeadEnd  = "#d33"
	colourSolution = "#2a2"
	colourFoldFill = "#ccd"
	colourFoldLine = "#889"
)

// WriteSVG draws the tree for a slide: a root, edges, the nodes marked by
// kind with their decision as label, a legend and a caption.
func (r *Recorder) WriteSVG(w io.Writer, h Header) error {
	p := r.summarise()
	p.layout()
	b := bufio.NewWriter(w)
	rootX, rootY := p.width/2, margin+40.0
	if len(p.roots) > 0 {
		rootX = (p.nodes[p.roots[0]].x + p.nodes[p.roots[len(p.roots)-1]].x) / 2
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n", p.width, p.height, p.width, p.height)
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	fmt.Fprintf(b, `<text x="%.0f" y="28" font-size="18" font-weight="bold">%s</text>`+"\n", margin, xmlEscape(h.caption()))
	for _, k := range p.roots {
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`+"\n", rootX, rootY, p.nodes[k].x, p.nodes[k].y)
	}
	// One edge into each drawn node: nodes hidden under a collapsed one
	// have no place and nothing to draw.
	for _, n := range p.nodes {
		for _, c := range n.children {
			fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`+"\n", n.x, n.y, p.nodes[c].x, p.nodes[c].y)
		}
	}
	fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="6" fill="#555"/>`+"\n", rootX, rootY)
	for k := range p.nodes {
		r.writeNodeSVG(b, &p.nodes[k])
	}
	writeLegendSVG(b, p.height)
	fmt.Fprintf(b, `<text x="%.0f" y="%.0f" font-size="13" fill="#333">%s</text>`+"\n", margin, p.height-16, xmlEscape(r.svgCaption(p)))
	b.WriteString("</svg>\n")
	return b.Flush()
}

// svgCaption gives the search's size and what the picture leaves out.
func (r *Recorder) svgCaption(p *picture) string {
	size, fails, sols := r.Totals()
	c := fmt.Sprintf("%s, depth %d, %s, %s", plural(size, "node"), r.maxDepth(), plural(fails, "dead end"), plural(sols, "solution"))
	if len(p.nodes) < len(r.nodes) || r.full {
		c += fmt.Sprintf("; %d shown, deeper subtrees collapsed with their sizes", len(p.nodes))
	}
	if r.full {
		c += fmt.Sprintf("; the first %d nodes stored, the rest counted into their subtrees", len(r.nodes))
	}
	return c
}

func (r *Recorder) writeNodeSVG(b *bufio.Writer, n *drawnNode) {
	switch {
	case n.collapsed:
		fmt.Fprintf(b, `<path d="M%.1f %.1f l-14 26 h28 z" fill="%s" stroke="%s"/>`+"\n", n.x, n.y, colourFoldFill, colourFoldLine)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="#335">%d nodes</text>`+"\n", n.x, n.y+38, n.below.size)
		if n.below.sols > 0 {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="#262">%d sol.</text>`+"\n", n.x, n.y+50, n.below.sols)
		}
	case r.nodes[n.i].kind == deadEnd:
		fmt.Fprintf(b, `<g><rect x="%.1f" y="%.1f" width="14" height="14" fill="%s"/><path d="M%.1f %.1f l8 8 M%.1f %.1f l-8 8" stroke="white" stroke-width="2"/></g>`+"\n",
			n.x-7, n.y-7, colourDeadEnd, n.x-4, n.y-4, n.x+4, n.y-4)
	case r.nodes[n.i].kind == solution:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="10" fill="%s"/><circle cx="%.1f" cy="%.1f" r="5" fill="white"/>`+"\n", n.x, n.y, colourSolution, n.x, n.y)
	default:
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="8" fill="%s"/>`+"\n", n.x, n.y, colourInner)
	}
	// A white halo keeps the label readable where an edge crosses it.
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="12" text-anchor="middle" stroke="white" stroke-width="3" paint-order="stroke">%s</text>`+"\n", n.x, n.y-14, xmlEscape(r.label(n.i)))
}

func writeLegendSVG(b *bufio.Writer, height float64) {
	y, x := height-52, margin
	items := []struct{ shape, text string }{
		{fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="7" fill="%s"/>`, x, y, colourInner), "assignment"},
		{fmt.Sprintf(`<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s"/>`, x+110-6, y-6, colourDeadEnd), "dead end"},
		{fmt.Sprintf(`<circle cx="%.1f" cy="%.1f" r="8" fill="%s"/>`, x+220, y, colourSolution), "solution"},
		{fmt.Sprintf(`<path d="M%.1f %.1f l-8 14 h16 z" fill="%s" stroke="%s"/>`, x+330, y-7, colourFoldFill, colourFoldLine), "collapsed subtree"},
	}
	for i, it := range items {
		b.WriteString(it.shape + "\n")
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="12">%s</text>`+"\n", x+float64(i)*110+14, y+4, it.text)
	}
}

// WriteDOT writes the summarised tree for Graphviz.
func (r *Recorder) WriteDOT(w io.Writer, h Header) error {
	p := r.summarise()
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "digraph search {\n  label=%s;\n  labelloc=t;\n  node [fontname=Helvetica];\n  root [shape=point];\n", dotQuote(h.caption()))
	for _, n := range p.nodes {
		attrs := `shape=ellipse, style=filled, fillcolor="#c8d8f4"`
		label := r.label(n.i)
		switch {
		case n.collapsed:
			attrs = `shape=triangle, style=filled, fillcolor="#ddddee"`
			label += fmt.Sprintf("\\n+%d nodes", n.below.size)
		case r.nodes[n.i].kind == deadEnd:
			attrs = `shape=box, style=filled, fillcolor="#f4b8b8"`
			label += "\\ndead end"
		case r.nodes[n.i].kind == solution:
			attrs = `shape=doublecircle, style=filled, fillcolor="#b8e8b8"`
		}
		fmt.Fprintf(b, "  n%d [label=%s, %s];\n", n.i, dotQuote(label), attrs)
	}
	for _, k := range p.roots {
		fmt.Fprintf(b, "  root -> n%d;\n", p.nodes[k].i)
	}
	for _, n := range p.nodes {
		for _, c := range n.children {
			fmt.Fprintf(b, "  n%d -> n%d;\n", n.i, p.nodes[c].i)
		}
	}
	fmt.Fprintln(b, "}")
	return b.Flush()
}

// dotQuote quotes a label for Graphviz, keeping its \n line breaks.
func dotQuote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func xmlEscape(s string) string { return xmlEscaper.Replace(s) }
