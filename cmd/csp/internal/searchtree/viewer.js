// The search tree viewer: reads the tree from #tree-data, draws it on a
// canvas that zooms and pans, folds and unfolds subtrees, shows a node's
// branch, domains and board, and replays the search in order. No
// dependencies, no network: the page is one file.
"use strict";

const errors = [];
window.addEventListener("error", e => errors.push(String(e.message)));
const consoleError = console.error;
console.error = (...a) => { errors.push(a.join(" ")); consoleError.apply(console, a); };

const started = performance.now();
const DATA = JSON.parse(document.getElementById("tree-data").textContent);
const COLOURS = { inner: "#4a7bd0", dead: "#d33", sol: "#2a2", foldFill: "#ccd", foldLine: "#889", edge: "#999", root: "#555", restart: "#a3c" };
const INNER = 0, DEAD = 1, SOL = 2;
const COL = 48, ROW = 70; // world units: a column, a level

// ---- the tree: node 0 is the root (propagation before any decision),
// node i+1 the i-th stored node; all in search order, depth first.
const T = decode(DATA);
// the first node of each run after a restart -> the run's number (2, 3, ...)
const RUN = new Map((DATA.runs || []).map((i, k) => [i + 1, k + 2]));

function decode(d) {
  const bin = atob(d.nodes);
  const n = d.count + 1;
  const depth = new Int32Array(n), kind = new Uint8Array(n), neq = new Uint8Array(n);
  const v = new Int32Array(n).fill(-1), val = new Float64Array(n);
  let p = 0;
  const uvarint = () => {
    let x = 0, mul = 1, b;
    do { b = bin.charCodeAt(p++); x += (b & 127) * mul; mul *= 128; } while (b & 128);
    return x;
  };
  for (let i = 1; i < n; i++) {
    const head = uvarint();
    depth[i] = Math.floor(head / 8); kind[i] = (head >> 1) & 3; neq[i] = head & 1;
    v[i] = uvarint();
    const z = uvarint();
    val[i] = z % 2 ? -(z + 1) / 2 : z / 2;
  }
  if (d.rootSolved) kind[0] = SOL;
  else if (n === 1 && !d.stats.solutions && !d.stopped) kind[0] = DEAD; // failed at the root
  // parent, children (first child, next sibling), in one pass with a stack.
  const parent = new Int32Array(n).fill(-1), first = new Int32Array(n).fill(-1), next = new Int32Array(n).fill(-1), lastChild = new Int32Array(n).fill(-1);
  const stack = [0];
  for (let i = 1; i < n; i++) {
    stack.length = Math.min(stack.length, depth[i]);
    const par = stack.length ? stack[stack.length - 1] : 0;
    parent[i] = par;
    if (lastChild[par] < 0) first[par] = i; else next[lastChild[par]] = i;
    lastChild[par] = i;
    stack.push(i);
  }
  // subtree counts, the node included, with what was only counted
  const size = new Float64Array(n), fails = new Float64Array(n), sols = new Float64Array(n), stored = new Int32Array(n), below = new Int32Array(n);
  const hid = new Map();
  for (const [node, s, f, so] of d.hidden) hid.set(node + 1, [s, f, so]);
  for (let i = n - 1; i >= 0; i--) {
    size[i] += 1; stored[i] += 1;
    if (kind[i] === DEAD) fails[i] += 1;
    if (kind[i] === SOL) sols[i] += 1;
    const h = hid.get(i);
    if (h) { size[i] += h[0]; fails[i] += h[1]; sols[i] += h[2]; }
    below[i] = Math.max(below[i], depth[i]);
    const par = parent[i];
    if (par >= 0) {
      size[par] += size[i]; fails[par] += fails[i]; sols[par] += sols[i]; stored[par] += stored[i];
      below[par] = Math.max(below[par], below[i]);
    }
  }
  // the dead ends' causes, in search order: emptied variable + 1, constraint + 1
  const failOf = new Map();
  const fb = atob(d.fails);
  p = 0;
  const fvarint = () => { let x = 0, mul = 1, b; do { b = fb.charCodeAt(p++); x += (b & 127) * mul; mul *= 128; } while (b & 128); return x; };
  for (let i = 1; i < n && p < fb.length; i++) if (kind[i] === DEAD) failOf.set(i, { v: fvarint() - 1, cons: fvarint() - 1 });
  // the halves of splits (their neq bit is set), and the values beyond 2^53
  // as strings: val holds them rounded
  const ops = new Map(), big = new Map();
  for (const [node, op] of d.splits || []) ops.set(node + 1, op === 2 ? "≤" : ">");
  for (const [node, s] of d.big || []) big.set(node + 1, s);
  const doms = new Map();
  for (const row of d.doms) {
    const delta = [];
    for (let k = 1; k < row.length; k += 2) delta.push([row[k], row[k + 1]]);
    doms.set(row[0] + 1, delta);
  }
  return { n, depth, kind, neq, v, val, parent, first, next, size, fails, sols, stored, below, hid, failOf, doms, ops, big };
}

// valueOf is node i's value as text, exact beyond 2^53.
function valueOf(i) { return T.big.get(i) || String(T.val[i]); }

function children(i) {
  const out = [];
  for (let c = T.first[i]; c >= 0; c = T.next[c]) out.push(c);
  return out;
}

function label(i) {
  if (i === 0) return "root";
  const op = T.ops.get(i); // a split's bound stays a number
  return DATA.vars[T.v[i]] + (op || (T.neq[i] ? "≠" : "=")) + (op ? valueOf(i) : named(T.v[i], valueOf(i)));
}

// named is value v (a decimal string) of variable x, by name when x is
// declared in an enum.
function named(x, v) {
  const names = DATA.enums && DATA.enums[x];
  return names && names[Number(v) - 1] !== undefined ? names[Number(v) - 1] : v;
}

// namedDomain writes a stored domain ("1..3 5") for the domain table:
// an enum's values by name, one by one.
function namedDomain(x, s) {
  if (!(DATA.enums && DATA.enums[x])) return s.replace(/ /g, ", ");
  const out = [];
  for (const part of s.split(" ")) {
    const [a, b] = part.split("..").map(Number);
    for (let v = a; v <= (b === undefined ? a : b); v++) out.push(named(x, String(v)));
  }
  return out.join(", ");
}

// ---- folding: open[i] says i's children are drawn. By default the
// largest subtrees are unfolded first while the drawn nodes stay within
// the budget, so the picture shows where the work went.
const open = new Uint8Array(T.n);

function foldByBudget(budget) {
  open.fill(0);
  let shown = 1;
  const heap = [0]; // by stored size, largest on top
  const less = (a, b) => T.stored[a] < T.stored[b];
  const push = x => { heap.push(x); let k = heap.length - 1; while (k > 0) { const p = (k - 1) >> 1; if (!less(heap[p], heap[k])) break; [heap[p], heap[k]] = [heap[k], heap[p]]; k = p; } };
  const pop = () => {
    const top = heap[0], last = heap.pop();
    if (heap.length) { heap[0] = last; let k = 0; for (;;) { const l = 2 * k + 1, r = l + 1; let m = k; if (l < heap.length && less(heap[m], heap[l])) m = l; if (r < heap.length && less(heap[m], heap[r])) m = r; if (m === k) break; [heap[m], heap[k]] = [heap[k], heap[m]]; k = m; } }
    return top;
  };
  while (heap.length) {
    const i = pop();
    const cs = children(i);
    if (shown + cs.length > budget && i !== 0) continue;
    open[i] = 1;
    shown += cs.length;
    for (const c of cs) if (T.first[c] >= 0) push(c);
  }
}

// ---- layout of the drawn nodes: leaves and folds take columns left to
// right, a folded subtree as many as its size deserves; parents centre
// over their children; rows are depths.
let shownNodes = [], X = new Float64Array(T.n), W = new Float64Array(T.n);

function foldWidth(i) { return Math.min(14, 1 + 1.6 * Math.log10(T.size[i])); }
function folded(i) { return !open[i] && T.size[i] > 1 && (T.first[i] >= 0 || T.hid.has(i)); }

// counted: past the recording budget, the nodes below an unfolded node
// that were counted and not stored, drawn as one more fold after its
// children.
let counted = [];

function layout() {
  shownNodes = [];
  counted = [];
  let col = 0;
  // depth first without recursion: a branch may be thousands of levels deep
  const stack = [];
  const enter = i => { // the x of a leaf or fold; null when i's children come first
    shownNodes.push(i);
    if (open[i] && T.first[i] >= 0) {
      stack.push({ i, c: T.first[i], a: -1, b: 0 });
      return null;
    }
    const w = folded(i) ? foldWidth(i) : 1;
    W[i] = w;
    X[i] = (col + w / 2) * COL;
    col += w;
    return X[i];
  };
  let x = enter(0);
  while (stack.length) {
    const f = stack[stack.length - 1];
    if (x !== null) {
      if (f.a < 0) f.a = x;
      f.b = x;
      x = null;
    }
    if (f.c >= 0) {
      const c = f.c;
      f.c = T.next[c];
      x = enter(c);
      continue;
    }
    const h = T.hid.get(f.i);
    if (h) {
      const w = Math.min(14, 1 + 1.6 * Math.log10(h[0] + 1));
      f.b = (col + w / 2) * COL;
      counted.push({ parent: f.i, x: f.b, w, size: h[0], fails: h[1], sols: h[2] });
      col += w;
    }
    X[f.i] = (f.a + f.b) / 2;
    stack.pop();
    x = X[f.i];
  }
}

// ---- view: world to screen is x * scale + tx.
const canvas = document.getElementById("canvas");
const ctx = canvas.getContext("2d");
let scale = 1, yfit = 1, yk = 1, tx = 0, ty = 0, selected = -1, step = -1, playing = null;
// moved: the view was zoomed or panned since the last fit. Until then a
// new size refits, as when the page opens in a frame that is still
// growing (csp play) or a window that is then maximised.
let moved = false;

function resize() {
  const r = canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(r.width * dpr));
  canvas.height = Math.max(1, Math.round(r.height * dpr));
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}

function bounds() {
  let x0 = Infinity, x1 = -Infinity, d1 = 0;
  for (const i of shownNodes) {
    const half = (folded(i) ? W[i] / 2 : 0.5) * COL;
    x0 = Math.min(x0, X[i] - half); x1 = Math.max(x1, X[i] + half);
    d1 = Math.max(d1, T.depth[i] + (folded(i) ? 0.9 : 0));
  }
  for (const c of counted) { x1 = Math.max(x1, c.x + c.w / 2 * COL); d1 = Math.max(d1, T.depth[c.parent] + 1.9); }
  return { x0, x1, y0: -20, y1: d1 * ROW + 30 };
}

function fit() {
  moved = false;
  const r = canvas.getBoundingClientRect(), b = bounds();
  // room for the toolbar and the foot, as tall as they wrapped
  drawLegend();
  const top = Math.max(48, document.getElementById("toolbar").getBoundingClientRect().bottom - r.top + 16);
  const bottom = Math.max(50, r.bottom - document.getElementById("foot").getBoundingClientRect().top + 12), pad = 24;
  // The two directions are fitted apart: a wide, shallow tree gets its
  // levels spread over the height, a deep, narrow one squeezed into it.
  // Zooming in then scales both; zooming out leaves the levels at least
  // yfit apart.
  const s = Math.min((r.width - 2 * pad) / (b.x1 - b.x0), 2.5);
  const fitY = (r.height - top - bottom) / (b.y1 - b.y0);
  scale = s;
  yfit = Math.min(fitY, Math.max(s, 1.6));
  yk = Math.min(1, yfit / s);
  tx = (r.width - (b.x1 - b.x0) * s) / 2 - b.x0 * s;
  ty = top - b.y0 * yscale();
  draw();
}

function yscale() { return Math.max(yfit, scale * yk); }
function sx(i) { return X[i] * scale + tx; }
function sy(i) { return T.depth[i] * ROW * yscale() + ty; }

function draw() {
  const r = canvas.getBoundingClientRect();
  ctx.clearRect(0, 0, r.width, r.height);
  const rad = Math.max(1.5, Math.min(10, 8 * scale));
  const font = Math.min(14, 12 * scale);
  const replay = step >= 0;
  const visible = i => { const x = sx(i); return x > -200 && x < r.width + 200; };
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLOURS.edge;
  ctx.beginPath();
  for (const i of shownNodes) {
    if (i === 0) continue;
    const a = sx(T.parent[i]), b = sx(i); // an edge may cross the window with both ends outside
    if (Math.max(a, b) < -200 || Math.min(a, b) > r.width + 200) continue;
    ctx.moveTo(a, sy(T.parent[i]));
    ctx.lineTo(b, sy(i));
  }
  ctx.stroke();
  for (const i of shownNodes) {
    if (!visible(i)) continue;
    ctx.globalAlpha = replay && i > step ? 0.18 : 1;
    drawNode(i, sx(i), sy(i), rad);
  }
  ctx.globalAlpha = 1;
  drawRuns(rad);
  drawCounted();
  // Labels grow with the zoom up to 14 px and are hidden below 7 px or
  // when the levels are too close for them; one that would overlap the
  // label before it on its row is left out, so what is drawn can be read.
  if (font >= 7 && ROW * yscale() >= 2.2 * font) {
    ctx.font = font + "px Helvetica, Arial, sans-serif";
    ctx.textAlign = "center";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "white";
    const right = new Map(); // row -> right edge of its last label
    const text = (t, x, y, row, colour) => {
      const w = ctx.measureText(t).width;
      if (x - w / 2 < (right.has(row) ? right.get(row) : -Infinity) + 4) return;
      right.set(row, x + w / 2);
      ctx.fillStyle = colour;
      ctx.strokeText(t, x, y);
      ctx.fillText(t, x, y);
    };
    for (const i of shownNodes) {
      if (!visible(i)) continue;
      ctx.globalAlpha = replay && i > step ? 0.3 : 1;
      const x = sx(i);
      if (i > 0) text(label(i), x, sy(i) - rad - (i === selected || i === step ? 9 : 4), T.depth[i], "#222");
      if (folded(i)) text(foldText(i), x, sy(i) + foldHeight(i) + barHeight() + font + 2, T.depth[i] + 0.5, "#335");
    }
    ctx.globalAlpha = 1;
  }
  for (const [i, colour] of [[selected, "#f90"], [step, "#000"]]) {
    if (i < 0 || !shownNodes.includes(i)) continue;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(sx(i), sy(i), rad + 5, 0, 2 * Math.PI);
    ctx.stroke();
  }
  drawLegend();
}

// drawRuns rings the first node of each run after a restart, and labels
// it when there is room.
function drawRuns(rad) {
  if (!RUN.size) return;
  const font = Math.min(14, 12 * scale);
  ctx.strokeStyle = COLOURS.restart; ctx.lineWidth = 2;
  ctx.fillStyle = COLOURS.restart; ctx.font = font + "px Helvetica, Arial, sans-serif"; ctx.textAlign = "right";
  for (const i of shownNodes) {
    const k = RUN.get(i);
    if (k === undefined) continue;
    ctx.beginPath(); ctx.arc(sx(i), sy(i), rad + 3, 0, 2 * Math.PI); ctx.stroke();
    if (font >= 7) ctx.fillText("⟲ run " + k, sx(i) - rad - 6, sy(i) + font / 3);
  }
}

// drawCounted draws the counted folds dashed: they cannot be opened.
function drawCounted() {
  ctx.setLineDash([4, 3]);
  for (const c of counted) {
    const px = sx(c.parent), py = sy(c.parent), x = c.x * scale + tx, y = py + ROW * yscale();
    const w = c.w * COL * scale * 0.7, h = Math.max(6, 0.9 * ROW * yscale());
    ctx.strokeStyle = COLOURS.edge; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(px, py); ctx.lineTo(x, y); ctx.stroke();
    ctx.fillStyle = "#eef"; ctx.strokeStyle = COLOURS.foldLine;
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x - w / 2, y + h); ctx.lineTo(x + w / 2, y + h); ctx.closePath(); ctx.fill(); ctx.stroke();
    if (12 * scale >= 7) {
      ctx.fillStyle = "#335"; ctx.font = Math.min(14, 12 * scale) + "px Helvetica, Arial, sans-serif"; ctx.textAlign = "center";
      ctx.fillText("+" + c.size + " counted", x, y + h + Math.min(14, 12 * scale) + 2);
    }
  }
  ctx.setLineDash([]);
}

// foldHeight: a folded subtree is as tall as the levels below it, up to one.
function foldHeight(i) { return Math.max(6, 0.9 * ROW * yscale() * Math.min(1, (T.below[i] - T.depth[i]) / 3 + 0.34)); }

// barHeight: the bar of dead ends and solutions along a fold's base.
function barHeight() { return Math.max(2, 3 * scale); }

function plural(n, word) { return n === 1 ? "1 " + word : n + " " + word + "s"; }

function foldText(i) {
  let t = plural(T.size[i] - 1, "node");
  if (T.sols[i]) t += ", " + T.sols[i] + " sol.";
  if (T.fails[i]) t += ", " + T.fails[i] + " ✗";
  return t;
}

function drawNode(i, x, y, rad) {
  if (i === 0 && !folded(0)) { // folded, the root is drawn as any fold
    ctx.fillStyle = T.kind[0] === SOL ? COLOURS.sol : T.kind[0] === DEAD ? COLOURS.dead : COLOURS.root;
    ctx.beginPath(); ctx.arc(x, y, rad * 0.75, 0, 2 * Math.PI); ctx.fill();
    return;
  }
  if (folded(i)) {
    const w = W[i] * COL * scale * 0.7, h = foldHeight(i);
    ctx.fillStyle = COLOURS.foldFill; ctx.strokeStyle = COLOURS.foldLine; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x - w / 2, y + h); ctx.lineTo(x + w / 2, y + h); ctx.closePath(); ctx.fill(); ctx.stroke();
    // the share of dead ends and solutions, as a bar along the base
    const f = T.fails[i] / T.size[i], s = T.sols[i] / T.size[i];
    ctx.fillStyle = COLOURS.dead; ctx.fillRect(x - w / 2, y + h, w * f, barHeight());
    ctx.fillStyle = COLOURS.sol; ctx.fillRect(x - w / 2 + w * f, y + h, Math.max(s > 0 ? 2 : 0, w * s), barHeight());
    return;
  }
  switch (T.kind[i]) {
    case DEAD:
      ctx.fillStyle = COLOURS.dead;
      ctx.fillRect(x - rad * 0.9, y - rad * 0.9, rad * 1.8, rad * 1.8);
      if (rad > 4) {
        ctx.strokeStyle = "white"; ctx.lineWidth = 2; ctx.beginPath();
        ctx.moveTo(x - rad / 2, y - rad / 2); ctx.lineTo(x + rad / 2, y + rad / 2);
        ctx.moveTo(x + rad / 2, y - rad / 2); ctx.lineTo(x - rad / 2, y + rad / 2); ctx.stroke();
      }
      break;
    case SOL:
      ctx.fillStyle = COLOURS.sol; ctx.beginPath(); ctx.arc(x, y, rad * 1.2, 0, 2 * Math.PI); ctx.fill();
      if (rad > 4) { ctx.fillStyle = "white"; ctx.beginPath(); ctx.arc(x, y, rad * 0.55, 0, 2 * Math.PI); ctx.fill(); }
      break;
    default:
      ctx.fillStyle = COLOURS.inner; ctx.beginPath(); ctx.arc(x, y, rad, 0, 2 * Math.PI); ctx.fill();
  }
}

// The legend lists only what is drawn.
let legendKey = "";
function drawLegend() {
  const has = { inner: false, dead: false, sol: false, fold: false };
  for (const i of shownNodes) {
    if (folded(i)) has.fold = true;
    else if (i === 0) { has.sol = has.sol || T.kind[0] === SOL; has.dead = has.dead || T.kind[0] === DEAD; }
    else if (T.kind[i] === DEAD) has.dead = true;
    else if (T.kind[i] === SOL) has.sol = true;
    else has.inner = true;
  }
  has.run = shownNodes.some(i => RUN.has(i));
  const key = JSON.stringify(has) + counted.length;
  if (key === legendKey) return;
  legendKey = key;
  const items = [];
  if (has.inner) items.push(`<span><svg width="14" height="14"><circle cx="7" cy="7" r="6" fill="${COLOURS.inner}"/></svg>assignment</span>`);
  if (has.dead) items.push(`<span><svg width="14" height="14"><rect x="1" y="1" width="12" height="12" fill="${COLOURS.dead}"/><path d="M4 4l6 6M10 4l-6 6" stroke="white" stroke-width="2"/></svg>dead end</span>`);
  if (has.sol) items.push(`<span><svg width="14" height="14"><circle cx="7" cy="7" r="7" fill="${COLOURS.sol}"/><circle cx="7" cy="7" r="3" fill="white"/></svg>solution</span>`);
  if (has.run) items.push(`<span><svg width="16" height="14"><circle cx="8" cy="7" r="5.5" fill="none" stroke="${COLOURS.restart}" stroke-width="2"/></svg>⟲ a restart: a new run from the root</span>`);
  if (counted.length) items.push(`<span><svg width="16" height="14"><path d="M8 1l-7 12h14z" fill="#eef" stroke="${COLOURS.foldLine}" stroke-dasharray="3 2"/></svg>counted past the recording budget</span>`);
  if (has.fold) items.push(`<span><svg width="16" height="14"><path d="M8 1l-7 12h14z" fill="${COLOURS.foldFill}" stroke="${COLOURS.foldLine}"/></svg>folded subtree (nodes, solutions, ✗ dead ends)</span>`);
  document.getElementById("legend").innerHTML = items.join("");
}

// ---- picking, zoom and pan
function pick(px, py) {
  const rad = Math.max(6, Math.min(14, 10 * scale));
  let best = -1, bd = Infinity;
  for (const i of shownNodes) {
    const dx = px - sx(i), dy = py - sy(i);
    let d = dx * dx + dy * dy;
    if (folded(i)) { // the triangle below the node counts too
      const h = foldHeight(i), w = W[i] * COL * scale * 0.7;
      if (dy >= 0 && dy <= h && Math.abs(dx) <= w / 2 * (dy / h) + rad) d = 0;
    }
    if (d < bd) { bd = d; best = i; }
  }
  return bd <= rad * rad * 2 ? best : -1;
}

function zoomAt(px, py, f) {
  moved = true;
  const s = Math.max(1e-4, Math.min(8, scale * f)), ys = yscale();
  tx = px - (px - tx) * s / scale;
  scale = s;
  ty = py - (py - ty) * yscale() / ys;
  draw();
}

const pointers = new Map();
let drag = null, pinch = null;
canvas.addEventListener("pointerdown", e => {
  try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic pointer (#selftest) cannot be captured */ }
  pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
    drag = null;
  } else {
    drag = { x: e.offsetX, y: e.offsetY, moved: false };
  }
});
canvas.addEventListener("pointermove", e => {
  if (!pointers.has(e.pointerId)) return;
  pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
  if (pinch && pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    if (pinch.d > 0) zoomAt((a.x + b.x) / 2, (a.y + b.y) / 2, d / pinch.d);
    pinch.d = d;
  } else if (drag) {
    const dx = e.offsetX - drag.x, dy = e.offsetY - drag.y;
    if (drag.moved || Math.abs(dx) + Math.abs(dy) > 3) {
      drag.moved = true;
      canvas.classList.add("dragging");
      tx += dx; ty += dy; drag.x = e.offsetX; drag.y = e.offsetY; moved = true;
      draw();
    }
  }
});
const release = e => {
  pointers.delete(e.pointerId);
  canvas.classList.remove("dragging");
  if (drag && !drag.moved && e.type === "pointerup") click(pick(e.offsetX, e.offsetY));
  drag = null;
  if (pointers.size < 2) pinch = null;
};
canvas.addEventListener("pointerup", release);
canvas.addEventListener("pointercancel", release);
canvas.addEventListener("wheel", e => {
  e.preventDefault();
  const f = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
  zoomAt(e.offsetX, e.offsetY, f);
}, { passive: false });

// click selects a node; a click on the selected node, or on a folded one,
// folds or unfolds its subtree.
function click(i) {
  if (i < 0) return;
  if (i === selected || folded(i)) toggle(i);
  select(i);
}

// toggle folds or unfolds i's subtree. The root's is the whole tree: the
// view is fitted to what is left, so that the fold is as readable as the
// tree was (kept at the scale of the whole tree, it is a dot).
function toggle(i) {
  if (T.first[i] < 0) return;
  open[i] = open[i] ? 0 : 1;
  if (i === 0) {
    layout();
    fit();
    return;
  }
  relayoutKeeping(i);
}

// relayoutKeeping lays the tree out again with node i where it was on the screen.
function relayoutKeeping(i) {
  const before = sx(i);
  layout();
  tx += before - sx(i);
  draw();
}

// ---- the node panel
function select(i) {
  selected = i;
  showPanel(i);
  draw();
}

function branch(i) {
  const path = [];
  for (let k = i; k > 0; k = T.parent[k]) path.push(k);
  return path.reverse();
}

// domainsAt returns the domains after propagation at node i, or null if
// they were not kept: the root's, overlaid with each ancestor's changes.
function domainsAt(i) {
  if (!DATA.root || (i > 0 && !T.doms.has(i))) return null;
  const d = DATA.root.slice();
  for (const k of branch(i)) for (const [x, s] of T.doms.get(k)) d[x] = s;
  return d;
}

const fixed = s => s !== "" && !s.includes(" ") && !s.includes("..");
const esc = s => String(s).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// status of each variable at node i: given, decided, propagated, emptied or open.
function statuses(i, doms) {
  const st = new Array(DATA.vars.length).fill("open");
  for (let x = 0; x < st.length; x++) {
    if (DATA.init && fixed(DATA.init[x])) st[x] = "given";
    else if (doms && fixed(doms[x])) st[x] = "propagated";
  }
  for (const k of branch(i)) if (!T.neq[k] && st[T.v[k]] !== "given") st[T.v[k]] = "decided";
  const f = T.failOf.get(i);
  if (f && f.v >= 0) st[f.v] = "emptied";
  if (doms) for (let x = 0; x < st.length; x++) if (doms[x] === "" && st[x] !== "decided") st[x] = "emptied";
  return st;
}

function showPanel(i) {
  const p = document.getElementById("panel");
  const doms = domainsAt(i);
  const st = statuses(i, doms);
  let h = `<h2>${i === 0 ? "the root" : esc(label(i))}</h2>`;
  h += `<div class="mark">${i === 0 ? "propagation before the first decision" : `step ${i} of ${T.n - 1} in search order, depth ${T.depth[i]}`}</div>`;
  const f = T.failOf.get(i);
  if (T.kind[i] === DEAD) {
    // as --trace says it
    let why = "dead end";
    const cons = f && f.cons >= 0 && DATA.cons[f.cons];
    if (i === 0) why = "propagation at the root failed: there is no solution";
    else if (f && f.v >= 0) why = `<b>${esc(DATA.vars[f.v])}</b> has no value left` + (cons ? ", emptied by " + esc(cons) : "");
    else if (cons) why = "dead end: violates " + esc(cons);
    h += `<p class="why">✗ ${why}</p>`;
  } else if (T.kind[i] === SOL) {
    h += `<p class="sol">✓ a solution: every variable is fixed</p>`;
  }
  if (RUN.has(i)) {
    const k = RUN.get(i);
    h += `<p class="restart">⟲ run ${k} begins here: run ${k - 1} reached its cutoff of failures and the search restarted from the root</p>`;
  }
  if (T.size[i] > 1) {
    h += `<p class="fold">below it: ${plural(T.size[i] - 1, "node")}, ${plural(T.fails[i], "dead end")}, ${plural(T.sols[i], "solution")}` +
      (T.hid.has(i) || T.stored[i] < T.size[i] ? ` (${T.stored[i] - 1} stored, the rest counted)` : "") +
      (T.first[i] >= 0 ? ` <button id="foldbtn">${open[i] ? "fold" : "unfold"}</button>` : "") + `</p>`;
  }
  const path = branch(i);
  if (path.length) { // a deep branch shows its start and its end
    h += "<h3>decisions on the branch</h3><ol>";
    path.forEach((k, n) => {
      if (path.length <= 60 || n < 10 || n >= path.length - 40) h += `<li value="${n + 1}">${esc(label(k))}</li>`;
      else if (n === 10) h += `<li class="mark" style="list-style: none">… ${path.length - 50} more</li>`;
    });
    h += "</ol>";
  }
  h += boards(i, doms, st);
  h += domainTable(i, doms, st);
  p.innerHTML = h;
  const fb = document.getElementById("foldbtn");
  if (fb) fb.onclick = () => { toggle(i); showPanel(i); };
}

function domainTable(i, doms, st) {
  if (!doms) return `<h3>domains</h3><p class="hint">${i === 0 ? "not known: propagation at the root failed" : `not kept for this node (only the first ${T.doms.size} nodes of the search keep theirs)`}</p>`;
  const names = { decided: "decided", propagated: "fixed by propagation", given: "given", emptied: "emptied" };
  let h = `<h3>domains after propagation</h3><table class="doms">`;
  const n = Math.min(DATA.vars.length, 400);
  for (let x = 0; x < n; x++) {
    const s = st[x];
    h += `<tr class="${s}"><td>${esc(DATA.vars[x])}</td><td class="d">${doms[x] === "" || s === "emptied" ? "∅" : "{" + esc(namedDomain(x, doms[x])) + "}"}</td><td class="mark">${names[s] || ""}</td></tr>`;
  }
  h += "</table>";
  if (n < DATA.vars.length) h += `<p class="hint">… and ${DATA.vars.length - n} more variables</p>`;
  return h;
}

// boards draws each show board(...) or grid(...) at node i.
function boards(i, doms, st) {
  if (!DATA.shows || !DATA.shows.length) return "";
  const dec = new Map();
  for (const k of branch(i)) if (!T.neq[k]) dec.set(T.v[k], T.val[k]);
  const valueOf = x => doms ? (fixed(doms[x]) ? Number(doms[x]) : null) : (dec.has(x) ? dec.get(x) : (DATA.init && fixed(DATA.init[x]) ? Number(DATA.init[x]) : null));
  let h = "";
  for (const sh of DATA.shows) {
    h += `<h3>${sh.board ? "the board" : "the grid"} here</h3><table class="board${sh.board ? " chess" : ""}">`;
    for (let r = 0; r < sh.rows; r++) {
      h += "<tr>";
      for (let c = 0; c < sh.cols; c++) {
        const k = sh.board ? c : r * sh.cols + c, x = sh.vars[k];
        let cls = "", text = "";
        const border = (sh.bw && c > 0 && c % sh.bw === 0 ? " bl" : "") + (sh.bh && r > 0 && r % sh.bh === 0 ? " bt" : "");
        if (x < 0) {
          const cv = sh.consts[k];
          if (cv !== null) { cls = "given"; text = sh.board ? (cv === sh.rowLo + r ? "Q" : "") : cv; }
          if (sh.board && cv !== sh.rowLo + r) cls = "";
        } else {
          const v = valueOf(x);
          if (st[x] === "emptied") { cls = "emptied"; text = sh.board ? (r === 0 ? "∅" : "") : "∅"; }
          else if (sh.board) {
            if (v === sh.rowLo + r) { cls = st[x]; text = "Q"; }
            else if (v === null && doms && inDomain(doms[x], sh.rowLo + r)) { cls = "open"; text = "•"; }
          } else if (v !== null) { cls = st[x]; text = v; }
          else if (doms) { cls = "open"; text = domainSize(doms[x]); }
        }
        h += `<td class="${cls}${border}">${text}</td>`;
      }
      h += "</tr>";
    }
    h += "</table>";
  }
  // the board's legend, like the tree's, lists only what appears
  const names = [["decided", "decided"], ["propagated", "fixed by propagation"], ["given", "given"], ["emptied", "emptied"]];
  h += `<div class="mark">` + names.filter(([c]) => h.includes(`class="${c}`)).map(([c, n]) => `<span class="${c}">■ ${n}</span>`).join(" ") +
    (h.includes('class="open') ? " · grey: " + (DATA.shows.some(s => s.board) ? "rows left" : "how many values are left") : "") + `</div>`;
  return h;
}

function ranges(s) { return s === "" ? [] : s.split(" ").map(t => { const [a, b] = t.split(".."); return [Number(a), Number(b === undefined ? a : b)]; }); }
function inDomain(s, v) { return ranges(s).some(([a, b]) => a <= v && v <= b); }
function domainSize(s) { return ranges(s).reduce((n, [a, b]) => n + b - a + 1, 0); }

// ---- replay: step k shows the search after its k-th node; the tree
// fades what comes later and opens the branch to the current node.
function goTo(k) {
  step = Math.max(0, Math.min(T.n - 1, k));
  let opened = false;
  for (let a = T.parent[step]; a >= 0; a = T.parent[a]) if (!open[a]) { open[a] = 1; opened = true; }
  if (opened) layout();
  const r = canvas.getBoundingClientRect();
  if (sx(step) < 40 || sx(step) > r.width - 40 || sy(step) < 40 || sy(step) > r.height - 40) {
    tx += r.width / 2 - sx(step); ty += r.height / 2 - sy(step); moved = true;
  }
  document.getElementById("step").textContent = `step ${step} / ${T.n - 1}`;
  select(step);
}

function speed() { return Math.round(Math.pow(10, document.getElementById("speed").value / 40)); } // 1 to 316 steps a second
function play() {
  if (playing) { clearTimeout(playing); playing = null; document.getElementById("play").textContent = "play"; return; }
  document.getElementById("play").textContent = "pause";
  const tick = () => {
    if (step >= T.n - 1) { play(); return; }
    goTo(step + 1);
    playing = setTimeout(tick, 1000 / speed());
  };
  if (step >= T.n - 1) step = -1;
  tick();
}

document.getElementById("fit").onclick = fit;
document.getElementById("first").onclick = () => goTo(0);
document.getElementById("back").onclick = () => goTo(step - 1);
document.getElementById("fwd").onclick = () => goTo(step + 1);
document.getElementById("last").onclick = () => goTo(T.n - 1);
document.getElementById("play").onclick = play;
// The buttons and the slider keep no focus, so that space and the arrows
// always replay rather than press a button or move the slider again.
for (const el of document.querySelectorAll("#toolbar button")) el.addEventListener("mousedown", e => e.preventDefault());
document.getElementById("speed").addEventListener("change", e => e.target.blur());
window.addEventListener("keydown", e => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "BUTTON") return; // reached by Tab: theirs
  const keys = { ArrowRight: () => goTo(step + 1), ArrowLeft: () => goTo(step - 1), Home: () => goTo(0), End: () => goTo(T.n - 1), " ": play, f: fit };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});
window.addEventListener("resize", () => { resize(); if (moved) draw(); else fit(); });
// The canvas can change size while the window does not (csp play's frame
// lays out around it after the page has loaded): refit then too, or half
// the tree may stay outside until the next resize.
if (window.ResizeObserver) {
  new ResizeObserver(() => { resize(); if (moved) draw(); else fit(); }).observe(canvas);
}

// ---- the header
function header() {
  document.getElementById("title").textContent = DATA.title || "search tree";
  const s = DATA.settings;
  document.getElementById("settings").textContent = s.order ? `order ${s.order} · values ${s.values} · prop ${s.prop}` : "";
  const st = DATA.stats;
  document.getElementById("stats").textContent =
    `${plural(st.nodes, "node")} · ${plural(st.fails, "dead end")} · ${plural(st.solutions, "solution")} · depth ${st.maxDepth}` +
    (DATA.restarts ? ` · ${plural(DATA.restarts, "restart")}` : "") +
    (st.ms ? ` · ${st.ms} ms` : "") + (T.n - 1 < st.nodes ? ` · ${T.n - 1} stored` : "");
  const notes = (DATA.notes || []).slice();
  if (T.n === 1) notes.push(DATA.rootSolved ? "propagation at the root fixed every variable: no decision was needed" :
    DATA.stats.solutions ? "no decision was recorded" : "propagation at the root failed: there is no solution, and no decision was made");
  document.getElementById("notes").innerHTML = notes.map(n => `<div>${esc(n)}</div>`).join("");
  document.getElementById("step").textContent = `${T.n - 1} steps`;
}

header();
foldByBudget(DATA.budget);
layout();
resize();
fit();
// Drawn before the page is first shown, the canvas can stay blank in a
// frame of another page (csp play's, in headless Chromium): once more
// when it is painted.
const opened = performance.now();

// #node=K opens the page on node K (0: the root) as replay would show it,
// #select=K with node K selected; &zoom=Z also zooms by Z around it (for
// links and pictures).
const hash = new URLSearchParams(location.hash.slice(1));
const atNode = Number(hash.get("node") ?? hash.get("select") ?? -1);
if (atNode >= 0 && atNode < T.n) {
  if (hash.has("node")) goTo(atNode); else select(atNode);
  if (hash.has("zoom")) zoomAt(sx(atNode), sy(atNode), Number(hash.get("zoom")));
}
if (location.hash === "#selftest") {
  let out;
  try { out = selftest(); } catch (e) { out = { errors: errors.concat(String(e && e.stack || e)) }; }
  const pre = document.getElementById("selftest");
  pre.textContent = JSON.stringify(out);
  pre.hidden = false;
}

// ---- #selftest: run what a person would do and write the findings into
// the page, for a headless browser's --dump-dom.
function selftest() {
  const out = { errors, nodes: T.n - 1, shown: shownNodes.length, openMs: Math.round(opened - started) };
  const r = canvas.getBoundingClientRect();
  out.canvas = [Math.round(r.width), Math.round(r.height)];
  const fits = () => {
    let inside = 0, x0 = Infinity, x1 = -Infinity;
    for (const i of shownNodes) {
      const x = sx(i), y = sy(i);
      if (x >= 0 && x <= r.width && y >= 0 && y <= r.height) inside++;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x);
    }
    return [inside, Math.round(x1 - x0)];
  };
  [out.inside, out.spanX] = fits();
  // what a hand does, as events on the canvas and the window
  const at = (x, y) => ({ clientX: r.left + x, clientY: r.top + y, bubbles: true, cancelable: true, pointerId: 1, isPrimary: true });
  const tap = (x, y) => { canvas.dispatchEvent(new PointerEvent("pointerdown", at(x, y))); canvas.dispatchEvent(new PointerEvent("pointerup", at(x, y))); };
  const key = k => window.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  const dead = shownNodes.find(i => T.kind[i] === DEAD && T.failOf.has(i) && T.failOf.get(i).v >= 0);
  if (dead !== undefined) {
    tap(sx(dead), sy(dead));
    out.deadSelected = selected === dead;
    out.deadLabel = label(dead);
    out.deadVar = DATA.vars[T.failOf.get(dead).v];
    out.deadPanel = document.querySelector("#panel .why") ? document.querySelector("#panel .why").textContent : "";
    out.boardCells = document.querySelectorAll("#panel table.board td").length;
  }
  out.runs = RUN.size;
  out.stats = document.getElementById("stats").textContent;
  const run = shownNodes.find(i => RUN.has(i));
  if (run !== undefined) {
    tap(sx(run), sy(run));
    const el = document.querySelector("#panel .restart");
    out.runPanel = el ? el.textContent : "";
  }
  const big = shownNodes.find(i => i > 0 && open[i] && T.first[i] >= 0);
  if (big !== undefined) {
    const before = shownNodes.length;
    tap(sx(big), sy(big)); tap(sx(big), sy(big)); // select, then fold
    out.foldedFrom = [before, shownNodes.length];
    tap(sx(big), sy(big)); // unfold
    out.unfolded = shownNodes.length === before;
  }
  // the wheel zooms around the pointer: the node under it stays there
  const n = shownNodes[Math.floor(shownNodes.length / 2)], px = sx(n), py = sy(n), s0 = scale;
  canvas.dispatchEvent(new WheelEvent("wheel", { ...at(px, py), deltaY: -400 }));
  out.zoom = [+(scale / s0).toFixed(2), Math.round(Math.hypot(sx(n) - px, sy(n) - py))];
  // dragging pans without selecting
  const tx0 = tx, sel0 = selected;
  canvas.dispatchEvent(new PointerEvent("pointerdown", at(10, r.height - 10)));
  canvas.dispatchEvent(new PointerEvent("pointermove", at(60, r.height - 10)));
  canvas.dispatchEvent(new PointerEvent("pointermove", at(110, r.height - 10)));
  canvas.dispatchEvent(new PointerEvent("pointerup", at(110, r.height - 10)));
  out.panned = [Math.round(tx - tx0), selected === sel0];
  document.getElementById("fit").click();
  out.refit = fits()[0] === shownNodes.length;
  // replay by keys
  key("Home"); key("ArrowRight"); key("ArrowRight"); key("ArrowLeft");
  out.replay = document.getElementById("step").textContent;
  out.replayPanel = document.querySelector("#panel h2").textContent;
  out.replayBoard = document.querySelectorAll("#panel table.board td.decided").length;
  out.replayDomains = (document.querySelector("#panel table.doms") || {}).textContent || "";
  selected = -1; step = -1; foldByBudget(DATA.budget); layout(); fit();
  out.errors = errors;
  return out;
}
