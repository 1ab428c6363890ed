// The engine's Web Worker: the same Go wasm as globalThis.agentcard, run off
// the page's main thread, so that neither starting it (compiling and
// instantiating several MB of wasm) nor a slow lint can freeze the tab. The
// page (engine.js) enforces a time limit per call and replaces this worker
// when one is exceeded; nothing here needs to cooperate with that.
//
// Messages in:  {type: "init", wasm, wasmExec, size, module?, lang?, langPending?, first?}
//               first: {id, text, opts}: a lint to answer (as a "result" of
//               that id) as soon as the engine runs, before any call
//               {type: "lang", lang}   the language init waits for (langPending)
//               {type: "call", id, fn, args, text?}   text: the card's text
//               (the call's first argument), whole or as the change from
//               the last one (engine.js textDelta), which this worker keeps
// Messages out: {type: "hello"}   this script runs
//               {type: "progress", value}   download progress, 0..1
//               {type: "ready", version, module, timings}
//               {type: "failed", message, status?}   status: the wasm download's HTTP status
//               {type: "result", id, result, dead, ms}  dead: the engine has stopped

import { goEnv, applyDelta } from "./engine.js";

// The page waits for this before it loads its editor, so that its main
// thread is free while this worker starts (its start takes turns of it).
postMessage({ type: "hello" });

let api = null;
// lang: {lang, catalogue} for agentcard.setLanguage. The page may still be
// fetching the catalogue when the worker starts; init then waits for it
// (it comes while the wasm compiles, so it rarely costs time).
let giveLang = null;
const langArrived = new Promise((resolve) => { giveLang = resolve; });
let go = null; // the Go program; go.exited once it has stopped (out of memory)
// The last card text the page sent (a call's text, the first lint's):
// later calls send only what changed.
let lastText = null;

// withText puts a call's text, rebuilt from its change, back as its first
// argument; false when this worker does not hold the text the change is
// from (the page keeps both in step, so this would be a bug).
function withText(m) {
  if (m.text === undefined) return true;
  const t = m.text;
  if (typeof t !== "string" && (lastText === null || lastText.length !== t.length)) return false;
  lastText = typeof t === "string" ? t : applyDelta(lastText, t);
  m.args = [lastText, ...(m.args || [])];
  return true;
}

async function compile(url, size) {
  const resp = await fetch(url);
  if (!resp.ok) throw Object.assign(new Error(`the checker could not be downloaded (HTTP ${resp.status})`), { status: resp.status });
  // size comes from the page: Content-Length is not the wasm's size when
  // the server compresses.
  const total = size || (resp.headers.get("content-encoding") ? 0 : Number(resp.headers.get("content-length")) || 0);
  let source = resp;
  if (total && resp.body && typeof TransformStream === "function") {
    let loaded = 0;
    let last = 0;
    const counter = new TransformStream({
      transform(chunk, ctl) {
        loaded += chunk.byteLength;
        const p = Math.min(loaded / total, 1);
        if (p - last >= 0.02 || p === 1) {
          last = p;
          postMessage({ type: "progress", value: p });
        }
        ctl.enqueue(chunk);
      },
    });
    source = new Response(resp.body.pipeThrough(counter), { headers: { "Content-Type": "application/wasm" } });
  }
  try {
    return await WebAssembly.compileStreaming(source);
  } catch (err) {
    // A server sending the wrong MIME type breaks streaming; fall back.
    if (source.bodyUsed) throw err;
    return WebAssembly.compile(await source.arrayBuffer());
  }
}

async function init(m) {
  const t = { start: performance.now() };
  // The download and compilation start first. Go's wasm_exec.js (which
  // defines self.Go) is part of this script as built (scripts/buildsite);
  // only an unbuilt worker loads it, meanwhile.
  const compiled = m.module ? Promise.resolve(m.module) : compile(m.wasm, m.size);
  compiled.catch(() => {}); // awaited below; importScripts may throw first
  if (typeof Go !== "function") importScripts(m.wasmExec);
  t.goLoaded = performance.now();
  const module = await compiled;
  t.compiled = performance.now();
  go = new Go();
  Object.assign(go.env, goEnv);
  const instance = await WebAssembly.instantiate(module, go.importObject);
  t.instantiated = performance.now();
  const ready = new Promise((resolve) => self.addEventListener("agentcard-ready", resolve, { once: true }));
  go.run(instance);
  if (!self.agentcard) await ready;
  api = self.agentcard;
  t.running = performance.now();
  const lang = m.lang || (m.langPending ? await langArrived : null);
  if (lang && lang.lang !== "en") api.setLanguage(lang.lang, lang.catalogue);
  t.language = performance.now();
  // The rule and field lists are not built here: the first lint comes
  // first, and the page asks for them after it (Engine.catalogues).
  // The module goes back to the page: it restarts workers from it without
  // downloading or compiling again. t says where start-up time went.
  // Its clock is the worker's own: origin lets the page convert.
  postMessage({ type: "ready", version: api.version, module, timings: t, origin: performance.timeOrigin });
  if (m.first) runCall({ id: m.first.id, fn: "lint", text: m.first.text, args: [m.first.opts] });
}

// pageLists is what the page's hover, completion and rule explanations
// read of fields() and rules(): the whole lists are 0.4 MB of objects,
// and copying them to the page cost its main thread a long task.
function pageLists() {
  const fields = api.fields().map(({ refs, ...f }) => f);
  const rules = api.rules().map((r) => ({ code: r.code, title: r.title, topic: r.topic, severity: r.severity, explanation: r.explanation, howToFix: r.howToFix }));
  return { fields, rules };
}

// runCall answers one call of the page ("pageLists" is this worker's own),
// as soon as its message arrives.
function runCall(m) {
  const t0 = performance.now();
  let result;
  try {
    const f = m.fn === "pageLists" ? pageLists : api && api[m.fn];
    if (!withText(m)) result = { error: "the checker lost the text the change applies to" };
    else result = typeof f === "function" ? f(...m.args) : { error: `the checker has no ${m.fn}` };
  } catch (err) {
    result = { error: String(err && err.message || err) };
  }
  // A Go program that ran out of memory has exited: every later call
  // would fail, so the page is told to replace this worker.
  const dead = !!(go && go.exited);
  // got (the call's arrival) and sent on the page's clock too
  // (timeOrigin): the page logs how long the message waited on each side.
  const o = performance.timeOrigin;
  postMessage({ type: "result", id: m.id, result, dead, ms: performance.now() - t0, got: o + t0, sent: o + performance.now() });
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "init") {
    init(m).catch((err) => postMessage({ type: "failed", message: String(err && err.message || err), status: err && err.status }));
    return;
  }
  if (m.type === "lang") {
    giveLang(m.lang);
    return;
  }
  if (m.type === "call") runCall(m);
};
