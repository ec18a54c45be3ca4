package engine

// gccGraph is a directed graph in compressed rows, rebuilt in place:
// the successors of node u are to[at[u]:at[u+1]]. Nodes are added in
// order, each with start followed by its edges.
type gccGraph struct {
	at []int32
	to []int32
}

func (g *gccGraph) init(nodes, edges int32) {
	g.at = make([]int32, 0, nodes+1)
	g.to = make([]int32, 0, edges)
}

func (g *gccGraph) reset() { g.at, g.to = g.at[:0], g.to[:0] }

// start begins the next node's edges.
func (g *gccGraph) start() { g.at = append(g.at, int32(len(g.to))) }

func (g *gccGraph) edge(v int32) { g.to = append(g.to, v) }

// finish closes the last node.
func (g *gccGraph) finish() { g.at = append(g.at, int32(len(g.to))) }

// gccSCC numbers the strongly connected components of a gccGraph
// (comp), by Tarjan's algorithm made iterative, with scratch sized once.
type gccSCC struct {
	index []int32 // 0: unvisited, -1: done
	low   []int32
	comp  []int32
	stack []int32
	calls []tcall // node and the position of its next edge
}

func (s *gccSCC) init(nodes int32) {
	s.index = make([]int32, nodes)
	s.low = make([]int32, nodes)
	s.comp = make([]int32, nodes)
	s.stack = make([]int32, 0, nodes)
	s.calls = make([]tcall, 0, nodes)
}

func (s *gccSCC) run(g *gccGraph) {
	nodes := int32(len(g.at) - 1)
	clear(s.index[:nodes])
	counter, ncomp := int32(0), int32(0)
	visit := func(v int32) {
		counter++
		s.index[v], s.low[v] = counter, counter
		s.stack = append(s.stack, v)
		s.calls = append(s.calls, tcall{node: v, edge: g.at[v]})
	}
	for root := range nodes {
		if s.index[root] != 0 {
			continue
		}
		visit(root)
		for len(s.calls) > 0 {
			c := &s.calls[len(s.calls)-1]
			v := c.node
			if c.edge < g.at[v+1] {
				w := g.to[c.edge]
				c.edge++
				if s.index[w] == 0 {
					visit(w)
				} else if s.index[w] > 0 && s.index[w] < s.low[v] {
					s.low[v] = s.index[w] // w is on the stack
				}
				continue
			}
			s.calls = s.calls[:len(s.calls)-1]
			if s.low[v] == s.index[v] {
				ncomp++
				for {
					w := s.stack[len(s.stack)-1]
					s.stack = s.stack[:len(s.stack)-1]
					s.comp[w] = ncomp
					s.index[w] = -1
					if w == v {
						break
					}
				}
			}
			if len(s.calls) > 0 {
				p := s.calls[len(s.calls)-1].node
				s.low[p] = min(s.low[p], s.low[v])
			}
		}
	}
}
