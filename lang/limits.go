package lang

import (
	"fmt"
	"runtime/metrics"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/csp-lang/csp/engine"
)

// Compiling is bounded as a search is: by memory, and by a stop request
// (Ctrl-C, SIGTERM, a deadline). Scanning and parsing check both every
// 65,536 tokens, lowering every 4,096 evaluations, so that a model that
// would take gigabytes or minutes stops with an error at the line or
// statement at hand instead of being killed by the operating system.
// What can be known before it is made is refused before: a file whose
// tokens would not fit (counted first), the parse of a file and a
// top-level forall of known size whose first part, scaled to the whole,
// would not fit.

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

// exceeded checks the stop request and the heap, and returns why
// compiling must stop (the start of a message, to be followed by where:
// "compiling stopped (interrupted)", "... took the heap past 1 GB, the
// memory limit"), or "". doing names what was being done ("lowering").
func (g *guard) exceeded(doing string) string {
	if g.limits.Stop != nil {
		if why := g.limits.Stop(); why != "" {
			return fmt.Sprintf("compiling stopped (%s) while %s", why, doing)
		}
	}
	if max := g.limits.MaxMemory; max > 0 {
		if heap, _, _ := g.heap(); heap > max/100*heapShare {
			return fmt.Sprintf("%s took the heap past %s, the memory limit", doing, SizeText(max))
		}
	}
	return ""
}

// heapShare is the percentage of the memory limit the heap's objects may
// take while compiling; the rest is the collector's room to work, without
// which it runs all but continuously as the heap nears the limit.
const heapShare = 85

// projected reports, for a task of which a share is done, the message
// that refuses it when all of it would not fit in the limit, or "". It
// goes by what the last collection found live, against what lived when
// the task began (live0, cycles0 from heap()): the heap itself holds
// garbage, which early on can be most of what the task made. The share
// done is taken at the check, after the collection, so this errs low.
func (g *guard) projected(doing string, live0, cycles0 int64, done float64) string {
	max := g.limits.MaxMemory
	if max <= 0 || done < minProjected || done >= 1 {
		return ""
	}
	_, live, cycles := g.heap()
	if need := float64(live0) + float64(live-live0)/done; cycles > cycles0 && live > live0 && need > projectMargin*float64(max) {
		return fmt.Sprintf("%s would take about %s of memory, more than the memory limit of %s",
			doing, SizeText(int64(need)), SizeText(max))
	}
	return ""
}

// minProjected is the share of a task done before it is projected.
const minProjected = 0.01

func (g *guard) isHalted() bool { return g != nil && g.halted }

// bytesPerToken is what reading a token costs until the file is parsed:
// the token (64 bytes) and its share of the syntax tree (about 100 more:
// a name or a number is a node of about 100 bytes, an operator one of
// about 130 for two operands and itself).
const bytesPerToken = 200

// fits reports whether reading n tokens fits in the memory limit.
func (g *guard) fits(n int64) bool {
	return g == nil || g.limits.MaxMemory <= 0 || n*bytesPerToken <= g.limits.MaxMemory
}

// refuseFile is the error for a file whose n tokens would not fit.
func (g *guard) refuseFile(file string, n int) ErrorList {
	var errs ErrorList
	g.stop(&errs, Span{Pos: Pos{File: file}},
		"the file has %d tokens: reading them would take about %s, more than the memory limit of %s",
		n, SizeText(int64(n)*bytesPerToken), SizeText(g.limits.MaxMemory))
	return errs
}

// Reading (scanning, then parsing statement by statement) is checked every
// readCheckEvery tokens, and the parse is projected from the share of the
// file read so far.
const readCheckEvery = 1 << 16

// readGuard checks the limits while a file's statements are parsed.
type readGuard struct {
	g              *guard
	name           string
	size           int
	live0, cycles0 int64
	toks           int
}

// reading starts the checks of parsing a file of size bytes; nil if there
// are no limits.
func (g *guard) reading(name string, size int) *readGuard {
	if g == nil {
		return nil
	}
	if size < readCheckEvery {
		// Every token takes a byte at least, so tick never checks: the
		// heap is not read (reading it costs a tenth of a millisecond
		// of start-up).
		return &readGuard{g: g, name: name, size: size}
	}
	_, live, cycles := g.heap()
	return &readGuard{g: g, name: name, size: size, live0: live, cycles0: cycles}
}

// tick counts a statement's tokens and, every readCheckEvery of them,
// checks the limits; it reports false once reading must stop, with the
// error added to errs.
func (r *readGuard) tick(stmt []lexer.Token, errs *ErrorList) bool {
	if r == nil {
		return true
	}
	if r.toks += len(stmt); r.toks < readCheckEvery {
		return !r.g.halted
	}
	r.toks = 0
	sp := tokSpan(stmt)
	if why := r.g.exceeded("reading this statement"); why != "" {
		r.g.stop(errs, sp, "%s", why)
		return false
	}
	if r.size > 0 {
		read := float64(stmt[len(stmt)-1].Pos.Offset) / float64(r.size)
		if why := r.g.projected("reading "+r.name, r.live0, r.cycles0, read); why != "" {
			r.g.stop(errs, Span{Pos: sp.Pos}, "%s", why)
			return false
		}
	}
	return true
}

// stopper is the stop of parseStmt for stmt: it checks the limits and,
// once one is exceeded, adds its error to errs and says stop; nil for a
// statement too short to need it.
func (r *readGuard) stopper(stmt []lexer.Token, errs *ErrorList) func() bool {
	if r == nil || len(stmt) < readCheckEvery {
		return nil
	}
	return func() bool {
		if r.g.halted {
			return true
		}
		if why := r.g.exceeded("reading this statement"); why != "" {
			r.g.stop(errs, tokSpan(stmt), "%s", why)
			return true
		}
		return false
	}
}

// check checks the limits while a data file is read, at, a share of the
// file: false, with the error added to errs, once reading must stop.
func (r *readGuard) check(at Pos, errs *ErrorList) bool {
	if r == nil {
		return true
	}
	sp := Span{Pos: at}
	if why := r.g.exceeded("reading this data file"); why != "" {
		r.g.stop(errs, sp, "%s", why)
		return false
	}
	if r.size > 0 {
		if why := r.g.projected("reading "+r.name, r.live0, r.cycles0, float64(at.Offset)/float64(r.size)); why != "" {
			r.g.stop(errs, sp, "%s", why)
			return false
		}
	}
	return true
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
	g := l.limit
	if g.halted {
		return false
	}
	if why := g.exceeded("lowering this statement"); why != "" {
		return l.halt("%s", why)
	}
	if p := &g.proj; p.on {
		doing := fmt.Sprintf("lowering this statement (%d times its body)", p.total)
		if why := g.projected(doing, p.live0, p.cycles0, float64(p.done)/float64(p.total)); why != "" {
			return l.halt("%s", why)
		}
	}
	return true
}

// halt reports why compiling stops, at the statement being lowered.
func (l *lowerer) halt(format string, args ...any) bool {
	l.limit.stop(l.errs, l.stmt, format, args...)
	return false
}

// stop records why compiling stops, at sp.
func (g *guard) stop(errs *ErrorList, sp Span, format string, args ...any) {
	g.halted = true
	errs.Add(sp.Pos, sp.End, format, args...)
	(*errs)[len(*errs)-1].Kind = ErrLimit
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

// domainBytes is at most what the search keeps for a variable whose
// initial domain is the range of span values (engine.DomainBytes): a bit
// per value up to 2^16 values, 1..9 a few dozen bytes, 1..60000 15 KB;
// a wider range is its bounds and gaps, some 200 bytes however wide.
func domainBytes(span int64) int64 { return engine.DomainBytes(span, 1) }

// defaultDomainBudget bounds the domains' memory when compiling has no
// memory limit (a library caller's Compile): what the command-line tool
// allows by default.
const defaultDomainBudget = 4 << 30

// domainBudget is the memory the domains of the model may take: all of
// the memory limit, which the rest of the model and the search share, so
// that a model refused is one that could not run.
func (l *lowerer) domainBudget() int64 {
	if l.limit != nil && l.limit.limits.MaxMemory > 0 {
		return l.limit.limits.MaxMemory
	}
	return defaultDomainBudget
}
