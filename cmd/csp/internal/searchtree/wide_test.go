package searchtree

import (
	"strconv"
	"testing"

	"github.com/csp-lang/csp/engine"
)

// wideModel's first split is x <= 50000000000000003, odd and beyond 2^53:
// a float64 would round it to ...04.
const wideModel = "var x in 1..10^17 + 6\nvar y in -10^17..10^17\nx != 3\nx + y = 10^17 + 1\n"

// solveWide records the first solution of wideModel under the defaults.
func solveWide(t *testing.T) (*Recorder, engine.Stats) {
	auto := engine.Options{Order: engine.OrderDomWdeg, Values: engine.ValuesAuto, Prop: engine.PropAC}
	return solve(t, compile(t, wideModel), auto, Options{}, false)
}

// A tree of a search over a domain of 10^17 values: its domains are
// ranges, its decisions are the halves of splits, and the split points
// beyond 2^53, which a JavaScript number would round, travel exactly as
// strings beside the node stream.
func TestWideDomainTreeData(t *testing.T) {
	r, st := solveWide(t)
	d := r.data(Header{Title: "wide", Stats: st})
	if d.Init[0] != "1..2 4..100000000000000006" || d.Init[1] != "-100000000000000000..100000000000000000" {
		t.Errorf("initial domains %q, want x's with its gap and y's whole range", d.Init)
	}
	if len(d.Splits) == 0 || len(d.Splits) != len(r.nodes) {
		t.Fatalf("%d split nodes of %d: every decision on these domains is a split", len(d.Splits), len(r.nodes))
	}
	for _, sp := range d.Splits {
		if sp[1] != int(engine.DecideLe) && sp[1] != int(engine.DecideGt) {
			t.Errorf("node %d: op %d, want a half of a split", sp[0], sp[1])
		}
	}
	big := map[int]string{}
	for _, b := range d.Big {
		big[b[0].(int)] = b[1].(string)
	}
	exact := 0
	for i, n := range r.nodes {
		beyond := n.val > 1<<53 || n.val < -(1<<53)
		s, listed := big[i]
		if beyond != listed || listed && s != strconv.FormatInt(n.val, 10) {
			t.Errorf("node %d, value %d: listed as %q (%v)", i, n.val, s, listed)
		}
		if listed {
			exact++
		}
	}
	if exact == 0 {
		t.Errorf("no split point beyond 2^53 in %d nodes: the test does not test the big values", len(r.nodes))
	}
}

// The viewer labels the split nodes x≤m and x>m, with m exact past 2^53.
func TestViewerWideInChromium(t *testing.T) {
	browser := chromium(t)
	r, st := solveWide(t)
	page := writePage(t, r, Header{Title: "wide.csp", Order: "domwdeg", Values: "auto", Prop: "ac", Stats: st})
	dom, err := headless(browser, t.TempDir(), "file://"+page+"#selftest", "--dump-dom")
	if err != nil {
		t.Fatal(err)
	}
	got := readSelftest(t, dom)
	if len(got.Errors) > 0 {
		t.Errorf("errors in the page: %q", got.Errors)
	}
	if got.ReplayPanel != "x≤50000000000000003" {
		t.Errorf("the first node reads %q, want x≤50000000000000003", got.ReplayPanel)
	}
}
