// A lesson page's exercise: the playground's editor setup (CodeMirror 6,
// the engine in a Web Worker, the same findings list) around one exercise
// card. The engine (the wasm, in a Web Worker) starts by itself once the
// page has loaded and is idle, or earlier on the reader's first scroll,
// tap or key, when the exercise comes near the screen, or on Start, and
// checks the exercise's text at once, without an editor: the findings and
// the lesson's status are there before the reader gets to them. Not
// before load: the wasm's compile and Go's start are the largest work a
// lesson has, and on a phone with few cores they would compete with the
// page's own first paint; a reader who only reads must still see the
// exercise answered, not "starting" forever. The editor (CodeMirror, in
// lesson-editor.js) is made when the exercise comes near the screen (well
// before a scrolling reader sees it), on a focus or click on the card, or
// on Start; until then the card is the page's own text in the same box.
// Everything below works on the text (findings, fixes, the checklist, the
// simulator); the editor, once there, is where the text lives. The lesson
// counts as done once none of its target findings is left on a text that
// is still a card, written to localStorage the moment the check says so
// (the course index reads it).
// The six-checks lesson ticks its checklist from the same findings and is
// done only when its own exercise card passes all six: a card of the
// reader's own (brought from the playground or pasted) gets its own
// result; the interface lesson runs the client simulator on the findings.
import { Engine } from "../../editor/engine.js";
import { Catalogue } from "../../editor/catalogue.js";
import { renderFindings, bySeverity, maxShown, findingTopic, findingItem, lines } from "../../editor/panel.js";
import { el, append } from "../../editor/dom.js";
import { t, tn, setWords } from "../../editor/i18n.js";
import { DONE_KEY, doneLessons, recordErrors, format } from "./progress.js";

// The playground keeps its text here (site/editor/main.js); the checklist
// can bring it over.
const PLAYGROUND_KEY = "agentcard.editor.text";
// Eras of a text the engine read as a card: a lesson is not done by
// deleting the card.
const cardEras = new Set(["1.0", "0.3", "0.2", "mixed"]);

const stats = recordErrors();
const ex = document.getElementById("exercise");
const q = (sel, root = document) => root.querySelector(sel);
const slug = ex.dataset.slug;
const targets = new Set((ex.dataset.targets || "").split(/\s+/).filter(Boolean));
const box = q('[data-testid="lesson-editor"]', ex);
const source = q('[data-testid="lesson-source"]', ex);
const list = q('[data-testid="diagnostics"]', ex);
const summary = q('[data-testid="diagnostic-summary"]', ex);
const lessonStatus = q('[data-testid="lesson-status"]', ex);
const checkerStatus = q('[data-testid="checker-status"]', ex);
const checklist = q('[data-testid="checklist"]');
const simulator = q('[data-testid="simulator"]');
const initial = source.textContent;
const ownResult = q('[data-testid="own-result"]');
// The exercise card's name: a text with another name is the reader's own
// card, not the exercise.
const nameOf = (text) => (/"name"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text) || [])[1];
const exerciseName = nameOf(initial);

let view = null;
let editor = null; // lesson-editor.js, once loaded
// The exercise's text while there is no editor (the editor's afterwards),
// and a count of its changes: a result is current when it was computed
// for the text of this version.
let text = normalize(initial);
let version = 0;
let engine = null;
let catalogue = new Catalogue([], []);
let started = null; // the promise of start()
let timer = 0;
let linting = false;
let again = false;
let lastResult = null;
let lastVersion = -1;
let lastText = null; // lines() of the text lastResult was computed for
let fromPlayground = false; // the text was brought over from the playground
const shown = new Set(["error", "warning", "info"]);

function showDone() {
  lessonStatus.dataset.done = "true";
  ex.dataset.done = "true";
}
if (doneLessons()[slug]) showDone();

function markDone() {
  const m = doneLessons();
  if (!m[slug]) {
    m[slug] = Date.now();
    try { localStorage.setItem(DONE_KEY, JSON.stringify(m)); } catch { /* private mode */ }
  }
  showDone();
}

// isDone: no target finding left, and the text is still a card that
// parses (a deleted or mangled card has none of them either).
function isDone(res) {
  if (!cardEras.has(res.era)) return false;
  return !res.diagnostics.some((d) => targets.has(d.code) || (d.severity === "error" && d.code.startsWith("json-")));
}

// normalize splits lines as the editor does (\r\n and \r end a line too),
// so that offsets into the text are the editor's.
function normalize(s) {
  return s.replace(/\r\n?/g, "\n");
}

function currentText() {
  return view ? view.state.doc.toString() : text;
}

let editorLoading = null;
// createEditor makes the editor once (later calls wait for it) with the
// current text and the findings already shown.
function createEditor() {
  if (!editorLoading) editorLoading = makeEditor();
  return editorLoading;
}

async function makeEditor() {
  editor = await import("./lesson-editor.js");
  // The rule and field lists, for completion: asked for now, not at load
  // (the findings carry their topics; nothing else on the page needs them).
  if (engine) loadCatalogue();
  const hadFocus = box.contains(document.activeElement);
  view = editor.createEditor({
    doc: text,
    label: box.getAttribute("aria-label"),
    catalogue: () => catalogue,
    onChange: () => { version++; schedule(); },
  });
  // The editor takes the place of the text it starts with, in the same
  // box (its size is fixed by the style sheet): nothing below moves.
  box.replaceChildren(view.dom);
  ex.dataset.editor = "ready";
  if (lastResult && lastVersion === version) markText(lastResult);
  if (hadFocus) view.focus();
}

function setText(s) {
  if (view) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s } });
    return;
  }
  text = normalize(s);
  version++;
  schedule();
}

let catalogueAsked = false;
async function loadCatalogue() {
  if (catalogueAsked) return;
  catalogueAsked = true;
  try {
    const lists = await engine.catalogues();
    catalogue = new Catalogue(lists.fields, lists.rules);
  } catch {
    catalogueAsked = false; // the worker was replaced: the next editor start asks again
  }
}

// schedule checks the text at once, so that a fix counts (and is written
// down) the moment it is made; edits made while a check runs are checked
// together right after it (runLint).
function schedule() {
  clearTimeout(timer);
  runLint();
}

// language fetches the page's catalogue (not English): the words of the
// findings panel and the engine's messages.
async function language() {
  const l = ex.dataset.lang;
  if (!l || l === "en" || !ex.dataset.catalog) return null;
  const r = await fetch(ex.dataset.catalog);
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const text = await r.text();
  setWords(l, JSON.parse(text));
  return { lang: l, catalogue: text };
}

// start starts the engine and checks the text, once.
function start() {
  if (!started) started = run();
  return started;
}

async function run() {
  checkerStatus.textContent = checkerStatus.dataset.loading;
  const words = language();
  engine = new Engine({
    workerURL: ex.dataset.worker,
    wasm: new URL(ex.dataset.wasm, location.href).href,
    wasmExec: new URL(ex.dataset.wasmExec, location.href).href,
    size: Number(ex.dataset.wasmSize) || 0,
    timeoutMs: 5000,
    langPending: !!ex.dataset.catalog,
    onRestart: () => { linting = false; },
  });
  // The exercise is checked the moment Go runs in the worker.
  engine.lintFirst(text);
  try {
    await Promise.all([
      words.then((l) => { if (l) engine.giveLanguage(l); return l; }),
      engine.start(),
    ]);
  } catch (err) {
    checkerStatus.textContent = checkerStatus.dataset.failed.replace("%s", err.message);
    stats.failures = (stats.failures || 0) + 1;
    return;
  }
  checkerStatus.textContent = "";
  ex.dataset.checker = "ready";
  // Running: Start has nothing left to start (the card itself opens the
  // editor on a click or focus).
  q('[data-testid="start"]', ex).hidden = true;
  await runLint();
  if (view) loadCatalogue(); // the editor came first
}

async function runLint() {
  if (!engine || !engine.info) return;
  if (linting) { again = true; return; }
  linting = true;
  again = false;
  const v = version;
  const s = currentText();
  let res;
  try {
    // a lesson's card is an example: its example.com hosts are on purpose
    res = await engine.call("lint", s, { examples: true });
  } catch {
    linting = false;
    return; // timed out: the worker was replaced; the next edit checks again
  }
  linting = false;
  if (again || version !== v) { runLint(); return; }
  if (res.error) return;
  lastResult = res;
  lastVersion = v;
  lastText = lines(s);
  show(res, lastText, s);
}

function clamp(n, max) {
  return Math.max(0, Math.min(n | 0, max));
}

// markText marks res's findings in the editor.
function markText(res) {
  const len = view.state.doc.length;
  const marked = res.diagnostics.length > maxShown ? [...res.diagnostics].sort(bySeverity).slice(0, maxShown) : res.diagnostics;
  view.dispatch(editor.setDiagnostics(view.state, marked.map((d) => {
    const from = clamp(d.from, len);
    return { from, to: Math.max(from, clamp(d.to, len)), severity: d.severity, source: d.code, message: d.message };
  })));
}

// show lists res's findings (for the text s, doc its lines()) and marks
// them in the editor if there is one; then the lesson's status, checklist
// and simulator follow.
function show(res, doc, s) {
  if (view) markText(res);
  renderFindings(list, res, shown, catalogue, item(doc));
  summary.textContent = t("ui.playground.count.findings", res.errors + res.warnings + res.infos);
  summary.dataset.errors = res.errors;
  summary.dataset.warnings = res.warnings;
  stats.lints++;
  ex.dataset.lints = String(stats.lints);
  const remaining = res.diagnostics.filter((d) => targets.has(d.code)).length;
  ex.dataset.remaining = String(remaining);
  const own = !!checklist && (fromPlayground || nameOf(s) !== exerciseName);
  const allPass = checklist ? tick(res) : true;
  if (checklist) showOwn(own, res);
  if (isDone(res) && allPass && !own) markDone();
  if (simulator) runSelect();
}

// jump selects from..to in the editor (made now if need be).
async function jump(from, to) {
  const v = version;
  await createEditor();
  if (version !== v) return; // the text changed meanwhile
  view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
  view.focus();
}

async function applyFix(d, f) {
  const v = lastVersion;
  if (version !== v) return; // the fix was computed for an older text
  await createEditor();
  if (version !== v) return;
  view.dispatch({ changes: f.edits.map((e) => ({ from: e.from, to: e.to, insert: e.newText })), userEvent: "input.fix" });
  view.focus();
}

// item is one finding, as the playground shows it (findingItem); the
// lesson's targets are marked.
function item(doc) {
  return findingItem(doc, jump, applyFix, (d) => targets.has(d.code));
}

// ---- the six checks ----
// tick marks each check and says whether all of them pass.
function tick(res) {
  let all = true;
  for (const li of checklist.querySelectorAll('[data-testid="check"]')) {
    const topics = new Set((li.dataset.topics || "").split(/\s+/).filter(Boolean));
    const codes = new Set((li.dataset.codes || "").split(/\s+/).filter(Boolean));
    const failing = res.diagnostics.filter((d) => {
      if (d.severity !== "error" && d.severity !== "warning") return false;
      return codes.has(d.code) || topics.has(findingTopic(d, catalogue));
    });
    const state = failing.length ? "fail" : "pass";
    if (state !== "pass") all = false;
    li.dataset.state = state;
    q('[data-testid="check-state"]', li).textContent = checklist.dataset[state];
    q('[data-testid="check-codes"]', li).textContent = [...new Set(failing.map((d) => d.code))].join(" ");
  }
  return all && cardEras.has(res.era);
}

// showOwn gives the reader's own card its result, apart from the
// exercise's: checking your own card never completes the lesson.
function showOwn(own, res) {
  ownResult.hidden = !own;
  ownResult.dataset.own = String(own);
  if (!own) return;
  const checks = [...checklist.querySelectorAll('[data-testid="check"]')];
  const passed = cardEras.has(res.era) ? checks.filter((li) => li.dataset.state === "pass").length : 0;
  ownResult.dataset.passed = String(passed);
  const f = passed === checks.length ? ownResult.dataset.all : ownResult.dataset.some;
  ownResult.textContent = format(f, passed, checks.length);
}

function setupChecklist() {
  if (!checklist) return;
  const none = q('[data-testid="use-playground-none"]', checklist);
  q('[data-testid="use-playground"]', checklist).addEventListener("click", async () => {
    let text = null;
    try { text = localStorage.getItem(PLAYGROUND_KEY); } catch { /* private mode */ }
    none.hidden = !!text;
    if (!text) return;
    fromPlayground = true;
    setText(text);
    start();
  });
}

// ---- the client simulator (the playground's, on the lesson's card) ----
let selectSeq = 0;
async function runSelect() {
  if (!engine || !engine.info) return;
  const input = q("#sim-profile");
  const out = q("#sim-result");
  const trace = q("#sim-trace");
  const seq = ++selectSeq;
  let r;
  try {
    r = await engine.call("select", currentText(), input.value.trim(), { legacyClient: legacyClient() });
  } catch {
    return;
  }
  if (seq !== selectSeq) return;
  trace.replaceChildren();
  if (r.error) {
    out.replaceChildren(el("p", { class: "sim-error" }, r.error));
    out.dataset.outcome = "bad-profile";
    return;
  }
  const parts = [];
  if (r.outcome === "selected") {
    parts.push(el("p", { class: "sim-selected", "data-testid": "sim-selected", "data-index": String(r.index) },
      tn("ui.playground.sim.selected", r.index, el("code", {}, r.protocolBinding), el("code", {}, r.protocolVersion), el("code", {}, r.url))));
    parts.push(el("p", { "data-testid": "sim-tenant" }, r.hasTenant
      ? tn("ui.playground.sim.tenant", el("code", {}, JSON.stringify(r.tenant)))
      : t("ui.playground.sim.noTenant")));
  } else if (r.outcome === "no-compatible-interface") {
    parts.push(el("p", { class: "sim-none", "data-testid": "sim-none" }, t("ui.playground.sim.none")));
  } else {
    parts.push(el("p", { class: "sim-none", "data-testid": "sim-invalid" }, t("ui.playground.sim.invalid")));
  }
  if (r.message) parts.push(el("p", { class: "note", "data-testid": "sim-message" }, r.message));
  out.replaceChildren(...parts);
  out.dataset.outcome = r.outcome;
  append(trace, [(r.trace || []).map((s) => el("li", {
    "data-testid": "sim-trace-entry", "data-index": String(s.index), "data-decision": s.decision, class: `trace-${s.decision}`,
  }, el("button", { type: "button", class: "trace-jump", onclick: () => s.to > s.from && jump(s.from, s.to) },
    `#${s.index} ${t(`ui.playground.sim.decision.${s.decision}`)}`), " ",
  s.source ? [el("code", { "data-testid": "sim-trace-source" }, s.source), ": "] : null, s.reason))]);
}

// The preset that runs shows pressed (the one clicked, or the one whose
// profile was typed), as in the playground; the "0.3 client" one reads
// the card as a 0.3 client does (url, preferredTransport,
// additionalInterfaces), not supportedInterfaces.
function legacyClient() {
  const b = simulator && simulator.querySelector('[data-testid="sim-preset"][aria-pressed="true"]');
  return !!b && b.dataset.preset === "legacy-0.3";
}

function pressPreset(clicked) {
  const value = q("#sim-profile").value.trim();
  const presets = [...simulator.querySelectorAll('[data-testid="sim-preset"]')];
  const chosen = clicked || presets.find((b) => b.dataset.profile === value) || null;
  for (const b of presets) b.setAttribute("aria-pressed", String(b === chosen));
}

function setupSimulator() {
  if (!simulator) return;
  const input = q("#sim-profile");
  for (const b of simulator.querySelectorAll('[data-testid="sim-preset"]')) {
    b.addEventListener("click", () => { input.value = b.dataset.profile; pressPreset(b); start().then(runSelect); });
  }
  input.addEventListener("input", () => { pressPreset(null); runSelect(); });
}

// ---- start when wanted ----
// Start (visible without scrolling on a lesson whose exercise is far
// down): the editor, focused.
q('[data-testid="start"]', ex).addEventListener("click", () => { start(); createEditor().then(() => view.focus()); });
q('[data-testid="reset"]', ex).addEventListener("click", () => { fromPlayground = false; setText(initial); start(); });
source.addEventListener("focus", () => { start(); createEditor(); });
source.addEventListener("click", () => { start(); createEditor(); });
setupChecklist();
setupSimulator();
// The editor: when the exercise is within a screen of coming into view,
// in an idle moment (a reader scrolling towards it finds it made); without
// IntersectionObserver, once the page has loaded.
if ("IntersectionObserver" in window) {
  const io = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      io.disconnect();
      start();
      idle(createEditor);
    }
  }, { rootMargin: "0px 0px 100% 0px" });
  io.observe(ex);
} else {
  addEventListener("load", () => idle(createEditor), { once: true });
}
function idle(f) {
  if ("requestIdleCallback" in window) requestIdleCallback(() => f(), { timeout: 500 });
  else setTimeout(f, 50);
}
// Ready before the reader gets to the exercise: the engine starts on the
// first sign of reading (it compiles and runs in its Web Worker, a couple
// of seconds; the page's thread only posts the text), long before a reader
// scrolling from the top reaches an exercise a screen or more down.
const wakeEvents = ["scroll", "wheel", "touchstart", "pointerdown", "keydown"];
function wake() {
  for (const e of wakeEvents) removeEventListener(e, wake, { capture: true });
  start();
}
for (const e of wakeEvents) addEventListener(e, wake, { capture: true, passive: true });
if (location.hash) wake(); // opened at a place in the page: the reader is on the way
// A reader who only reads: after load, in the first idle moment (at most
// 2 s later), so the worker's start stays out of the first paint and of
// the main thread's busy time (the compile runs in the worker; the page
// only posts the text).
function wakeWhenIdle() {
  if ("requestIdleCallback" in window) requestIdleCallback(wake, { timeout: 2000 });
  else setTimeout(wake, 200);
}
if (document.readyState === "complete") wakeWhenIdle();
else addEventListener("load", wakeWhenIdle, { once: true });

// A handle for the end-to-end tests and the curious.
window.agentcardLesson = {
  start,
  get started() { return !!started; },
  setText: (text) => { setText(text); return start(); },
  getText: currentText,
  lintNow: () => { clearTimeout(timer); return runLint(); },
  current: () => lastVersion === version,
  editor: createEditor,
  result: () => lastResult,
  get view() { return view; },
};
