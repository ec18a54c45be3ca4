package lang

import (
	"fmt"
	"runtime/metrics"
)

// Compiling is bounded as a search is: by memory, and by a stop request
// (Ctrl-C, SIGTERM, a deadline). Lowering checks both every few thousand
// evaluations, so that a model that would take gigabytes or minutes to
// lower stops with an error at the statement being lowered instead of
// being killed by the operating system. A top-level forall whose size is
// known is also projected: when the memory its first iterations took,
// scaled to all of them, is well past the limit, it is refused then,
// before the rest is allocated.

// Limits bound a compilation. The zero value sets none.
type Limits struct {
	// MaxMemory, if not zero, is the most heap compiling may hold, in
	// bytes.
	MaxMemory int64
	// Stop, if set, is asked regularly; a non-empty answer ("interrupted",
	// "timeout after 10s") stops compiling with an ErrLimit error.
	Stop func() string
}

// checkEvery is how many evaluations pass between two checks: a check
// reads the runtime's heap size, which costs about a microsecond.
const checkEvery = 4096

// projectMargin: a statement is refused on a projection only when it is
// this much past the limit, for the projection is an estimate; the heap
// check catches the rest.
const projectMargin = 1.1

// guard keeps what the checks need between calls.
type guard struct {
	limits Limits
	sample []metrics.Sample
	evals  int
	halted bool // a limit stopped compiling: everything unwinds

	// The top-level forall being lowered, when its size is known: what
	// lived when it started, and the collections so far.
	proj struct {
		on          bool
		total, done int64
		live0       int64
		cycles0     int64
	}
}

// heap returns the bytes of the heap's objects, garbage included; the
// bytes found live by the last collection; and the collections so far.
func (g *guard) heap() (objects, live, cycles int64) {
	if g.sample == nil {
		g.sample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"},
			{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
	}
	metrics.Read(g.sample)
	read := func(s metrics.Sample) int64 {
		if s.Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(s.Value.Uint64())
	}
	return read(g.sample[0]), read(g.sample[1]), read(g.sample[2])
}

// tick counts an evaluation and, every checkEvery, checks the limits. It
// reports false once compiling must stop; the error is then reported.
func (l *lowerer) tick() bool {
	if l.limit.halted {
		return false
	}
	if l.limit.evals++; l.limit.evals < checkEvery {
		return true
	}
	l.limit.evals = 0
	return l.checkLimits()
}

// checkLimits checks the limits now.
func (l *lowerer) checkLimits() bool {
	g := &l.limit
	if g.halted {
		return false
	}
	if g.limits.Stop != nil {
		if why := g.limits.Stop(); why != "" {
			return l.halt("compiling stopped (%s) while lowering this statement", why)
		}
	}
	max := g.limits.MaxMemory
	if max <= 0 {
		return true
	}
	heap, live, cycles := g.heap()
	if heap > max {
		return l.halt("lowering this statement took the heap past %s, the memory limit", SizeText(max))
	}
	// What a collection found live, against the iterations done by then
	// (about: done counts those since too, so this errs low).
	if p := &g.proj; p.on && p.done >= 64 && cycles > p.cycles0 && live > p.live0 {
		per := float64(live-p.live0) / float64(p.done)
		if need := float64(p.live0) + per*float64(p.total); need > projectMargin*float64(max) {
			return l.halt("lowering this statement would take about %s of memory (%d times its body), more than the memory limit of %s",
				SizeText(int64(need)), p.total, SizeText(max))
		}
	}
	return true
}

// halt reports why compiling stops, at the statement being lowered.
func (l *lowerer) halt(format string, args ...any) bool {
	l.limit.halted = true
	l.errs.Add(l.stmt.Pos, l.stmt.End, format, args...)
	(*l.errs)[len(*l.errs)-1].Kind = ErrLimit
	return false
}

// SizeText writes a byte count as people read it: 300 MB, 1.5 GB, 512 KB.
func SizeText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.3g GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.3g MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.3g KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
