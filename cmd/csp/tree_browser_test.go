package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreePageInChromium clicks through the page csp solve --tree writes,
// as a person would, in headless Chromium: 8-queens, every solution.
// The root folded (a click selects it, a second folds it) must still
// show its subtree's counts, the legend and the unfold button; at 400 px
// wide the tree must get the width and the toolbar must not overlap the
// legend. Screenshots at 1400 and 400 px are left in the temporary
// folder for a person to look at.
func TestTreePageInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: a browser takes seconds; package searchtree checks the page's data")
	}
	page := filepath.Join(t.TempDir(), "q.html")
	out, err := exec.Command(cspBinary(t), "solve", "models/queens.csp", "-a", "--tree", page).CombinedOutput()
	if err != nil {
		t.Fatalf("csp solve --tree: %v\n%s", err, out)
	}
	c := startChromium(t)
	if err := c.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1400, "height": 860, "deviceScaleFactor": 1, "mobile": false}); err != nil {
		t.Fatal(err)
	}
	if err := c.call("Page.navigate", map[string]any{"url": "file://" + page}); err != nil {
		t.Fatal(err)
	}
	c.waitFor(t, `typeof shownNodes !== "undefined" && shownNodes.length > 1`)
	saveScreenshot(t, c, "csp-tree-1400.png")

	var root struct{ X, Y float64 }
	if err := c.eval(`(() => { const r = canvas.getBoundingClientRect(); return {x: r.left + sx(0), y: r.top + sy(0)}; })()`, &root); err != nil {
		t.Fatal(err)
	}
	if err := c.click(root.X, root.Y); err != nil { // selects the root
		t.Fatal(err)
	}
	// What the canvas is given to write, from here on.
	if err := c.eval(`window.drawn = []; const fillText = ctx.fillText; ctx.fillText = function (text, ...rest) { drawn.push(String(text)); return fillText.call(this, text, ...rest); }`, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.click(root.X, root.Y); err != nil { // folds it
		t.Fatal(err)
	}
	var folded struct {
		Shown  int
		Counts bool
		Legend string
		Button string
	}
	err = c.eval(`({
		shown: shownNodes.length,
		counts: drawn.includes(foldText(0)) && foldText(0).startsWith("638 nodes, 92 sol."),
		legend: document.getElementById("legend").textContent,
		button: (document.getElementById("foldbtn") || {}).textContent || "",
	})`, &folded)
	if err != nil {
		t.Fatal(err)
	}
	saveScreenshot(t, c, "csp-tree-root-folded.png")
	if folded.Shown != 1 || !folded.Counts || !strings.Contains(folded.Legend, "folded subtree") || folded.Button != "unfold" {
		t.Errorf("the root folded: %d node shown, its counts drawn %v, legend %q, button %q; want 1, true, a folded subtree, unfold",
			folded.Shown, folded.Counts, folded.Legend, folded.Button)
	}
	var button struct{ X, Y float64 }
	if err := c.eval(`(() => { const b = document.getElementById("foldbtn"); if (!b) return {x: -1, y: -1}; const r = b.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`, &button); err != nil {
		t.Fatal(err)
	}
	if button.X >= 0 {
		if err := c.click(button.X, button.Y); err != nil {
			t.Fatal(err)
		}
		var shown int
		if err := c.eval(`shownNodes.length`, &shown); err != nil {
			t.Fatal(err)
		}
		if shown != 639 {
			t.Errorf("the unfold button showed %d nodes, want the 638 and the root", shown)
		}
	}

	// At 400 px the panel goes below the tree, and the toolbar wraps
	// inside the tree's width, above the legend.
	saveScreenshotAt(t, c, "csp-tree-400.png", 400, 800)
	var narrow struct {
		CanvasW, CanvasH      float64
		ToolbarR, ToolbarB    float64
		LegendT, PageW, HelpT float64
	}
	err = c.eval(`(() => {
		const rect = (id) => document.getElementById(id).getBoundingClientRect();
		return {
			canvasW: rect("canvas").width, canvasH: rect("canvas").height,
			toolbarR: rect("toolbar").right, toolbarB: rect("toolbar").bottom,
			legendT: rect("legend").top, helpT: rect("help").top,
			pageW: document.documentElement.scrollWidth,
		};
	})()`, &narrow)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("at 400 px: %+v", narrow)
	if narrow.CanvasW < 380 || narrow.CanvasH < 300 || narrow.ToolbarR > 400 || narrow.PageW > 400 ||
		narrow.ToolbarB > narrow.LegendT || narrow.ToolbarB > narrow.HelpT {
		t.Errorf("at 400 px wide: the tree gets %.0f × %.0f px, the toolbar ends at x %.0f, y %.0f, the legend starts at y %.0f, the help at y %.0f, the page is %.0f px wide; want at least 380 × 300, the toolbar inside the width and above both, no wider than 400",
			narrow.CanvasW, narrow.CanvasH, narrow.ToolbarR, narrow.ToolbarB, narrow.LegendT, narrow.HelpT, narrow.PageW)
	}
	if len(c.errors) > 0 {
		t.Errorf("errors in the page: %q", c.errors)
	}
}
