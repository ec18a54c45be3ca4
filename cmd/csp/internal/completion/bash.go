package completion

import (
	"fmt"
	"io"
	"strings"
)

const bashHead = `# bash completion for csp, written by csp completion bash.
# Load it with: source <(csp completion bash)

# _csp_files offers the files with the given extensions (any file when
# none is given) and the directories to look in.
_csp_files() {
    local IFS=$'\n' ext
    compopt -o filenames 2>/dev/null
    if (($# == 0)); then
        COMPREPLY+=($(compgen -f -- "$cur"))
        return
    fi
    COMPREPLY+=($(compgen -d -- "$cur"))
    for ext in "$@"; do
        COMPREPLY+=($(compgen -f -X "!*.$ext" -- "$cur"))
    done
}

_csp() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} eq="" pre=""
    COMPREPLY=()
    # A value after "=" (--order=mrv): bash makes "=" a word of its own
    # when COMP_WORDBREAKS holds it, as it does by default.
    if [[ $cur == = ]]; then
        cur="" eq=1
    elif [[ $prev == = ]] && ((COMP_CWORD > 2)); then
        prev=${COMP_WORDS[COMP_CWORD-2]} eq=1
    elif [[ $cur == -*=* ]]; then
        prev=${cur%%=*} pre=${cur%%=*}= cur=${cur#*=} eq=1
    fi
    _csp_complete
    if [[ -n $pre ]]; then
        COMPREPLY=("${COMPREPLY[@]/#/$pre}")
    fi
}

`

func writeBashCompletion(w io.Writer, cmds []compCommand) {
	var b strings.Builder
	b.WriteString(bashHead)
	b.WriteString("_csp_complete() {\n")
	var names []string
	for _, c := range cmds {
		names = append(names, c.name)
	}
	fmt.Fprintf(&b, "    if ((COMP_CWORD == 1)); then\n        COMPREPLY=($(compgen -W %q -- \"$cur\"))\n        return\n    fi\n", words(names))
	b.WriteString("    case ${COMP_WORDS[1]} in\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "    %s)\n", c.name)
		bashFlagValues(&b, c.flags)
		if len(c.flags) > 0 {
			fmt.Fprintf(&b, "        if [[ $cur == -* && -z $eq ]]; then\n            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n            return\n        fi\n", words(flagNamesOf(c.flags)))
		}
		switch {
		case c.models:
			b.WriteString("        _csp_files csp\n")
		case c.operands != nil:
			fmt.Fprintf(&b, "        if ((COMP_CWORD == 2)); then\n            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", words(c.operands))
			for _, a := range c.after {
				fmt.Fprintf(&b, "        elif [[ ${COMP_WORDS[2]} == %s ]]; then\n            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", a.Operand, words(a.Words))
			}
			b.WriteString("        fi\n")
		}
		b.WriteString("        ;;\n")
	}
	b.WriteString("    esac\n}\n\ncomplete -F _csp csp\n")
	fmt.Fprint(w, b.String())
}

// bashFlagValues completes the word after a flag that takes a value.
func bashFlagValues(b *strings.Builder, flags []compFlag) {
	var other []string // values csp cannot guess: numbers, durations, params
	var cases strings.Builder
	for _, f := range flags {
		switch {
		case f.choices != nil && f.optional:
			fmt.Fprintf(&cases, "        %s)\n            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n            [[ -n $eq ]] && return\n            ;;\n", f.name, words(f.choices))
		case f.choices != nil:
			fmt.Fprintf(&cases, "        %s)\n            COMPREPLY=($(compgen -W %q -- \"$cur\"))\n            return\n            ;;\n", f.name, words(f.choices))
		case f.file:
			fmt.Fprintf(&cases, "        %s)\n            %s\n            return\n            ;;\n", f.name, strings.TrimSpace("_csp_files "+words(f.files)))
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
