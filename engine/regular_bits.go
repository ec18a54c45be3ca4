package engine

import "math/bits"

// The layered graph of an automaton of at most 64 states, one bit set per
// layer: the forward pass maps the states of layer i through each value
// left at position i, the backward pass maps the states of layer i+1 that
// reach acceptance back through each value and keeps those reached
// forward. A value has support iff that set is not empty. Same result as
// forward/backward, a word operation per state and value instead of a
// byte array walk; nonogram lines (one state per cell of a run, plus one
// per gap) almost always qualify.

func (p *regularProp) initSmall(n int) {
	a, nq, s := p.a, p.nq, p.s
	p.small = true
	p.img = make([]uint64, s*nq)
	p.inv = make([]uint64, s*nq)
	p.fwd = make([]uint64, n+1)
	for q := range nq {
		if a.Accept[q] {
			p.acc |= 1 << q
		}
		for k := range s {
			if r := a.Next[q*s+k]; r >= 0 {
				p.img[k*nq+q] = 1 << r
				p.inv[k*nq+int(r)] |= 1 << q
			}
		}
	}
}

func (p *regularProp) forwardSmall() bool {
	nq, s := p.nq, p.s
	f := uint64(1) << p.a.Start
	p.fwd[0] = f
	for i := range p.argX {
		row := p.inDom[i*s : i*s+s]
		out := uint64(0)
		for k, in := range row {
			if !in {
				continue
			}
			img := p.img[k*nq : k*nq+nq]
			for w := f; w != 0; w &= w - 1 {
				out |= img[bits.TrailingZeros64(w)]
			}
		}
		if out == 0 {
			return false
		}
		f = out
		p.fwd[i+1] = f
	}
	return true
}

func (p *regularProp) backwardSmall() bool {
	nq, s, n := p.nq, p.s, len(p.argX)
	b := p.fwd[n] & p.acc
	if b == 0 {
		return false
	}
	clear(p.sup)
	for i := n - 1; i >= 0; i-- {
		row := p.inDom[i*s : i*s+s]
		sup := p.sup[i*s : i*s+s]
		here := p.fwd[i]
		nb := uint64(0)
		for k, in := range row {
			if !in {
				continue
			}
			inv := p.inv[k*nq : k*nq+nq]
			pre := uint64(0)
			for w := b; w != 0; w &= w - 1 {
				pre |= inv[bits.TrailingZeros64(w)]
			}
			if pre &= here; pre != 0 {
				sup[k] = true
				nb |= pre
			}
		}
		b = nb
	}
	return true
}
