// The page's side of the engine. Every check the playground runs goes to a
// Web Worker (worker.js) holding the Go wasm, with a time limit: when a call
// does not answer in time the worker is terminated and a fresh one started
// from the already compiled module, so a hostile document can slow the
// findings down but never freeze the tab.
//
// globalThis.agentcard (docs/ARCHITECTURE.md §4: synchronous lint/select/format/…)
// stays available on the page for outside checks and the console: once the
// first findings are shown, startPageAPI instantiates the same module on the
// main thread during idle time. The playground itself never calls it.

export class TimeoutError extends Error {
  constructor(fn, ms) {
    super(`${fn} took longer than ${ms} ms`);
    this.fn = fn;
    this.ms = ms;
  }
}

// EngineStopped: the Go program in the worker stopped (it ran out of
// memory on a document); the worker has been replaced.
export class EngineStopped extends Error {
  constructor(fn) {
    super(`the checker stopped during ${fn}`);
    this.fn = fn;
  }
}

export class Engine {
  // opts: {workerURL, wasm, wasmExec, size, timeoutMs, onProgress, onRestart, langPending}
  // langPending: the language's catalogue is on its way (giveLanguage); the
  // worker waits for it before building its rule and field lists.
  constructor(opts) {
    this.opts = opts;
    this.lang = null; // {lang, catalogue}: the language every worker starts in
    this.langPending = !!opts.langPending;
    this.module = null;
    this.worker = null;
    this.ready = null; // promise of the current worker's ready message
    this.pending = new Map(); // id -> {resolve, reject, timer, fn}
    this.nextId = 1;
    this.restarts = 0;
    this.info = null; // {version, fields, rules}
    this.lastMs = 0; // time the last answered call took inside the worker
    this.log = [];
  }

  // start begins (or restarts) a worker and resolves with its ready info.
  start() {
    const w = new Worker(this.opts.workerURL, { name: "agentcard-engine" });
    this.worker = w;
    this.ready = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === "progress") this.opts.onProgress && this.opts.onProgress(m.value);
        else if (m.type === "ready") {
          this.module = m.module;
          this.info = { version: m.version, fields: m.fields, rules: m.rules };
          this.timings = m.timings;
          resolve(this.info);
        } else if (m.type === "failed") reject(Object.assign(new Error(m.message), { status: m.status }));
        else if (m.type === "result") this.settle(m);
      };
      w.onerror = (e) => {
        e.preventDefault();
        reject(Object.assign(new Error(e.message || "the checker's worker failed to start"), { code: e.message ? "" : "worker" }));
      };
    });
    w.postMessage({ type: "init", wasm: this.opts.wasm, wasmExec: this.opts.wasmExec, size: this.opts.size, module: this.module,
      lang: this.lang, langPending: this.langPending && !this.lang });
    return this.ready;
  }

  // giveLanguage hands the starting worker the language it waits for
  // (opts.langPending); later workers start in it.
  giveLanguage(lang) {
    this.lang = lang;
    if (this.worker) this.worker.postMessage({ type: "lang", lang });
  }

  // setLanguage switches the running engine to lang ({lang, catalogue},
  // see agentcard.setLanguage) and refreshes the rule and field lists in
  // it; a replacement worker starts in it.
  async setLanguage(lang) {
    this.lang = lang;
    const r = await this.call("setLanguage", lang.lang, lang.catalogue);
    if (r && r.error) throw new Error(r.error);
    const [fields, rules] = [await this.call("fields"), await this.call("rules")];
    this.info = { ...this.info, fields, rules };
    return r;
  }

  settle(m) {
    const p = this.pending.get(m.id);
    if (!p) return; // answered after its time limit: already rejected
    if (m.dead) {
      this.expire(this.worker, new EngineStopped(p.fn));
      return;
    }
    this.pending.delete(m.id);
    clearTimeout(p.timer);
    this.lastMs = m.ms;
    // The last calls' timings (asked, sent, answered; time in the worker),
    // for the benchmarks and for anyone wondering where time went.
    this.log.push({ fn: p.fn, asked: p.asked, posted: p.posted, answered: performance.now(), ms: m.ms });
    if (this.log.length > 50) this.log.shift();
    p.resolve(m.result);
  }

  // call runs agentcard[fn](...args) in the worker. It rejects with a
  // TimeoutError after timeoutMs, or EngineStopped when the engine died on
  // the input; the worker is then replaced.
  async call(fn, ...args) {
    const asked = performance.now();
    await this.ready;
    const w = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const ms = this.opts.timeoutMs;
      const timer = setTimeout(() => this.expire(w, new TimeoutError(fn, ms)), ms);
      this.pending.set(id, { resolve, reject, timer, fn, asked, posted: performance.now() });
      w.postMessage({ type: "call", id, fn, args });
    });
  }

  // expire terminates a worker that did not answer in time (or whose
  // engine stopped), fails every call waiting on it, and starts a
  // replacement from the compiled module.
  expire(w, err) {
    if (w !== this.worker) return;
    w.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.restarts++;
    this.start().catch(() => {});
    this.opts.onRestart && this.opts.onRestart(err);
  }
}

// startPageAPI defines globalThis.agentcard on the page from the module the
// worker compiled (no second download or compile). Resolves with it.
export async function startPageAPI(module) {
  if (globalThis.agentcard) return globalThis.agentcard;
  if (typeof Go !== "function") throw new Error("wasm_exec.js did not load");
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const ready = new Promise((resolve) => addEventListener("agentcard-ready", resolve, { once: true }));
  go.run(instance);
  if (!globalThis.agentcard) await ready;
  return globalThis.agentcard;
}
