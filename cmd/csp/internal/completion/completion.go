package completion

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// Usage is what csp help completion prints.
const Usage = `usage: csp completion bash|zsh|fish

Prints a script that teaches the shell to complete csp's command lines:
the commands, their flags, the values of --order, --values, --prop and
--trace, the help topics and the words of the documents' headings (csp
help language glob<Tab>), and .csp files for the models and data.

  bash   source <(csp completion bash)            (in ~/.bashrc)
  zsh    source <(csp completion zsh)             (in ~/.zshrc, after compinit)
         or csp completion zsh > "${fpath[1]}/_csp"
  fish   csp completion fish > ~/.config/fish/completions/csp.fish
`

// The scripts are written from the command table (cmd/csp's main.go) and
// the flag sets of the commands (its flags.go): a new command or flag
// completes without a change here.

// compFlag is what completion knows of one flag name.
type compFlag struct {
	name     string   // as typed: -a, --all
	short    bool     // one letter
	takes    bool     // its value is the next word (or after =)
	optional bool     // a value only after = or if it is one of choices (--trace)
	choices  []string // the values to offer
	files    []string // with takesFile: the extensions to offer; none: any file
	file     bool     // its value is a file name
	help     string   // -n N: the placeholder
}

// compCommand is what completion knows of one command.
type compCommand struct {
	name, summary string
	flags         []compFlag
	operands      []string // the words its first operand takes (help topics, shells)
	models        bool     // its operands are .csp files
	// after, for an operand, the words that may follow it: the words of
	// a document's headings after csp help DOCUMENT.
	after []OperandWords
}

// OperandWords are the words that may follow an operand: the words of a
// document's headings after csp help DOCUMENT.
type OperandWords struct {
	Operand string
	Words   []string
}

// Command is what completion is told of one of csp's commands, from the
// command table.
type Command struct {
	Name, Summary string
	Flags         *flag.FlagSet // the flags to offer; nil: none
	Operands      []string      // the words its first operand takes (help topics, shells)
	Models        bool          // its operands are .csp files
	After         []OperandWords
}

// model is what the scripts are written from.
func model(cmds []Command) []compCommand {
	var out []compCommand
	for _, c := range cmds {
		cc := compCommand{name: c.Name, summary: c.Summary, operands: c.Operands, models: c.Models, after: c.After}
		if c.Flags != nil {
			cc.flags = compFlags(c.Flags)
		}
		out = append(out, cc)
	}
	return out
}

// FlagNames are the flags completion offers for c, as typed: -a, --all.
func FlagNames(c Command) []string {
	if c.Flags == nil {
		return nil
	}
	return flagNamesOf(compFlags(c.Flags))
}

func compFlags(fs *flag.FlagSet) []compFlag {
	var out []compFlag
	fs.VisitAll(func(f *flag.Flag) {
		cf := compFlag{name: settings.Dashes(f.Name), short: len(f.Name) == 1, takes: !settings.IsBool(f), help: f.Usage}
		cf.choices = settings.ValueNames(f)
		cf.optional = !cf.takes && cf.choices != nil
		if strings.Contains(f.Usage, "FILE") {
			cf.file = true
			for _, alt := range strings.Split(f.Usage, "|") {
				if _, ext, ok := strings.Cut(alt, "FILE."); ok {
					cf.files = append(cf.files, ext)
				}
			}
		}
		out = append(out, cf)
	})
	// Long names first, as people look for them; then -a -h ...
	sort.SliceStable(out, func(i, j int) bool { return !out[i].short && out[j].short })
	return out
}

// HeadingWords are the words of a document's headings (titles) that find
// sections // (csp help language glob<Tab>): four letters or more, lower case.
func HeadingWords(titles []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, title := range titles {
		for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') // words a shell takes unquoted
		}) {
			if len(w) >= 4 && !seen[w] && !stopWords[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	sort.Strings(out)
	return out
}

// stopWords are heading words that find no section worth a completion.
var stopWords = map[string]bool{"with": true, "that": true, "from": true, "into": true, "inside": true, "than": true, "what": true, "when": true, "where": true}

var scripts = map[string]func(io.Writer, []compCommand){
	"bash": writeBashCompletion,
	"zsh":  writeZshCompletion,
	"fish": writeFishCompletion,
}

// Shells are the shells csp completion writes a script for.
func Shells() []string {
	names := make([]string, 0, len(scripts))
	for n := range scripts {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Script writes the completion script of shell for cmds; false if csp
// has none for that shell.
func Script(w io.Writer, shell string, cmds []Command) bool {
	write, ok := scripts[shell]
	if ok {
		write(w, model(cmds))
	}
	return ok
}

// Run is csp completion SHELL; cmds is the command table, asked for only
// when a script is written.
func Run(args []string, stdout, stderr io.Writer, cmds func() []Command) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(stdout, Usage)
		return exit.Solved
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "csp completion: name one shell: %s\n", strings.Join(Shells(), ", "))
		return exit.BadInput
	}
	write, ok := scripts[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "csp completion: no script for %q: the shells are %s%s\n", args[0], strings.Join(Shells(), ", "), settings.Suggest(args[0], Shells()))
		return exit.BadInput
	}
	write(stdout, model(cmds()))
	return exit.Solved
}

// words joins names for a shell word list; the names are csp's own, plain
// letters, digits and - . _ =, so they need no quoting.
func words(names []string) string { return strings.Join(names, " ") }

func flagNamesOf(flags []compFlag) []string {
	var names []string
	for _, f := range flags {
		names = append(names, f.name)
	}
	return names
}
