package repl

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the transcripts with the current answers")

func TestMain(m *testing.M) {
	// Run from the repository root, as csp's own tests do: the transcripts
	// (cmd/csp/testdata/repl) load models/... and name files from there.
	if err := os.Chdir("../../../.."); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
