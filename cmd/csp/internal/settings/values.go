package settings

import (
	"errors"
	"flag"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Params are the -p NAME=VALUE of a command, in order.
type Params []string

func (p *Params) String() string { return strings.Join(*p, " ") }

func (p *Params) Set(s string) error {
	if wholeNumber().MatchString(s) { // MiniZinc's -p N
		return errors.New("a param is name=value (the number of threads, MiniZinc's -p N, is --workers N)")
	}
	*p = append(*p, s)
	return nil
}

var wholeNumber = LazyRegexp(`^[0-9]+$`)

// Choice is a flag whose value is one of a fixed set of names.
type Choice[T any] struct {
	dst     *T
	choices map[string]T
}

// NewChoice is the flag that sets *dst to one of choices, by name.
func NewChoice[T any](dst *T, choices map[string]T) Choice[T] { return Choice[T]{dst, choices} }

func (c Choice[T]) String() string { return "" }

// Names are the choices, sorted: for messages and completion.
func (c Choice[T]) Names() []string {
	names := make([]string, 0, len(c.choices))
	for n := range c.choices {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (c Choice[T]) Set(s string) error {
	v, ok := c.choices[s]
	if !ok {
		names := c.Names()
		return fmt.Errorf("not one of %s%s", strings.Join(names, ", "), Suggest(s, names))
	}
	*c.dst = v
	return nil
}

// DurationFlag accepts Go durations (10s, 1m30s) and plain seconds (10).
type DurationFlag struct{ d *time.Duration }

// Duration is the flag that sets *d.
func Duration(d *time.Duration) DurationFlag { return DurationFlag{d} }

func (f DurationFlag) String() string { return "" }

func (f DurationFlag) Set(s string) error {
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		*f.d = d
		return nil
	}
	if plainSeconds().MatchString(s) {
		// ParseDuration reads "10s" with the same range checks as "10".
		if d, err := time.ParseDuration(s + "s"); err == nil && d > 0 {
			*f.d = d
			return nil
		}
	}
	return fmt.Errorf("not a positive duration such as 10s or 2m")
}

// plainSeconds is a duration in seconds without a unit: 10, 0.5, 2.25.
var plainSeconds = LazyRegexp(`^[0-9]+(\.[0-9]+)?$`)

// MillisFlag is MiniZinc's --time-limit: milliseconds, or a duration with
// its unit (csp's --timeout).
type MillisFlag struct{ d *time.Duration }

// Millis is the flag that sets *d from milliseconds.
func Millis(d *time.Duration) MillisFlag { return MillisFlag{d} }

func (f MillisFlag) String() string { return "" }

func (f MillisFlag) Set(s string) error {
	if plainSeconds().MatchString(s) {
		s += "ms"
	}
	if err := (DurationFlag{f.d}).Set(s); err != nil {
		return fmt.Errorf("not a positive number of milliseconds such as 5000 (csp's --timeout 5s)")
	}
	return nil
}

// IsBool reports whether f is a switch, which takes no value (--all, --trace).
func IsBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// ValueNames are the values a flag takes from a fixed set, or nil.
func ValueNames(f *flag.Flag) []string {
	if n, ok := f.Value.(interface{ Names() []string }); ok {
		return n.Names()
	}
	return nil
}
