package engine

import "fmt"

// regularProp is the layered-graph propagator of regular (regular.go).
// All its fields but the constants are scratch, rebuilt by every run.
type regularProp struct {
	a     *Automaton
	argX  []int32 // per position: its variable, or -1
	konst []int32 // per position with a constant: its alphabet index, or -1
	nq, s int
	word  []int64 // one variable only: the word tried for each value

	// At most 64 states: the layers are bit sets (see regular_bits.go).
	small    bool
	img, inv []uint64 // per value k and state q: {δ(q, k)}, {p : δ(p, k) = q}
	acc      uint64   // the accepting states
	fwd      []uint64 // per layer: the states reached from the start

	inDom []bool  // n×|Σ|: value k is in the domain at position i
	sup   []bool  // n×|Σ|: some edge labelled k at position i is kept
	mark  []uint8 // (n+1)×|Q|: 1 reached from the start, 2 reaches acceptance
	lay   []int32 // the states reached in each layer, layer after layer
	layAt []int32 // layer i is lay[layAt[i]:layAt[i+1]]
}

const (
	regFwd uint8 = 1
	regBwd uint8 = 2
)

func (g *regularGlobal) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	a := &g.a
	n, nq, s := len(argX), len(a.Accept), len(a.Values)
	if (n+1)*nq > maxRegularLayers || n*s > maxRegularLayers {
		return nil, globalOpts{}, fmt.Errorf("a list of %d over an automaton of %d states and %d values is too large to unfold (limit %d)", n, nq, s, maxRegularLayers)
	}
	p := &regularProp{
		a: a, argX: argX, konst: make([]int32, n), nq: nq, s: s,
		inDom: make([]bool, n*s), sup: make([]bool, n*s),
		mark: make([]uint8, (n+1)*nq), lay: make([]int32, 0, (n+1)*nq),
		layAt: make([]int32, n+2),
	}
	for i, x := range argX {
		p.konst[i] = -1
		if x < 0 {
			p.konst[i] = int32(a.index(g.args[i].(*Const).V))
		}
	}
	// One pass reaches the fixpoint unless a variable occurs twice: its
	// values removed at one position may cut supports at another.
	if len(xs) == 1 && n > 1 {
		p.word = make([]int64, n)
		for i, x := range argX {
			if x < 0 {
				p.word[i] = g.args[i].(*Const).V
			}
		}
	}
	if nq <= 64 {
		p.initSmall(n)
	}
	return p, globalOpts{idem: len(xs) == n || len(xs) == 1, slow: n*nq > 256}, nil
}

func (p *regularProp) propagate(t *store, _ propMode) bool {
	if p.word != nil {
		return p.single(t)
	}
	if !p.domains(t) {
		return false
	}
	if p.small {
		if !p.forwardSmall() || !p.backwardSmall() {
			return false
		}
	} else if !p.forward(t) || !p.backward(t) {
		return false
	}
	return p.prune(t)
}

// domains fills inDom from the current domains.
func (p *regularProp) domains(t *store) bool {
	a, s := p.a, p.s
	clear(p.inDom)
	for i, x := range p.argX {
		row := p.inDom[i*s : i*s+s]
		if x < 0 {
			if k := p.konst[i]; k >= 0 {
				row[k] = true
				continue
			}
			return false // a constant outside the alphabet
		}
		if t.tick(int32(min(int(t.size(x)), s)/32 + 1)) {
			return false
		}
		if int(t.size(x)) < s {
			for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
				if k := a.index(v); k >= 0 {
					row[k] = true
				}
			}
			continue
		}
		for k, v := range a.Values {
			row[k] = t.contains(x, v)
		}
	}
	return true
}

// forward lists the states reachable from the start in each layer.
func (p *regularProp) forward(t *store) bool {
	a, s, nq := p.a, p.s, p.nq
	clear(p.mark)
	p.lay = append(p.lay[:0], a.Start)
	p.mark[a.Start] = regFwd
	p.layAt[0], p.layAt[1] = 0, 1
	for i := range p.argX {
		row := p.inDom[i*s : i*s+s]
		next := p.mark[(i+1)*nq : (i+2)*nq]
		if t.tick(int32((p.layAt[i+1]-p.layAt[i])*int32(s)/32 + 1)) {
			return false
		}
		for _, q := range p.lay[p.layAt[i]:p.layAt[i+1]] {
			for k, r := range a.Next[int(q)*s : int(q)*s+s] {
				if r >= 0 && row[k] && next[r] == 0 {
					next[r] = regFwd
					p.lay = append(p.lay, r)
				}
			}
		}
		p.layAt[i+2] = int32(len(p.lay))
		if p.layAt[i+2] == p.layAt[i+1] {
			return false
		}
	}
	return true
}

// backward marks the reached states that lead to acceptance, and the
// values on the edges between them.
func (p *regularProp) backward(t *store) bool {
	a, s, nq, n := p.a, p.s, p.nq, len(p.argX)
	last := p.mark[n*nq : (n+1)*nq]
	ok := false
	for _, q := range p.lay[p.layAt[n]:p.layAt[n+1]] {
		if a.Accept[q] {
			last[q] |= regBwd
			ok = true
		}
	}
	if !ok {
		return false
	}
	clear(p.sup)
	for i := n - 1; i >= 0; i-- {
		row := p.inDom[i*s : i*s+s]
		sup := p.sup[i*s : i*s+s]
		here := p.mark[i*nq : (i+1)*nq]
		next := p.mark[(i+1)*nq : (i+2)*nq]
		if t.tick(int32((p.layAt[i+1]-p.layAt[i])*int32(s)/32 + 1)) {
			return false
		}
		for _, q := range p.lay[p.layAt[i]:p.layAt[i+1]] {
			for k, r := range a.Next[int(q)*s : int(q)*s+s] {
				if r >= 0 && row[k] && next[r]&regBwd != 0 {
					sup[k] = true
					here[q] |= regBwd
				}
			}
		}
	}
	return true // the start reaches acceptance, since layer n does
}

// prune removes the values without a supporting edge.
func (p *regularProp) prune(t *store) bool {
	a, s := p.a, p.s
	for i, x := range p.argX {
		if x < 0 {
			continue
		}
		sup := p.sup[i*s : i*s+s]
		kept := int32(0)
		for _, ok := range sup {
			if ok {
				kept++
			}
		}
		if int64(kept) == t.size(x) {
			continue // every value left is supported
		}
		if t.tick(int32(min(int(t.size(x)), s)/32 + 1)) {
			return false
		}
		if int(t.size(x)) < s {
			for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
				if k := a.index(v); (k < 0 || !sup[k]) && !t.remove(x, v) {
					return false
				}
			}
			continue
		}
		for k, v := range a.Values {
			if !sup[k] && t.contains(x, v) && !t.remove(x, v) {
				return false
			}
		}
		if int64(kept) < t.size(x) && !t.bitset(x) {
			if !t.keepOnly(x, a.Values) {
				return false
			}
		} else if int64(kept) < t.size(x) { // values outside the alphabet
			for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
				if a.index(v) < 0 && !t.remove(x, v) {
					return false
				}
			}
		}
	}
	return true
}

// single filters a list whose only variable occurs several times: the
// solver filters a constraint of one variable once, at the root, so it
// must keep exactly the values that satisfy it. Each is tried in turn.
func (p *regularProp) single(t *store) bool {
	var x int32
	for _, y := range p.argX {
		if y >= 0 {
			x = y
		}
	}
	if !t.bitset(x) && !t.keepOnly(x, p.a.Values) {
		return false
	}
	for v, ok := t.minOf(x), true; ok; v, ok = t.nextValue(x, v) {
		if t.tick(1) {
			return false
		}
		for i, y := range p.argX {
			if y >= 0 {
				p.word[i] = v
			}
		}
		if !p.a.accepts(p.word) && !t.remove(x, v) {
			return false
		}
	}
	return true
}
