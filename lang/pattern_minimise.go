package lang

// Minimisation (the last step of pattern_dfa.go): Hopcroft's partition
// refinement, O(classes · states · log states), on the automaton made
// complete by a sink state that every rejecting move goes to. The states
// that no word leads from to acceptance end in the sink's block; moves
// into it become rejections again, and it is dropped. The states of the
// result are numbered in the order of the first state of each block, so
// that the numbering follows the subset construction's, breadth first
// from the start.

// minimise merges equivalent states; false when the meter stops it.
func (d *patDFA) minimise(m *patMeter) bool {
	n, nc := len(d.accept), d.nc
	sink := int32(n)
	total := n + 1
	delta := func(q int32, c int) int32 {
		if q == sink {
			return sink
		}
		if r := d.next[int(q)*nc+c]; r >= 0 {
			return r
		}
		return sink
	}
	// preds[predAt[c*total+t]:predAt[c*total+t+1]]: the states that move
	// to t on class c.
	predAt := make([]int32, nc*total+1)
	for q := range int32(total) {
		for c := range nc {
			predAt[c*total+int(delta(q, c))+1]++
		}
	}
	for i := 1; i < len(predAt); i++ {
		predAt[i] += predAt[i-1]
	}
	preds := make([]int32, nc*total)
	fill := append([]int32(nil), predAt[:nc*total]...)
	for q := range int32(total) {
		for c := range nc {
			k := c*total + int(delta(q, c))
			preds[fill[k]] = q
			fill[k]++
		}
	}
	if !m.add(2 * nc * total) {
		return false
	}
	p := newPartition(total, nc, func(q int) bool { return q < n && d.accept[q] })
	var splitter []int32
	for len(p.work) > 0 {
		w := p.work[len(p.work)-1]
		p.work = p.work[:len(p.work)-1]
		a, c := w.block, w.class
		p.inWork[int(a)*nc+c] = false
		splitter = append(splitter[:0], p.elems[p.first[a]:p.end[a]]...)
		visited := len(splitter)
		for _, t := range splitter {
			k := c*total + int(t)
			for _, q := range preds[predAt[k]:predAt[k+1]] {
				p.mark(q)
			}
			visited += int(predAt[k+1] - predAt[k])
		}
		p.splitMarked()
		if !m.add(visited) {
			return false
		}
	}
	d.quotient(p, sink)
	return true
}

// quotient replaces d by the automaton of p's blocks, without the sink's.
func (d *patDFA) quotient(p *partition, sink int32) {
	n, nc := len(d.accept), d.nc
	dead := p.blockOf[sink]
	id := make([]int32, len(p.first))
	for i := range id {
		id[i] = -1
	}
	var reps []int32 // a state of each block, in the order of their first states
	for q := range int32(n) {
		if b := p.blockOf[q]; b != dead && id[b] < 0 {
			id[b] = int32(len(reps))
			reps = append(reps, q)
		}
	}
	if p.blockOf[d.start] == dead { // no word is accepted
		d.next = make([]int32, nc)
		for c := range d.next {
			d.next[c] = -1
		}
		d.accept, d.start = []bool{false}, 0
		return
	}
	next := make([]int32, len(reps)*nc)
	accept := make([]bool, len(reps))
	for b, q := range reps {
		for c := range nc {
			r := d.next[int(q)*nc+c]
			if r >= 0 {
				r = id[p.blockOf[r]] // -1 for the dead block
			}
			next[b*nc+c] = r
		}
		accept[b] = d.accept[q]
	}
	d.next, d.accept, d.start = next, accept, id[p.blockOf[d.start]]
}

// partition is Hopcroft's partition of the states into blocks, each a
// stretch elems[first[b]:end[b]], with the work list of splitters.
type partition struct {
	nc      int
	elems   []int32 // the states, block after block
	pos     []int32 // per state: its place in elems
	blockOf []int32
	first   []int32 // per block
	end     []int32
	marked  []int32 // per block: its first marked states are marked
	touched []int32 // the blocks with a marked state
	work    []splitter
	inWork  []bool // per block and class: (block, class) is in work
}

type splitter struct {
	block int32
	class int
}

// newPartition makes the blocks of the states that accept and of the
// others, and puts the smaller of the two in the work list for every
// class.
func newPartition(n, nc int, accepts func(q int) bool) *partition {
	p := &partition{nc: nc, elems: make([]int32, 0, n), pos: make([]int32, n), blockOf: make([]int32, n),
		inWork: make([]bool, n*nc)}
	var yes, no []int32
	for q := range n {
		if accepts(q) {
			yes = append(yes, int32(q))
		} else {
			no = append(no, int32(q))
		}
	}
	for _, part := range [][]int32{no, yes} {
		if len(part) == 0 {
			continue
		}
		b := int32(len(p.first))
		p.first = append(p.first, int32(len(p.elems)))
		for _, q := range part {
			p.pos[q] = int32(len(p.elems))
			p.blockOf[q] = b
			p.elems = append(p.elems, q)
		}
		p.end = append(p.end, int32(len(p.elems)))
		p.marked = append(p.marked, 0)
	}
	if len(p.first) == 2 {
		small := int32(0)
		if len(yes) < len(no) {
			small = 1
		}
		for c := range nc {
			p.push(small, c)
		}
	}
	return p
}

func (p *partition) push(b int32, c int) {
	p.inWork[int(b)*p.nc+c] = true
	p.work = append(p.work, splitter{b, c})
}

// mark marks state q: it moves to the marked front of its block.
func (p *partition) mark(q int32) {
	b := p.blockOf[q]
	front := p.first[b] + p.marked[b]
	if p.pos[q] < front {
		return // marked already
	}
	other := p.elems[front]
	p.elems[front], p.elems[p.pos[q]] = q, other
	p.pos[other], p.pos[q] = p.pos[q], front
	if p.marked[b]++; p.marked[b] == 1 {
		p.touched = append(p.touched, b)
	}
}

// splitMarked splits every touched block into its marked and unmarked
// states, unless all are marked, and updates the work list: a block
// that was waiting to split others is replaced by both halves, else the
// smaller half is enough.
func (p *partition) splitMarked() {
	for _, b := range p.touched {
		k := p.marked[b]
		p.marked[b] = 0
		if p.first[b]+k == p.end[b] {
			continue
		}
		nb := int32(len(p.first))
		p.first = append(p.first, p.first[b])
		p.end = append(p.end, p.first[b]+k)
		p.marked = append(p.marked, 0)
		p.first[b] += k
		for _, q := range p.elems[p.first[nb]:p.end[nb]] {
			p.blockOf[q] = nb
		}
		for c := range p.nc {
			switch {
			case p.inWork[int(b)*p.nc+c]:
				p.push(nb, c)
			case p.end[nb]-p.first[nb] < p.end[b]-p.first[b]:
				p.push(nb, c)
			default:
				p.push(b, c)
			}
		}
	}
	p.touched = p.touched[:0]
}
