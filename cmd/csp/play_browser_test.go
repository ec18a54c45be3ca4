package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	// to fit: its 130 nodes inside the canvas. The frame may still be
	// laying out when it loads (the fit follows its last resize), so the
	// check looks at each painted frame until all are inside, for up to
	// 10 s on a busy machine, and reports the last frame it saw.
	c.inFrame(t, func() {
		var drawn struct{ Inside, Nodes int }
		err := c.eval(`new Promise((painted) => {
			const end = Date.now() + 10000;
			const look = () => {
				const r = canvas.getBoundingClientRect();
				const inside = shownNodes.filter((i) => sx(i) >= 0 && sx(i) <= r.width && sy(i) >= 0 && sy(i) <= r.height).length;
				if (inside === T.n || Date.now() > end) { painted({inside, nodes: T.n - 1}); return; }
				requestAnimationFrame(look);
			};
			requestAnimationFrame(() => requestAnimationFrame(look));
		})`, &drawn)
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
