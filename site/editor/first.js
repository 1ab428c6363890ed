// The playground before its editor: the card's text in a light element
// with the editor's font, line height and gutter, and its findings from
// the worker's first lint (boot.js asked for it from the page's head), with
// data-checker="ready" once they are shown. CodeMirror and everything that
// needs it (playground.js: the simulator, the tools, the preview, the
// lists) are loaded on the reader's first intent: a pointer, a focus or a
// key in the editor's area, a button of the page, a scroll, or a share
// link in the address. On a phone, evaluating and laying out CodeMirror
// is most of what the page's main thread has to do; a reader who only
// reads the findings does not pay for it, and one who clicks into the text
// gets the editor with the caret where they clicked.
import { renderFindings, renderSummary, findingItem, lines } from "./panel.js";
import { el } from "./dom.js";
import { t, setWords } from "./i18n.js";
import { storedProfile } from "./stored.js";

const $ = (id) => document.getElementById(id);
const root = $("playground");

// Numbers the end-to-end tests and the benchmarks read (playground.js
// adds to them). Anything the Content-Security-Policy blocks, and any
// uncaught error, is recorded so the tests can insist on none.
const stats = (window.agentcardStats = {
  lint: [], roundTrip: [], render: [], keystroke: [], keystrokeDom: [], keyPhases: [], ready: 0, lints: 0, restarts: 0, failures: 0, errors: [],
});
document.addEventListener("securitypolicyviolation", (e) => stats.errors.push(`CSP ${e.violatedDirective}: ${e.blockedURI}`));
addEventListener("error", (e) => stats.errors.push(`error: ${e.message}`));
addEventListener("unhandledrejection", (e) => stats.errors.push(`rejection: ${e.reason}`));

function bootReady() {
  if (globalThis.agentcardBoot) return Promise.resolve(globalThis.agentcardBoot);
  return new Promise((resolve) => addEventListener("agentcard-boot", () => resolve(globalThis.agentcardBoot), { once: true }));
}

// ---- the text ----
// Lines drawn one by one (with their number); the rest of a long text is
// one block, drawn when scrolled to (content-visibility in the style
// sheet): a reader sees the first screens, a click brings the editor.
const rowsMax = 400;

// showText draws text into the editor's box: a gutter of line numbers and
// the lines, each line's text carrying its offset (data-from) so that a
// click can say where in the text it was.
function showText(box, text, doc) {
  const light = el("div", {
    class: "editor-light", "data-testid": "editor-light", tabindex: "0", role: "textbox",
    "aria-readonly": "true", "aria-multiline": "true", "aria-label": t("ui.playground.editor.content"),
  });
  const n = doc.starts.length;
  light.style.setProperty("--gutter-digits", String(Math.max(2, String(n).length)));
  const shown = Math.min(n, rowsMax);
  const rows = [];
  for (let i = 0; i < shown; i++) {
    const from = doc.starts[i];
    const end = i + 1 < n ? doc.starts[i + 1] : text.length;
    const line = text.slice(from, end).replace(/\r?\n$|\r$/, "");
    rows.push(el("span", { class: "el-ln" }, String(i + 1)), el("span", { class: "el-tx", "data-from": String(from) }, line || "\u200b"));
  }
  light.append(...rows);
  if (shown < n) {
    light.append(el("span", { class: "el-ln el-rest" }, `${shown + 1}…`),
      el("span", { class: "el-tx el-rest", "data-from": String(doc.starts[shown]) }, text.slice(doc.starts[shown])));
  }
  box.replaceChildren(light);
  return light;
}

// offsetAt is the offset in the text of the point (x, y) of the light
// element, or -1 when it is not on a line's text.
function offsetAt(x, y) {
  let node = null;
  let off = 0;
  if (document.caretPositionFromPoint) {
    const p = document.caretPositionFromPoint(x, y);
    if (p) { node = p.offsetNode; off = p.offset; }
  } else if (document.caretRangeFromPoint) {
    const r = document.caretRangeFromPoint(x, y);
    if (r) { node = r.startContainer; off = r.startOffset; }
  }
  const tx = node && (node.nodeType === 3 ? node.parentElement : node);
  if (!tx || !tx.classList || !tx.classList.contains("el-tx")) return -1;
  if (tx.textContent === "\u200b") off = 0;
  return Number(tx.dataset.from) + off;
}

// ---- the editor, when wanted ----
let wanted = null; // the promise of playground.js, once asked for
let caret = -1; // where the reader clicked in the light element
let lightScroll = 0;

// loadEditor loads playground.js (once); it resolves with the module
// once its editor is made.
function loadEditor() {
  if (!wanted) {
    root.dataset.editor = "loading";
    const light = document.querySelector(".editor-light");
    const hadFocus = !!light && light.contains(document.activeElement);
    lightScroll = light ? light.scrollTop : 0;
    wanted = import("./playground.js").then((m) => {
      m.takeOver({ caret, scrollTop: lightScroll, focus: hadFocus || caret >= 0 });
      root.dataset.editor = "ready";
      removeIntents();
      return m;
    });
  }
  return wanted;
}

// Buttons and forms pressed before playground.js is in are pressed again
// once it is (their handlers are its).
function replay(e) {
  if (wanted && root.dataset.editor === "ready") return;
  const target = e.target instanceof Element ? e.target : null;
  if (!target) return;
  if (e.type === "submit") {
    e.preventDefault();
    e.stopPropagation();
    const form = target;
    loadEditor().then(() => form.requestSubmit());
    return;
  }
  const b = target.closest("button, [role=menuitem]");
  if (!b || !root.contains(b) || b.closest(".diag, #intro")) return; // a finding's buttons and the intro's do their own
  e.preventDefault();
  e.stopPropagation();
  loadEditor().then(() => b.click());
}

function onPointer(e) {
  if (e.target instanceof Element && e.target.closest("#intro")) return; // dismissing the intro is no wish to edit
  if (e.target instanceof Element && e.target.closest(".editor-light")) {
    caret = offsetAt(e.clientX, e.clientY);
  }
  loadEditor();
}

function onIntent() { loadEditor(); }

const intents = [
  [root, "pointerdown", onPointer, true],
  [root, "focusin", onIntent, true],
  [root, "keydown", onIntent, true],
  [root, "click", replay, true],
  [root, "submit", replay, true],
  [window, "scroll", onIntent, { capture: true, passive: true }],
];

function addIntents() {
  for (const [target, type, f, opts] of intents) target.addEventListener(type, f, opts);
}

function removeIntents() {
  for (const [target, type, f, opts] of intents) target.removeEventListener(type, f, opts);
}

// ---- findings ----
// item is one finding as playground.js shows it (findingItem); its
// position, related places and fixes make the editor first.
function item(doc) {
  return findingItem(doc, (from, to) => loadEditor().then((m) => m.jumpTo(from, to)),
    (d, f) => loadEditor().then((m) => m.applyFix(d, f)));
}

const catalogue = { rule: () => null, topicIndex: () => 0 }; // the findings carry their topics

function showFindings(res, doc) {
  const list = $("diagnostics");
  list.dataset.listed = String(renderFindings(list, res, new Set(["error", "warning", "info"]), catalogue, item(doc)));
  renderSummary(res);
}

function showMessage(text, code) {
  const m = $("message");
  m.textContent = text;
  m.dataset.kind = "error";
  m.dataset.code = code;
  m.hidden = !text;
}

// ---- introduction ----
// First-time visitors get one line pointing at the course and the
// annotated card, until they dismiss it (remembered). It is fixed to the
// bottom of the window, so showing it moves nothing on the page.
const INTRO_KEY = "agentcard.intro.dismissed";

function setupIntro() {
  const box = $("intro");
  if (!box) return;
  let dismissed = false;
  try { dismissed = localStorage.getItem(INTRO_KEY) === "1"; } catch { /* private mode: show it */ }
  if (dismissed) return;
  box.hidden = false;
  $("intro-dismiss").addEventListener("click", () => {
    box.hidden = true;
    try { localStorage.setItem(INTRO_KEY, "1"); } catch { /* private mode */ }
  });
}

// ---- start ----
async function start() {
  const boot = await bootReady();
  const { engine, started, first, firstText, progress } = boot;
  setupIntro();
  const shared = location.hash.startsWith("#c=") || location.hash.startsWith("#s=");
  // A share link needs the editor (and the checker to decode it); so
  // does a page in another language than it was rendered in (its words
  // are playground.js's to write).
  if (shared || firstText === null || first !== root.dataset.lang) {
    boot.engine.running(500).then(loadEditor);
    return;
  }
  addEventListener("hashchange", onIntent, { once: true });
  addIntents();
  const doc = lines(firstText);
  if (!wanted) showText($("editor"), firstText, doc);
  const bar = $("wasm-progress");
  if (progress.value) bar.value = Math.round(progress.value * 100);
  else bar.removeAttribute("value"); // indeterminate until the size is known
  if (!progress.listener) progress.listener = (p) => { bar.value = Math.round(p * 100); };
  // A check that overran its time limit (or whose engine stopped) has its
  // worker replaced (engine.js); the page says so and stays usable, as
  // playground.js does once it is there.
  if (!boot.hooks.onRestart) {
    boot.hooks.onRestart = (err) => {
      stats.restarts++;
      showMessage(err instanceof boot.TimeoutError ? t("ui.playground.error.timeout", (err.ms / 1000).toLocaleString("en")) : t("ui.playground.error.memory"),
        err instanceof boot.TimeoutError ? "lint-timeout" : "engine-stopped");
      $("diagnostics").dataset.stale = "true";
    };
  }
  let res;
  try {
    res = await engine.call("lint", firstText, { profile: storedProfile() });
  } catch (err) {
    if (wanted) return; // playground.js says why
    if (err instanceof boot.TimeoutError || err instanceof boot.EngineStopped) {
      bar.hidden = true;
      if (!stats.ready) {
        stats.ready = performance.now();
        root.dataset.checker = "ready"; // usable all the same: the message says why there are no findings
      }
      return;
    }
    try { await started; } catch (e) { err = e; }
    bar.hidden = true;
    $("status").textContent = "";
    const why = err.status ? t("ui.playground.error.download", err.status) : err.code === "worker" ? t("ui.playground.error.worker") : err.message;
    showMessage(t("ui.playground.error.start", why), "engine-failed");
    return;
  }
  bar.hidden = true;
  engine.mark("firstLint");
  // The page's language, when it is not English, comes with the words
  // boot.js fetched (the engine waited for the same catalogue).
  if (first !== "en") {
    try { setWords(first, JSON.parse(await boot.catalogText(first))); } catch { /* English words */ }
  }
  const info = await started.catch(() => null);
  if (stats.ready || res.error) return; // the editor came first: it shows them
  showFindings(res, doc);
  stats.ready = performance.now();
  engine.mark("firstFindings");
  root.dataset.checker = "ready";
  $("status").textContent = t("ui.playground.status.ready", info && info.version ? info.version : "");
}

start();

// For the end-to-end tests and benchmarks: the editor, made now; where
// start-up time went, in ms since navigation start (Engine.timings and the
// page's marks), as agentcardPlayground.engineTimings() gives it once the
// editor is there.
window.agentcardEditor = () => loadEditor().then(() => true);
window.agentcardTimings = () => globalThis.agentcardBoot && { ...globalThis.agentcardBoot.engine.timings(),
  ...Object.fromEntries(performance.getEntriesByType("mark").filter((m) => m.name.startsWith("playground:")).map((m) => [m.name.slice(11), m.startTime])) };
