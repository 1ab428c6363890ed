// Loading the Go engine (wasm) with streaming instantiation and progress.
// wasm_exec.js (Go's own, copied at build time) defines globalThis.Go.

// size is the wasm's size in bytes (from the page); Content-Length can't be
// trusted for progress when the server compresses.
export async function loadEngine(url, size, onProgress) {
  if (typeof Go !== "function") throw new Error("wasm_exec.js did not load");
  const go = new Go();
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(`the checker could not be downloaded (HTTP ${resp.status})`);
  const total = size || (resp.headers.get("content-encoding") ? 0 : Number(resp.headers.get("content-length")) || 0);
  let loaded = 0;
  let source = resp;
  if (resp.body && typeof TransformStream === "function") {
    const counter = new TransformStream({
      transform(chunk, ctl) {
        loaded += chunk.byteLength;
        if (total) onProgress(Math.min(loaded / total, 1));
        ctl.enqueue(chunk);
      },
    });
    source = new Response(resp.body.pipeThrough(counter), {
      headers: { "Content-Type": "application/wasm" },
    });
  }
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(source, go.importObject));
  } catch (err) {
    // A server that sends the wrong MIME type breaks streaming; fall back.
    if (source.bodyUsed) throw err;
    const buf = await source.arrayBuffer();
    ({ instance } = await WebAssembly.instantiate(buf, go.importObject));
  }
  onProgress(1);
  const ready = new Promise((resolve) => addEventListener("agentcard-ready", resolve, { once: true }));
  go.run(instance).then(() => {
    document.dispatchEvent(new CustomEvent("agentcard-exit"));
  });
  if (!globalThis.agentcard) await ready;
  return globalThis.agentcard;
}
