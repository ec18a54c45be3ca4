package main

import (
	"fmt"

	"github.com/csp-lang/csp/engine"
)

// depthText says what the depth counts: decisions, of which under --prop
// ac some are x != v, so that 12-queens can reach a depth of 40.
func depthText(st engine.Stats) string {
	if st.MaxAssigned == st.MaxDepth {
		return plural(int64(st.MaxDepth), "decision")
	}
	return fmt.Sprintf("%s (x = v or x != v), at most %d x = v", plural(int64(st.MaxDepth), "decision"), st.MaxAssigned)
}
