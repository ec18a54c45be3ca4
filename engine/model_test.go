package engine

import (
	"slices"
	"testing"
)

func TestNewVarIntervals(t *testing.T) {
	m := NewModel()
	x, err := m.NewVarIntervals("x", []Interval{{7, 9}, {1, 3}, {4, 4}, {2, 2}, {12, 11}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.InitialIntervals(x), []Interval{{1, 4}, {7, 9}}; !slices.Equal(got, want) {
		t.Errorf("intervals %v, want %v", got, want)
	}
	if got, want := m.InitialDomain(x), []int64{1, 2, 3, 4, 7, 8, 9}; !slices.Equal(got, want) {
		t.Errorf("domain %v, want %v", got, want)
	}
	if lo, hi := m.InitialBounds(x); lo != 1 || hi != 9 || m.InitialSize(x) != 7 {
		t.Errorf("bounds %d..%d size %d", lo, hi, m.InitialSize(x))
	}
	if _, err := m.NewVarIntervals("e", []Interval{{3, 2}}); err == nil {
		t.Error("empty domain accepted")
	}
	if _, err := m.NewVarIntervals("w", []Interval{{0, 0}, {MaxDomainWidth, MaxDomainWidth}}); err == nil {
		t.Error("too wide a domain accepted")
	}
	if _, err := m.NewVarIntervals("w", []Interval{{-1 << 63, -1 << 63}, {1<<63 - 1, 1<<63 - 1}}); err == nil {
		t.Error("overflowing span accepted")
	}
}

func TestNewVarSparseAndShared(t *testing.T) {
	m := NewModel()
	a, _ := m.NewVar("a", []int64{5, 1, 3, 3, 2})
	b, _ := m.NewVar("b", []int64{1, 2, 3, 5})
	c, _ := m.NewVarRange("c", 1, 10000)
	d, _ := m.NewVarIntervals("d", []Interval{{1, 10000}})
	e, _ := m.NewVar("e", []int64{4, 5, 6})
	if got, want := m.InitialDomain(a), []int64{1, 2, 3, 5}; !slices.Equal(got, want) {
		t.Errorf("a: %v, want %v", got, want)
	}
	if m.vars[a].dom != m.vars[b].dom || m.vars[c].dom != m.vars[d].dom {
		t.Error("consecutive equal domains not shared")
	}
	if got := m.InitialDomain(c); len(got) != 10000 || got[0] != 1 || got[9999] != 10000 {
		t.Errorf("c: %d values", len(got))
	}
	if &m.InitialDomain(c)[0] != &m.InitialDomain(d)[0] {
		t.Error("value list of a shared domain built twice")
	}
	if got := m.InitialIntervals(e); !slices.Equal(got, []Interval{{4, 6}}) {
		t.Errorf("e: %v", got)
	}
	if ex, ok := m.Ref(c).(*VarExpr); !ok || ex.lo != 1 || ex.hi != 10000 {
		t.Errorf("Ref(c) = %#v", m.Ref(c))
	}
}

// A range domain of any width takes constant memory in the model.
func TestNewVarRangeAllocations(t *testing.T) {
	m := NewModel()
	if _, err := m.NewVarIntervals("x0", []Interval{{1, 1 << 20}}); err != nil {
		t.Fatal(err)
	}
	ivs := []Interval{{1, 1 << 20}}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := m.NewVarIntervals("x", ivs); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("%v allocations per variable", allocs)
	}
}
