package repl

import (
	"fmt"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// replCommands are the session's : commands with their one-line help.
var replCommands = []struct{ name, args, help string }{
	{"solve", "", "find the first solution (a new search)"},
	{"next", "", "the next solution of the same search"},
	{"all", "", "print every solution"},
	{"count", "", "count the solutions"},
	{"stats", "", "statistics of the last search"},
	{"explain", "", "why the model has no solution: a minimal set of statements with none"},
	{"trace", "MODE", "narrate the searches that follow: on, off, domains or piles (as --trace)"},
	{"tree", "FILE", "draw the last search's tree: FILE.html, FILE.svg or FILE.dot"},
	{"model", "", "the statements so far, numbered"},
	{"undo", "", "remove the last statement"},
	{"drop", "N", "remove statement N"},
	{"reset", "", "start again with an empty model"},
	{"load", "FILE", "add a model file's statements to the model, or a data file"},
	{"open", "FILE", "start again from a model file alone (:reset, then :load)"},
	{"save", "FILE", "write the statements as a .csp file csp solve accepts"},
	{"set", "[NAME VALUE]", "change a search setting, or list them (order, values, prop, timeout)"},
	{"help", "[TOPIC]", "this list, or help on a command or topic"},
	{"quit", "", "leave (Ctrl-D does too)"},
}

// command runs a : command.
func (s *session) command(line string) {
	fields := strings.Fields(strings.TrimPrefix(line, ":"))
	if len(fields) == 0 {
		s.help(nil)
		return
	}
	name, args := fields[0], fields[1:]
	switch name {
	case "solve":
		s.solve()
	case "next":
		s.nextSolution()
	case "all":
		s.all(true)
	case "count":
		s.all(false)
	case "stats":
		s.stats()
	case "explain":
		s.explain()
	case "trace":
		s.setTrace(args)
	case "tree":
		s.drawTree(args)
	case "model":
		s.showModel()
	case "undo":
		if len(s.stmts) == 0 {
			fmt.Fprintln(s.out, "nothing to undo")
			return
		}
		if s.recompile(s.stmts[:len(s.stmts)-1]) {
			fmt.Fprintf(s.out, "removed [%d]\n", len(s.stmts)+1)
		}
	case "drop":
		s.drop(strings.Join(args, " "))
	case "reset":
		s.reset()
	case "load", "save", "open":
		if len(args) != 1 {
			s.failed = true
			fmt.Fprintf(s.errw, ":%s needs a file name\n", name)
			return
		}
		switch name {
		case "load":
			s.load(args[0])
		case "open":
			s.open(args[0])
		default:
			s.save(args[0])
		}
	case "set":
		s.set(args)
	case "help":
		s.help(args)
	case "quit", "exit", "q":
		s.quit = true
	default:
		s.failed = true
		fmt.Fprintf(s.errw, "unknown command :%s%s; :help lists them\n", name, settings.Suggest(name, commandNames()))
	}
}

func commandNames() []string {
	names := make([]string, len(replCommands))
	for i, c := range replCommands {
		names[i] = c.name
	}
	return names
}

// helpTopics explain the language in the session, beyond the commands.
var helpTopics = map[string]string{
	"statements": `Type declarations and constraints as in a .csp file:
  var q[1..4] in 1..4
  alldiff(q)
Each is checked at once; after it, the domains propagation leaves to the
variables it touches are shown (q[1] in 1..4). A statement with an error
is not added. An expression that is not a constraint (q, sum(q), cell[1, ..])
is a question: its value in the current solution, or its domains before a
solve.`,
	"lines": `An open bracket, or a line ending in an operator, "," or ":", continues on
the next line (the prompt becomes ...).`,
	"search": `:solve starts a search and shows the first solution; :next continues the
same search; :all and :count run a fresh one. :set order|values|prop|timeout
chooses how (the same settings as csp solve's flags). A statement
  search q order smallest values min
branches on q first, by its own order; :set order and :set values order
what the search statements leave open, and :set search free ignores them
(csp solve -f). Ctrl-C stops a search.`,
	"keys": `Tab completes commands, keywords, settings, declared names, and file
names after :load, :save and :tree. Up and Ctrl-R recall the history: a
statement typed over several lines comes back whole, ⏎ marking its line
breaks. Ctrl-C clears the line, Ctrl-D leaves.`,
}

func (s *session) help(args []string) {
	if len(args) == 0 {
		fmt.Fprintln(s.out, "Type statements as in a .csp file, or a command:")
		for _, c := range replCommands {
			fmt.Fprintf(s.out, "  :%-18s %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
		}
		fmt.Fprintln(s.out, "More: :help statements, :help lines, :help search, :help keys.")
		return
	}
	topic := strings.TrimPrefix(args[0], ":")
	if text, ok := helpTopics[topic]; ok {
		fmt.Fprintln(s.out, text)
		return
	}
	for _, c := range replCommands {
		if c.name == topic {
			fmt.Fprintf(s.out, ":%s\n  %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
			return
		}
	}
	var topics []string
	for t := range helpTopics {
		topics = append(topics, t)
	}
	s.failed = true
	fmt.Fprintf(s.errw, "no help on %q%s\n", topic, settings.Suggest(topic, append(topics, commandNames()...)))
}
