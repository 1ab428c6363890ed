// The playground's first script, a small classic one run from the page's
// head as soon as it arrives (async): it starts the engine's worker at
// once, so that downloading and compiling the wasm (streaming, in the
// worker) overlap the page's own loading, and fetches the catalogue of a
// reader whose language is not English. It also defines
// globalThis.agentcard (docs/ARCHITECTURE.md §4), whose functions return
// Promises answered by that worker. It hands the engine to playground.js as
// globalThis.agentcardBoot (and the event "agentcard-boot"): a module
// would wait for the editor's module graph and start later.
//
// Its settings are data attributes of its own script element (the site's
// Content-Security-Policy allows no inline script): data-worker, data-wasm,
// data-wasm-exec, data-wasm-size, data-version, data-catalogs.
import { Engine, TimeoutError, EngineStopped, pageAPI } from "./engine.js";
import { chosenLang } from "./lang.js";
import { savedText, storedProfile } from "./stored.js";
// The playground's first sample (samples/index.js lists it first): the
// text a first-time visitor sees.
import firstSample from "../samples/minimal.json";

const script = document.currentScript || document.querySelector("script[data-engine]");
const d = script ? script.dataset : {};
const params = new URLSearchParams(location.search);
// How long one check may take in the worker before it is stopped. The
// engine bounds its work, so this only trips on a slow device or a bug;
// ?timeout=N (ms) lets the end-to-end tests trip it on purpose.
const timeoutMs = params.has("timeout") ? Number(params.get("timeout")) : 5000;
const assets = {
  worker: d.worker,
  wasm: d.wasm && new URL(d.wasm, location.href).href,
  wasmExec: d.wasmExec && new URL(d.wasmExec, location.href).href,
  wasmSize: Number(d.wasmSize) || 0,
  version: d.version || "",
};

// catalogURLs: lang -> the asset of its catalogue ("lang=path lang=path").
const catalogURLs = Object.fromEntries((d.catalogs || "").split(/\s+/).filter(Boolean).map((p) => p.split("=")));
const catalogTexts = new Map(); // lang -> promise of the catalogue's text

// catalogText fetches l's catalogue once (a failed fetch is tried again
// by the next caller).
function catalogText(l) {
  if (!catalogTexts.has(l)) {
    const url = catalogURLs[l];
    const p = url
      ? fetch(url).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.text();
      })
      : Promise.reject(new Error(`no catalogue for ${l}`));
    p.catch(() => catalogTexts.delete(l));
    catalogTexts.set(l, p);
  }
  return catalogTexts.get(l);
}

// first is the language the playground opens in; the worker waits for its
// catalogue before it answers.
const first = chosenLang(params);

// progress: the download's share (0..1) until playground.js shows it.
const progress = { value: 0, listener: null };
// restarts: playground.js's handler of a replaced worker.
const hooks = { onRestart: null };

const engine = new Engine({
  workerURL: assets.worker,
  wasm: assets.wasm,
  wasmExec: assets.wasmExec,
  size: assets.wasmSize,
  timeoutMs,
  onProgress: (p) => { progress.value = p; if (progress.listener) progress.listener(p); },
  onRestart: (err) => hooks.onRestart && hooks.onRestart(err),
  langPending: first !== "en",
});
// When this script arrived, beside when it ran (created): Engine.timings.
const fetched = script && script.src && performance.getEntriesByName(script.src)[0];
if (fetched) engine.marks.bootFetched = fetched.responseEnd;

// firstText is what the editor opens with (a share link aside): the last
// text kept in this browser, else the first sample. The worker lints it
// as soon as its Go program runs, in the lint profile kept
// (Engine.lintFirst), while the page is still loading CodeMirror.
const shared = location.hash.startsWith("#c=") || location.hash.startsWith("#s="); // a share link: the card in it, or a short link's
const firstText = shared ? null : savedText() || firstSample;
if (firstText !== null) engine.lintFirst(firstText, { profile: storedProfile() });

// started: the first worker's ready info; playground.js says why when it fails.
const started = assets.worker ? engine.start() : Promise.reject(new Error("the page names no engine"));
started.catch(() => {});
if (first !== "en") {
  catalogText(first).then(
    (text) => engine.giveLanguage({ lang: first, catalogue: text }),
    () => engine.giveLanguage({ lang: "en", catalogue: "" }), // playground.js says why
  );
}

globalThis.agentcard = pageAPI(engine, assets);
globalThis.agentcardBoot = { engine, started, timeoutMs, first, firstText, catalogText, progress, hooks, TimeoutError, EngineStopped };
dispatchEvent(new Event("agentcard-boot"));
