// Runs requests through the playground's csp.wasm as the page's worker
// does, in node: node run.js SITE_DIR REQUESTS.json prints a JSON array
// of results, each with the output it streamed and how many progress
// reports it sent. A request with "stopAtProgress": true is stopped as
// the page's Stop does, by a cspStop that runs when the search yields
// at its first progress report. The fs stub of wasm_exec.js is kept, as
// in a browser.
"use strict";

const nodeFs = require("fs");
const path = require("path");

async function main() {
  const [site, requestsFile] = process.argv.slice(2);
  require(path.resolve(site, "wasm_exec.js"));
  const go = new globalThis.Go();
  const bytes = nodeFs.readFileSync(path.join(site, "csp.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance);
  const requests = JSON.parse(nodeFs.readFileSync(requestsFile, "utf8"));
  const results = [];
  for (const { stopAtProgress, ...req } of requests) {
    const chunks = [];
    let progress = 0;
    const text = await globalThis.cspRun(JSON.stringify(req), (stream, chunk) => {
      if (stream !== "progress") {
        chunks.push(chunk);
      } else if (progress++ === 0 && stopAtProgress) {
        setTimeout(() => globalThis.cspStop(), 0); // as the worker's message would come
      }
    });
    const result = JSON.parse(text);
    result.streamed = chunks.join("");
    result.progress = progress;
    results.push(result);
  }
  process.stdout.write(JSON.stringify(results));
  process.exit(0); // the Go program waits for calls forever
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
