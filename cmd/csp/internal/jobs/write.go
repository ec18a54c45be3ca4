package jobs

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/csp-lang/csp/engine"
)

// Write writes the groups of a split as job lines: group g is the
// subproblems of paths from starts[g] on.
func Write(w io.Writer, m *engine.Model, paths *engine.Paths, starts []int) error {
	fp := m.Fingerprint()
	names := make([][]byte, m.NumVars()) // each quoted, without its closing quote
	for x := range names {
		q, _ := json.Marshal(m.VarName(engine.Var(x)))
		names[x] = q[:len(q)-1]
	}
	var line []byte
	for g, from := range starts {
		to := paths.Len()
		if g+1 < len(starts) {
			to = starts[g+1]
		}
		line = fmt.Appendf(line[:0], `{"job":%d,"jobs":%d,"model":%q,"paths":[`, g+1, len(starts), fp)
		for i := from; i < to; i++ {
			keep := 0
			if i > from {
				keep = paths.Kept(i)
			}
			if i > from {
				line = append(line, ',')
			}
			line = append(line, '[')
			if keep > 0 {
				line = strconv.AppendInt(line, int64(keep), 10)
			}
			steps := paths.Suffix(i, keep)
			for k, d := range steps {
				if k > 0 && d.Op == engine.DecideNe && steps[k-1].Op == engine.DecideNe && steps[k-1].X == d.X {
					line = append(line[:len(line)-1], ',') // name!=v1,v2: one string for the run
				} else {
					if k > 0 || keep > 0 {
						line = append(line, ',')
					}
					line = append(line, names[d.X]...)
					line = append(line, d.Op.String()...)
				}
				line = strconv.AppendInt(line, d.V, 10)
				line = append(line, '"')
			}
			line = append(line, ']')
		}
		line = append(line, "]}\n"...)
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}
