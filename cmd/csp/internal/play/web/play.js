// The playground page: csp's commands run by csp.wasm in a Web Worker
// (worker.js), their output, progress and statistics, the search tree,
// and the page's start. The editor is editor.js; the models and edits,
// models.js.
"use strict";

const actions = ["solve", "next", "all", "count", "compare"];

// ---- the worker ----------------------------------------------------------

let worker = null;
let ready = false;
// running is the request in progress: {action, quiet, started, progress,
// stopAsked}; progress is the search's last report.
let running = null;
let onDone = null; // for the self-test
let onProgress = null; // for the tests
let queued = null; // an action asked during a quiet check

function startWorker() {
  ready = false;
  worker = new Worker("worker.js");
  worker.onmessage = (e) => receive(e.data);
  worker.onerror = (e) => crash(e.message || "an error in the worker");
}

// crash reports a worker that can no longer answer, and starts another.
function crash(message) {
  pageErrors.push("worker: " + message);
  worker.terminate();
  if (running) {
    running = null;
    appendError(`\ncsp: the search failed in the browser: ${message}\n`);
  }
  startWorker();
  setStatus("the worker failed; loading a fresh one…");
  setBusy(true);
}

function receive(msg) {
  switch (msg.type) {
    case "ready":
      ready = true;
      setStatus("ready");
      setBusy(false);
      break;
    case "fatal":
      pageErrors.push(msg.message);
      setStatus(msg.message);
      break;
    case "output":
      if (msg.stream === "progress") showProgress(JSON.parse(msg.text));
      else append(msg.stream === "trace" ? ui.traceOut : ui.output, msg.text);
      break;
    case "done":
      finish(msg.result, msg.ms);
      break;
    case "crash":
      crash(msg.message);
      break;
  }
}

// run sends a request to the worker. A check made while typing is
// quiet: it only marks the errors; an action asked meanwhile waits for it.
function run(action, quiet = false) {
  if (running && running.quiet && !quiet) { queued = action; return; }
  if (!ready || running) return;
  const req = {
    action,
    model: state.files[0],
    data: state.files.slice(1),
    params: ui.params.value.split(/[\s,]+/).filter((p) => p !== ""),
    order: ui.order.value, values: ui.values.value, prop: ui.prop.value,
    trace: action === "compare" ? "" : ui.trace.value,
    tree: action !== "compare" && ui.treeOn.checked,
  };
  running = { action, quiet, started: performance.now(), progress: null, stopAsked: false };
  if (quiet) {
    worker.postMessage(req);
    return;
  }
  if (action !== "next") {
    clear(ui.output);
    clear(ui.traceOut);
  } else if (!ui.output.classList.contains("empty") && paneLength.get(ui.output)) {
    append(ui.output, "\n");
  }
  if (req.trace === "" && action !== "next") {
    setEmpty(ui.traceOut, "Choose a trace level above to see the search step by step.");
  }
  // The search panel is this run's from now on: its progress, then its
  // statistics and tree.
  ui.stats.textContent = "";
  const p = document.createElement("p");
  p.id = "progress";
  p.className = "empty";
  p.textContent = action === "compare" ? "comparing the settings…" : "searching…";
  ui.stats.append(p);
  hideTree();
  setStatus(action === "compare" ? "comparing the settings…" : "searching…");
  setBusy(true);
  worker.postMessage(req);
}

// Stop asks the search to stop, as Ctrl-C does csp solve: it stops at
// its next progress report (every 200 ms) and answers with what it found.
// A second Stop ends the worker at once, for what reports no progress
// (a large model's compilation, say); a fresh worker takes its place.
function stop() {
  if (!running || running.quiet) return;
  if (!running.stopAsked) {
    running.stopAsked = true;
    worker.postMessage({ type: "stop" });
    setStatus("stopping at the next progress report… (Stop again ends the worker at once)");
    return;
  }
  worker.terminate();
  const { action, started, progress } = running;
  running = null;
  appendNote(ui.output, endedNote(action, performance.now() - started, progress));
  startWorker();
  setStatus("ended; loading a fresh worker…");
  setBusy(true);
}

// endedNote says what an ended search had found by its last report.
function endedNote(action, ms, p) {
  const head = `ended after ${formatMs(ms)}`;
  if (!p) return `${head}, before its first progress report`;
  if (action === "compare") return `${head}: ${p.compared} of the ${p.settings} settings compared`;
  if (action === "count") return `${head}: the count ${p.solutions} (at the last progress report) is incomplete`;
  return `${head}: ${p.solutions} solutions by the last progress report, and there may be more`;
}

function finish(result, ms) {
  const r = running || {};
  running = null;
  if (r.quiet) {
    showProblems(result.errors || [], false);
    const n = (result.errors || []).length;
    setStatus(result.exit === 0 ? result.stdout.trim() : n > 1 ? `${n} errors` : result.stderr.split("\n")[0]);
    const next = queued;
    queued = null;
    if (next) run(next);
    return;
  }
  setBusy(false);
  if (result.stdout) append(ui.output, result.stdout);
  flushPanes();
  if (result.stderr) appendError(result.stderr);
  if (ui.output.textContent === "") setEmpty(ui.output, "(nothing printed)");
  showProblems(result.errors || []);
  showStats(result.stats, ms, r.action, result.exit);
  if (result.tree) showTree(result.tree);
  const stopped = result.stats && result.stats.status === "stopped" || r.stopAsked && result.exit === 3;
  setStatus(stopped ? `${r.action}: stopped after ${formatMs(ms)} (exit ${result.exit})` : `${r.action}: exit ${result.exit} in ${formatMs(ms)}`);
  if (onDone) onDone(result);
}

// setBusy disables the actions while a request runs or no worker is
// ready, and enables Stop while a search runs.
function setBusy(busy) {
  for (const a of actions) $(a).disabled = busy || !ready;
  ui.stop.disabled = !running || running.quiet;
  ui.status.classList.toggle("busy", busy);
}

function setStatus(text) { ui.status.textContent = text; }

// ---- output --------------------------------------------------------------

// Output can come faster than a page lays it out (an all of a fast
// search prints megabytes a second), and a page that tries falls behind
// for good: it is gathered in pending and written into its pane at most
// every flushEvery ms, and a pane keeps its last maxPane characters, so
// the page's work stays bounded.
const maxPane = 1_000_000, flushEvery = 50;
const pending = new Map(); // pane → {text, dropped}
const paneLength = new Map(); // pane → the characters in it
let flushTimer = 0;

function append(pre, text) {
  const p = pending.get(pre) || { text: "", dropped: false };
  p.text += text;
  if (p.text.length > maxPane) { p.text = p.text.slice(-maxPane / 2); p.dropped = true; }
  pending.set(pre, p);
  if (!flushTimer) flushTimer = setTimeout(flushPanes, flushEvery);
}

// flushPanes writes what is pending into the panes: before anything else
// is written into them or read from them.
function flushPanes() {
  clearTimeout(flushTimer);
  flushTimer = 0;
  for (const [pre, p] of pending) write(pre, p.text, p.dropped);
  pending.clear();
}

function write(pre, text, dropped) {
  if (pre.classList.contains("empty")) clear(pre);
  const length = (paneLength.get(pre) || 0) + text.length;
  if (dropped || length > maxPane) {
    const kept = (dropped ? text : pre.textContent + text).slice(-maxPane / 2);
    pre.textContent = "… (earlier output dropped)\n" + kept.slice(kept.indexOf("\n") + 1);
    paneLength.set(pre, pre.textContent.length);
  } else {
    const last = pre.lastChild;
    if (last && last.nodeType === Node.TEXT_NODE) last.appendData(text);
    else pre.append(text);
    paneLength.set(pre, length);
  }
  pre.scrollTop = pre.scrollHeight;
}

function appendSpan(pre, className, text) {
  flushPanes();
  if (pre.classList.contains("empty")) clear(pre);
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  pre.append(span);
  paneLength.set(pre, (paneLength.get(pre) || 0) + text.length);
  pre.scrollTop = pre.scrollHeight;
}

function appendError(text) { appendSpan(ui.output, "stderr", text); }

function appendNote(pre, text) { appendSpan(pre, "note", `\n— ${text}\n`); }

function clear(pre) {
  pending.delete(pre);
  pre.textContent = "";
  pre.classList.remove("empty");
  paneLength.set(pre, 0);
}

function setEmpty(pre, text) {
  clear(pre);
  pre.textContent = text;
  pre.classList.add("empty");
}

function formatMs(ms) { return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`; }

// countText writes 1234567 as 1.2M, as csp solve's progress line does.
function countText(n) {
  if (n >= 1e10) return `${Math.floor(n / 1e9)}G`;
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e7) return `${Math.floor(n / 1e6)}M`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${Math.floor(n / 1000)}k`;
  return String(n);
}

// showProgress shows the search's progress in the search panel, in the
// words of csp solve's progress line.
function showProgress(p) {
  if (!running) return;
  running.progress = p;
  const el = $("progress");
  if (el) {
    el.className = "progress";
    el.textContent = p.settings
      ? `comparing: setting ${Math.min(p.compared + 1, p.settings)} of ${p.settings}, ${countText(p.nodes)} nodes, ${countText(p.rate)} nodes/s, ${Math.floor(p.ms / 1000)}s`
      : `searching: ${countText(p.nodes)} nodes, ${countText(p.solutions)} solutions, ${countText(p.rate)} nodes/s, ${Math.floor(p.ms / 1000)}s`;
  }
  if (onProgress) onProgress(p);
}

function showStats(st, ms, action, exit) {
  ui.stats.textContent = "";
  if (!st) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = action === "compare" && exit === 0 ? "The table in the output gives each setting's statistics." : "No search ran.";
    ui.stats.append(p);
    return;
  }
  const rows = [
    ["status", st.status.replace("_", " "), st.status === "stopped" ? "status-stopped" : st.solutions > 0 ? "status-ok" : "status-none"],
    ["solutions", st.solutions], ["nodes", st.nodes], ["failures", st.failures],
    ["propagations", st.propagations], ["max depth", st.maxDepth],
    ["search time", `${st.searchMs.toFixed(3)} ms`], ["in the browser", formatMs(ms)],
    ["settings", st.settings],
  ];
  const dl = document.createElement("dl");
  for (const [name, value, cls] of rows) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = name;
    dd.textContent = typeof value === "number" ? value.toLocaleString("en") : value;
    if (cls) dd.className = cls;
    div.append(dt, dd);
    dl.append(div);
  }
  ui.stats.append(dl);
}

// showTree shows the search tree of the last search, an HTML document of
// its own, in the search panel, and links the same page, as csp solve
// --tree writes it, to open on its own.
let treeURL = "";
function showTree(html) {
  ui.tree.srcdoc = html;
  ui.tree.hidden = false;
  if (treeURL) URL.revokeObjectURL(treeURL);
  treeURL = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
  ui.treeOpen.href = treeURL;
  ui.treeBar.hidden = false;
  $("results").classList.add("with-tree");
}

function hideTree() {
  ui.tree.hidden = true;
  ui.tree.removeAttribute("srcdoc");
  ui.treeBar.hidden = true;
  $("results").classList.remove("with-tree");
}

// ---- controls ------------------------------------------------------------

for (const a of actions) $(a).addEventListener("click", () => run(a));
ui.stop.addEventListener("click", stop);
$("course").addEventListener("click", () => {
  ui.order.value = "input"; ui.values.value = "min"; ui.prop.value = "fc";
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run("solve"); }
  if (e.key === "Escape") stop();
});

// loadCatalog fills the picker and opens a shared link's model, or the
// model last open, or models/queens.csp.
async function loadCatalog() {
  const response = await fetch("models.json");
  if (!response.ok) throw new Error(`models.json: ${response.status}`);
  state.catalog = await response.json();
  fillPicker();
  if (location.hash.startsWith("#share=")) {
    if (await openShared(location.hash)) return;
    setStatus("the shared link is damaged: it holds no model this page can read");
  }
  const last = location.hash === "#selftest" ? null : store.get("last");
  loadEntry(last && entries.has(last) ? last : "models/queens.csp");
}

// ---- self-test -----------------------------------------------------------

// With #selftest the page solves models/queens.csp once the worker is
// ready and writes what it saw into #selftest, for the headless test.
function selfTest() {
  const deadline = Date.now() + 60000;
  const report = (r) => {
    $("selftest").textContent = JSON.stringify({
      exit: r ? r.exit : -1, stdout: ui.output.textContent, errors: pageErrors, stats: r ? r.stats : null,
    });
    document.title = "csp play: self-test done";
  };
  onDone = (r) => { onDone = null; report(r); };
  const start = () => {
    if (ready && state.catalog) { run("solve"); return; }
    if (Date.now() > deadline) { pageErrors.push("the worker was not ready within 60 s"); report(null); return; }
    setTimeout(start, 50);
  };
  start();
}

startWorker();
setBusy(true);
loadCatalog().then(
  () => { if (location.hash === "#selftest") selfTest(); },
  (e) => { pageErrors.push(String(e)); setStatus(String(e)); },
);
