package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/csp-lang/csp/cmd/csp/internal/output"
)

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
