// The playground's editor: the files of the model in tabs, line numbers,
// and the errors marked at their lines. The first of the page's scripts:
// it holds what the others share (ui, state).
"use strict";

const $ = (id) => document.getElementById(id);
const ui = {
  picker: $("picker"), params: $("params"), status: $("status"),
  order: $("order"), values: $("values"), prop: $("prop"), trace: $("trace"),
  tabs: $("tabs"), gutter: $("gutter"), marks: $("marks-inner"), source: $("source"),
  problems: $("problems"), output: $("output"), traceOut: $("trace-out"),
  stats: $("stats"), tree: $("tree"), treeOn: $("tree-on"), stop: $("stop"),
  treeBar: $("tree-bar"), treeOpen: $("tree-open"), revert: $("revert"),
  shareLink: $("share-link"),
};

// The files in the editor: the model first, then its data files; entry
// is the picker's choice they came from (models.js).
const state = { files: [{ name: "model.csp", text: "" }], current: 0, problems: [], catalog: null, entry: null };

// Errors the page meets are kept for the self-test (#selftest).
const pageErrors = [];
window.addEventListener("error", (e) => pageErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => pageErrors.push(String(e.reason)));

function showFiles(reload = true) {
  ui.tabs.textContent = "";
  state.files.forEach((f, i) => {
    const b = document.createElement("button");
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(i === state.current));
    b.textContent = f.name.split("/").pop();
    b.title = f.name;
    if (state.problems.some((p) => p.file === f.name && p.severity !== "warning")) b.classList.add("has-errors");
    b.onclick = () => { state.current = i; showFiles(); };
    ui.tabs.append(b);
  });
  if (reload) ui.source.value = state.files[state.current].text;
  ui.problems.textContent = "";
  for (const p of state.problems) {
    const li = document.createElement("li");
    li.textContent = `${p.file}:${p.line}:${p.col}: ${p.severity === "warning" ? "warning: " : ""}${p.message}`;
    if (p.severity === "warning") li.className = "warn";
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
// its line: the span underlined and the message after the line's end. A
// line with warnings alone is marked as a warning (class "warn").
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
      const warnOnly = ps.every((q) => q.severity === "warning");
      div.className = warnOnly ? "warn" : "bad";
      div.append(chars.slice(0, start).join(""));
      const sq = document.createElement("span");
      sq.className = "squiggle";
      sq.textContent = chars.slice(start, end).join("") || " ";
      div.append(sq, chars.slice(end).join(""));
      const msg = document.createElement("span");
      msg.className = "msg";
      msg.textContent = "← " + ps.map((q) => q.message).join("; ");
      div.append(msg);
      gutter.push(`<span class="${warnOnly ? "wrn" : "err"}" title="${escapeHTML(ps.map((q) => `${q.line}:${q.col}: ${q.message}`).join("\n"))}">${n}</span>`);
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

// Typing keeps the edit (models.js) and checks the model after a pause,
// so errors appear at their line without a click.
let checkTimer = 0;
ui.source.addEventListener("input", () => {
  state.files[state.current].text = ui.source.value;
  saveEdits();
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
