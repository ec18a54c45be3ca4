package searchtree

// Pictures for slides (SVG, DOT) summarise a large tree: they draw every
// stored node down to the deepest level at which the tree still fits in
// maxDrawn nodes, and a node at that level with anything below it is
// drawn collapsed, with its subtree's size. The drawn nodes are the
// stored nodes at that depth or above, in order; layout and writers walk
// them alone, so a picture of a million-node search costs what its few
// hundred shapes do.

// maxDrawn is how many nodes a picture shows before it summarises.
const maxDrawn = 300

// drawnNode is a node of a picture.
type drawnNode struct {
	i         int32
	depth     int
	collapsed bool
	below     counts // a collapsed node's subtree, less itself
	x, y      float64
	children  []int // indexes into the picture's nodes
}

// picture is the summarised tree, laid out.
type picture struct {
	nodes  []drawnNode
	roots  []int
	cut    int // the deepest level drawn
	width  float64
	height float64
}

// summarise chooses the nodes drawn and marks the collapsed ones.
func (r *Recorder) summarise() *picture {
	maxD := r.maxDepth()
	perDepth := make([]int, maxD+1)
	for _, n := range r.nodes {
		perDepth[n.depth]++
	}
	cut, total := maxD, 0
	for d := 1; d <= maxD; d++ {
		if total+perDepth[d] > maxDrawn {
			cut = max(d-1, 1)
			break
		}
		total += perDepth[d]
	}
	p := &picture{cut: cut}
	var stack []int // the drawn node at each depth of the branch
	for i, n := range r.nodes {
		d := int(n.depth)
		if d > cut {
			continue
		}
		dn := drawnNode{i: int32(i), depth: d}
		leafOfCut := d == cut || !(i+1 < len(r.nodes) && r.nodes[i+1].depth > n.depth)
		if leafOfCut && r.hasBelow(int32(i)) {
			dn.collapsed = true
			dn.below = r.subtree(int32(i))
		}
		k := len(p.nodes)
		p.nodes = append(p.nodes, dn)
		stack = append(stack[:min(d-1, len(stack))], k)
		if d == 1 || len(stack) != d {
			p.roots = append(p.roots, k)
		} else {
			par := &p.nodes[stack[len(stack)-2]]
			par.children = append(par.children, k)
		}
	}
	return p
}

// Layout: leaves take the next column from left to right; a parent sits
// centred over its children; rows are depths.
const (
	colWidth  = 56.0
	rowHeight = 64.0
	margin    = 40.0
)

func (p *picture) layout() {
	next := 0.0
	var place func(int) float64
	place = func(k int) float64 {
		nd := &p.nodes[k]
		nd.y = margin + 40 + float64(nd.depth)*rowHeight
		if len(nd.children) == 0 {
			nd.x = margin + next*colWidth
			next++
			return nd.x
		}
		first, last := place(nd.children[0]), 0.0
		last = first
		for _, c := range nd.children[1:] {
			last = place(c)
		}
		nd.x = (first + last) / 2
		return nd.x
	}
	for _, k := range p.roots {
		place(k)
	}
	maxD := 0
	for _, n := range p.nodes {
		maxD = max(maxD, n.depth)
	}
	used := 2*margin + (next-1)*colWidth
	p.width = max(used, 520)
	if shift := (p.width - used) / 2; shift > 0 { // centre a narrow tree
		for k := range p.nodes {
			p.nodes[k].x += shift
		}
	}
	p.height = margin + 40 + float64(maxD+1)*rowHeight + 90
}
