package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/output"
)

// TestPlayInChromium uses the playground as a person would: csp play on
// a free port, the page in headless Chromium, models/queens.csp solved
// (the page's #selftest), an error placed at its line, and a traced
// search under the course's settings, screenshotted; then edits kept
// and reverted, the tree, the progress and Stop of a long search, share
// links, download and a blank model (the functions below). With -update
// the screenshot is saved as docs/play.png for the README.
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
	checkEditsKept(t, c, url)

	// The course's settings and the trace, for the screenshot.
	var traced string
	err = c.eval(`new Promise((done) => {
		ui.picker.value = "models/queens.csp";
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

	checkTree(t, c)
	checkStop(t, c)
	checkShare(t, c, url)
	checkDownload(t, c)
	checkBlank(t, c)
	if len(c.errors) > 0 {
		t.Errorf("errors in the page: %q", c.errors)
	}
}

// ready waits for the page's worker and models, after a load.
func waitReady(t *testing.T, c *chromium) {
	t.Helper()
	c.waitFor(t, `typeof ready !== "undefined" && ready && state.catalog && state.entry && !running`)
}

// checkEditsKept: the edit just made (a mistake typed into
// models/queens.csp) is kept in the browser across a switch of model
// and a reload, the picker says so, and Revert brings back the text as
// shipped.
func checkEditsKept(t *testing.T, c *chromium, url string) {
	t.Helper()
	const edited = "var x in 1..3\nx = = 2\n"
	var kept struct {
		Label     string
		Reverting bool
		Back      string
	}
	err := c.eval(`(() => {
		ui.picker.value = "models/sudoku.csp";
		ui.picker.dispatchEvent(new Event("change"));
		ui.picker.value = "models/queens.csp";
		ui.picker.dispatchEvent(new Event("change"));
		return {label: ui.picker.selectedOptions[0].textContent, reverting: !ui.revert.disabled, back: ui.source.value};
	})()`, &kept)
	if err != nil {
		t.Fatal(err)
	}
	if kept.Back != edited || kept.Label != "models/queens.csp (edited)" || !kept.Reverting {
		t.Errorf("back at models/queens.csp after sudoku: the text %q, the picker %q, Revert enabled %v; want the edit kept, marked, revertible", kept.Back, kept.Label, kept.Reverting)
	}
	if err := c.call("Page.navigate", map[string]any{"url": url}); err != nil {
		t.Fatal(err)
	}
	waitReady(t, c)
	var reloaded struct{ Model, Text string }
	if err := c.eval(`({model: ui.picker.value, text: ui.source.value})`, &reloaded); err != nil {
		t.Fatal(err)
	}
	if reloaded.Model != "models/queens.csp" || reloaded.Text != edited {
		t.Errorf("after a reload: model %q, text %q; want the edited models/queens.csp", reloaded.Model, reloaded.Text)
	}
	c.clickOn(t, "#revert")
	var reverted struct {
		Label    string
		Shipped  bool
		Disabled bool
	}
	if err := c.eval(`({label: ui.picker.selectedOptions[0].textContent, shipped: ui.source.value === state.catalog.files["models/queens.csp"], disabled: ui.revert.disabled})`, &reverted); err != nil {
		t.Fatal(err)
	}
	if !reverted.Shipped || reverted.Label != "models/queens.csp" || !reverted.Disabled {
		t.Errorf("after Revert: the text as shipped %v, the picker %q, Revert disabled %v", reverted.Shipped, reverted.Label, reverted.Disabled)
	}
}

// checkTree: with "tree" ticked, the search panel shows the interactive
// tree of the last search (cmd/csp/internal/searchtree), 6-queens' here,
// and links the same page to open in a tab of its own.
func checkTree(t *testing.T, c *chromium) {
	t.Helper()
	var tree struct {
		Hidden, Title, Same bool
		Size                int
		Link                string
	}
	err := c.eval(`new Promise((done) => {
		ui.trace.value = "";
		ui.treeOn.checked = true;
		onDone = async () => {
			onDone = null;
			// the viewer draws as its page loads, in the frame's own origin
			await new Promise((loaded) => ui.tree.addEventListener("load", loaded, {once: true}));
			const doc = ui.tree.srcdoc || "";
			ui.treeOn.checked = false;
			const linked = ui.treeBar.hidden ? "" : await (await fetch(ui.treeOpen.href)).text();
			done({hidden: ui.tree.hidden, size: doc.length, title: doc.includes("models/queens.csp (n=6)"), link: ui.treeBar.hidden ? "" : ui.treeOpen.href, same: linked === doc});
		};
		run("all");
	})`, &tree)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Hidden || tree.Size < 1000 || !tree.Title {
		t.Errorf("the tree of 6-queens: hidden %v, a page of %d bytes, titled %v", tree.Hidden, tree.Size, tree.Title)
	}
	if !strings.HasPrefix(tree.Link, "blob:") || !tree.Same {
		t.Fatalf("the tree's own page: a link %q to the same page %v", tree.Link, tree.Same)
	}
	// In its frame (a process of its own), the viewer has drawn the tree
	// to fit: its 130 nodes inside the canvas. The screenshot waits for
	// the frame to have painted twice.
	c.inFrame(t, func() {
		var drawn struct{ Inside, Nodes int }
		err := c.eval(`new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(() => {
			const r = canvas.getBoundingClientRect();
			const inside = shownNodes.filter((i) => sx(i) >= 0 && sx(i) <= r.width && sy(i) >= 0 && sy(i) <= r.height).length;
			painted({inside, nodes: T.n - 1});
		})))`, &drawn)
		if err != nil {
			t.Fatal(err)
		}
		if drawn.Nodes != 130 || drawn.Inside != 131 {
			t.Errorf("the tree in the page's frame: %d nodes, %d of them and the root inside the canvas", drawn.Nodes, drawn.Inside)
		}
	})
	saveScreenshot(t, c, "csp-play-tree.png")
	// At 400 px the page is one column that scrolls: the window at the
	// top, then at the search panel.
	saveScreenshotAt(t, c, "csp-play-400.png", 400, 860)
	c.eval(`document.getElementById("search-panel").scrollIntoView()`, nil)
	saveScreenshotAt(t, c, "csp-play-tree-400.png", 400, 860)
	c.eval(`window.scrollTo(0, 0)`, nil)
	saveScreenshot(t, c, "csp-play-tree.png") // and back to 1400

	back := c.openTab(t, tree.Link)
	c.waitFor(t, `typeof shownNodes !== "undefined" && shownNodes.length > 1`)
	var title string
	if err := c.eval(`document.getElementById("title").textContent`, &title); err != nil {
		t.Fatal(err)
	}
	if title != "models/queens.csp (n=6)" {
		t.Errorf("the tree's own page is titled %q", title)
	}
	saveScreenshot(t, c, "csp-play-tree-page.png")
	saveScreenshotAt(t, c, "csp-play-tree-page-400.png", 400, 800)
	back()
}

// checkStop: a long search shows its progress as the CLI's progress line
// does; while it runs the run buttons are disabled and look it, Stop is
// enabled, and the search panel has dropped the last run's statistics.
// Stop, pressed once the page has seen a progress report with
// solutions, ends the search with what it found: the count so far for
// Count, the solutions so far for All. Pressed twice, it ends the worker
// at once, and the note keeps the last report's count. A fresh search
// then runs. Each step waits for the page's own messages: no verdict
// depends on the machine's speed.
func checkStop(t *testing.T, c *chromium) {
	t.Helper()
	var idle string
	if err := c.eval(`getComputedStyle(document.getElementById("solve")).backgroundColor`, &idle); err != nil {
		t.Fatal(err)
	}
	for _, action := range []string{"count", "all"} {
		c.waitFor(t, `!running`)
		// the default settings: 30-queens' solutions come at once
		if err := c.eval(`ui.params.value = "n=30"; ui.order.value = "domwdeg"; ui.values.value = "auto"; ui.prop.value = "ac"; ui.trace.value = ""; ui.treeOn.checked = false`, nil); err != nil {
			t.Fatal(err)
		}
		c.clickOn(t, "#"+action)
		var busy struct {
			SolveDisabled, StopEnabled, StatsCleared, TreeHidden bool
			Look                                                 string
		}
		err := c.eval(`({
			solveDisabled: document.getElementById("solve").disabled, stopEnabled: !ui.stop.disabled,
			statsCleared: !ui.stats.textContent.includes("in the browser"), treeHidden: ui.tree.hidden && ui.treeBar.hidden,
			look: getComputedStyle(document.getElementById("solve")).backgroundColor,
		})`, &busy)
		if err != nil {
			t.Fatal(err)
		}
		if !busy.SolveDisabled || !busy.StopEnabled || !busy.StatsCleared || !busy.TreeHidden || busy.Look == idle {
			t.Errorf("%s running: Solve disabled %v, looking %s as idle %s; Stop enabled %v; last run's statistics gone %v, tree gone %v",
				action, busy.SolveDisabled, busy.Look, idle, busy.StopEnabled, busy.StatsCleared, busy.TreeHidden)
		}
		var progress struct {
			Solutions int64
			Line      string
		}
		err = c.eval(`new Promise((done) => {
			const seen = (p) => { if (p.solutions > 0) { onProgress = null; done({solutions: p.solutions, line: document.getElementById("progress").textContent}); } };
			onProgress = seen;
			if (running.progress) seen(running.progress);
			setTimeout(() => done({solutions: -1, line: "no progress report with a solution in two minutes"}), 120000); // a broken page's
		})`, &progress)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^searching: \d+(\.\d)?[kMG]? nodes, \d+(\.\d)?[kMG]? solutions, \d+(\.\d)?[kMG]? nodes/s, \d+s$`).MatchString(progress.Line) {
			t.Errorf("%s's progress reads %q", action, progress.Line)
		}
		if action == "count" {
			saveScreenshot(t, c, "csp-play-progress.png")
		}
		var stopped struct {
			Exit      int
			Status    string
			Solutions int64
			Output    string
		}
		err = c.eval(`new Promise((done) => {
			onDone = (r) => { onDone = null; done({exit: r.exit, status: r.stats.status, solutions: r.stats.solutions, output: ui.output.textContent}); };
			document.getElementById("stop").click();
		})`, &stopped)
		if err != nil {
			t.Fatal(err)
		}
		n := stopped.Solutions
		want := fmt.Sprintf("%d\ncsp: stopped: the count %d is incomplete\n", n, n)
		if action == "all" {
			want = fmt.Sprintf("csp: stopped: %s found, and there may be more\n", output.Plural(n, "solution"))
		}
		if stopped.Exit != 3 || stopped.Status != "stopped" || n < progress.Solutions || !strings.HasSuffix(stopped.Output, want) {
			t.Errorf("%s of 30-queens stopped after a report of %d solutions: exit %d, status %q, %d solutions, the output ends %q; want exit 3, stopped, at least as many, %q",
				action, progress.Solutions, stopped.Exit, stopped.Status, n, tail(stopped.Output, 200), want)
		}
		if action == "count" {
			saveScreenshot(t, c, "csp-play-stopped.png")
			saveScreenshotAt(t, c, "csp-play-stopped-400.png", 400, 860)
			c.eval(`document.getElementById("output-panel").scrollIntoView()`, nil)
			saveScreenshotAt(t, c, "csp-play-stopped-output-400.png", 400, 860)
			c.eval(`window.scrollTo(0, 0)`, nil)
			saveScreenshot(t, c, "csp-play-stopped.png")
		}
	}

	// Stop twice ends the worker at once.
	var ended struct{ Note, After string }
	err := c.eval(`new Promise((done) => {
		ui.params.value = "n=30";
		run("count");
		onProgress = (p) => {
			if (p.solutions === 0) return;
			onProgress = null;
			ui.stop.click();
			ui.stop.click();
			const note = ui.output.textContent;
			const start = () => {
				if (!ready) { setTimeout(start, 50); return; }
				ui.params.value = "n=4";
				onDone = () => { onDone = null; done({note, after: ui.output.textContent}); };
				run("solve");
			};
			start();
		};
		setTimeout(() => done({note: "no progress report with a solution in two minutes", after: ""}), 120000); // a broken page's
	})`, &ended)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`— ended after [0-9.]+ m?s: the count [1-9]\d* \(at the last progress report\) is incomplete\n$`).MatchString(ended.Note) ||
		ended.After != ". . Q .\nQ . . .\n. . . Q\n. Q . .\n" {
		t.Errorf("Stop twice: the note %q; then 4-queens printed %q", tail(ended.Note, 200), ended.After)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// checkShare: Share gives a link that holds the model's text, its
// parameters and the search settings (the course's here); opened, the
// page shows that model, as "(shared link)", and solves it under them.
func checkShare(t *testing.T, c *chromium, url string) {
	t.Helper()
	const text = "# shared: a marker no shipped model has\nparam n = 4\nvar q[1..n] in 1..n\nalldiff(q)\ndiagonal(q)\nshow board(q)\n"
	err := c.eval(`ui.source.value = `+jsString(text)+`; ui.source.dispatchEvent(new Event("input")); ui.params.value = "n=5";
		document.getElementById("course").click()`, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.clickOn(t, "#share")
	c.waitFor(t, `!ui.shareLink.hidden && ui.shareLink.value !== ""`)
	var link string
	if err := c.eval(`ui.shareLink.value`, &link); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, url+"#share=z") {
		t.Fatalf("the share link is %q, want %s#share=z…", link, url)
	}
	c.clickOn(t, "#revert") // models/queens.csp as shipped, for what follows

	// Opened in a tab of its own, the page loads the link's model; pasted
	// into the address bar of the page open, only the fragment changes.
	back := c.openTab(t, link)
	waitReady(t, c)
	checkShared(t, c, "in a new tab", text)
	back()
	if err := c.eval(`ui.order.value = "domwdeg"; ui.values.value = "auto"; ui.prop.value = "ac"; location.hash = `+jsString(strings.TrimPrefix(link, url)), nil); err != nil {
		t.Fatal(err)
	}
	c.waitFor(t, `state.entry.label === "(shared link)"`)
	checkShared(t, c, "in the page open", text)
}

// checkShared checks the model a share link opened, and solves it: as
// csp solve models/queens.csp -p n=5 --order input --values min --prop fc.
func checkShared(t *testing.T, c *chromium, where, text string) {
	t.Helper()
	var opened struct {
		Model, Text, Params, Settings, Hash, Out string
	}
	err := c.eval(`new Promise((done) => {
		const seen = {model: ui.picker.value, text: ui.source.value, params: ui.params.value, hash: location.hash,
			settings: [ui.order.value, ui.values.value, ui.prop.value].join(" ")};
		onDone = () => { onDone = null; done({...seen, out: ui.output.textContent}); };
		run("solve");
	})`, &opened)
	if err != nil {
		t.Fatal(err)
	}
	if opened.Model != "(shared link)" || opened.Text != text || opened.Params != "n=5" || opened.Settings != "input min fc" || opened.Hash != "" ||
		opened.Out != "Q . . . .\n. . . Q .\n. Q . . .\n. . . . Q\n. . Q . .\n" {
		t.Errorf("the shared link %s opened %q with the text %q, params %q, settings %q, the address's fragment %q; solved, it printed %q",
			where, opened.Model, opened.Text, opened.Params, opened.Settings, opened.Hash, opened.Out)
	}
}

// checkDownload: Download saves the file in view as a .csp file.
func checkDownload(t *testing.T, c *chromium) {
	t.Helper()
	dir := t.TempDir()
	if err := c.call("Browser.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": dir}); err != nil {
		t.Fatal(err)
	}
	if err := c.eval(`ui.picker.value = "models/queens.csp"; ui.picker.dispatchEvent(new Event("change"))`, nil); err != nil {
		t.Fatal(err)
	}
	c.clickOn(t, "#download")
	path := filepath.Join(dir, "queens.csp")
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Download saved no %s", path)
		}
	}
	got, _ := os.ReadFile(path)
	want, _ := os.ReadFile("models/queens.csp")
	if string(got) != strings.ReplaceAll(string(want), "\r\n", "\n") {
		t.Errorf("Download saved\n%s\nwant models/queens.csp", got)
	}
}

// checkBlank: New starts a blank model, which solves as any other.
func checkBlank(t *testing.T, c *chromium) {
	t.Helper()
	c.clickOn(t, "#new")
	var blank struct{ Model, Text, Tab, Out string }
	err := c.eval(`new Promise((done) => {
		const seen = {model: ui.picker.value, text: ui.source.value, tab: ui.tabs.textContent};
		ui.source.value = "var x in 1..3\nx > 2\n";
		ui.source.dispatchEvent(new Event("input"));
		onDone = () => { onDone = null; done({...seen, out: ui.output.textContent}); };
		run("solve");
	})`, &blank)
	if err != nil {
		t.Fatal(err)
	}
	if blank.Model != "(blank model)" || blank.Text != "" || blank.Tab != "model.csp" || blank.Out != "x = 3\n" {
		t.Errorf("New: model %q, text %q, tab %q; the model typed in printed %q", blank.Model, blank.Text, blank.Tab, blank.Out)
	}
}

// saveScreenshot writes the page at 1400 × 860 as a PNG, and returns it:
// a bare name into the temporary folder, for a person to look at, a path
// where it says.
func saveScreenshot(t *testing.T, c *chromium, name string) []byte {
	t.Helper()
	return saveScreenshotAt(t, c, name, 1400, 860)
}

// saveScreenshotAt is saveScreenshot at width × height; the page keeps
// that size afterwards.
func saveScreenshotAt(t *testing.T, c *chromium, name string, width, height int) []byte {
	t.Helper()
	shot, err := c.screenshot(width, height)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(shot, []byte("\x89PNG")) {
		t.Fatalf("the screenshot is not a PNG")
	}
	if filepath.Base(name) == name {
		name = filepath.Join(os.TempDir(), name)
	}
	if err := os.WriteFile(name, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", name)
	return shot
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
