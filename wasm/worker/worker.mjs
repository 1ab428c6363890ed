// The Worker's entry: one Go WebAssembly instance per isolate serves every
// request. scripts/buildworker copies this file to build/worker.mjs next to
// syumai/workers' runtime.mjs (loads app.wasm, shapes the runtime context)
// and wasm_exec.js (Go's loader, with the runtime context reachable from Go
// as the global `context`).
//
// syumai/workers' own worker.mjs creates a new instance and runs Go's main
// for every request, and its Go side (workers.Serve) ends the program after
// the first response, so an instance cannot serve twice. That start-up was
// most of the time per request (wasm/worker/README.md, Numbers). Here the
// instance is started once, on the first request, and reused; if the Go
// program exits or the instance traps, the next request starts a fresh one.
//
// workerd ties every promise to the request that created it: settling it
// from another request after the creator has finished cancels its
// continuations ("A promise was resolved or rejected from a different
// request context..."). So nothing here keeps a promise across requests:
// the start is synchronous (after the module is loaded), exit and traps are
// noticed synchronously where Go is entered, and each request waits on
// promises of its own.
import "./wasm_exec.js";
import { createRuntimeContext, loadModule } from "./runtime.mjs";

// syumai/workers' jsutil.TryCatch expects this helper on the global object.
globalThis.tryCatch = (fn) => {
  try {
    return { result: fn() };
  } catch (e) {
    return { error: e };
  }
};

// agentcardReadBody reads a response body up to max bytes in one go and
// answers { bytes, truncated }. Go awaits it once per response: reading
// the stream chunk by chunk from Go entered the Go instance once per
// chunk (a hundred times for a card of half a megabyte), and sixteen such
// fetches at once kept every other request of the isolate waiting.
globalThis.agentcardReadBody = async (body, max) => {
  const reader = body.getReader();
  const chunks = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes, truncated };
};

// agentcardD1 runs statements ([{sql, args}] as JSON text) as one D1
// batch (one round trip, one transaction) and answers each one's rows as
// JSON text: Go hands over and reads back text, never walks objects
// (wasm/worker/d1_js.go).
globalThis.agentcardD1 = async (db, statements) => {
  const list = JSON.parse(statements);
  const results = await db.batch(list.map((s) => db.prepare(s.sql).bind(...(s.args ?? []))));
  return JSON.stringify(results.map((r) => r.results ?? []));
};

let mod; // the compiled module, kept for restarts
let current; // the live instance's state, or undefined

// start instantiates the module and runs Go's main, all in one turn of the
// event loop, so concurrent first requests cannot start two instances: the
// Go program registers binding.serve and calls workers.Ready() before it
// first blocks, which is before go.run returns.
function start(env) {
  const state = { dead: false, binding: {}, runtime: undefined, waiting: new Set() };
  state.kill = (reason) => {
    if (state.dead) return;
    state.dead = true;
    if (current === state) current = undefined;
    const err = reason instanceof Error ? reason : new Error(String(reason));
    console.error("agentcard: the Go instance stopped:", String(err));
    for (const reject of state.waiting) reject(err);
    state.waiting.clear();
  };
  const go = new Go();
  go.exit = (code) => state.kill(new Error(`the Go program exited (code ${code})`));
  // Every entry into Go passes through _resume. A trap
  // (WebAssembly.RuntimeError) there leaves the instance unusable without
  // setting go.exited, so retire it.
  const resume = go._resume.bind(go);
  go._resume = () => {
    try {
      resume();
    } catch (e) {
      state.kill(e);
      throw e;
    }
    if (go.exited) state.kill(new Error("the Go program exited"));
  };
  let ready = false;
  const instance = new WebAssembly.Instance(mod, {
    ...go.importObject,
    workers: { ready: () => (ready = true) },
  });
  // The runtime context is created once per instance. Go reads env from it
  // (cloudflare.Getenv, once at start); env is the same object for every
  // request of an isolate, and fetch() refreshes it anyway. ctx
  // (ExecutionContext) belongs to one request, so it is not put here.
  state.runtime = createRuntimeContext({ env, ctx: undefined, binding: state.binding });
  go.run(instance, state.runtime).catch((e) => state.kill(e));
  if (!ready || typeof state.binding.serve !== "function" || go.exited) {
    state.kill(new Error("the Go program did not register its handler"));
    throw new Error("the Go program did not start");
  }
  current = state;
  return state;
}

// securityHeaders are the headers every answer carries, the same set as
// the Go handler's securityHeaders (handler.go; a native test compares the
// two), so that the runtime's own answers below are no exception.
const securityHeaders = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

// failure is the answer when the instance could not start or died while
// serving: a plain error with the headers every response carries.
function failure(status, text) {
  return new Response(text + "\n", {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...securityHeaders },
  });
}

async function fetch(request, env, ctx) {
  let state;
  try {
    if (mod === undefined) mod = await loadModule();
    state = current ?? start(env);
  } catch (e) {
    console.error("agentcard:", String(e));
    return failure(503, "The checker could not start; try again.");
  }
  state.runtime.env = env;
  let reject;
  const died = new Promise((_, r) => (reject = r));
  state.waiting.add(reject);
  try {
    return await Promise.race([state.binding.serve(request, env, ctx), died]);
  } catch (e) {
    if (!state.dead && e instanceof WebAssembly.RuntimeError) state.kill(e);
    if (state.dead) {
      return failure(503, "The checker restarted while answering; try again.");
    }
    console.error("agentcard:", String(e));
    return failure(500, "Something went wrong on our side; try again.");
  } finally {
    state.waiting.delete(reject);
  }
}

// queue is the batch checks' consumer (wrangler.toml [[queues.consumers]]):
// one delivery's message bodies go to Go (binding.queue, wasm/worker/
// queue_js.go), which checks them and answers the positions to deliver
// again; the rest are acknowledged. A delivery the instance cannot take
// is retried whole.
async function queue(batch, env, ctx) {
  let state;
  try {
    if (mod === undefined) mod = await loadModule();
    state = current ?? start(env);
  } catch (e) {
    console.error("agentcard:", String(e));
    batch.retryAll();
    return;
  }
  state.runtime.env = env;
  const bodies = batch.messages.map((m) => (typeof m.body === "string" ? m.body : JSON.stringify(m.body)));
  let reject;
  const died = new Promise((_, r) => (reject = r));
  state.waiting.add(reject);
  try {
    const retry = new Set(JSON.parse(await Promise.race([state.binding.queue(JSON.stringify(bodies)), died])) ?? []);
    batch.messages.forEach((m, i) => (retry.has(i) ? m.retry() : m.ack()));
  } catch (e) {
    if (!state.dead && e instanceof WebAssembly.RuntimeError) state.kill(e);
    console.error("agentcard: a queue delivery failed:", String(e));
    batch.retryAll();
  } finally {
    state.waiting.delete(reject);
  }
}

export default { fetch, queue };
