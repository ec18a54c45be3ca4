package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPlayInChromium uses the playground as a person would: csp play on
// a free port, the page in headless Chromium, models/queens.csp solved
// (the page's #selftest), an error placed at its line, and a traced
// search under the course's settings, screenshotted. With -update the
// screenshot is saved as docs/play.png for the README.
func TestPlayInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: a browser takes seconds; TestPlayServes checks the server")
	}
	c := startChromium(t)
	url := startPlay(t)
	if err := c.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1400, "height": 860, "deviceScaleFactor": 1, "mobile": false}); err != nil {
		t.Fatal(err)
	}
	if err := c.call("Page.navigate", map[string]any{"url": url + "#selftest"}); err != nil {
		t.Fatal(err)
	}
	var report string
	for deadline := time.Now().Add(60 * time.Second); report == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if err := c.eval(`(document.getElementById("selftest") || {}).textContent || ""`, &report); err != nil {
			t.Fatal(err)
		}
	}
	if report == "" {
		t.Fatalf("the page did not solve models/queens.csp within 60 s; errors: %q", c.errors)
	}
	var self struct {
		Exit   int
		Stdout string
		Errors []string
	}
	if err := json.Unmarshal([]byte(report), &self); err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile("cmd/csp/testdata/golden/models/queens.golden")
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := strings.Cut(string(golden), "\n")
	want, _, _ = strings.Cut(want, "--- exit")
	if self.Exit != 0 || self.Stdout != want {
		t.Errorf("the page solved models/queens.csp with exit %d and printed\n%s\nwant exit 0 and\n%s", self.Exit, self.Stdout, want)
	}
	if len(self.Errors)+len(c.errors) > 0 {
		t.Errorf("errors in the page: %q %q", self.Errors, c.errors)
		c.errors = nil
	}

	// Typing a mistake marks it at its line, with its message, after a
	// pause and without a click.
	var marked struct{ Gutter, Message, Problem string }
	err = c.eval(`new Promise((done) => {
		ui.source.value = "var x in 1..3\nx = = 2\n";
		ui.source.dispatchEvent(new Event("input"));
		const end = Date.now() + 20000;
		const poll = () => {
			const err = document.querySelector("#gutter .err");
			if (!err && Date.now() > end) { done({}); return; }
			if (!err) { setTimeout(poll, 50); return; }
			done({
				gutter: err.textContent,
				message: document.querySelector("#marks-inner .msg").textContent,
				problem: document.querySelector("#problems li").textContent,
			});
		};
		poll();
	})`, &marked)
	if err != nil {
		t.Fatal(err)
	}
	if marked.Gutter != "2" || !strings.Contains(marked.Message, `expected an expression, found "="`) ||
		marked.Problem != `models/queens.csp:2:5: expected an expression, found "="` {
		t.Errorf("the error is marked at line %q with %q, listed as %q", marked.Gutter, marked.Message, marked.Problem)
	}
	saveScreenshot(t, c, "csp-play-error.png")

	// The course's settings and the trace, for the screenshot.
	var traced string
	err = c.eval(`new Promise((done) => {
		ui.picker.selectedIndex = state.catalog.entries.findIndex((e) => e.label === "models/queens.csp");
		ui.picker.dispatchEvent(new Event("change"));
		ui.params.value = "n=6";
		document.getElementById("course").click();
		ui.trace.value = "steps";
		onDone = () => done(ui.traceOut.textContent);
		run("solve");
	})`, &traced)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(traced, "q[1] = 1\n  q[2] = 3\n") || !strings.Contains(traced, "✓ solution 1") {
		t.Errorf("the trace of 6-queens under the course's settings reads\n%s", traced)
	}
	shot := "csp-play.png"
	if *update {
		shot = "docs/play.png"
	}
	saveScreenshot(t, c, shot)

	// With "tree" ticked, the search panel shows the interactive tree of
	// the last search (cmd/csp/internal/searchtree), 6-queens' here.
	var tree struct {
		Hidden bool
		Size   int
		Title  bool
	}
	err = c.eval(`new Promise((done) => {
		ui.trace.value = "";
		ui.treeOn.checked = true;
		onDone = () => {
			const doc = ui.tree.srcdoc || "";
			ui.treeOn.checked = false;
			done({hidden: ui.tree.hidden, size: doc.length, title: doc.includes("models/queens.csp (n=6)")});
		};
		run("all");
	})`, &tree)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Hidden || tree.Size < 1000 || !tree.Title {
		t.Errorf("the tree of 6-queens: hidden %v, a page of %d bytes, titled %v", tree.Hidden, tree.Size, tree.Title)
	}
	time.Sleep(time.Second) // the viewer draws in its frame
	saveScreenshot(t, c, "csp-play-tree.png")

	// A long search leaves the page responsive, and Stop ends it: a new
	// worker takes over and solves the next request.
	var stopped struct {
		Busy, Stopped bool
		After         string
	}
	err = c.eval(`new Promise((done) => {
		ui.params.value = "n=30";
		ui.trace.value = "";
		run("count");
		setTimeout(() => {
			const busy = running !== null && !ui.stop.disabled;
			ui.stop.click();
			const stoppedNote = ui.output.textContent.includes("stopped after");
			const start = () => {
				if (!ready) { setTimeout(start, 50); return; }
				ui.params.value = "n=4";
				onDone = () => done({busy, stopped: stoppedNote, after: ui.output.textContent});
				run("solve");
			};
			start();
		}, 500);
	})`, &stopped)
	if err != nil {
		t.Fatal(err)
	}
	if !stopped.Busy || !stopped.Stopped || stopped.After != ". . Q .\nQ . . .\n. . . Q\n. Q . .\n" {
		t.Errorf("count of 30-queens: busy %v, stopped %v; then 4-queens printed %q", stopped.Busy, stopped.Stopped, stopped.After)
	}
	if len(c.errors) > 0 {
		t.Errorf("errors in the page: %q", c.errors)
	}
}

// saveScreenshot writes the page as a PNG: a bare name into the
// temporary folder, for a person to look at, a path where it says.
func saveScreenshot(t *testing.T, c *chromium, name string) {
	t.Helper()
	png, err := c.screenshot(1400, 860)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("the screenshot is not a PNG")
	}
	if filepath.Base(name) == name {
		name = filepath.Join(os.TempDir(), name)
	}
	if err := os.WriteFile(name, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", name)
}

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
