// The playground: CodeMirror 6 around the Go engine (wasm). Everything runs
// in the browser; the only network calls are the page's own assets and, when
// asked, the Worker's /api/card for "Open URL". The engine runs in a Web
// Worker with a time limit (engine.js), so no document can freeze the tab;
// boot.js started it from the page's head, before this script loaded;
// main.js loads this module once it has.
import "./styles.js"; // first: CodeMirror's styles under the site's CSP
import { basicSetup } from "codemirror";
import { EditorView, keymap, hoverTooltip, Decoration, activateHover } from "@codemirror/view";
import { EditorState, StateField, StateEffect, Compartment, Annotation } from "@codemirror/state";
import { json } from "@codemirror/lang-json";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { autocompletion } from "@codemirror/autocomplete";
import { syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { Catalogue } from "./catalogue.js";
import { contextAt } from "./tree.js";
import { completionSource } from "./complete.js";
import { renderPreview } from "./preview.js";
import { el, append, countSeverity } from "./dom.js";
import { renderFindings, renderSummary, bySeverity, maxShown, findingItem } from "./panel.js";
import { samples } from "../samples/index.js";
import { setupTools, toolsAfterLint, toolsRenderWords, toolsLanguage, lintProfile, renderSDKs, renderMatrix } from "./tools.js";
import { t, tn, list, setWords, parseLang, translatePage, languages, LANG_KEY, playgroundPath } from "./i18n.js";
import { STORAGE_KEY } from "./stored.js";

const $ = (id) => document.getElementById(id);
const root = $("playground");
const params = new URLSearchParams(location.search);
const debounceMs = params.has("debounce") ? Number(params.get("debounce")) : 120;

performance.mark("playground:evaluated"); // CodeMirror and our modules are in

// Numbers the end-to-end test and the benchmarks read (first.js made
// them, with the record of errors and CSP violations).
const stats = window.agentcardStats;

// boot: what boot.js made (globalThis.agentcardBoot): the engine, already
// starting, and its helpers. engine is its engine, until it fails to
// start (then null).
let boot = null;
let engine = null;
let catalogue = new Catalogue([], []);
let lastResult = null; // the latest lint result, for the doc it was made for
let lastDoc = null;
let pendingKey = 0; // performance.now() of the first keystroke not yet linted
let timer = 0;
let linting = false; // a lint is in the worker; another waits for it
let lintAgain = false;
const shown = new Set(["error", "warning", "info"]); // severity filter

// Transactions that put a share link's own text in the editor: every other
// change makes the link in the address bar stale.
const fromShareLink = Annotation.define();

// ---- selected-entry highlight (client simulator) ----
const setEntry = StateEffect.define();
const entryMark = Decoration.mark({ class: "cm-selected-entry" });
const entryField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setEntry)) {
        deco = e.value ? Decoration.set([entryMark.range(e.value.from, e.value.to)]) : Decoration.none;
      }
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---- related places (the first occurrence of a duplicate key) ----
// A quieter mark than a squiggle: the place is not itself wrong, but it is
// part of a finding elsewhere.
const setRelated = StateEffect.define();
const relatedMark = Decoration.mark({ class: "cm-related" });
const relatedField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setRelated)) deco = Decoration.set(e.value.map((r) => relatedMark.range(r.from, r.to)), true);
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---- hover: field docs from the catalogue ----
const fieldHover = hoverTooltip((view, pos, side) => {
  const ctx = contextAt(view.state, pos, side);
  if (!ctx || ctx.kind !== "key" || !ctx.node) return null;
  const obj = catalogue.typeAt(ctx.path);
  const f = obj && catalogue.field(obj, ctx.name);
  if (!f) return null;
  return {
    pos: ctx.node.from,
    end: ctx.node.to,
    above: true,
    create: () => ({ dom: fieldDoc(f) }),
  };
});

// showDocAtCursor opens, from the keyboard, what hovering the cursor's
// position shows: the field's docs and any finding there.
function showDocAtCursor(view) {
  const head = view.state.selection.main.head;
  activateHover(view, head, 1, { until: (tr) => tr.docChanged || tr.selection !== undefined });
  return true;
}

// requirement says in which protocol versions a field must be present:
// "required", "optional", "required in 0.2 and 0.3 · removed in 1.0", …
function requirement(f) {
  const eras = f.eras || [];
  const req = f.requiredIn || [];
  const opt = eras.filter((e) => !req.includes(e));
  const parts = [];
  if (!req.length) parts.push(t("ui.playground.field.optional"));
  else if (!opt.length && !f.removed) parts.push(t("ui.playground.field.required"));
  else {
    parts.push(t("ui.playground.field.requiredIn", list(req)));
    if (opt.length) parts.push(t("ui.playground.field.optionalIn", list(opt)));
  }
  if (f.since) parts.push(t("ui.playground.field.since", f.since));
  if (f.removed) parts.push(t("ui.playground.field.removed", f.removed));
  return parts;
}

function fieldDoc(f) {
  const facts = [f.type, ...requirement(f)];
  return el("div", { class: "hover-doc", "data-testid": "hover-doc", "data-field": f.name, "data-required-in": (f.requiredIn || []).join(" "), "data-removed": f.removed || "" },
    el("div", { class: "hover-title" }, el("code", {}, f.name), " ", el("span", { class: "hover-facts" }, facts.join(" · "))),
    el("p", {}, f.doc || ""),
    f.replacement ? el("p", {}, tn("ui.playground.hover.replacement", el("code", {}, f.replacement))) : null,
    f.values && f.values.length ? el("p", { "data-testid": "hover-values" }, tn("ui.playground.hover.values", el("span", {}, f.values.map((v, i) => [i ? ", " : "", el("code", {}, v)])))) : null,
    f.spec ? el("p", { class: "hover-spec" }, t("ui.playground.hover.spec", f.spec)) : null,
  );
}

function ruleDoc(d) {
  const r = catalogue.rule(d.code);
  return el("div", { class: "hover-doc" },
    el("p", {}, el("strong", {}, d.message)),
    r ? el("p", {}, r.explanation) : null,
    r && r.howToFix ? el("p", {}, el("em", {}, t("ui.playground.hover.howToFix")), " ", r.howToFix) : null,
    el("p", { class: "hover-spec" }, el("a", { href: d.url }, d.code)),
  );
}

// ---- editor ----
const themeConf = new Compartment();
const labelConf = new Compartment(); // the editor's aria-label, in the page's language
const editorLabel = () => EditorView.contentAttributes.of({ "aria-label": t("ui.playground.editor.content"), "data-testid": "editor-content" });
const dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
const theme = (isDark) => EditorView.theme({}, { dark: isDark });

// earlyLint: without the typing debounce (?debounce=0, the latency
// benchmarks), a change's new text goes to the worker the moment the
// transaction is made, before the editor updates its syntax tree, its
// decorations and its DOM: the engine checks while the page draws.
const earlyLint = EditorState.transactionExtender.of((tr) => {
  if (debounceMs === 0 && tr.docChanged && engine) {
    const doc = tr.newDoc;
    runLint(doc);
  }
  return null;
});

const view = new EditorView({
  state: EditorState.create({
    // The text boot.js chose (the last one kept, else the first sample):
    // made with it, the editor lays out once instead of twice.
    doc: (globalThis.agentcardBoot && globalThis.agentcardBoot.firstText) || "",
    extensions: [
      basicSetup,
      json(),
      syntaxHighlighting(classHighlighter),
      lintGutter(),
      entryField,
      relatedField,
      fieldHover,
      autocompletion({ override: [completionSource(() => catalogue)] }),
      themeConf.of(theme(dark ? dark.matches : false)),
      EditorView.lineWrapping,
      labelConf.of(editorLabel()),
      // The shortcut list on the page (components/editor.templ) names
      // these; keep both in step.
      keymap.of([
        { key: "Alt-Shift-f", run: () => (formatDoc(), true) },
        { key: "Mod-s", run: () => (shareDoc(), true), preventDefault: true },
        { key: "Mod-k Mod-i", run: showDocAtCursor, preventDefault: true },
      ]),
      earlyLint,
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        scheduleLint();
        if (!u.transactions.some((tr) => tr.annotation(fromShareLink))) dropShareLink();
      }),
    ],
  }),
});
// The editor takes the place of the light element first.js drew the text
// in (same box, same font and gutter): nothing around it moves.
$("editor").replaceChildren(view.dom);
performance.mark("playground:editor");
if (dark) dark.addEventListener("change", (e) => view.dispatch({ effects: themeConf.reconfigure(theme(e.matches)) }));
// A keystroke starts when the browser is about to change the text
// (beforeinput), for typing, deleting and pasting alike.
view.contentDOM.addEventListener("beforeinput", () => {
  if (!pendingKey) pendingKey = performance.now();
}, true);

// Once the text changes by any means (typing, a sample, Open URL, Format,
// a fix), a share link in the address bar no longer shows this text: drop
// it, so a reload brings back the latest text (kept in localStorage) and
// not the shared one.
function dropShareLink() {
  if (isShareHash(location.hash)) {
    history.replaceState(null, "", location.pathname + location.search);
    $("share-box").hidden = true;
  }
}

// isShareHash: a share link's fragment, #c= (the card in the link) or #s=
// (a short link: the card stored on the server under that id).
const isShareHash = (h) => h.startsWith("#c=") || h.startsWith("#s=");

function setText(text, ...annotations) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations });
}

function scheduleLint() {
  clearTimeout(timer);
  clearTimeout(sideTimer); // typing goes on: the side panels wait
  // debounce=0 (benchmarks): lint right after this update, no timer hop.
  if (debounceMs === 0) queueMicrotask(runLint);
  else timer = setTimeout(runLint, debounceMs);
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, 400);
}

let saveTimer = 0;
// Texts above this are not kept across reloads: writing them to storage
// blocks the page for a noticeable time, and no real card is that large.
const saveMax = 256 * 1024;
function save() {
  if (view.state.doc.length > saveMax) return;
  const text = view.state.doc.toString();
  try {
    localStorage.setItem(STORAGE_KEY, text);
    // A text a share link brought, left as it came, is nobody's draft.
    localStorage.setItem(EDITED_KEY, text === lastShared ? "0" : "1");
  } catch { /* private mode */ }
}

// ---- a share link over a draft ----
// Opening a share link used to replace the saved draft without a word
// (issue 16, B17). Now a link that would replace a draft the reader wrote
// asks first; the draft stays until they choose, and one replaced by
// choice is kept under DRAFT_BACKUP_KEY.
const EDITED_KEY = "agentcard.editor.edited";
const DRAFT_BACKUP_KEY = "agentcard.editor.replaced";
let lastShared = null; // the text the last share link brought

// draftAt is the reader's own unsaved work a share link would replace:
// the editor's text, or at start (the editor still empty) the saved one;
// null when there is none (empty, a sample, or a shared text unchanged).
function draftAt() {
  let text = view.state.doc.toString();
  if (text === "") {
    try {
      if (localStorage.getItem(EDITED_KEY) === "0") return null;
      text = localStorage.getItem(STORAGE_KEY) || "";
    } catch { return null; }
  }
  if (text.trim() === "" || text === lastShared || samples.some((s) => s.text === text)) return null;
  return text;
}

// askReplace shows the draft (when the editor is empty) and asks whether
// the shared card may replace it; the answer is the buttons'.
function askReplace(draft, shared) {
  // shown as the text of the link would be, so the address keeps the link
  if (view.state.doc.toString() === "") setText(draft, fromShareLink.of(true));
  const m = $("message");
  showMessage(t("ui.playground.share.replaces", draft.split("\n").length), "info", "share-replaces-draft");
  const choose = (open) => {
    clearMessage("share-replaces-draft");
    if (open) {
      try { localStorage.setItem(DRAFT_BACKUP_KEY, draft); } catch { /* private mode */ }
      lastShared = shared;
      setText(shared, fromShareLink.of(true));
    } else {
      dropShareLink();
    }
    view.focus();
  };
  m.append(" ",
    el("button", { type: "button", "data-testid": "share-replace-open", onclick: () => choose(true) }, t("ui.playground.share.open")),
    " ",
    el("button", { type: "button", "data-testid": "share-replace-keep", onclick: () => choose(false) }, t("ui.playground.share.keep")));
}

function clamp(n, max) {
  return Math.max(0, Math.min(n | 0, max));
}

// record keeps the last 200 timings of a kind in stats (the benchmarks
// read at most 50 in a row): a long session does not grow them.
function record(list, v) {
  list.push(v);
  if (list.length > 200) list.shift();
}

// runLint sends the text to the worker. One lint at a time: edits made
// meanwhile are linted as soon as it answers (only the latest text).
// doc: the text to check (the editor's; a transaction's new text when
// the lint is sent before the editor has drawn it, earlyLint).
async function runLint(doc = view.state.doc) {
  if (!engine) return;
  if (linting) {
    if (doc !== sentDoc) lintAgain = true; // else: that text is being checked
    return;
  }
  linting = true;
  lintAgain = false;
  sentDoc = doc;
  const text = doc.toString();
  const t0 = performance.now();
  let res;
  try {
    res = await engine.call("lint", text, { profile: lintProfile() });
    // The first findings are shown in the reader's language: its words
    // were fetched while the checker started.
    if (!firstShown) await wordsReady;
  } catch (err) {
    linting = false;
    if (err instanceof boot.TimeoutError || err instanceof boot.EngineStopped) return; // onRestart tells the person
    if (!engine || !engine.info) return; // it did not start: start() says why
    stats.failures++;
    showMessage(t("ui.playground.error.failed", err.message), "error", "engine-failed");
    return;
  }
  linting = false;
  engine.mark("firstLint");
  record(stats.lint, engine.lastMs);
  if (view.state.doc !== doc || lintAgain) {
    runLint(); // the text changed while the worker worked: check the new one
    return;
  }
  const t1 = performance.now();
  record(stats.roundTrip, t1 - t0);
  if (res.error) {
    stats.failures++;
    showMessage(res.error, "error", "engine-failed");
    return;
  }
  clearMessage("lint-timeout");
  clearMessage("engine-stopped");
  stats.lints++;
  lastResult = res;
  lastDoc = doc;
  const len = doc.length;
  // The gutter and squiggles get the same bounded set as the panel.
  const marked = res.diagnostics.length > maxShown ? [...res.diagnostics].sort(bySeverity).slice(0, maxShown) : res.diagnostics;
  const diags = marked.map((d) => {
    const from = clamp(d.from, len);
    const to = Math.max(from, clamp(d.to, len));
    return {
      from, to,
      severity: d.severity,
      source: d.code,
      message: d.message,
      renderMessage: () => ruleDoc(d),
      actions: (d.fixes || []).map((f) => ({ name: f.unsafe ? t("ui.playground.fix.unsafe.action", f.title) : f.title, apply: () => applyFix(d, f) })),
    };
  });
  const related = [];
  for (const d of marked) {
    for (const r of d.related || []) {
      const from = clamp(r.from, len);
      const to = clamp(r.to, len);
      if (to > from) related.push({ from, to });
    }
  }
  // One transaction: each one makes CodeMirror read the selection back
  // from the DOM, which forces a layout.
  view.dispatch(setDiagnostics(view.state, diags), { effects: setRelated.of(related) });
  renderPanel(res, doc);
  toolsAfterLint(res);
  record(stats.render, performance.now() - t1);
  const keyAt = pendingKey;
  pendingKey = 0;
  if (keyAt) {
    const drawn = performance.now();
    record(stats.keystrokeDom, drawn - keyAt);
    // Where the keystroke's time went (the benchmark prints it): key to
    // the lint asked for, asked to received by the worker, the lint in
    // the worker, its answer sent to received by this page, then drawn.
    const l = engine.log[engine.log.length - 1];
    if (l && l.fn === "lint") record(stats.keyPhases, [l.asked - keyAt, l.got - l.asked, l.ms, l.answered - l.sent, drawn - l.answered]);
  }
  requestAnimationFrame(() => {
    if (keyAt) record(stats.keystroke, performance.now() - keyAt);
    root.dataset.lints = String(stats.lints);
  });
  const firstTime = !firstShown;
  if (firstTime) firstFindings();
  // The simulator and the preview are not findings: they follow once
  // typing pauses, each in a task of its own, so the worker is free for
  // the next keystroke's lint (a select and an SDK comparison queued in it
  // would delay that lint); the first time, once the page is idle (they
  // are below the fold on a phone).
  clearTimeout(sideTimer);
  const side = (f) => () => { if (view.state.doc === doc) f(); }; // else a newer lint will come
  const later = firstTime ? whenIdle : (f) => setTimeout(f, text.length > sideWaitMin ? 250 : sidePause);
  sideTimer = later(() => {
    if (view.state.doc !== doc) return;
    const n = stats.lints;
    // The engine calls go to the worker one at a time, each in a task of
    // its own, and only while the text is still the one they are for: a
    // keystroke meanwhile drops those not yet sent, so its lint waits in
    // the worker behind one of them at most, not behind all.
    // data-settled: the simulator (and its highlight in the editor), the
    // SDK rows and the compatibility matrix follow lint n; tests wait on
    // it before pointing at the text or reading the panels.
    const stale = () => view.state.doc !== doc || stats.lints !== n;
    (async () => {
      for (const f of [() => runSelect(text), () => renderSDKs(text), () => renderMatrix(text)]) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (stale()) return;
        try { await f(); } catch { /* each says why itself */ }
      }
      if (stats.lints === n) root.dataset.settled = String(n);
    })();
    setTimeout(side(() => renderPreview($("preview"), text, res)), 0);
  });
}
let sideTimer = 0;
let sentDoc = null; // the text of the lint in the worker
const sideWaitMin = 16 * 1024; // a card above this is large
const sidePause = 150; // ms without a new lint that count as a pause in typing

// whenIdle runs f once the page has nothing else to do (or after 2 s).
function whenIdle(f) {
  if (window.requestIdleCallback) requestIdleCallback(f, { timeout: 2000 });
  else setTimeout(f, 50);
  return 0;
}

// onRestart: a check took longer than the time limit, or the engine
// stopped on it; the worker was replaced. The findings shown are from an earlier text (or none).
function lintTimedOut(err) {
  stats.restarts++;
  linting = false;
  if (err instanceof boot.TimeoutError) {
    showMessage(t("ui.playground.error.timeout", (err.ms / 1000).toLocaleString("en")), "error", "lint-timeout");
  } else {
    showMessage(t("ui.playground.error.memory"), "error", "engine-stopped");
  }
  $("diagnostics").dataset.stale = "true";
  if (!firstShown) firstFindings(); // usable all the same: say so
}

// applyFix applies a fix computed for the text that was linted; if the text
// changed since, it lints again and uses the same fix on the new text.
export async function applyFix(d, f) {
  if (view.state.doc !== lastDoc) {
    let again;
    try {
      const res = await engine.call("lint", view.state.doc.toString());
      again = res.diagnostics && res.diagnostics.find((x) => x.code === d.code && x.pointer === d.pointer);
    } catch { return; }
    f = again && (again.fixes || []).find((x) => x.title === f.title);
    if (!f) return;
  }
  view.dispatch({
    changes: f.edits.map((e) => ({ from: e.from, to: e.to, insert: e.newText })),
    userEvent: "input.fix",
  });
  clearTimeout(timer);
  runLint();
  view.focus();
}

export function jumpTo(from, to) {
  view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
  view.focus();
}

function renderPanel(res, doc) {
  const list = $("diagnostics");
  delete list.dataset.stale;
  const listed = renderFindings(list, res, shown, catalogue, findingItem(doc, jumpTo, applyFix));
  list.dataset.listed = String(listed);
  renderSummary(res);
}

function setupFilters() {
  for (const b of document.querySelectorAll("[data-severity-filter]")) {
    b.addEventListener("click", () => {
      const sev = b.dataset.severityFilter;
      if (shown.has(sev)) shown.delete(sev);
      else shown.add(sev);
      b.setAttribute("aria-pressed", String(shown.has(sev)));
      if (lastResult && lastDoc === view.state.doc) renderPanel(lastResult, lastDoc);
    });
  }
}

// ---- client simulator ----
// What the engine read differently from what the profile says (a core
// binding in lower case: "jsonrpc" is read as JSONRPC) is the profile's
// mistake; the notes say so in the engine's words, with a way to write the
// profile as it was read.
function profileNote(r, profile) {
  const note = $("sim-profile-note");
  const notes = (r && r.profileNotes) || [];
  if (!notes.length) {
    note.hidden = true;
    note.replaceChildren();
    delete note.dataset.suggest;
    return;
  }
  note.hidden = false;
  note.dataset.suggest = r.client;
  note.replaceChildren(
    ...notes.map((n) => el("span", { class: "sim-profile-text" }, n, ". ")),
    r.client && r.client !== profile ? el("button", { type: "button", class: "preset", "data-testid": "sim-profile-fix", onclick: () => {
      $("sim-profile").value = r.client;
      pressPreset(null);
      runSelect(view.state.doc.toString());
    } }, t("ui.playground.profile.fix", r.client)) : null,
  );
}

let selectSeq = 0;
async function runSelect(text) {
  if (!engine) return;
  const profile = $("sim-profile").value.trim();
  const out = $("sim-result");
  const trace = $("sim-trace");
  const seq = ++selectSeq;
  const doc = view.state.doc;
  let r;
  try {
    r = await engine.call("select", text, profile, { legacyClient: legacyClient() });
  } catch {
    return; // timed out: the message says so
  }
  if (seq !== selectSeq) return; // a newer profile or text is on its way
  out.dataset.profile = profile; // what it shows is for this profile (tests wait on it)
  profileNote(r, profile);
  let effect = setEntry.of(null);
  if (r.error) {
    out.replaceChildren(el("p", { class: "sim-error" }, r.error));
    out.dataset.outcome = "bad-profile";
    trace.replaceChildren();
  } else {
    const parts = [];
    if (r.outcome === "selected") {
      parts.push(el("p", { class: "sim-selected", "data-testid": "sim-selected", "data-index": String(r.index) },
        tn("ui.playground.sim.selected", r.index, el("code", {}, r.protocolBinding), el("code", {}, r.protocolVersion), el("code", {}, r.url))));
      parts.push(el("p", { "data-testid": "sim-tenant", "data-tenant": r.hasTenant ? r.tenant : "" }, r.hasTenant
        ? tn("ui.playground.sim.tenant", el("code", {}, JSON.stringify(r.tenant)))
        : t("ui.playground.sim.noTenant")));
      if (r.from !== undefined && r.to > r.from && view.state.doc === doc) {
        effect = setEntry.of({ from: clamp(r.from, doc.length), to: clamp(r.to, doc.length) });
      }
    } else if (r.outcome === "no-compatible-interface") {
      parts.push(el("p", { class: "sim-none", "data-testid": "sim-none" }, t("ui.playground.sim.none")));
    } else {
      parts.push(el("p", { class: "sim-none", "data-testid": "sim-invalid" }, t("ui.playground.sim.invalid")));
    }
    if (r.message) parts.push(el("p", { class: "note", "data-testid": "sim-message" }, r.message));
    out.replaceChildren(...parts);
    out.dataset.outcome = r.outcome;
    trace.replaceChildren();
    append(trace, [(r.trace || []).map((s) => el("li", {
      "data-testid": "sim-trace-entry", "data-index": String(s.index), "data-decision": s.decision,
      class: `trace-${s.decision}`,
    }, el("button", {
      type: "button", class: "trace-jump",
      onclick: () => s.to > s.from && jumpTo(s.from, s.to),
    }, `#${s.index} ${t(`ui.playground.sim.decision.${s.decision}`)}`), " ",
    // where the entry is, as the CLI's trace says it: a 0.3 card's entries
    // are url + preferredTransport and additionalInterfaces[i]
    s.source ? [el("code", { "data-testid": "sim-trace-source" }, s.source), ": "] : null, s.reason)),
    r.traceOmitted ? el("li", { class: "note", "data-testid": "sim-trace-more", "data-count": String(r.traceOmitted) },
      t("ui.playground.sim.more", r.traceOmitted)) : null]);
  }
  // Only a change is dispatched: redrawing the marked entry replaces the
  // DOM under the pointer, which cancels a hover about to open.
  const shownEntry = view.state.field(entryField);
  const same = effect.value ? shownEntry.size === 1 && (() => { const c = shownEntry.iter(); return c.from === effect.value.from && c.to === effect.value.to; })() : shownEntry.size === 0;
  if (view.state.doc === doc && !same) view.dispatch({ effects: effect });
}

// ---- messages ----
// One message box above the editor; code names what it is about so a later
// event can clear only its own kind.
function showMessage(text, kind = "error", code = "") {
  const m = $("message");
  m.textContent = text;
  m.dataset.kind = kind;
  m.dataset.code = code;
  m.hidden = !text;
}

function clearMessage(code) {
  const m = $("message");
  if (!code || m.dataset.code === code) showMessage("");
}

// setStatus shows a status line: id and args of the catalogue ("" clears
// it), kept so a change of language can say it again in the new one.
let status = ["ui.playground.status.loading"];
function setStatus(id, ...args) {
  status = [id, ...args];
  $("status").textContent = id ? t(id, ...args) : "";
}

// ---- buttons ----
// call runs an engine function (format, encodeShare, decodeShare) in the
// worker, under its time limit.
function call(fn, ...args) {
  return engine.call(fn, ...args);
}

async function formatDoc() {
  if (!engine) return;
  const text = view.state.doc.toString();
  let r;
  try { r = await call("format", text); } catch { return; }
  if (view.state.doc.toString() !== text) return; // edited meanwhile
  if (r.error) {
    if (r.code === "syntax") {
      showMessage(r.line ? t("ui.playground.error.formatSyntax", r.line, r.column) : t("ui.playground.error.formatSyntaxStart"), "error", "format-syntax");
      $("message").dataset.line = String(r.line || 0);
      if (r.line) jumpTo(r.from, r.from);
    } else {
      showMessage(r.error, "error", "format-failed");
    }
    return;
  }
  clearMessage();
  if (r.text !== text) setText(r.text);
}

async function shareDoc() {
  if (!engine) return;
  let r;
  try { r = await call("encodeShare", view.state.doc.toString()); } catch { return; }
  if (r.error) return showMessage(r.error);
  const hash = `#c=${r.fragment}`;
  shareIsLong = !!r.long;
  history.replaceState(null, "", location.pathname + location.search + hash);
  const url = location.href;
  $("share-box").hidden = false;
  $("share-short-url").hidden = $("share-short-label").hidden = true;
  const input = $("share-url");
  input.value = url;
  input.select();
  shareNote();
  if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => setStatus("ui.playground.status.copied"), () => {});
}

// shortLink stores the card on the checker's server (POST /api/share) and
// shows the short link it answers, when the reader chooses it over the
// #c= link (the share box says which keeps the card where).
async function shortLink() {
  const text = view.state.doc.toString();
  setStatus("ui.playground.shortlink.making");
  let r, body;
  try {
    r = await fetch("/api/share", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }) });
    body = await r.json();
  } catch {
    setStatus("");
    return showMessage(t("ui.playground.shortlink.failed", t("ui.playground.shortlink.offline")), "error", "share-short-failed");
  }
  setStatus("");
  if (r.status !== 201 || !body.url) {
    return showMessage(t("ui.playground.shortlink.failed", (body.error && body.error.message) || r.status), "error", "share-short-failed");
  }
  if (view.state.doc.toString() !== text) return; // edited meanwhile: the link is not this text's
  clearMessage();
  const input = $("share-short-url");
  input.value = body.url;
  input.hidden = $("share-short-label").hidden = false;
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(body.url).then(() => setStatus("ui.playground.status.copied"), () => {});
}

// fetchShort reads a short link's card (GET /api/share/ID: JSON, never a
// page), answered like decodeShare: {text} or {error, code}.
async function fetchShort(id) {
  try {
    const r = await fetch(`/api/share/${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } });
    const body = await r.json();
    if (r.status === 200 && typeof body.text === "string") return { text: body.text };
    return { error: r.status === 404 ? t("ui.playground.shortlink.notFound") : (body.error && body.error.message) || String(r.status), code: "short" };
  } catch {
    return { error: t("ui.playground.shortlink.offline"), code: "short" };
  }
}

// shareNote says what the share link in the box is like.
function shareNote() {
  const note = $("share-note");
  const url = $("share-url").value;
  if (!url) return;
  const long = shareIsLong;
  note.textContent = long ? t("ui.playground.shareBox.long", Math.round(url.length / 1024)) : t("ui.playground.shareBox.note");
  note.dataset.long = long ? "true" : "false";
}

// shareIsLong: the engine found the last link made long.
let shareIsLong = false;

// shareProblem says, in our words, why a share link could not be opened.
const shareProblems = new Set(["too-large", "damaged", "version", "empty", "slow"]);
const shareProblem = (r) => (shareProblems.has(r.code) ? t(`ui.playground.error.share.${r.code}`) : r.error);

async function restoreFromHash() {
  const h = location.hash;
  if (!isShareHash(h)) return false;
  let r;
  if (h.startsWith("#s=")) {
    r = await fetchShort(h.slice(3));
  } else {
    try {
      r = await call("decodeShare", h); // bounded: at most 1 MiB comes out
    } catch {
      r = { error: t("ui.playground.error.share.slow"), code: "slow" };
    }
  }
  if (location.hash !== h) return false; // another link arrived meanwhile
  if (r.error && r.code === "short") {
    setText("", fromShareLink.of(true));
    showMessage(t("ui.playground.error.shortOpen", r.error), "error", "share-short-missing");
    return true;
  }
  if (r.error) {
    setText("", fromShareLink.of(true));
    showMessage(t("ui.playground.error.shareOpen", shareProblem(r)), "error", `share-${r.code === "slow" ? "damaged" : r.code || "damaged"}`);
    return true;
  }
  clearMessage();
  const draft = draftAt();
  if (draft !== null && draft !== r.text) {
    askReplace(draft, r.text);
    return true;
  }
  lastShared = r.text;
  setText(r.text, fromShareLink.of(true));
  return true;
}

async function openURL(ev) {
  ev.preventDefault();
  const target = $("open-url-input").value.trim();
  if (!target) return;
  setStatus("ui.playground.status.fetching");
  try {
    const resp = await fetch(`/api/card?url=${encodeURIComponent(target)}`, { headers: { Accept: "application/json" } });
    const body = await resp.text();
    if (!resp.ok) {
      let msg = body;
      try {
        // The Worker answers {"error": {"kind", "status", "message", "hint"}}.
        const e = JSON.parse(body).error;
        msg = typeof e === "string" ? e : [e.message, e.hint].filter(Boolean).join(" ");
      } catch { /* keep the text */ }
      throw new Error(msg.slice(0, 500));
    }
    clearMessage();
    setText(body);
    setStatus("ui.playground.status.opened", target);
  } catch (err) {
    showMessage(t("ui.playground.error.openURL", target, err.message), "error", "open-url");
    setStatus("");
  }
}

// sampleWords is a sample's title or blurb in the page's language (the
// sample's own English when the catalogue has no words for it).
function sampleWords(s, part) {
  const id = `ui.playground.sample.${s.id}.${part}`;
  const w = t(id);
  return w === id ? s[part] : w;
}

function renderSamples() {
  const menu = $("samples-menu");
  menu.replaceChildren(...samples.map((s) => el("li", { role: "none" },
    el("button", { type: "button", role: "menuitem", "data-sample": s.id, "data-testid": "sample", onclick: () => {
      setText(s.text);
      menu.hidden = true;
      $("btn-samples").setAttribute("aria-expanded", "false");
      clearMessage();
      view.focus();
    } }, el("strong", {}, sampleWords(s, "title")), el("span", {}, sampleWords(s, "blurb"))))));
}

function setupSamples() {
  const btn = $("btn-samples");
  const menu = $("samples-menu");
  renderSamples();
  const close = () => { menu.hidden = true; btn.setAttribute("aria-expanded", "false"); };
  btn.addEventListener("click", () => {
    const open = menu.hidden;
    menu.hidden = !open;
    btn.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button").focus();
  });
  menu.addEventListener("keydown", (e) => {
    const items = [...menu.querySelectorAll("button")];
    const i = items.indexOf(document.activeElement);
    if (e.key === "Escape") { close(); btn.focus(); }
    else if (e.key === "ArrowDown") { e.preventDefault(); items[(i + 1) % items.length].focus(); }
    else if (e.key === "ArrowUp") { e.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
  });
  document.addEventListener("click", (e) => { if (!menu.hidden && !e.target.closest(".menu")) close(); });
}

// The preset the simulator runs shows pressed: the one clicked, or the
// one whose profile the reader typed. Only the "0.3 client" preset is a
// client of that era, reading url, preferredTransport and
// additionalInterfaces (core/selection.SelectLegacyClient); a profile
// typed at 0.3 is a current client that also speaks 0.3.
function pressedPreset() {
  return document.querySelector('[data-testid="sim-preset"][aria-pressed="true"]');
}

function legacyClient() {
  const b = pressedPreset();
  return !!b && b.dataset.preset === "legacy-0.3";
}

function pressPreset(clicked) {
  const value = $("sim-profile").value.trim();
  let chosen = clicked;
  for (const b of document.querySelectorAll('[data-testid="sim-preset"]')) {
    if (!clicked && !chosen && b.dataset.profile === value) chosen = b;
  }
  for (const b of document.querySelectorAll('[data-testid="sim-preset"]')) b.setAttribute("aria-pressed", String(b === chosen));
}

function setupSimulator() {
  const input = $("sim-profile");
  for (const b of document.querySelectorAll('[data-testid="sim-preset"]')) {
    b.addEventListener("click", () => {
      input.value = b.dataset.profile;
      pressPreset(b);
      runSelect(view.state.doc.toString());
    });
  }
  input.addEventListener("input", () => { pressPreset(null); runSelect(view.state.doc.toString()); });
  pressPreset(null);
}

// On a Mac the shortcut list says ⌘ where CodeMirror's "Mod" means Cmd.
function setupShortcuts() {
  if (!/Mac|iPhone|iPad/.test(navigator.platform || "")) return;
  for (const k of document.querySelectorAll("[data-mod]")) k.textContent = "⌘";
}

// A small handle for the end-to-end tests and for people poking around in
// the console.
window.agentcardPlayground = {
  getText: () => view.state.doc.toString(),
  setText,
  lintNow: () => { clearTimeout(timer); runLint(); },
  // The findings shown are those of the text in the editor.
  current: () => lastDoc === view.state.doc,
  // What the checker is doing, for tests that wait on it.
  engineState: () => ({ linting, lintAgain, pending: engine ? [...engine.pending.values()].map((p) => p.fn) : [], restarts: engine ? engine.restarts : 0, calls: engine ? engine.log.slice(-6) : [] }),
  // Where start-up time went, in ms since navigation start (Engine.timings):
  // the worker's phases, the page's firstLint, firstFindings, catalogues,
  // and this script's marks (playground:evaluated, :editor, :text).
  engineTimings: () => boot && { ...boot.engine.timings(),
    ...Object.fromEntries(performance.getEntriesByType("mark").filter((m) => m.name.startsWith("playground:")).map((m) => [m.name.slice(11), m.startTime])) },
  // How many fields and rules hover and completion know (0 until loaded).
  catalogueSize: () => ({ fields: catalogue.fields.length, rules: catalogue.rules.size }),
  contextAt: (pos) => { const c = contextAt(view.state, pos ?? view.state.selection.main.head); return c && { kind: c.kind, path: c.path, name: c.name, key: c.key }; },
  view,
};

// ---- language ----
// The playground speaks its reader's language: the one chosen with the
// header's switch (remembered), else ?lang=, else the first of the
// browser's languages we speak (lang.js chosenLang). Another language than
// English is its catalogue asset, fetched only then (boot.js catalogText);
// the same text goes to the engine.
let lang = { lang: "en", catalogue: "" }; // what the page and the engine speak
let langSeq = 0;

// loadLanguage fetches l's words; on failure the page stays in English
// and says why.
async function loadLanguage(l) {
  if (l === "en") return { lang: "en", catalogue: "", words: null };
  try {
    const text = await boot.catalogText(l);
    return { lang: l, catalogue: text, words: JSON.parse(text) };
  } catch (err) {
    showMessage(t("ui.playground.error.language", err.message), "error", "language");
    return { lang: "en", catalogue: "", words: null };
  }
}

// The site's header, footer and nav are rendered by the layout in the
// page's first language; their words are in the catalogue under ui.nav.*
// and ui.layout.*. Their first texts are kept to come back to.
const layoutTexts = new Map();
function translateLayout() {
  const items = [];
  for (const a of document.querySelectorAll(".site-header nav a")) {
    const path = new URL(a.href, location.href).pathname.replace(/^\/zh(?=\/)/, "");
    const id = { "/": "ui.nav.playground", "/check": "ui.nav.check", "/learn/": "ui.nav.learn", "/rules/": "ui.nav.rules", "/fields/": "ui.nav.fields" }[path];
    if (id) items.push([a, id, path]);
  }
  const nav = document.querySelector(".site-header nav");
  const skip = document.querySelector("a.skip");
  const footer = document.querySelector(".site-footer p");
  const prefix = lang.lang === "en" ? "" : `/${lang.lang.split("-")[0]}`; // core/i18n Lang.Prefix: /zh
  const put = (e, id, attr, first) => {
    if (!e) return;
    const key = `${attr}:${id}`;
    if (!layoutTexts.has(key)) layoutTexts.set(key, first);
    const w = t(id);
    const v = lang.lang !== root.dataset.lang && w !== id ? w : layoutTexts.get(key);
    if (attr === "text") e.textContent = v;
    else e.setAttribute(attr, v);
  };
  for (const [a, id, path] of items) {
    put(a, id, "text", a.textContent);
    // The learn pages and the checker of the same language.
    if (path === "/" || path === "/rules/" || path === "/fields/" || path === "/learn/") a.setAttribute("href", prefix + path);
    if (path === "/check") a.setAttribute("href", lang.lang === "en" ? "/check" : `/check?lang=${lang.lang}`);
  }
  put(nav, "ui.layout.navLabel", "aria-label", nav && nav.getAttribute("aria-label"));
  put(skip, "ui.layout.skip", "text", skip && skip.textContent);
  put(footer, "ui.layout.footer", "text", footer && footer.textContent);
  if (!layoutTexts.has("title")) layoutTexts.set("title", document.title);
  const site = t("ui.site.name");
  document.title = lang.lang === root.dataset.lang ? layoutTexts.get("title")
    : `${t("ui.playground.title")} · ${site !== "ui.site.name" ? site : layoutTexts.get("title").split(" · ").pop()}`;
  const desc = document.querySelector('meta[name="description"]');
  if (desc) desc.setAttribute("content", t("ui.playground.description"));
}

// The switch in the header offers the other language; the script switches
// in place (the text stays) and moves to that language's address, which
// its href (/ or /zh/) opens without the script too.
function updateSwitch() {
  for (const a of document.querySelectorAll('[data-testid="lang-switch"]')) {
    const other = languages.find((x) => x.lang !== lang.lang) || languages[0];
    a.textContent = other.name;
    a.setAttribute("href", playgroundPath(other.lang));
    a.setAttribute("hreflang", other.lang);
    a.setAttribute("lang", other.lang);
    a.dataset.lang = other.lang;
  }
}

function setupLanguageSwitch() {
  document.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest('[data-testid="lang-switch"]');
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const l = parseLang(a.dataset.lang);
    if (!l) return;
    try { localStorage.setItem(LANG_KEY, l); } catch { /* private mode */ }
    // The address follows the language (its prefix would override the
    // choice on reload), and so does a ?lang= in it.
    if (params.has("lang")) params.set("lang", l);
    const q = params.toString();
    history.replaceState(null, "", `${playgroundPath(l)}${q ? `?${q}` : ""}${location.hash}`);
    switchLanguage(l);
  });
}

// renderWords writes every word of the page in the current language: the
// marked static words, the layout's, and what scripts built.
function renderWords() {
  document.documentElement.lang = lang.lang;
  root.dataset.shownLang = lang.lang;
  translatePage(root);
  translateLayout();
  updateSwitch();
  renderSamples();
  renderIntro();
  $("sim-profile-help").replaceChildren(...tn("ui.playground.profile.help", el("code", {}, "BINDING@VERSION"), el("code", {}, "|")));
  $("status").textContent = status[0] ? t(...status) : "";
  shareNote();
  toolsRenderWords();
  view.dispatch({ effects: labelConf.reconfigure(editorLabel()) });
  if (!lastResult) {
    for (const b of document.querySelectorAll("[data-severity-filter]")) {
      b.querySelector(".filter-count").textContent = countSeverity(0, b.dataset.severityFilter);
    }
  }
}

// switchLanguage makes l the language of the page and of the engine, then
// checks the text again so findings, the trace and the preview follow.
async function switchLanguage(l) {
  const seq = ++langSeq;
  const next = await loadLanguage(l);
  if (seq !== langSeq) return; // another switch came after
  lang = { lang: next.lang, catalogue: next.catalogue };
  setWords(next.lang, next.words);
  renderWords();
  if (!engine) return;
  if (!engine.info) {
    try { await engine.ready; } catch { return; } // start() says why
  }
  toolsLanguage(lang);
  try {
    await engine.setLanguage(lang);
  } catch {
    return; // timed out: the worker restarts in the language set
  }
  if (seq !== langSeq) return;
  if (lastResult && lastDoc === view.state.doc) renderPanel(lastResult, lastDoc); // topic titles at once
  clearTimeout(timer);
  runLint();
  loadCatalogues();
}

// ---- start ----
// firstFindings: the playground is usable (globalThis.agentcard has been
// since the page's head). The rule and field lists (hover, completion,
// rule explanations) follow when the page is idle; data-ready="true" says
// they are there too.
let firstShown = false; // this module's first findings (first.js may have shown some before)
function firstFindings() {
  firstShown = true;
  if (!stats.ready) stats.ready = performance.now();
  engine.mark("firstFindings");
  root.dataset.checker = "ready";
  setStatus("ui.playground.status.ready", engine.info.version);
  whenIdle(() => loadCatalogues().finally(() => { root.dataset.ready = "true"; }));
}

// loadCatalogues builds the hover and completion catalogue in the
// engine's current language.
async function loadCatalogues() {
  if (!engine) return;
  const want = engine.lang;
  let lists;
  try { lists = await engine.catalogues(); } catch { return; } // timed out: the next switch asks again
  if (engine.lang === want) catalogue = new Catalogue(lists.fields, lists.rules);
}

// ---- introduction ----
// (first.js shows it to first-time visitors.)
// renderIntro writes the introduction's sentence in the current
// language, its links to that language's course pages.
function renderIntro() {
  const p = $("intro-text");
  if (!p) return;
  const prefix = lang.lang === "en" ? "" : `/${lang.lang.split("-")[0]}`;
  p.replaceChildren(...tn("ui.intro.text",
    el("a", { href: `${prefix}/learn/` }, t("ui.intro.course")),
    el("a", { href: `${prefix}/learn/anatomy/` }, t("ui.intro.anatomy"))));
}

// wordsReady resolves once the page has the words of its first language.
let wordsReady = Promise.resolve();

async function start() {
  boot = globalThis.agentcardBoot; // main.js waited for it
  engine = boot.engine;
  const { started, first, progress, hooks, timeoutMs } = boot;
  setupLanguageSwitch();
  // The words come while the checker loads (boot.js asked for the same
  // catalogue, and the checker waits for it before its first answer).
  wordsReady = loadLanguage(first).then((next) => {
    lang = { lang: next.lang, catalogue: next.catalogue };
    setWords(next.lang, next.words);
    if (next.lang !== root.dataset.lang) renderWords();
    return next;
  });
  // The tools first: the lint profile is theirs.
  setupTools({
    view, root, timeoutMs, jump: jumpTo, showMessage,
    engineCall: (fn, ...args) => engine ? engine.call(fn, ...args) : Promise.reject(new Error("no checker")),
    lintNow: () => { clearTimeout(timer); runLint(); },
    lang: () => lang,
  });
  // Show the last text (or the first sample) at once and ask for its
  // findings: boot.js had the worker lint the same text as soon as Go
  // runs, so the answer may be there already. A share link needs the
  // checker to decode, so it waits.
  const shared = isShareHash(location.hash);
  if (!shared) {
    const text = boot.firstText !== null ? boot.firstText : samples[0].text;
    if (view.state.doc.toString() !== text) setText(text);
    clearTimeout(timer);
    runLint();
    performance.mark("playground:text");
  }
  const bar = $("wasm-progress");
  if (progress.value) bar.value = Math.round(progress.value * 100);
  else bar.removeAttribute("value"); // indeterminate until the size is known
  progress.listener = (p) => { bar.value = Math.round(p * 100); };
  hooks.onRestart = lintTimedOut;
  setupSamples();
  setupSimulator();
  setupFilters();
  setupShortcuts();
  $("btn-format").addEventListener("click", formatDoc);
  $("btn-share").addEventListener("click", shareDoc);
  $("btn-short").addEventListener("click", shortLink);
  $("open-url-form").addEventListener("submit", openURL);
  try {
    await started;
  } catch (err) {
    bar.hidden = true;
    setStatus("");
    engine = null;
    const why = err.status ? t("ui.playground.error.download", err.status) : err.code === "worker" ? t("ui.playground.error.worker") : err.message;
    showMessage(t("ui.playground.error.start", why), "error", "engine-failed");
    return;
  }
  bar.hidden = true;
  if (shared) {
    await wordsReady;
    await restoreFromHash();
    clearTimeout(timer);
    runLint();
  }
  addEventListener("hashchange", async () => { if (await restoreFromHash()) { clearTimeout(timer); runLint(); } });
}

start();

// takeOver puts the caret where the reader clicked in first.js's light
// element (caret: an offset, or -1), at its scroll position, and focuses
// the editor when the reader was in the text.
export function takeOver({ caret, scrollTop, focus }) {
  if (scrollTop) view.scrollDOM.scrollTop = scrollTop;
  if (caret >= 0) view.dispatch({ selection: { anchor: Math.min(caret, view.state.doc.length) } });
  if (focus) view.focus();
}
