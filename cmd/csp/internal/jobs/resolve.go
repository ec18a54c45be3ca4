package jobs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/csp-lang/csp/engine"
)

// Resolver resolves job lines against a model.
type Resolver struct {
	m    *engine.Model
	prop engine.PropLevel
	fp   string
	vars map[string]engine.Var
}

// NewResolver resolves job lines against m, searched at level prop.
func NewResolver(m *engine.Model, prop engine.PropLevel) *Resolver {
	vars := make(map[string]engine.Var, m.NumVars())
	for x := range m.NumVars() {
		vars[m.VarName(engine.Var(x))] = engine.Var(x)
	}
	return &Resolver{m: m, prop: prop, fp: m.Fingerprint(), vars: vars}
}

// Resolve checks that the job was cut from m and resolves its
// decisions against m's variables. A line of LoadLines is parsed
// again for its paths.
func (jr *Resolver) Resolve(l *Line) (*Job, error) {
	if l.text != "" && l.Paths == nil {
		full, err := ParseLine(l.text)
		if err != nil {
			return nil, err
		}
		l = full
	}
	return jr.resolve(l, &engine.Paths{})
}

// resolve checks that the job was cut from the model and adds its
// subproblems to paths, sharing their first steps with the path added
// last, which may be another job's.
func (jr *Resolver) resolve(l *Line, paths *engine.Paths) (*Job, error) {
	if l.Model != jr.fp {
		return nil, fmt.Errorf("job %d/%d was split from another model (fingerprint %s, this one is %s): "+
			"give csp solve the model, data, -p values and --prop level that csp split had", l.Job, l.Jobs, l.Model, jr.fp)
	}
	j := &Job{Number: l.Job, Of: l.Jobs, Model: l.Model, Subs: paths}
	var sub engine.Subproblem
	before := 0 // the steps of the path before, in this line
	for i, path := range l.Paths {
		if path.Keep > before {
			return nil, fmt.Errorf("job %d/%d, subproblem %d keeps %d of the steps of the path before it, which has %d", l.Job, l.Jobs, i+1, path.Keep, before)
		}
		if path.Keep > 0 && len(path.Steps) == 0 {
			// A prefix of the path before: its subtree holds that path's,
			// which would be searched twice.
			return nil, fmt.Errorf("job %d/%d, subproblem %d keeps %d of the steps of the path before it and adds none: it would search that path again", l.Job, l.Jobs, i+1, path.Keep)
		}
		sub = sub[:0]
		for _, step := range path.Steps {
			var err error
			if sub, err = parseSteps(sub, step, jr.vars); err != nil {
				return nil, fmt.Errorf("job %d/%d, subproblem %d: %v", l.Job, l.Jobs, i+1, err)
			}
			if sub[len(sub)-1].Op != engine.DecideEq && jr.prop != engine.PropAC {
				return nil, fmt.Errorf("job %d/%d was cut under --prop ac (its paths take x != v, x <= v or x > v steps, which only that search makes): solve it with --prop ac", l.Job, l.Jobs)
			}
		}
		var err error
		if path.Keep == 0 { // shares what it can, with the last path of the job before too
			err = paths.Add(sub)
		} else {
			err = paths.Extend(path.Keep, sub)
		}
		if err != nil {
			return nil, fmt.Errorf("job %d/%d, subproblem %d: %v", l.Job, l.Jobs, i+1, err)
		}
		before = path.Keep + len(sub)
	}
	return j, nil
}

// parseSteps appends the decisions of a step to sub: "name=value",
// "name!=value", "name<=value", "name>value" (domain splitting's halves),
// or "name!=v1,v2,..." for name != v1, name != v2, ... in turn (the
// x != v steps of a path come in runs on one variable). The values are
// integers, so the last = or > ends the name, whatever it holds.
func parseSteps(sub engine.Subproblem, step string, vars map[string]engine.Var) (engine.Subproblem, error) {
	i := strings.LastIndexAny(step, "=>")
	if i < 0 {
		return sub, fmt.Errorf("%q is not name=value, name!=value, name<=value or name>value", step)
	}
	name, op := step[:i], engine.DecideEq
	switch {
	case step[i] == '>':
		op = engine.DecideGt
	case strings.HasSuffix(name, "!"):
		name, op = name[:len(name)-1], engine.DecideNe
	case strings.HasSuffix(name, "<"):
		name, op = name[:len(name)-1], engine.DecideLe
	}
	ne := op == engine.DecideNe
	x, ok := vars[name]
	values := step[i+1:]
	for {
		text, more, several := strings.Cut(values, ",")
		if several && !ne {
			return sub, fmt.Errorf("%q: only name!=value steps take a list of values", step)
		}
		if text == "" {
			return sub, fmt.Errorf("%q: a value is missing after the = or a comma", step)
		}
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return sub, fmt.Errorf("%q: %s is not an integer", step, text)
		}
		if !ok {
			return sub, fmt.Errorf("%q: the model has no variable %s", step, name)
		}
		sub = append(sub, engine.Decision{X: x, V: v, Op: op})
		if !several {
			return sub, nil
		}
		values = more
	}
}
