// The playground page: an editor, the shipped models, and csp's commands
// run by csp.wasm in a Web Worker (worker.js).
"use strict";

const $ = (id) => document.getElementById(id);
const ui = {
  picker: $("picker"), params: $("params"), status: $("status"),
  order: $("order"), values: $("values"), prop: $("prop"), trace: $("trace"),
  tabs: $("tabs"), gutter: $("gutter"), marks: $("marks-inner"), source: $("source"),
  problems: $("problems"), output: $("output"), traceOut: $("trace-out"),
  stats: $("stats"), tree: $("tree"), treeOn: $("tree-on"), stop: $("stop"),
};
const actions = ["solve", "next", "all", "count", "compare"];

// The files in the editor: the model first, then its data files.
const state = { files: [{ name: "model.csp", text: "" }], current: 0, problems: [], catalog: null };

// Errors the page meets are kept for the self-test (#selftest).
const pageErrors = [];
window.addEventListener("error", (e) => pageErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));

// ---- the worker ----------------------------------------------------------

let worker = null;
let ready = false;
let running = null; // the request in progress: {action, started}
let onDone = null; // for the self-test
let queued = null; // an action asked during a quiet check
let checkTimer = 0;

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
    const span = document.createElement("span");
    span.className = "stderr";
    span.textContent = `\ncsp: the search failed in the browser: ${message}\n`;
    ui.output.append(span);
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
      append(msg.stream === "trace" ? ui.traceOut : ui.output, msg.text);
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
  running = { action, quiet, started: performance.now() };
  if (quiet) {
    worker.postMessage(req);
    return;
  }
  if (action !== "next") {
    clear(ui.output);
    clear(ui.traceOut);
  } else if (ui.output.textContent !== "") {
    append(ui.output, "\n");
  }
  if (req.trace === "" && action !== "next") {
    setEmpty(ui.traceOut, "Choose a trace level above to see the search step by step.");
  }
  setStatus(action === "compare" ? "comparing the settings…" : "searching…");
  setBusy(true);
  worker.postMessage(req);
}

// Stop ends the worker mid-search; a fresh one takes its place. What was
// printed stays; next then starts a new search.
function stop() {
  if (!running) return;
  worker.terminate();
  const ms = performance.now() - running.started;
  running = null;
  appendNote(ui.output, `stopped after ${formatMs(ms)}`);
  startWorker();
  setStatus("stopped; loading a fresh worker…");
  setBusy(true);
}

function finish(result, ms) {
  const action = running ? running.action : "";
  const quiet = running && running.quiet;
  running = null;
  if (quiet) {
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
  if (result.stderr) {
    const span = document.createElement("span");
    span.className = "stderr";
    span.textContent = result.stderr;
    ui.output.append(span);
  }
  if (ui.output.textContent === "") setEmpty(ui.output, "(nothing printed)");
  showProblems(result.errors || []);
  showStats(result.stats, ms, action, result.exit);
  if (result.tree) showTree(result.tree);
  else if (action !== "next") hideTree();
  setStatus(`${action}: exit ${result.exit} in ${formatMs(ms)}`);
  if (onDone) onDone(result);
}

function setBusy(busy) {
  for (const a of actions) $(a).disabled = busy || !ready;
  ui.stop.disabled = !running;
  ui.status.classList.toggle("busy", busy);
}

function setStatus(text) { ui.status.textContent = text; }

// ---- output --------------------------------------------------------------

// A pane keeps its last maxPane characters: an --all of millions of
// solutions must not take the page down.
const maxPane = 2_000_000;

function append(pre, text) {
  if (pre.classList.contains("empty")) clear(pre);
  const last = pre.lastChild;
  if (last && last.nodeType === Node.TEXT_NODE) last.appendData(text);
  else pre.append(text);
  if (pre.textContent.length > maxPane) {
    const kept = pre.textContent.slice(-maxPane / 2);
    pre.textContent = "… (earlier output dropped)\n" + kept.slice(kept.indexOf("\n") + 1);
  }
  pre.scrollTop = pre.scrollHeight;
}

function appendNote(pre, text) {
  const span = document.createElement("span");
  span.className = "note";
  span.textContent = `\n— ${text}\n`;
  pre.append(span);
}

function clear(pre) { pre.textContent = ""; pre.classList.remove("empty"); }

function setEmpty(pre, text) { pre.textContent = text; pre.classList.add("empty"); }

function formatMs(ms) { return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`; }

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
    ["status", st.status.replace("_", " "), st.solutions > 0 ? "status-ok" : "status-none"],
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
// its own, in the search panel.
function showTree(html) {
  ui.tree.srcdoc = html;
  ui.tree.hidden = false;
  $("results").classList.add("with-tree");
}

function hideTree() {
  ui.tree.hidden = true;
  ui.tree.removeAttribute("srcdoc");
  $("results").classList.remove("with-tree");
}

// ---- the editor ----------------------------------------------------------

function loadEntry(entry) {
  const files = state.catalog.files;
  state.files = [entry.model, ...(entry.data || [])].map((name) => ({ name, text: files[name] }));
  state.current = 0;
  state.problems = [];
  showFiles();
}

function showFiles(reload = true) {
  ui.tabs.textContent = "";
  state.files.forEach((f, i) => {
    const b = document.createElement("button");
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(i === state.current));
    b.textContent = f.name.split("/").pop();
    b.title = f.name;
    if (state.problems.some((p) => p.file === f.name)) b.classList.add("has-errors");
    b.onclick = () => { state.current = i; showFiles(); };
    ui.tabs.append(b);
  });
  if (reload) ui.source.value = state.files[state.current].text;
  ui.problems.textContent = "";
  for (const p of state.problems) {
    const li = document.createElement("li");
    li.textContent = `${p.file}:${p.line}:${p.col}: ${p.message}`;
    li.onclick = () => goTo(p);
    ui.problems.append(li);
  }
  drawMarks();
}

// showProblems marks the errors; after a run it shows the file of the
// first if the one in view has none, but not while the user types.
function showProblems(problems, move = true) {
  state.problems = problems;
  if (!move) {
    showFiles(false);
    return;
  }
  const first = problems.find((p) => p.file !== state.files[state.current].name);
  if (first && !problems.some((p) => p.file === state.files[state.current].name)) {
    state.current = Math.max(0, state.files.findIndex((f) => f.name === first.file));
  }
  showFiles();
}

// drawMarks numbers the lines and, behind the text, marks each error at
// its line: the span underlined and the message after the line's end.
function drawMarks() {
  const file = state.files[state.current].name;
  const lines = ui.source.value.split("\n");
  const byLine = new Map();
  for (const p of state.problems) {
    if (p.file !== file || p.line < 1) continue;
    if (!byLine.has(p.line)) byLine.set(p.line, []);
    byLine.get(p.line).push(p);
  }
  const gutter = [];
  ui.marks.textContent = "";
  lines.forEach((text, i) => {
    const n = i + 1;
    const div = document.createElement("div");
    const ps = byLine.get(n);
    if (ps) {
      const chars = Array.from(text);
      const p = ps[0];
      const start = Math.min(p.col - 1, chars.length);
      const end = Math.max(start + 1, p.endCol ? p.endCol - 1 : start + 1);
      div.className = "bad";
      div.append(chars.slice(0, start).join(""));
      const sq = document.createElement("span");
      sq.className = "squiggle";
      sq.textContent = chars.slice(start, end).join("") || " ";
      div.append(sq, chars.slice(end).join(""));
      const msg = document.createElement("span");
      msg.className = "msg";
      msg.textContent = "← " + ps.map((q) => q.message).join("; ");
      div.append(msg);
      gutter.push(`<span class="err" title="${escapeHTML(ps.map((q) => `${q.line}:${q.col}: ${q.message}`).join("\n"))}">${n}</span>`);
    } else {
      div.textContent = " ";
      gutter.push(String(n));
    }
    ui.marks.append(div);
  });
  ui.gutter.innerHTML = gutter.join("\n") + "\n ";
  syncScroll();
}

function escapeHTML(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function syncScroll() {
  ui.gutter.scrollTop = ui.source.scrollTop;
  ui.marks.style.transform = `translate(${-ui.source.scrollLeft}px, ${-ui.source.scrollTop}px)`;
}

// goTo puts the cursor at an error: its file, line and column.
function goTo(p) {
  const i = state.files.findIndex((f) => f.name === p.file);
  if (i >= 0 && i !== state.current) { state.current = i; showFiles(); }
  const lines = ui.source.value.split("\n");
  let offset = 0;
  for (let n = 1; n < p.line && n <= lines.length; n++) offset += lines[n - 1].length + 1;
  const line = lines[p.line - 1] || "";
  offset += Array.from(line).slice(0, p.col - 1).join("").length;
  ui.source.focus();
  ui.source.setSelectionRange(offset, offset);
  const lh = parseFloat(getComputedStyle(ui.source).lineHeight) || 20;
  ui.source.scrollTop = Math.max(0, (p.line - 3) * lh);
}

// Typing checks the model after a pause, so errors appear at their line
// without a click.
ui.source.addEventListener("input", () => {
  state.files[state.current].text = ui.source.value;
  drawMarks();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => run("check", true), 500);
});
ui.source.addEventListener("scroll", syncScroll);
ui.source.addEventListener("keydown", (e) => {
  if (e.key === "Tab" && !e.ctrlKey && !e.metaKey) { // indent, not leave the editor
    e.preventDefault();
    document.execCommand("insertText", false, "    ");
  }
});

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
ui.picker.addEventListener("change", () => {
  loadEntry(state.catalog.entries[ui.picker.selectedIndex]);
  ui.params.value = "";
});

async function loadCatalog() {
  const response = await fetch("models.json");
  if (!response.ok) throw new Error(`models.json: ${response.status}`);
  state.catalog = await response.json();
  for (const e of state.catalog.entries) {
    const opt = document.createElement("option");
    opt.textContent = e.label;
    ui.picker.append(opt);
  }
  const start = state.catalog.entries.findIndex((e) => e.label === "models/queens.csp");
  ui.picker.selectedIndex = Math.max(0, start);
  loadEntry(state.catalog.entries[ui.picker.selectedIndex]);
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
