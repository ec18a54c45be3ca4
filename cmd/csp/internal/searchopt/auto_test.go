package searchopt

import (
	"testing"

	"github.com/csp-lang/csp/engine"
)

// TestSetTimesWithoutLNS: a schedule's default phase branches as set
// times on one worker, and by earliest start alone where LNS runs beside
// the search (two workers, an objective).
func TestSetTimesWithoutLNS(t *testing.T) {
	m := engine.NewModel()
	var starts, durs []engine.Expr
	for i := range 3 {
		v, err := m.NewVarRange("s", 0, 20)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, m.Ref(v))
		durs = append(durs, engine.NewConst(int64(2+i)))
	}
	g, err := engine.NewNoOverlap(starts, durs)
	if err != nil {
		t.Fatal(err)
	}
	m.Post(g)
	end, _ := engine.NewNary(engine.OpMax, starts)
	m.SetObjective(engine.Minimize, end)
	for _, c := range []struct {
		workers       int
		lns, setTimes bool
	}{{1, false, true}, {2, true, false}} {
		o := Auto(engine.Default(), m, Goal{Workers: c.workers})
		if o.LNS != c.lns || len(o.DefaultPhases) != 1 || o.DefaultPhases[0].SetTimes != c.setTimes || o.DefaultPhases[0].Order != engine.OrderSmallest {
			t.Errorf("%d workers: LNS %v, phases %+v; want LNS %v, one smallest-first phase with SetTimes %v", c.workers, o.LNS, o.DefaultPhases, c.lns, c.setTimes)
		}
	}
}
