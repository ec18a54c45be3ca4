package repl

import (
	"fmt"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/searchopt"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
	"github.com/csp-lang/csp/engine"
)

// The session's search settings: :set.

// set changes or lists the search settings.
func (s *session) set(args []string) {
	if len(args) == 0 {
		fmt.Fprintf(s.out, "order   %s\nvalues  %s\nprop    %s\nsearch  %s\ntimeout %s\n",
			searchopt.NameOf(searchopt.Orders, s.settings.order), searchopt.NameOf(searchopt.ValueOrders, s.settings.values),
			searchopt.NameOf(searchopt.PropLevels, s.settings.prop), searchText(s.settings.free), timeoutText(s.settings.timeout))
		return
	}
	if len(args) != 2 {
		s.failed = true
		fmt.Fprintln(s.errw, "usage: :set order|values|prop|search|timeout VALUE, or :set alone to list the settings")
		return
	}
	var err error
	switch args[0] {
	case "order":
		err = settings.NewChoice(&s.settings.order, searchopt.Orders).Set(args[1])
	case "values":
		err = settings.NewChoice(&s.settings.values, searchopt.ValueOrders).Set(args[1])
	case "prop":
		before := s.settings.prop
		err = settings.NewChoice(&s.settings.prop, searchopt.PropLevels).Set(args[1])
		if err == nil && (before == engine.PropAC) != (s.settings.prop == engine.PropAC) {
			s.recompile(s.stmts) // lookups are lowered for the level (lang.Input.PlainLookups)
		}
	case "search":
		switch args[1] {
		case "model", "free":
			s.settings.free = args[1] == "free"
		default:
			err = fmt.Errorf("not one of free, model (free ignores the model's search statements)")
		}
	case "timeout":
		if args[1] == "off" || args[1] == "0" {
			s.settings.timeout = 0
		} else {
			err = settings.Duration(&s.settings.timeout).Set(args[1])
		}
	default:
		err = fmt.Errorf("unknown setting %q%s", args[0], settings.Suggest(args[0], settingNames))
	}
	if err != nil {
		s.failed = true
		fmt.Fprintf(s.errw, ":set %s: %v\n", args[0], err)
		return
	}
	s.search, s.found = nil, 0
	fmt.Fprintf(s.out, "%s = %s\n", args[0], args[1])
}

var settingNames = []string{"order", "values", "prop", "search", "timeout"}

// searchText names the search setting: the model's search statements
// followed, or ignored.
func searchText(free bool) string {
	if free {
		return "free"
	}
	return "model"
}

func timeoutText(d time.Duration) string {
	if d == 0 {
		return "off"
	}
	return d.String()
}
