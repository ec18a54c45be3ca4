// The search runs here, off the page's thread: the page stays responsive.
// Stop posts {type: "stop"}, which csp.wasm sees at the search's next
// progress report (every 200 ms); the page can also end this worker.
"use strict";

importScripts("wasm_exec.js");

const ready = (async () => {
  const go = new Go();
  let exitCode = "unknown";
  go.exit = (code) => { exitCode = code; };
  const response = fetch("csp.wasm");
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(response, go.importObject);
  } catch (e) {
    // A host that serves .wasm under another type: compile from bytes.
    const bytes = await (await fetch("csp.wasm")).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  // go.run sets cspRun and cspStop, then waits for calls; it settles only
  // if the Go program ends (out of memory, say): this worker is done.
  go.run(result.instance).then(
    () => postMessage({ type: "crash", message: `csp.wasm exited (status ${exitCode})` }),
    (e) => postMessage({ type: "crash", message: String(e && e.message || e) }),
  );
})();

ready.then(
  () => postMessage({ type: "ready" }),
  (e) => postMessage({ type: "fatal", message: "cannot load csp.wasm: " + e }),
);

onmessage = async (event) => {
  if (event.data && event.data.type === "stop") {
    if (typeof cspStop === "function") cspStop();
    return;
  }
  await ready;
  const started = performance.now();
  let text;
  try {
    text = await cspRun(JSON.stringify(event.data), (stream, chunk) => {
      postMessage({ type: "output", stream, text: chunk });
    });
  } catch (e) {
    // The Go program ended: this worker is done.
    postMessage({ type: "crash", message: String(e && e.message || e) });
    return;
  }
  postMessage({ type: "done", result: JSON.parse(text), ms: performance.now() - started });
};
