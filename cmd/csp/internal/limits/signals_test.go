//go:build unix

package limits

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The signals stay watched once OnSignal has run; these check that a
// process with no handler registered still ends by SIGTERM or SIGINT as
// an unwatched one does, still ignores SIGINT when started ignoring it,
// and that a handler registered after such a signal gets the next one.
func TestSignalsWithoutAHandler(t *testing.T) {
	cases := []struct {
		name, script string
		ignoreINT    bool
		signalled    syscall.Signal // 0: it exits with status
		status       int
	}{
		{"TERM after the handler is gone", "register,release,TERM,die", false, syscall.SIGTERM, 0},
		{"INT after the handler is gone", "register,release,INT,die", false, syscall.SIGINT, 0},
		{"INT ignored at start stays ignored", "register,release,INT,sleep", true, 0, 0},
		{"a handler after the signal went by gets the next", "register,release,INT,sleep,register,INT,wait", true, 0, 0},
		{"two handlers both stop", "register,register,INT,wait", false, 0, 0},
		// timeout(1) sends its SIGTERM to csp, then to csp's process
		// group; the second may come after the first reached the handler.
		{"a signal twice at once is one", "patient,register,TERM,wait,TERM,sleep", false, 0, 0},
		{"a second signal later ends the process", "register,INT,wait,echo,INT,die", false, 0, 130},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestSignalsChild$")
			cmd.Env = append(os.Environ(), "CSP_SIGNALS_CHILD="+c.script)
			if c.ignoreINT {
				signal.Ignore(os.Interrupt) // inherited by the child
				defer signal.Reset(os.Interrupt)
			}
			out, err := cmd.CombinedOutput()
			st := cmd.ProcessState
			if st == nil {
				t.Fatalf("did not run: %v", err)
			}
			ws := st.Sys().(syscall.WaitStatus)
			if c.signalled == syscall.SIGINT && strings.Contains(string(out), "SIGINT ignored at start") {
				// The child was started with SIGINT ignored, which it
				// inherits (from a shell's background job, or from an
				// earlier test of this binary: signal.Reset does not undo
				// signal.Ignore), and must then ignore it still. The
				// SIGTERM case checks the death.
				c.signalled = 0
			}
			switch {
			case c.signalled != 0 && !(ws.Signaled() && ws.Signal() == c.signalled):
				t.Fatalf("want death by %v, got %v\n%s", c.signalled, st, out)
			case c.signalled == 0 && !ws.Exited():
				t.Fatalf("want an exit, got %v\n%s", st, out)
			case c.signalled == 0 && ws.ExitStatus() != c.status:
				t.Fatalf("exit %d, want %d\n%s", ws.ExitStatus(), c.status, out)
			}
		})
	}
}

// TestSignalsChild runs the steps of CSP_SIGNALS_CHILD: register a
// handler, release the newest, raise a signal, sleep (where the process
// must live on), die (wait to be ended by a signal: however loaded the
// machine, it comes before the two minutes are up; but SIGINT ignored at
// start is only a sleep), wait until every registered handler stopped,
// wait past signalEcho, or make signalEcho an hour (patient), so that two
// signals sent one after the other are one whatever the machine's speed.
func TestSignalsChild(t *testing.T) {
	script := os.Getenv("CSP_SIGNALS_CHILD")
	if script == "" {
		t.Skip("run by TestSignalsWithoutAHandler")
	}
	ignoredINT := signal.Ignored(os.Interrupt)
	if ignoredINT {
		fmt.Println("SIGINT ignored at start")
	}
	var releases []func()
	var stops []chan struct{}
	for _, step := range strings.Split(script, ",") {
		switch step {
		case "register":
			ch := make(chan struct{})
			stops = append(stops, ch)
			releases = append(releases, OnSignal(func() { close(ch) }))
		case "release":
			releases[len(releases)-1]()
			releases, stops = releases[:len(releases)-1], stops[:len(stops)-1]
		case "TERM":
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
		case "INT":
			syscall.Kill(os.Getpid(), syscall.SIGINT)
		case "sleep":
			time.Sleep(500 * time.Millisecond)
		case "die":
			if ignoredINT {
				time.Sleep(500 * time.Millisecond)
			} else {
				time.Sleep(2 * time.Minute)
			}
		case "patient":
			signalEcho = time.Hour
		case "echo":
			time.Sleep(signalEcho + 100*time.Millisecond)
		case "wait":
			for _, ch := range stops {
				select {
				case <-ch:
				case <-time.After(2 * time.Minute):
					t.Fatal("a registered handler was not called")
				}
			}
		}
	}
}
