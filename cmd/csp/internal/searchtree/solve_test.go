package searchtree

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/csp-lang/csp/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The data part of the HTML for the course's 4-queens tree, against a
// golden file: the nodes, the dead ends' causes (q[3] and q[4] emptied by
// diagonal(q)), the domains at each node, the board.
func TestHTMLDataQueens4(t *testing.T) {
	r, _ := solve(t, queens(t, 4), course, Options{}, false)
	got, err := json.MarshalIndent(r.data(Header{Title: "queens.csp (n=4)", Order: "input", Values: "min", Prop: "fc"}), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "queens4-fc.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the data differs from %s (-update rewrites it):\n%s", golden, got)
	}
}

// What the node panel reads, checked on its own: the dead ends' causes
// and the domains that propagation left.
func TestQueens4Causes(t *testing.T) {
	r, _ := solve(t, queens(t, 4), course, Options{}, false)
	if len(r.nodes) != 8 || len(r.fails) != 2 {
		t.Fatalf("%d nodes, %d dead ends; want 8, 2", len(r.nodes), len(r.fails))
	}
	for k, want := range []struct{ node, v int32 }{{1, 2}, {3, 3}} { // q[2]=3: q[3] emptied; q[3]=2: q[4]
		f := r.fails[k]
		if f.node != want.node || f.v != want.v || !strings.Contains(r.prog.ConstraintText(int(f.cons)), "diagonal(q)") {
			t.Errorf("dead end %d: node %d, variable %d, constraint %q; want node %d, variable %d, diagonal(q)",
				k, f.node, f.v, r.prog.ConstraintText(int(f.cons)), want.node, want.v)
		}
	}
	// After q[1]=1 forward checking leaves q[2] in {3, 4}, q[3] in {2, 4}, q[4] in {2, 3}.
	d := r.doms[0]
	if d.node != 0 || len(d.entries) != 4 || d.entries[1] != (domEntry{1, "3..4"}) || d.entries[2] != (domEntry{2, "2 4"}) || d.entries[3] != (domEntry{3, "2..3"}) {
		t.Errorf("the domains after q[1]=1: %+v", d)
	}
}

// Under the default settings (ac) 4-queens is one node: the decision
// q[1]=2 and propagation fixing the other queens, which the domains show.
func TestQueens4AC(t *testing.T) {
	r, _ := solve(t, queens(t, 4), engine.Options{Order: engine.OrderDomWdeg, Values: engine.ValuesAuto, Prop: engine.PropAC}, Options{}, false)
	if len(r.nodes) != 1 || r.nodes[0].kind != solution || len(r.doms) != 1 {
		t.Fatalf("nodes %+v, domains %+v; want one solution node with its domains", r.nodes, r.doms)
	}
	fixedBelow := 0
	for _, e := range r.doms[0].entries {
		if !strings.ContainsAny(e.dom, " .") {
			fixedBelow++
		}
	}
	if fixedBelow != 4 {
		t.Errorf("at the node %d variables are fixed, want 4: %+v", fixedBelow, r.doms[0].entries)
	}
}

// 12-queens --count under the course's settings, 642,000 nodes, is
// stored whole in a file under 5 MB, written fast.
func TestQueens12Size(t *testing.T) {
	if testing.Short() {
		t.Skip("a 642,000-node search; TestBudgetCountsTheRest checks the budget under -short")
	}
	start := time.Now()
	r, st := solve(t, queens(t, 12), course, Options{}, true)
	var b bytes.Buffer
	if err := r.WriteHTML(&b, Header{Title: "queens", Stats: st}); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("12 queens: %d nodes, %d bytes, %v", st.Nodes, b.Len(), took)
	if size, _, sols := r.Totals(); size != st.Nodes || sols != 14200 || r.Stored() != int(size) {
		t.Errorf("recorded %d nodes (%d stored), %d solutions; the search had %d nodes, 14200 solutions", size, r.Stored(), sols, st.Nodes)
	}
	if b.Len() >= 5_000_000 {
		t.Errorf("the file is %d bytes, want under 5 MB", b.Len())
	}
	// 0.7 s on an idle machine (BenchmarkHTMLQueens12); the bound only
	// catches work that grows faster than the search, on a busy one.
	if took > 30*time.Second {
		t.Errorf("took %v", took)
	}
}

// A search of more than a million nodes keeps what the budget allows,
// says so, and stays under 5 MB.
func TestMillionNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("3.3 million events; TestBudgetCountsTheRest checks the budget under -short")
	}
	r := wideTree(t, 12, 6, Options{}) // 3,257,436 nodes
	var b bytes.Buffer
	if err := r.WriteHTML(&b, Header{}); err != nil {
		t.Fatal(err)
	}
	size, _, _ := r.Totals()
	if size != 3257436 || r.Stored() >= int(size) || r.Stored() < 500_000 {
		t.Errorf("%d nodes, %d stored", size, r.Stored())
	}
	if !strings.Contains(b.String(), "nodes are stored one by one; the ") {
		t.Errorf("the file does not say the search was sampled")
	}
	if b.Len() >= 5_000_000 {
		t.Errorf("the file is %d bytes, want under 5 MB", b.Len())
	}
}

// BenchmarkHTMLQueens12 records 12-queens --count under the course's
// settings and writes its page.
func BenchmarkHTMLQueens12(b *testing.B) {
	prog := queens(b, 12)
	for range b.N {
		r, st := solve(b, prog, course, Options{}, true)
		var w bytes.Buffer
		if err := r.WriteHTML(&w, Header{Stats: st}); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(w.Len()))
	}
}
