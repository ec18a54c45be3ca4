package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/csp-lang/csp/cmd/csp/internal/completion"
	"github.com/csp-lang/csp/cmd/csp/internal/settings"
)

// completionScript is the script csp completion prints for shell, written
// to a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"completion", shell}, nil, &out, &errb); code != 0 {
		t.Fatalf("csp completion %s: exit %d: %s", shell, code, errb.String())
	}
	path := filepath.Join(t.TempDir(), "csp."+shell)
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Each script is valid for its shell, where the shell is installed.
func TestCompletionScriptsParse(t *testing.T) {
	for _, shell := range completion.Shells() {
		t.Run(shell, func(t *testing.T) {
			bin, err := exec.LookPath(shell)
			if err != nil {
				t.Skipf("%s is not installed: its script is not checked", shell)
			}
			if out, err := exec.Command(bin, "-n", completionScript(t, shell)).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		})
	}
}

// completionDir is a directory with a few files to complete.
func completionDir(t *testing.T) string {
	dir := t.TempDir()
	for _, f := range []string{"queens.csp", "quiz.txt", "tree.svg", "tree.csp", "sub/x.csp"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The bash script completes as a person at the prompt sees it: bash calls
// _csp with the words of the line (split at "=", as bash does) and the
// index of the one being completed.
func TestBashCompletes(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	script, dir := completionScript(t, "bash"), completionDir(t)
	cases := []struct {
		line string // the words; the last one is being completed
		want string
	}{
		{"csp so", "solve"},
		{"csp c", "check compare completion"},
		{"csp solve --order m", "mrv"},
		{"csp solve --order = ", "domwdeg input largest mrv smallest"},
		{"csp solve --prop=f", "--prop=fc"}, // COMP_WORDBREAKS without "="
		{"csp solve --trace p", "piles"},
		{"csp solve queens.csp --trace ", "domains piles queens.csp steps sub tree.csp"},
		{"csp solve qu", "queens.csp"},
		{"csp solve queens.csp t", "tree.csp"},
		{"csp solve --tree t", "tree.svg"},
		{"csp solve --tr", "--trace --trace-limit --tree"},
		{"csp solve -n ", ""},
		{"csp check --a", ""},
		{"csp check --", "--help --json"},
		{"csp repl --h", "--help --history"},
		{"csp help l", "language"},
		{"csp help solve ", ""},
		{"csp help language glo", "global global_cardinality"},
		{"csp help errors unkn", "unknown"},
		{"csp completion ", "bash fish zsh"},
	}
	for _, c := range cases {
		words := strings.Split(c.line, " ")
		words = slices.DeleteFunc(words[:len(words)-1], func(w string) bool { return w == "" })
		words = append(words, c.line[strings.LastIndex(c.line, " ")+1:])
		args := append([]string{"--norc", "--noprofile", "-c",
			`source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _csp; printf '%s\n' "${COMPREPLY[@]}"`,
			script}, words...)
		cmd := exec.Command(bash, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.line, err, out)
		}
		got := strings.Fields(string(out))
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q completes to %q, want %q", c.line, strings.Join(got, " "), c.want)
		}
	}
}

// fish completes from its script the same way (complete -C asks it what
// it would offer).
func TestFishCompletes(t *testing.T) {
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Skip("fish is not installed: its completions are not checked")
	}
	script, dir := completionScript(t, "fish"), completionDir(t)
	cases := []struct{ line, want string }{
		{"csp so", "solve"},
		{"csp solve --order ", "domwdeg input largest mrv smallest"},
		{"csp solve queens.csp --trace p", "piles"},
		{"csp solve qu", "queens.csp"},
		{"csp solve --tree t", "tree.svg"},
		{"csp solve s", "sub/"},
		{"csp help e", "errors"},
		{"csp help solve ", ""},
		{"csp help language glo", "global global_cardinality"},
	}
	for _, c := range cases {
		cmd := exec.Command(fish, "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script, c.line)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.line, err, out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if name, _, _ := strings.Cut(l, "\t"); name != "" {
				got = append(got, name)
			}
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q completes to %q, want %q", c.line, strings.Join(got, " "), c.want)
		}
	}
}

// The scripts are written from the command table and the flag sets: a
// command added to the table completes, with its flags and their values,
// in every shell.
func TestCompletionFollowsTable(t *testing.T) {
	saved := commands
	defer func() { commands = saved }()
	commands = append(slices.Clip(commands), command{
		name: "play", summary: "a game", run: helpCmd, operands: opModels,
		flags: func() *flag.FlagSet {
			fs := flag.NewFlagSet("play", flag.ContinueOnError)
			var o options
			fs.Var(settings.NewChoice(&o.values, valueOrders), "hand", "")
			fs.String("board", "", "FILE.png")
			return fs
		},
	})
	for _, shell := range completion.Shells() {
		var out bytes.Buffer
		completion.Script(&out, shell, completionCommands())
		for _, want := range []string{"play", "hand", "board", "auto max mid min", "png"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("the %s script lacks %q", shell, want)
			}
		}
	}
	// And every flag of every command, but the other spellings, is in.
	model := completionCommands()
	for i, c := range saved {
		if c.flags == nil {
			continue
		}
		names := completion.FlagNames(model[i])
		c.flags().VisitAll(func(f *flag.Flag) {
			if got := slices.Contains(names, settings.Dashes(f.Name)); got == otherSpellings[f.Name] {
				t.Errorf("csp %s %s: completed: %v", c.name, settings.Dashes(f.Name), got)
			}
		})
	}
}

// The zsh script offers the right candidates: zsh's completion builtins
// are replaced by functions that print what they are given (zsh itself
// then keeps those that start the word).
func TestZshCompletes(t *testing.T) {
	zsh, err := exec.LookPath("zsh")
	if err != nil {
		t.Skip("zsh is not installed: its completions are not checked")
	}
	script := completionScript(t, "zsh")
	stubs := `compdef() { }
compset() { }
compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }
_files() { print -- "files $*" }
_describe() { local -a c; c=("${(@P)4}"); print -l -- "${c[@]%%:*}" }
`
	cases := []struct{ line, want string }{
		{"csp ", sortedWords(subcommandNames())},
		{"csp solve --order ", "domwdeg input largest mrv smallest"},
		{"csp solve --order=m", "domwdeg input largest mrv smallest"},
		{"csp solve --trace ", "*.csp -g domains files piles steps"},
		{"csp solve --trace=", "domains piles steps"},
		{"csp solve --tree ", "*.(svg|dot) -g files"},
		{"csp solve --timeout ", ""},
		{"csp check -", "--help --json -h -p"},
		{"csp help ", sortedWords(helpNames())},
		{"csp help solve ", ""},
		{"csp help language globa", "aggregates arithmetic ..."}, // the first of many
	}
	for _, c := range cases {
		words := strings.Split(c.line, " ")
		prog := stubs + `source "$1"; shift; words=("$@"); CURRENT=$#; _csp`
		cmd := exec.Command(zsh, append([]string{"-f", "-c", prog, "zsh", script}, words...)...)
		out, err := cmd.CombinedOutput()
		if err != nil && len(out) > 0 {
			t.Fatalf("%s: %v\n%s", c.line, err, out)
		}
		got := strings.Fields(string(out))
		sort.Strings(got)
		if all := strings.Join(got, " "); all != c.want && !(strings.HasSuffix(c.want, " ...") && strings.HasPrefix(all, strings.TrimSuffix(c.want, "..."))) {
			t.Errorf("%q offers %q, want %q", c.line, all, c.want)
		}
	}
}

// sortedWords is the words sorted and joined by spaces, as the shells
// list them.
func sortedWords(ws []string) string {
	ws = slices.Clone(ws)
	slices.Sort(ws)
	return strings.Join(ws, " ")
}
