package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/input"
	"github.com/csp-lang/csp/cmd/csp/internal/limits"
	"github.com/csp-lang/csp/cmd/csp/internal/output"
	"github.com/csp-lang/csp/cmd/csp/internal/play"
)

// csp play serves the playground: the page and csp compiled to
// WebAssembly, embedded in this binary, so a browser runs models with
// nothing else installed. Searches run in the browser, not here.

const playUsage = `usage: csp play [--addr HOST:PORT] [--out DIR]

Serves the playground, csp in the browser: an editor with the shipped
models and examples, solve / next / all / count / compare, the search
settings, the trace and the statistics. The search runs in the browser
(csp compiled to WebAssembly), in a worker: Stop (or Esc) stops it as
Ctrl-C stops csp solve, keeping what it found; a second Stop ends the
worker at once. Edits stay in the browser's storage; Share makes a link.

  --addr HOST:PORT   where to listen (default 127.0.0.1:8080: this machine
                     only); port 0 picks a free port. The URL is the first
                     line printed. Ctrl-C stops the server.
  --out DIR          write the playground's files into DIR instead, for any
                     static web host, and exit
  -h, --help         this text
`

const defaultPlayAddr = "127.0.0.1:8080"

// playFlagSet holds play's flags; the command table reads it for
// completion.
func playFlagSet(addr, out *string, help *bool) *flag.FlagSet {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(addr, "addr", defaultPlayAddr, "HOST:PORT")
	fs.StringVar(out, "out", "", "DIR")
	fs.BoolVar(help, "h", false, "")
	fs.BoolVar(help, "help", false, "")
	return fs
}

func playFlags() *flag.FlagSet {
	var addr, out string
	var help bool
	return playFlagSet(&addr, &out, &help)
}

func playCmd(args []string, stdout, stderr io.Writer) int {
	var addr, out string
	var help bool
	fs := playFlagSet(&addr, &out, &help)
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "csp play: %v\n", flagError(fs, err))
		return exitBadInput
	}
	if help {
		fmt.Fprint(stdout, playUsage)
		return exitSolved
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "csp play: unexpected argument %q: play takes only flags\n", fs.Arg(0))
		return exitBadInput
	}
	if out != "" {
		return writeSite(out, stdout, stderr)
	}
	return serve(addr, stdout, stderr)
}

// writeSite writes the static files and lists them.
func writeSite(dir string, stdout, stderr io.Writer) int {
	if err := play.WriteSite(dir); err != nil {
		fmt.Fprintf(stderr, "csp play: --out: cannot write %s: %v\n", dir, input.PathError(err))
		return exitBadInput
	}
	names := play.Names()
	sort.Strings(names)
	fmt.Fprintf(stdout, "wrote %s to %s\n", strings.Join(names, ", "), dir)
	return exitSolved
}

// serve listens on addr and serves until SIGINT or SIGTERM.
func serve(addr string, stdout, stderr io.Writer) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "csp play: cannot listen on %s: %v\n", addr, listenReason(err))
		return exitBadInput
	}
	fmt.Fprintln(stdout, "http://"+urlHost(ln.Addr().(*net.TCPAddr))+"/")
	if output.Failed(stdout) {
		ln.Close()
		return exitOutput // no one can learn the URL; run reports why
	}
	fmt.Fprintln(stderr, "csp play: serving the playground; Ctrl-C stops")
	srv := &http.Server{Handler: play.Handler(), ReadHeaderTimeout: 10 * time.Second}
	stopped := make(chan struct{})
	stopSignals := limits.OnSignal(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		close(stopped)
	})
	defer stopSignals()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "csp play: %v\n", err)
		return exitBadInput
	}
	<-stopped
	return exitSolved
}

// urlHost is the address as a URL names it: an unspecified address
// (0.0.0.0, ::) listens on every interface, of which this machine's own
// is the one sure to reach it.
func urlHost(a *net.TCPAddr) string {
	if a.IP.IsUnspecified() {
		return fmt.Sprintf("localhost:%d", a.Port)
	}
	return a.String()
}

// listenReason drops the "listen tcp ADDR:" prefix the message already
// gives.
func listenReason(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}
