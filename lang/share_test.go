package lang

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// A roster written with a definition, used in the objective and in an
// implied constraint, searches as the same model written with declared
// variables for the counts: under PropAC each call worked(p) is one
// hidden variable (engine/flatten_share.go), which the bound on the
// maximum and the sum share. (Before, the definition's model was not
// proven optimal in 30 s.)
func TestSharedDefinitionCalls(t *testing.T) {
	const head = "param N = 28\nparam P = 6\nvar who[1..N] in 1..P\n"
	withDef := head + `def worked(p) = count(who[i] = p for i in 1..N)
sum(worked(p) for p in 1..P) = N
minimize max(worked(p) for p in 1..P)
`
	withVars := head + `var w[1..P] in 0..N
forall p in 1..P: w[p] = count(who[i] = p for i in 1..N)
sum(w) = N
minimize max(w)
`
	o := engine.Default()
	var nodes [2]int64
	for i, src := range []string{withDef, withVars} {
		prog, err := Compile(Input{Model: Source{Name: "roster.csp", Text: []byte(src)}})
		if err != nil {
			t.Fatal(err)
		}
		_, best, st := solutions(t, prog, o)
		if best != 5 {
			t.Fatalf("model %d: optimum %d, want 5", i, best)
		}
		nodes[i] = st.Nodes
	}
	t.Logf("nodes: with the definition %d, with variables %d", nodes[0], nodes[1])
	if nodes[0] > nodes[1] {
		t.Errorf("the definition's model takes %d nodes, the variables' %d", nodes[0], nodes[1])
	}
}
