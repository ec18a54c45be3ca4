package engine

import "sync/atomic"

// The variable dom/wdeg branches on, found by the queens pass.
//
// On large n-queens, dom/wdeg with one class of variables (domWdegOneClass)
// picks the unfixed variable with the smallest domain, the first declared
// among equals: a scan of every unfixed variable's size at each node, a
// tenth of 10000-queens. spreadQueensFlat visits each member it has not
// spread and writes its size anyway, so it keeps the least size<<32|x of
// them on the way (fusedMin). The choice can be taken from it when:
//
//   - nothing changed a domain or opened or closed a level since the pass
//     ended (store.changes and store.magic are as it left them), so that
//     the sizes it saw are the sizes now;
//   - every variable of the model is one of its members, and the unfixed
//     ones are as many as the members not spread. A spread member is
//     fixed and was seen fixed (fixedAC) before it was spread, so the
//     unfixed variables are members not spread; with equal counts the two
//     sets are the same, and so is the least key over them.
//
// Anything else scans as before. The key is the same total order as the
// scan's, so the choice is the same variable, ties included.
type fusedMin struct {
	key     int64  // the least size<<32 | x over the members not spread
	changes uint64 // store.changes when the pass ended
	magic   uint32 // store.magic when the pass ended
	liveN   int32  // the cell counting the members not spread
	members int32  // the number of members
	ok      bool   // key is from a pass that succeeded
}

// Switches for tests: fusedChoices off scans always; checkFused scans as
// well, counts the choices checked in fusedChecked, and panics if the two
// choices differ.
var (
	fusedChoices = true
	checkFused   = false
	fusedChecked atomic.Int64
)

// fusedChoice returns the variable the last queens pass found dom/wdeg
// would branch on among the unfixed variables, n of them, if it still
// holds (see fusedMin).
func (s *Solver) fusedChoice(n int) (int32, bool) {
	t := &s.st
	f := &t.fused
	if !fusedChoices || !f.ok || f.changes != t.changes || f.magic != t.magic ||
		f.members != s.n || t.cell[f.liveN] != int32(n) {
		return 0, false
	}
	return int32(f.key), true
}
