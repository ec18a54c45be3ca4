package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// globalChecks are the tests of the globals, by name, for FuzzGlobals:
// each global's test file adds its globalCheck in an init function.
var globalChecks = map[string]globalCheck{}

func registerGlobalCheck(c globalCheck) globalCheck {
	globalChecks[c.name] = c
	return c
}

// FuzzGlobals draws random instances of every global, as the global's own
// test does, from seeds the fuzzer chooses: the propagator under every
// setting, the decomposition and brute force must agree.
func FuzzGlobals(f *testing.F) {
	for k := range 8 {
		f.Add(uint8(k), int64(k))
	}
	f.Fuzz(func(t *testing.T, which uint8, seed int64) {
		names := make([]string, 0, len(globalChecks))
		for n := range globalChecks {
			names = append(names, n)
		}
		slices.Sort(names)
		c := globalChecks[names[int(which)%len(names)]]
		defer func(l int) { copyLimit = l }(copyLimit)
		c.one(t, int(seed&0xffff), seed)
	})
}

func init() {
	for _, c := range append(append(lexChecks(), gccChecks()...), inverseChecks()...) {
		registerGlobalCheck(c)
	}
	for _, blanks := range []bool{false, true} {
		for _, negated := range []bool{false, true} {
			registerGlobalCheck(globalCheck{name: fmt.Sprintf("table blanks=%v negated=%v", blanks, negated),
				make: func(rng *rand.Rand, m *Model) Global { return randomTable(rng, m, 3, 10, blanks, negated) }})
		}
	}
	registerGlobalCheck(globalCheck{name: "regular", make: regularMaker(false)})
	registerGlobalCheck(globalCheck{name: "regular with a variable twice", make: regularMaker(true)})
	registerGlobalCheck(circuitCheck)
	registerGlobalCheck(subcircuitCheck)
	for _, kind := range []string{"const", "var", "repeat", "alias"} {
		registerGlobalCheck(globalCheck{name: "element " + kind, make: elementMaker(kind)})
	}
}
