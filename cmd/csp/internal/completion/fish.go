package completion

import (
	"fmt"
	"io"
	"strings"
)

const fishHead = `# fish completion for csp, written by csp completion fish.
# Load it with: csp completion fish | source
# or save it as ~/.config/fish/completions/csp.fish

# __csp_command NAME: the command line so far is csp NAME ...
function __csp_command
    set -l w (commandline -opc)
    test (count $w) -ge 2; and test $w[2] = $argv[1]
end

# __csp_operand NAME: the word being completed is NAME's first argument.
function __csp_operand
    set -l w (commandline -opc)
    test (count $w) -eq 2; and test $w[2] = $argv[1]
end

# __csp_after_operand NAME WORD: the line so far is csp NAME WORD ...
function __csp_after_operand
    set -l w (commandline -opc)
    test (count $w) -ge 3; and test $w[2] = $argv[1]; and test $w[3] = $argv[2]
end

# __csp_models NAME FLAG...: the word being completed is a file argument of
# csp NAME: the word before it is none of NAME's FLAGs that take a value.
function __csp_models
    set -l w (commandline -opc)
    test (count $w) -ge 2; and test $w[2] = $argv[1]; and not contains -- $w[-1] $argv[2..-1]
end

# __csp_after FLAG: the word before the one being completed is FLAG.
function __csp_after
    set -l w (commandline -opc)
    test (count $w) -ge 3; and test $w[-1] = $argv[1]
end

# __csp_files EXT...: the files with these extensions that the word being
# completed starts, and the directories it may go on into.
function __csp_files
    for f in (commandline -ct)*
        if test -d $f
            echo $f/
        else
            for ext in $argv
                string match -q -- "*.$ext" $f; and echo $f
            end
        end
    end
end

complete -c csp -f
`

func writeFishCompletion(w io.Writer, cmds []compCommand) {
	var b strings.Builder
	b.WriteString(fishHead)
	for _, c := range cmds {
		fmt.Fprintf(&b, "complete -c csp -n 'test (count (commandline -opc)) -eq 1' -a %s -d %s\n", c.name, shellQuote(c.summary))
	}
	for _, c := range cmds {
		fmt.Fprintf(&b, "\n# csp %s\n", c.name)
		when := shellQuote("__csp_command " + c.name)
		switch {
		case c.models:
			cond := "__csp_models " + c.name
			for _, f := range c.flags {
				if f.takes {
					cond += " " + f.name
				}
			}
			fmt.Fprintf(&b, "complete -c csp -n %s -a '(__csp_files csp)'\n", shellQuote(cond))
		case c.operands != nil:
			fmt.Fprintf(&b, "complete -c csp -n %s -a %s\n", shellQuote("__csp_operand "+c.name), shellQuote(words(c.operands)))
			for _, a := range c.after {
				fmt.Fprintf(&b, "complete -c csp -n %s -a %s\n", shellQuote("__csp_after_operand "+c.name+" "+a.Operand), shellQuote(words(a.Words)))
			}
		}
		for _, f := range c.flags {
			fmt.Fprintf(&b, "complete -c csp -n %s %s%s\n", when, fishFlagName(f), fishFlagValue(f))
			if f.optional {
				// --trace piles: a mode in the next word, when it is one.
				cond := fmt.Sprintf("__csp_command %s; and __csp_after %s", c.name, f.name)
				fmt.Fprintf(&b, "complete -c csp -n %s -a %s\n", shellQuote(cond), shellQuote(words(f.choices)))
			}
		}
	}
	fmt.Fprint(w, b.String())
}

func fishFlagName(f compFlag) string {
	if f.short {
		return "-s " + strings.TrimPrefix(f.name, "-")
	}
	return "-l " + strings.TrimPrefix(f.name, "--")
}

// fishFlagValue says what follows the flag: -x a value from the list -a
// gives, or none csp can guess; -r -F any file.
func fishFlagValue(f compFlag) string {
	switch {
	case f.choices != nil && !f.optional:
		return " -x -a " + shellQuote(words(f.choices))
	case f.file && len(f.files) > 0:
		return " -x -a " + shellQuote("(__csp_files "+words(f.files)+")")
	case f.file:
		return " -r -F"
	case f.takes:
		return " -x"
	}
	return ""
}
