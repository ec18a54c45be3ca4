package main

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// csp solve and the REPL search with defaultOrder, defaultValues and
// defaultProp; the Go API documents engine.Default() as their settings:
// the two must not drift apart.
func TestDefaultsMatchEngine(t *testing.T) {
	d := engine.Default()
	if defaultOrder != d.Order || defaultValues != d.Values || defaultProp != d.Prop {
		t.Errorf("csp searches with --order %v --values %v --prop %v; engine.Default() is %v/%v/%v",
			defaultOrder, defaultValues, defaultProp, d.Order, d.Values, d.Prop)
	}
	if d.Restarts != engine.RestartNone {
		t.Error("engine.Default() restarts; csp solve has no flag to restart")
	}
}
