package limits

import (
	"fmt"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
)

// DefaultMaxMemory bounds the heap of a search unless --max-memory says
// otherwise: past it the search stops as a limit does, instead of the
// operating system killing the process.
const DefaultMaxMemory = 4 << 30

// MemoryFlag parses sizes such as 512M, 2G or a number of bytes.
type MemoryFlag struct{ N *int64 }

func (f MemoryFlag) String() string { return "" }

func (f MemoryFlag) Set(s string) error {
	mult := int64(1)
	t := strings.ToUpper(strings.TrimSpace(s))
	for suffix, m := range map[string]int64{"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30} {
		if strings.HasSuffix(t, suffix) && len(t) > len(suffix) {
			if _, err := strconv.ParseFloat(strings.TrimSuffix(t, suffix), 64); err == nil {
				mult, t = m, strings.TrimSuffix(t, suffix)
				break
			}
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return fmt.Errorf("not a size such as 512M or 2G")
	}
	*f.N = int64(v * float64(mult))
	return nil
}

// Guard watches the heap during a search.
type Guard struct {
	Limit  int64
	sample []metrics.Sample
	Hit    bool // the heap passed Limit (a caller may set it for a stop of the limit's own)
}

// NewGuard watches the heap against limit bytes.
func NewGuard(limit int64) *Guard {
	// The garbage collector works harder as the heap nears the limit.
	debug.SetMemoryLimit(limit)
	return &Guard{Limit: limit, sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
}

// TestHookUnderway, when a test sets it, is called where csp's long work
// looks for a stop request (underway): in a search's progress reports,
// while compiling, between compare's rows. A test can then tell that the
// work is under way without reading a clock.
var TestHookUnderway func()

// Underway is where long work looks for a stop request: it calls
// TestHookUnderway, when set.
func Underway() {
	if TestHookUnderway != nil {
		TestHookUnderway()
	}
}

// Over reports whether the heap has passed the limit.
func (g *Guard) Over() bool {
	Underway()
	metrics.Read(g.sample)
	if g.sample[0].Value.Kind() == metrics.KindUint64 && int64(g.sample[0].Value.Uint64()) > g.Limit {
		g.Hit = true
	}
	return g.Hit
}
