package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startPlay runs csp play on a free port and returns its URL; the
// server is stopped with SIGINT at the end of the test, and must exit 0.
func startPlay(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(cspBinary(t), "play", "--addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		lines <- line
		io.Copy(io.Discard, stdout)
	}()
	var url string
	select {
	case url = <-lines:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("csp play printed no URL in 20 s; stderr: %s", stderr.String())
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		if err != nil {
			t.Errorf("csp play after SIGINT: %v; stderr: %s", err, stderr.String())
		}
	})
	url = strings.TrimSpace(url)
	if !strings.HasPrefix(url, "http://127.0.0.1:") || strings.HasSuffix(url, ":0/") {
		t.Fatalf("csp play's first line is %q, want its URL", url)
	}
	return url
}

// csp play serves the page and csp.wasm on the port it prints, refuses a
// port taken, and stops cleanly on SIGINT (startPlay checks).
func TestPlayServes(t *testing.T) {
	url := startPlay(t)
	for _, c := range []struct{ path, want string }{
		{"", "<title>csp play</title>"},
		{"csp.wasm", "\x00asm"},
	} {
		resp, err := http.Get(url + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body) // the client unzips csp.wasm
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), c.want) {
			t.Errorf("GET %s: %d, %d bytes without %q", url+c.path, resp.StatusCode, len(body), c.want)
		}
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	out, err := exec.Command(cspBinary(t), "play", "--addr", addr).CombinedOutput()
	want := "csp play: cannot listen on " + addr + ": bind: address already in use\n"
	if code := exitCode(err); code != exitBadInput || string(out) != want {
		t.Errorf("a second csp play on %s: exit %d, %q; want exit 2, %q", addr, code, out, want)
	}
}

func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
