package main

import (
	"flag"
	"io"

	"github.com/csp-lang/csp/cmd/csp/internal/completion"
	"github.com/csp-lang/csp/cmd/csp/internal/helpdoc"
)

// csp completion writes its scripts from the command table and the flag
// sets of the commands: a new command or flag completes without a change
// in package completion.

func completionCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return completion.Run(args, stdout, stderr, completionCommands)
}

// completionCommands tells completion of the command table.
func completionCommands() []completion.Command {
	var cmds []completion.Command
	for _, c := range commands {
		cc := completion.Command{Name: c.name, Summary: c.summary}
		switch c.operands {
		case opModels:
			cc.Models = true
		case opTopics:
			cc.Operands = helpNames()
			for _, d := range helpdoc.Documents {
				cc.After = append(cc.After, completion.OperandWords{Operand: d.Name, Words: completion.HeadingWords(d.Titles())})
			}
		case opShells:
			cc.Operands = completion.Shells()
		}
		if c.flags != nil {
			cc.Flags = visibleFlags(c.flags())
		}
		cmds = append(cmds, cc)
	}
	return cmds
}

// visibleFlags is fs without the other spellings (spellings.go), which
// completion leaves out: csp has its own names for them.
func visibleFlags(fs *flag.FlagSet) *flag.FlagSet {
	out := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	fs.VisitAll(func(f *flag.Flag) {
		if !otherSpellings[f.Name] {
			out.Var(f.Value, f.Name, f.Usage)
		}
	})
	return out
}
