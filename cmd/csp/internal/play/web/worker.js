// The search runs here, off the page's thread: the page stays responsive,
// and Stop ends this worker and starts a fresh one.
"use strict";

importScripts("wasm_exec.js");

const ready = (async () => {
  const go = new Go();
  const response = fetch("csp.wasm");
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(response, go.importObject);
  } catch (e) {
    // A host that serves .wasm under another type: compile from bytes.
    const bytes = await (await fetch("csp.wasm")).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  go.run(result.instance); // sets cspRun, then waits for calls
})();

ready.then(
  () => postMessage({ type: "ready" }),
  (e) => postMessage({ type: "fatal", message: "cannot load csp.wasm: " + e }),
);

onmessage = async (event) => {
  await ready;
  const started = performance.now();
  let text;
  try {
    text = cspRun(JSON.stringify(event.data), (stream, chunk) => {
      postMessage({ type: "output", stream, text: chunk });
    });
  } catch (e) {
    // The Go program ended (out of memory, say): this worker is done.
    postMessage({ type: "crash", message: String(e && e.message || e) });
    return;
  }
  postMessage({ type: "done", result: JSON.parse(text), ms: performance.now() - started });
};
