// The models the page offers and what becomes of the user's edits: the
// picker's entries (a blank model, one opened from a shared link, the
// shipped models and examples), the edits kept in the browser's
// localStorage for each entry, revert, download, and share links.
"use strict";

const BLANK = "(blank model)", SHARED = "(shared link)";

// store is localStorage, which a browser may refuse (a private window, a
// full quota): the page then works as before, keeping no edits.
const store = {
  get(key) { try { return localStorage.getItem("csp-play:" + key); } catch (e) { return null; } },
  set(key, value) { try { localStorage.setItem("csp-play:" + key, value); return true; } catch (e) { return false; } },
  remove(key) { try { localStorage.removeItem("csp-play:" + key); } catch (e) { /* nothing was kept */ } },
};

// entries maps the picker's labels to its entries: {label, model, data}
// from models.json, and the two of the page's own.
const entries = new Map();
// shared is the model of the last shared link opened: {files: [[name,
// text], ...], params, settings: {order, values, prop}}.
let shared = readShared(store.get("shared"));

// shippedFiles is an entry's text as shipped (or as the link gave it).
function shippedFiles(entry) {
  if (entry.label === BLANK) return [{ name: "model.csp", text: "" }];
  if (entry.label === SHARED) return shared.files.map(([name, text]) => ({ name, text }));
  return [entry.model, ...(entry.data || [])].map((name) => ({ name, text: state.catalog.files[name] }));
}

// editsOf returns the texts kept for an entry, file by file, or null.
function editsOf(entry, files) {
  let texts = null;
  try { texts = JSON.parse(store.get("edits:" + entry.label)); } catch (e) { return null; }
  const fits = Array.isArray(texts) && texts.length === files.length && texts.every((t) => typeof t === "string");
  return fits ? texts : null;
}

// fillPicker lists the entries, each model with its edits marked.
function fillPicker() {
  entries.clear();
  ui.picker.textContent = "";
  const all = [{ label: BLANK }, ...(shared ? [{ label: SHARED }] : []), ...state.catalog.entries];
  for (const e of all) {
    entries.set(e.label, e);
    const opt = document.createElement("option");
    opt.value = e.label;
    ui.picker.append(opt);
    markEdited(e, opt);
  }
}

// markEdited names an entry in the picker, "(edited)" if it has edits.
function markEdited(entry, opt = [...ui.picker.options].find((o) => o.value === entry.label)) {
  const edited = editsOf(entry, shippedFiles(entry)) !== null;
  if (opt) opt.textContent = entry.label + (edited ? " (edited)" : "");
  return edited;
}

// loadEntry puts an entry's files in the editor, with their edits.
function loadEntry(label) {
  const entry = entries.get(label) || entries.get("models/queens.csp") || entries.values().next().value;
  const files = shippedFiles(entry);
  const edits = editsOf(entry, files);
  state.entry = entry;
  state.files = files.map((f, i) => ({ name: f.name, text: edits ? edits[i] : f.text }));
  state.current = 0;
  state.problems = [];
  ui.picker.value = entry.label;
  store.set("last", entry.label);
  showFiles();
  ui.revert.disabled = edits === null;
}

// saveEdits keeps the editor's files for the entry; as shipped, none.
function saveEdits() {
  const entry = state.entry;
  if (!entry) return;
  const shipped = shippedFiles(entry);
  const texts = state.files.map((f) => f.text);
  if (texts.every((t, i) => t === shipped[i].text)) store.remove("edits:" + entry.label);
  else store.set("edits:" + entry.label, JSON.stringify(texts));
  ui.revert.disabled = !markEdited(entry);
}

// revert drops the entry's edits: the text as shipped, or as the link
// gave it, or blank.
function revert() {
  store.remove("edits:" + state.entry.label);
  markEdited(state.entry);
  const current = state.current;
  loadEntry(state.entry.label);
  if (current < state.files.length) { state.current = current; showFiles(); }
  run("check", true);
}

// download saves the file in view as a .csp file.
function download() {
  const f = state.files[state.current];
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([f.text], { type: "text/plain;charset=utf-8" }));
  a.download = f.name.split("/").pop() || "model.csp";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000); // the download has its bytes by then
}

// ---- share links: #share= and the model's files, parameters and
// search settings as JSON, deflated when the browser can (a "z"), else as it is (a "u"),
// in base64url. The text stays in the fragment: no server sees it.

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

async function shareURL() {
  const json = JSON.stringify({
    files: state.files.map((f) => [f.name, f.text]), params: ui.params.value,
    settings: { order: ui.order.value, values: ui.values.value, prop: ui.prop.value },
  });
  let bytes = new TextEncoder().encode(json), tag = "u";
  if (typeof CompressionStream === "function") {
    bytes = await through(bytes, new CompressionStream("deflate-raw"));
    tag = "z";
  }
  return `${location.origin}${location.pathname}#share=${tag}${toBase64url(bytes)}`;
}

// share shows the link beside the button, selected, and copies it.
async function share() {
  const url = await shareURL();
  ui.shareLink.value = url;
  ui.shareLink.hidden = false;
  ui.shareLink.focus();
  ui.shareLink.select();
  try {
    await navigator.clipboard.writeText(url);
    setStatus(`link copied (${url.length} characters): it holds the model's text`);
  } catch (e) {
    setStatus("copy the link beside share: it holds the model's text");
  }
}

// readShared checks what a link (or the storage) holds.
function readShared(json) {
  let m;
  try { m = JSON.parse(json); } catch (e) { return null; }
  const file = (f) => Array.isArray(f) && f.length === 2 && typeof f[0] === "string" && f[0] !== "" && typeof f[1] === "string";
  if (!m || !Array.isArray(m.files) || m.files.length === 0 || !m.files.every(file) || typeof (m.params ?? "") !== "string") return null;
  // settings the page does not offer are left out
  const settings = {};
  for (const name of ["order", "values", "prop"]) {
    const v = m.settings && m.settings[name];
    if ([...ui[name].options].some((o) => o.value === v)) settings[name] = v;
  }
  return { files: m.files, params: m.params ?? "", settings };
}

// openShared opens the model of a #share= link as the picker's
// "(shared link)", and takes the fragment off the address: a reload then
// keeps the edits made since, as for any model.
async function openShared(fragment) {
  const data = fragment.slice("#share=".length);
  let m = null;
  try {
    let bytes = fromBase64url(data.slice(1));
    if (data[0] === "z") bytes = await through(bytes, new DecompressionStream("deflate-raw"));
    else if (data[0] !== "u") throw new Error("unknown encoding");
    m = readShared(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (e) { /* m stays null */ }
  history.replaceState(null, "", location.pathname + location.search);
  if (!m) return false;
  shared = m;
  store.set("shared", JSON.stringify(m));
  store.remove("edits:" + SHARED);
  fillPicker();
  loadEntry(SHARED);
  ui.params.value = m.params;
  for (const [name, v] of Object.entries(m.settings)) ui[name].value = v;
  return true;
}

// A link pasted into the address bar of the page already open changes
// only the fragment: the page opens its model as a load would.
window.addEventListener("hashchange", () => {
  if (!location.hash.startsWith("#share=") || !state.catalog) return;
  openShared(location.hash).then((ok) => {
    if (!ok) setStatus("the shared link is damaged: it holds no model this page can read");
  });
});

ui.picker.addEventListener("change", () => {
  loadEntry(ui.picker.value);
  ui.params.value = "";
});
$("new").addEventListener("click", () => { loadEntry(BLANK); ui.params.value = ""; ui.source.focus(); });
ui.revert.addEventListener("click", revert);
$("download").addEventListener("click", download);
$("share").addEventListener("click", share);
