// The page's side of the engine. Every check the playground runs goes to a
// Web Worker (worker.js) holding the Go wasm, with a time limit: when a call
// does not answer in time the worker is terminated and a fresh one started
// from the already compiled module, so a hostile document can slow the
// findings down but never freeze the tab.
//
// globalThis.agentcard (docs/ARCHITECTURE.md §4) answers from the same
// worker: its functions return Promises (pageAPI). A Go instance on the
// page's main thread exists only once someone asks for the synchronous
// API (agentcard.sync()); the playground never does.

// goEnv is the Go program's environment (new Go().env), read by its
// runtime before any package initialiser runs: the collector starts at
// the pace wasm/editor's main sets (GOGC 400, a 256 MiB limit), so the
// start (initialisers, the English catalogue, the first lint) runs
// without the collections Go's default 4 MB first goal would make.
export const goEnv = { GOGC: "400", GOMEMLIMIT: "256MiB" };

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
    this.info = null; // {version}
    this.lastMs = 0; // time the last answered call took inside the worker
    this.log = [];
    this.lists = null; // promise of {fields, rules} in this.lang (catalogues)
    // Start-up phases on the page's clock (ms since navigation start):
    // the page's own marks plus the first worker's (timings()).
    this.marks = { created: performance.now() };
    // sent: worker -> the last card text it was given; the next call
    // sends only the change (sendText).
    this.sent = new WeakMap();
  }

  // start begins (or restarts) a worker and resolves with its ready info.
  start() {
    const w = new Worker(this.opts.workerURL, { name: "agentcard-engine" });
    this.worker = w;
    this.ready = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === "hello") {
          this.mark("workerRunning");
          if (this.onHello) this.onHello();
        } else if (m.type === "progress") this.opts.onProgress && this.opts.onProgress(m.value);
        else if (m.type === "ready") {
          this.module = m.module;
          this.info = { version: m.version };
          this.readyWorker = w;
          const f = this.first && this.pending.get(this.first.id);
          if (f && !f.timer) f.timer = setTimeout(() => this.expire(w, new TimeoutError("lint", this.opts.timeoutMs)), this.opts.timeoutMs);
          if (!this.workerTimings) {
            // The worker's clock starts with the worker: shift it onto the page's.
            const shift = (m.origin || performance.timeOrigin) - performance.timeOrigin;
            this.workerTimings = Object.fromEntries(Object.entries(m.timings || {}).map(([k, v]) => [k, v + shift]));
            this.marks.ready = performance.now();
          }
          resolve(this.info);
        } else if (m.type === "failed") {
          const err = Object.assign(new Error(m.message), { status: m.status });
          this.failFirst(err);
          reject(err);
        }
        else if (m.type === "result") this.settle(m);
      };
      w.onerror = (e) => {
        e.preventDefault();
        const err = Object.assign(new Error(e.message || "the checker's worker failed to start"), { code: e.message ? "" : "worker" });
        this.failFirst(err);
        reject(err);
      };
    });
    const first = this.first && !this.first.posted ? this.first : null;
    if (first) first.posted = true; // a replacement worker does not lint it again
    this.sent.set(w, first ? first.text : null); // the worker keeps it (sendText)
    w.postMessage({ type: "init", wasm: this.opts.wasm, wasmExec: this.opts.wasmExec, size: this.opts.size, module: this.module,
      lang: this.lang, langPending: this.langPending && !this.lang,
      first: first && { id: first.id, text: first.text, opts: first.opts } });
    return this.ready;
  }

  // lintFirst has the first worker lint text with opts as soon as its Go
  // program runs, without waiting for the page to hear that it is ready
  // (the page is busy loading the editor then); the page's first
  // call("lint") with the same text and profile gets that answer. Call it
  // before start().
  lintFirst(text, opts) {
    if (this.worker) return;
    const first = { text, opts: { profile: (opts && opts.profile) || "publish" }, id: this.nextId++, taken: false };
    first.promise = new Promise((resolve, reject) => {
      const now = performance.now();
      // The time limit starts when the worker is ready (start-up is not the lint's).
      this.pending.set(first.id, { resolve, reject, timer: 0, fn: "lint", asked: now, posted: now });
    });
    first.promise.catch(() => {}); // nobody may ask for it
    this.first = first;
  }

  // running resolves once the first worker's script runs (or after
  // waitMs): what the page waits for before it keeps its main thread busy.
  running(waitMs) {
    if (!this.runningP) {
      this.runningP = new Promise((resolve) => {
        if ("workerRunning" in this.marks) resolve();
        this.onHello = resolve;
        setTimeout(resolve, waitMs);
      });
    }
    return this.runningP;
  }

  // failFirst fails the first lint when the worker could not start.
  failFirst(err) {
    const p = this.first && this.pending.get(this.first.id);
    if (!p) return;
    this.pending.delete(this.first.id);
    clearTimeout(p.timer);
    p.reject(err);
  }

  // timings says where start-up time went, in ms since navigation start:
  // created (this engine), the worker's start, goLoaded (wasm_exec.js),
  // compiled, instantiated, running (Go's main), language, ready (the
  // page heard it), and what the page marked after (firstLint, …).
  timings() {
    const w = this.workerTimings || {};
    // The page's own: its HTML arrived (responseEnd), first paint.
    const nav = performance.getEntriesByType("navigation")[0];
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const page = { html: nav && nav.responseEnd, domInteractive: nav && nav.domInteractive, firstPaint: fcp && fcp.startTime };
    return { ...page, ...this.marks, workerStart: w.start, goLoaded: w.goLoaded, compiled: w.compiled, instantiated: w.instantiated, running: w.running, language: w.language };
  }

  // mark records a start-up phase of the page's (the first time only).
  mark(name) {
    if (!(name in this.marks)) this.marks[name] = performance.now();
  }

  // catalogues resolves with the rule and field lists in the engine's
  // language, as much of them as the page reads (worker.js pageLists),
  // asked for once per language: the page builds them after its first
  // findings, not before.
  catalogues() {
    if (!this.lists) {
      const lists = this.call("pageLists").then((r) => {
        this.mark("catalogues");
        return { fields: Array.isArray(r && r.fields) ? r.fields : [], rules: Array.isArray(r && r.rules) ? r.rules : [] };
      });
      lists.catch(() => { if (this.lists === lists) this.lists = null; }); // a timeout: ask again later
      this.lists = lists;
    }
    return this.lists;
  }

  // giveLanguage hands the starting worker the language it waits for
  // (opts.langPending); later workers start in it.
  giveLanguage(lang) {
    if (this.lang) return; // given already
    this.lang = lang;
    if (this.worker) this.worker.postMessage({ type: "lang", lang });
  }

  // setLanguage switches the running engine to lang ({lang, catalogue},
  // see agentcard.setLanguage); catalogues() then answers in it, and a
  // replacement worker starts in it.
  async setLanguage(lang) {
    this.lang = lang;
    this.lists = null;
    if (this.syncInstance) this.syncInstance.setLanguage(lang.lang, lang.catalogue);
    const r = await this.call("setLanguage", lang.lang, lang.catalogue);
    if (r && r.error) throw new Error(r.error);
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
    // got, sent: when the worker received the call and sent the answer,
    // on this page's clock.
    const o = performance.timeOrigin;
    this.log.push({ fn: p.fn, asked: p.asked, posted: p.posted, got: m.got - o, sent: m.sent - o, answered: performance.now(), ms: m.ms });
    if (!("firstLintMs" in this.marks) && p.fn === "lint") this.marks.firstLintMs = m.ms; // its time in the worker
    if (this.log.length > 50) this.log.shift();
    p.resolve(m.result);
  }

  // call runs agentcard[fn](...args) in the worker. It rejects with a
  // TimeoutError after timeoutMs, or EngineStopped when the engine died on
  // the input; the worker is then replaced.
  async call(fn, ...args) {
    const f = this.first;
    if (fn === "lint" && f && !f.taken && args[0] === f.text && ((args[1] && args[1].profile) || "publish") === f.opts.profile) {
      f.taken = true;
      return f.promise; // linted as the worker started (lintFirst)
    }
    const asked = performance.now();
    // A ready worker gets the call at once, in the caller's task (the
    // playground posts a keystroke's lint before the editor draws it).
    if (this.readyWorker !== this.worker) await this.ready;
    const w = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const ms = this.opts.timeoutMs;
      const timer = setTimeout(() => this.expire(w, new TimeoutError(fn, ms)), ms);
      this.pending.set(id, { resolve, reject, timer, fn, asked, posted: performance.now() });
      w.postMessage(this.sendText(w, { type: "call", id, fn, args }));
    });
  }

  // sendText turns a call whose first argument is the card's text into
  // one carrying only the change from the text worker w was last given
  // (textDelta; the worker rebuilds it): copying a 100 KB text into the
  // worker took 1-2 ms of every keystroke's lint, the change a few µs.
  sendText(w, m) {
    if (!textFunctions.has(m.fn) || typeof m.args[0] !== "string") return m;
    const text = m.args[0];
    const last = this.sent.get(w);
    this.sent.set(w, text);
    m.args = m.args.slice(1);
    m.text = typeof last === "string" ? textDelta(last, text) : text;
    return m;
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

// textFunctions take the card's text as their first argument: the worker
// keeps the last one (Engine.sendText).
const textFunctions = new Set(["lint", "select", "format", "interfaces", "encodeShare", "fixAll", "migrate", "sdks", "matrix"]);

// textDelta is the change from a to b as {from, to, insert, length}:
// b = a.slice(0, from) + insert + a.slice(to), length = a.length (the
// worker checks it holds a). Offsets are UTF-16 units; a change may cut
// a surrogate pair, which the rebuilt string joins again.
export function textDelta(a, b) {
  const n = Math.min(a.length, b.length);
  const p = a === b ? n : common(a, b, n, (x, i, k) => x.slice(i, i + k));
  const s = common(a, b, n - p, (x, i, k) => x.slice(x.length - i - k, x.length - i));
  return { from: p, to: a.length - s, insert: b.slice(p, b.length - s), length: a.length };
}

// common is how many units a and b share, at most n, reading blocks
// with part(x, i, k) (the k units at i, from the start or from the end):
// whole blocks first, then halving the last. Comparing a character at a
// time took 1.7 ms of a keystroke in a 100 KB card, on the page's main
// thread; strings compared a block at a time are compared natively.
function common(a, b, n, part) {
  const block = 1024;
  let i = 0;
  while (i + block <= n && part(a, i, block) === part(b, i, block)) i += block;
  for (let k = block >> 1; k > 0; k >>= 1) {
    if (i + k <= n && part(a, i, k) === part(b, i, k)) i += k;
  }
  return i;
}

// applyDelta is textDelta's inverse: the text b from a and the change.
export function applyDelta(a, d) {
  return d.from === d.to && d.insert === "" ? a : a.slice(0, d.from) + d.insert + a.slice(d.to);
}

// The functions of globalThis.agentcard (docs/ARCHITECTURE.md §4); each
// returns a Promise answered by the engine's worker.
export const apiFunctions = ["lint", "select", "format", "fields", "rules", "encodeShare", "decodeShare", "fixAll", "migrate", "sdks", "matrix", "interfaces"];

// pageAPI is globalThis.agentcard for a page whose engine is engine:
// every function asks the worker (under its time limit) and returns a
// Promise. sync() resolves with the synchronous API of a Go instance on
// the page's main thread, made from the worker's compiled module when it
// is first asked for (never otherwise): for the console and for callers
// that cannot await. wasmExec is Go's wasm_exec.js, loaded then.
export function pageAPI(engine, { version, wasmExec }) {
  const api = { version };
  for (const fn of apiFunctions) api[fn] = (...args) => engine.call(fn, ...args);
  api.ready = () => engine.ready.then((info) => info.version);
  let sync = null;
  api.sync = () => {
    if (!sync) {
      sync = startSync(engine, wasmExec, api);
      sync.catch(() => { sync = null; });
    }
    return sync;
  };
  return api;
}

async function startSync(engine, wasmExec, api) {
  await engine.ready;
  if (typeof Go !== "function") await loadScript(wasmExec);
  const go = new Go();
  Object.assign(go.env, goEnv);
  const instance = await WebAssembly.instantiate(engine.module, go.importObject);
  // The Go program defines globalThis.agentcard as it starts; the page's
  // asynchronous one stays in place.
  const page = globalThis.agentcard;
  const ready = new Promise((resolve) => addEventListener("agentcard-ready", resolve, { once: true }));
  go.run(instance);
  if (globalThis.agentcard === page) await ready;
  const sync = globalThis.agentcard;
  globalThis.agentcard = page;
  if (engine.lang && engine.lang.lang !== "en") sync.setLanguage(engine.lang.lang, engine.lang.catalogue);
  engine.syncInstance = sync; // setLanguage keeps it in the page's language
  return sync;
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(s);
  });
}
