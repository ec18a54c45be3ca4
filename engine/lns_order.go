package engine

// The order keeper: what an LNS neighbourhood of a schedule fixes. Fixing
// the start times of the tasks a neighbourhood does not relax leaves the
// relaxed ones only the gaps between them, where a better schedule rarely
// fits; fixing instead the order in which the incumbent runs them on each
// machine lets every task move earlier, and the relaxed ones change
// places (Godard, Laborie and Nuijten 2005). The keeper is a propagator,
// posted only in the solver of an LNS worker, over the tasks of the
// model's nooverlap constraints whose starts are variables and whose
// durations are constants: for each machine, a chain of tasks a1, a2, ...
// (those kept, in the incumbent's order), with start(a[k+1]) >= start(a[k])
// + duration(a[k]). The chains change between two neighbourhoods, when
// the solver is reset, never during a search.

// orderKeeper is the Global of the keeper; the chains are set by the LNS.
type orderKeeper struct {
	args     []Expr    // the tasks' start variables, each once
	machines [][]task  // per nooverlap: its tasks
	chains   [][]int32 // per machine: the kept tasks in order, local numbers into machines[m]
}

// task is one task of a machine: its start variable (an index into args)
// and its duration.
type task struct {
	arg int32
	x   int32 // the model variable
	d   int64
}

// newOrderKeeper returns the keeper of m's unary machines, or nil if m
// has none with variable starts and constant durations.
func newOrderKeeper(m *Model) *orderKeeper {
	k := &orderKeeper{}
	argOf := map[Var]int32{}
	for _, c := range m.Constraints() {
		g, ok := c.Global.(*NoOverlap)
		if c.Kind != KindGlobal || !ok {
			continue
		}
		var ts []task
		for i, e := range g.start {
			v, okV := e.(*VarExpr)
			d, okD := g.dur[i].(*Const)
			if !okV || !okD {
				ts = nil
				break
			}
			if d.V <= 0 {
				continue // overlaps nothing: no order to keep
			}
			a, seen := argOf[v.V]
			if !seen {
				a = int32(len(k.args))
				argOf[v.V] = a
				k.args = append(k.args, e)
			}
			ts = append(ts, task{arg: a, x: int32(v.V), d: d.V})
		}
		if len(ts) > 1 {
			k.machines = append(k.machines, ts)
		}
	}
	if len(k.machines) == 0 {
		return nil
	}
	k.chains = make([][]int32, len(k.machines))
	return k
}

// Name implements Global.
func (k *orderKeeper) Name() string { return "lns order" }

// Args implements Global.
func (k *orderKeeper) Args() []Expr { return k.args }

// Holds implements Global: every chain is in order.
func (k *orderKeeper) Holds(vals []int64) bool {
	for m, ch := range k.chains {
		ts := k.machines[m]
		for i := 1; i < len(ch); i++ {
			a, b := ts[ch[i-1]], ts[ch[i]]
			if !endsBy(vals[a.arg], a.d, vals[b.arg]) {
				return false
			}
		}
	}
	return true
}

// Decompose implements Global. The keeper is never part of a model that
// lang reads or decomposes; what it keeps changes between searches.
func (k *orderKeeper) Decompose() (Expr, error) { return NewConst(1), nil }

func (k *orderKeeper) newProp(b *builder, argX, xs []int32) (globalProp, globalOpts, error) {
	return &orderProp{k: k}, globalOpts{idem: true}, nil
}

// clear keeps no order: the next search is the model's own.
func (k *orderKeeper) clear() {
	for m := range k.chains {
		k.chains[m] = k.chains[m][:0]
	}
}

// orderProp propagates the chains: a forward pass carries the earliest
// starts down each chain and a backward pass the latest starts up it,
// which is a chain's fixpoint (bounds only move one way along it).
type orderProp struct{ k *orderKeeper }

func (p *orderProp) propagate(t *store, _ propMode) bool {
	k := p.k
	for m, ch := range k.chains {
		if len(ch) < 2 {
			continue
		}
		ts := k.machines[m]
		for i := 1; i < len(ch); i++ {
			a, b := ts[ch[i-1]], ts[ch[i]]
			lo, ok := AddInt(t.minOf(a.x), a.d)
			if !ok || lo > t.minOf(b.x) && !t.removeBelow(b.x, lo) {
				return false
			}
		}
		for i := len(ch) - 1; i > 0; i-- {
			a, b := ts[ch[i-1]], ts[ch[i]]
			hi, ok := SubInt(t.maxOf(b.x), a.d)
			if !ok || hi < t.maxOf(a.x) && !t.removeAbove(a.x, hi) {
				return false
			}
		}
	}
	return true
}
