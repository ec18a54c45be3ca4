package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

const completionUsage = `usage: csp completion bash|zsh|fish

Prints a script that teaches the shell to complete csp's command lines:
the commands, their flags, the values of --order, --values, --prop and
--trace, the help topics and the words of the documents' headings (csp
help language glob<Tab>), and .csp files for the models and data.

  bash   source <(csp completion bash)            (in ~/.bashrc)
  zsh    source <(csp completion zsh)             (in ~/.zshrc, after compinit)
         or csp completion zsh > "${fpath[1]}/_csp"
  fish   csp completion fish > ~/.config/fish/completions/csp.fish
`

// The scripts are written from the command table (main.go) and the flag
// sets of the commands (flags.go): a new command or flag completes without
// a change here.

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
	after []operandWords
}

type operandWords struct {
	operand string
	words   []string
}

// completionModel collects the commands and their flags from the tables.
func completionModel() []compCommand {
	var cmds []compCommand
	for _, c := range commands {
		cc := compCommand{name: c.name, summary: c.summary}
		switch c.operands {
		case opModels:
			cc.models = true
		case opTopics:
			cc.operands = helpNames()
			for _, d := range documents {
				cc.after = append(cc.after, operandWords{d.name, headingWords(*d.text)})
			}
		case opShells:
			cc.operands = shellNames()
		}
		if c.flags != nil {
			cc.flags = compFlags(c.flags())
		}
		cmds = append(cmds, cc)
	}
	return cmds
}

func compFlags(fs *flag.FlagSet) []compFlag {
	var out []compFlag
	fs.VisitAll(func(f *flag.Flag) {
		if otherSpellings[f.Name] {
			return
		}
		cf := compFlag{name: settings.Dashes(f.Name), short: len(f.Name) == 1, takes: !isBoolFlag(f), help: f.Usage}
		cf.choices = flagNames(f)
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

// headingWords are the words of a document's headings that find sections
// (csp help language glob<Tab>): four letters or more, lower case.
func headingWords(doc string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range sections(doc) {
		for _, w := range strings.FieldsFunc(strings.ToLower(s.title), func(r rune) bool {
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

// flagNames are the values a flag takes from a fixed set, or nil.
func flagNames(f *flag.Flag) []string {
	if n, ok := f.Value.(interface{ Names() []string }); ok {
		return n.Names()
	}
	return nil
}

var completionScripts = map[string]func(io.Writer, []compCommand){
	"bash": writeBashCompletion,
	"zsh":  writeZshCompletion,
	"fish": writeFishCompletion,
}

func shellNames() []string {
	names := make([]string, 0, len(completionScripts))
	for n := range completionScripts {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func completionCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(stdout, completionUsage)
		return exitSolved
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "csp completion: name one shell: %s\n", strings.Join(shellNames(), ", "))
		return exitBadInput
	}
	write, ok := completionScripts[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "csp completion: no script for %q: the shells are %s%s\n", args[0], strings.Join(shellNames(), ", "), settings.Suggest(args[0], shellNames()))
		return exitBadInput
	}
	write(stdout, completionModel())
	return exitSolved
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
