package searchtree

// The stored nodes are in search order, which is depth-first order: the
// subtree of node i is i and the nodes after it up to the next one at
// its depth or above. Pictures read the shape from that and the depths,
// without per-node child lists.

// end returns the index just past the subtree of stored node i.
func (r *Recorder) end(i int32) int32 {
	d := r.nodes[i].depth
	j := i + 1
	for int(j) < len(r.nodes) && r.nodes[j].depth > d {
		j++
	}
	return j
}

// subtree returns the counts of the subtree of i, less i itself: its
// stored descendants and the nodes only counted below them.
func (r *Recorder) subtree(i int32) counts {
	var c counts
	for j, e := i, r.end(i); j < e; j++ {
		if j > i {
			c.add(r.nodes[j].kind, 1)
		}
		if h := r.hidden[j]; h != nil {
			c.size, c.fails, c.sols = c.size+h.size, c.fails+h.fails, c.sols+h.sols
		}
	}
	return c
}

func (c *counts) add(k kind, n int64) {
	c.size += n
	switch k {
	case deadEnd:
		c.fails += n
	case solution:
		c.sols += n
	}
}

// maxDepth is the greatest depth of a stored node.
func (r *Recorder) maxDepth() int {
	d := 0
	for _, n := range r.nodes {
		d = max(d, int(n.depth))
	}
	return d
}

// hasBelow reports whether stored node i has descendants, stored or
// counted.
func (r *Recorder) hasBelow(i int32) bool {
	return int(i)+1 < len(r.nodes) && r.nodes[i+1].depth > r.nodes[i].depth || r.hidden[i] != nil
}
