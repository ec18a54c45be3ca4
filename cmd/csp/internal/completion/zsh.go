package completion

import (
	"fmt"
	"io"
	"strings"
)

const zshHead = `#compdef csp
# zsh completion for csp, written by csp completion zsh.
# Load it with: source <(csp completion zsh)   (after compinit)
# or save it as _csp in a directory of $fpath.

_csp() {
    local cur=${words[CURRENT]} prev=${words[CURRENT-1]} eq=""
    if [[ $cur == -*=* ]]; then
        prev=${cur%%=*} eq=1
        compset -P '*='
    fi
`

const zshTail = `}

if [[ ${funcstack[1]} == _csp ]]; then
    _csp "$@"
else
    compdef _csp csp
fi
`

func writeZshCompletion(w io.Writer, cmds []compCommand) {
	var b strings.Builder
	b.WriteString(zshHead)
	b.WriteString("    if ((CURRENT == 2)); then\n        local -a commands\n        commands=(")
	for i, c := range cmds {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(shellQuote(c.name + ":" + c.summary))
	}
	b.WriteString(")\n        _describe -t commands 'csp command' commands\n        return\n    fi\n")
	b.WriteString("    case ${words[2]} in\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "    %s)\n", c.name)
		zshFlagValues(&b, c.flags)
		if len(c.flags) > 0 {
			fmt.Fprintf(&b, "        if [[ $cur == -* && -z $eq ]]; then\n            compadd -- %s\n            return\n        fi\n", words(flagNamesOf(c.flags)))
		}
		switch {
		case c.models:
			b.WriteString("        _files -g '*.csp'\n")
		case c.operands != nil:
			fmt.Fprintf(&b, "        if ((CURRENT == 3)); then\n            compadd -- %s\n", words(c.operands))
			for _, a := range c.after {
				fmt.Fprintf(&b, "        elif [[ ${words[3]} == %s ]]; then\n            compadd -- %s\n", a.Operand, words(a.Words))
			}
			b.WriteString("        fi\n")
		}
		b.WriteString("        ;;\n")
	}
	b.WriteString("    esac\n")
	b.WriteString(zshTail)
	fmt.Fprint(w, b.String())
}

func zshFlagValues(b *strings.Builder, flags []compFlag) {
	var other []string
	var cases strings.Builder
	for _, f := range flags {
		switch {
		case f.choices != nil && f.optional:
			fmt.Fprintf(&cases, "        %s)\n            compadd -- %s\n            [[ -n $eq ]] && return\n            ;;\n", f.name, words(f.choices))
		case f.choices != nil:
			fmt.Fprintf(&cases, "        %s)\n            compadd -- %s\n            return\n            ;;\n", f.name, words(f.choices))
		case f.file && len(f.files) > 0:
			fmt.Fprintf(&cases, "        %s)\n            _files -g '*.(%s)'\n            return\n            ;;\n", f.name, strings.Join(f.files, "|"))
		case f.file:
			fmt.Fprintf(&cases, "        %s)\n            _files\n            return\n            ;;\n", f.name)
		case f.takes:
			other = append(other, f.name)
		}
	}
	if len(other) > 0 {
		fmt.Fprintf(&cases, "        %s)\n            return\n            ;;\n", strings.Join(other, "|"))
	}
	if cases.Len() > 0 {
		b.WriteString("        case $prev in\n")
		b.WriteString(cases.String())
		b.WriteString("        esac\n")
	}
}

// shellQuote quotes s for sh, zsh and fish alike: in single quotes, a
// quote in s closes them, stands escaped outside, and opens them again.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
