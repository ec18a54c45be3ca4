package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// wideDiffModel is a diffNet model of more than 64 alldiffs, whose sets
// of units take two words (diffNet's general path; the one-word paths
// serve nets of at most 64 units): 8 variables over a few of the values
// 0 to 5, and 65 to 80 alldiffs of 3 or 4 of them (alldiffs of two are
// fused into other propagators). In two models of three, the alldiffs
// are chosen among those a planted assignment satisfies, so that some
// models have solutions; in the others the values are 0 to 4.
func wideDiffModel(rng *rand.Rand) *Model {
	m := NewModel()
	const n = 8
	plant := rng.Intn(3) > 0
	top := int64(6)
	if !plant {
		top = 5 // too few values for most of these models
	}
	val := make([]int64, n)
	var refs []Expr
	for i := range n {
		var vs []int64
		for v := int64(0); v < top; v++ {
			if rng.Intn(3) == 0 {
				vs = append(vs, v)
			}
		}
		if len(vs) < 2 {
			vs = append(vs, 6, 7)
		}
		val[i] = vs[rng.Intn(len(vs))]
		x, _ := m.NewVar(fmt.Sprintf("x%d", i), vs)
		refs = append(refs, m.Ref(x))
	}
	for k, tries := 65+rng.Intn(16), 0; k > 0 && tries < 1e5; tries++ { // a plant of too few values has no such alldiffs
		perm := rng.Perm(n)[:3+rng.Intn(2)]
		if plant {
			seen := map[int64]bool{}
			ok := true
			for _, x := range perm {
				ok = ok && !seen[val[x]]
				seen[val[x]] = true
			}
			if !ok {
				continue
			}
		}
		var args []Expr
		for _, x := range perm {
			args = append(args, refs[x])
		}
		m.AllDifferent(args)
		k--
	}
	return m
}

// diffNetUnits is the number of alldiffs the solver's diffNets serve.
func diffNetUnits(s *Solver) int {
	n := 0
	for _, p := range s.ac.props {
		if p, ok := p.(*diffNet); ok {
			n += len(p.uCons)
		}
	}
	return n
}

// With more than 64 units, diffNet gives the separate propagators'
// search, node for node; rootRun leaves the whole search as the sweep
// alone, dom/wdeg charges included; the solutions are brute force's.
func TestDiffNetWide(t *testing.T) {
	rng := rand.New(rand.NewSource(64))
	models := 30
	if testing.Short() {
		models = 12
	}
	defer func() { useDiffNet, useSpreadRoot = true, true }()
	wide, sat, rootRuns, rootFails := 0, 0, 0, 0
	for i := range models {
		m := wideDiffModel(rng)
		want := bruteDiff(m)
		if len(want) > 0 {
			sat++
		}
		for _, o := range allOptions() {
			if o.Prop != PropAC {
				continue
			}
			var recs [3][]string
			for k, mode := range []struct{ net, root bool }{{true, true}, {true, false}, {false, true}} {
				useDiffNet, useSpreadRoot = mode.net, mode.root
				s := newSolver(t, m, o)
				if k == 0 && diffNetUnits(s) > 64 {
					wide++
				}
				recs[k] = rootRecord(s, true)
				if k == 0 {
					rootRuns += rootRunsOf(s)
				}
			}
			useDiffNet, useSpreadRoot = true, true
			if j := firstDiff(recs[0], recs[1]); j >= 0 {
				t.Fatalf("model %d %+v, line %d: rootRun %q, sweep %q", i, o, j, recs[0][j], recs[1][j])
			}
			// The separate propagators charge failures elsewhere (under
			// dom/wdeg their trees differ, their solutions do not), count
			// their runs otherwise (the statistics and weights are left
			// out), and leave other domains after a failed root (diffNet
			// writes none).
			if recs[0][0] == "false" {
				rootFails++
			}
			if recs[0][0] != recs[2][0] {
				t.Fatalf("model %d %+v: root propagation %s, separate %s", i, o, recs[0][0], recs[2][0])
			}
			if o.Order != OrderDomWdeg && recs[0][0] == "true" {
				a, b := recs[0][:len(recs[0])-2], recs[2][:len(recs[2])-2]
				if j := firstDiff(a, b); j >= 0 {
					t.Fatalf("model %d %+v, line %d: diffNet %q, separate %q", i, o, j, a[j], b[j])
				}
			}
			if got := recordSolutions(recs[0]); got != len(want) {
				t.Fatalf("model %d %+v: %d solutions, brute force %d", i, o, got, len(want))
			}
		}
	}
	t.Logf("%d wide nets, %d of %d models satisfiable, %d root runs, %d failed", wide, sat, models, rootRuns, rootFails)
	if wide == 0 || sat == 0 || sat == models || rootRuns == 0 || rootFails == 0 {
		t.Errorf("%d nets of more than 64 units, %d of %d models satisfiable, %d root runs, %d failed: the test misses a case", wide, sat, models, rootRuns, rootFails)
	}
}

func rootRunsOf(s *Solver) int { return rootRuns(s) }

// recordSolutions counts the solutions in a rootRecord.
func recordSolutions(rec []string) int {
	return len(slices.DeleteFunc(slices.Clone(rec), func(l string) bool {
		return len(l) < 8 || l[:8] != "solution"
	}))
}
