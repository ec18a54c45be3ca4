package main

import (
	"github.com/csp-lang/csp/cmd/csp/internal/narrate"
)

// --trace narrates the search, one line per event, indented by depth;
// --trace=piles shows the course's view instead: after each step, the
// pile of values left to try at every assigned position. --tree records
// the same events into a picture (package searchview). The text is package
// narrate's, which the playground prints too.

type traceMode = narrate.Mode

const (
	traceOff     = narrate.Off
	traceSteps   = narrate.Steps
	traceDomains = narrate.Domains
	tracePiles   = narrate.Piles
)

var traceModes = narrate.Modes

// defaultTraceLimit is how many lines --trace prints before it stops
// narrating (the search goes on).
const defaultTraceLimit = narrate.DefaultLimit
