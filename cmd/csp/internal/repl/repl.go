package repl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/chzyer/readline"
	"github.com/csp-lang/csp/cmd/csp/internal/exit"
	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// The prompts: of a new statement, and of the next line of one.
const (
	Prompt     = "csp> "
	ContPrompt = "...  "
)

// Usage is what csp help repl prints.
const Usage = `usage: csp repl [MODEL] [DATA...] [-p NAME=VALUE]... [--history FILE | --no-history]

An interactive session: type declarations and constraints one at a time and
see what propagation makes of them; :help lists the commands. MODEL and DATA
are loaded first. -p gives a param a value, as csp solve -p does, over the
model's and the data's (typing param n = 12 in the session changes it too).
History is kept in $XDG_STATE_HOME/csp/history (or
~/.local/state/csp/history); --history FILE chooses another file,
--no-history or CSP_HISTORY=off keeps none. A statement typed over several
lines is one history entry, its line breaks shown as ⏎.

On a terminal the prompt and errors have colour; NO_COLOR=1 or TERM=dumb
turns it off.

When standard input is not a terminal, lines are read and answered without
prompts, so csp repl < session.txt is scriptable; the exit status is then 2
if any input was rejected.
`

// Run is csp repl: a session on the terminal, or answering a script
// when stdin or stdout is not a terminal. version is csp's, for the
// greeting.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, version string) int {
	var files []string
	var params settings.Params
	history, noHistory := "", os.Getenv("CSP_HISTORY") == "off"
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-h" || a == "--help" || a == "-help":
			fmt.Fprint(stdout, Usage)
			return exit.Solved
		case a == "--no-history":
			noHistory = true
		case a == "--history" && i+1 < len(args):
			history = args[i+1]
			i++
		case strings.HasPrefix(a, "--history="):
			history = strings.TrimPrefix(a, "--history=")
		case a == "-p" || a == "--p" || strings.HasPrefix(a, "-p=") || strings.HasPrefix(a, "--p="):
			value, ok := strings.CutPrefix(strings.TrimLeft(a, "-"), "p=")
			if !ok {
				if i+1 == len(args) {
					fmt.Fprintln(stderr, "csp repl: -p needs a value: -p NAME=VALUE")
					return exit.BadInput
				}
				i++
				value = args[i]
			}
			if name, _, ok := strings.Cut(value, "="); !ok || strings.TrimSpace(name) == "" {
				fmt.Fprintf(stderr, "csp repl: -p %s: a param is given as NAME=VALUE\n", value)
				return exit.BadInput
			}
			if err := params.Set(value); err != nil {
				fmt.Fprintf(stderr, "csp repl: -p %s: %v\n", value, err)
				return exit.BadInput
			}
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "csp repl: unknown flag %s%s; see csp help repl\n", a, settings.SuggestFlag(strings.TrimLeft(a, "-"), []string{"history", "no-history", "help", "p"}))
			return exit.BadInput
		default:
			files = append(files, a)
		}
	}
	s := newSession(stdout, stderr)
	s.params = params
	for i, f := range files {
		if i == 0 {
			s.open(f) // MODEL, then DATA
		} else {
			s.load(f)
		}
	}
	if s.failed && len(files) > 0 {
		return exit.BadInput
	}
	if !output.IsTerminal(stdin) || !output.IsTerminal(stdout) {
		return runScript(s, stdin)
	}
	if history == "" && !noHistory {
		history = defaultHistory()
	}
	if noHistory {
		history = ""
	}
	return runInteractive(s, history, version, stderr)
}

// runScript answers lines from a pipe or file, without prompts.
func runScript(s *session, in io.Reader) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), input.MaxFileSize)
	for first := true; sc.Scan() && !s.quit && !output.Failed(s.out); first = false {
		line := sc.Text()
		if first {
			line = strings.TrimPrefix(line, "\ufeff") // a byte-order mark, as in a file
		}
		s.line(line)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(s.errw, "csp repl: cannot read the input: %v\n", input.PathError(err))
		return exit.BadInput
	}
	if len(s.pending) > 0 {
		s.failed = true
		fmt.Fprintln(s.errw, "csp repl: the input ended inside a statement")
	}
	if s.failed {
		return exit.BadInput
	}
	return exit.Solved
}

func runInteractive(s *session, history, version string, stderr io.Writer) int {
	if history != "" {
		_ = os.MkdirAll(filepath.Dir(history), 0o755)
	}
	// readline reads the terminal in the background even while a search
	// runs, so Ctrl-C may arrive as a byte rather than as SIGINT: both stop
	// the search (or explanation) in progress.
	var running atomic.Pointer[func()]
	rl, err := readline.NewEx(&readline.Config{
		Prompt:       s.prompt(Prompt),
		HistoryFile:  history,
		AutoComplete: &completer{s: s},
		// A statement goes into the history whole, once complete (below).
		DisableAutoSaveHistory: true,
		InterruptPrompt:        "^C",
		EOFPrompt:              "",
		Stderr:                 stderr,
		Stdin:                  readline.NewCancelableStdin(&cancelFirst{r: os.Stdin}),
		FuncFilterInputRune: func(r rune) (rune, bool) {
			if stop := running.Load(); stop != nil && r == readline.CharInterrupt {
				(*stop)()
				return r, false
			}
			return r, true
		},
	})
	if err != nil {
		fmt.Fprintln(stderr, "csp repl:", err)
		return exit.BadInput
	}
	defer rl.Close()
	// The session writes only between two Readline calls, straight to the
	// terminal: readline's own writers would redraw the prompt mid-answer.
	s.onStop = func(stop func()) func() {
		running.Store(&stop)
		restore := limits.OnSignal(stop)
		return func() { restore(); running.Store(nil) }
	}
	fmt.Fprintln(s.out, "csp", version, "- :help for help, Ctrl-D to leave")
	var lines []string // the lines of the statement being typed
	for !s.quit {
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			s.pending, lines = nil, nil // Ctrl-C clears the line, or the statement being typed
			rl.SetPrompt(s.prompt(Prompt))
			continue
		case err != nil: // io.EOF: Ctrl-D
			return exit.Solved
		}
		line = fromHistory(line)
		lines = append(lines, line)
		more := s.line(line)
		// Saving "" only takes readline's history back to its end: a line
		// recalled from it would otherwise stand for the whole statement.
		_ = rl.SaveHistory("")
		if more {
			rl.SetPrompt(s.prompt(ContPrompt))
			continue
		}
		if entry := historyEntry(lines); entry != "" {
			_ = rl.SaveHistory(entry)
		}
		lines = nil
		rl.SetPrompt(s.prompt(Prompt))
	}
	return exit.Solved
}

// prompt is p, its text coloured on a terminal.
func (s *session) prompt(p string) string {
	text := strings.TrimRight(p, " ")
	return s.outPaint.Paint(output.SGRBlue, text) + p[len(text):]
}

// defaultHistory is $XDG_STATE_HOME/csp/history, or ~/.local/state/csp/history.
func defaultHistory() string {
	if dir := os.Getenv("XDG_STATE_HOME"); dir != "" {
		return filepath.Join(dir, "csp", "history")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".local", "state", "csp", "history")
}
