// The playground: CodeMirror 6 around the Go engine (wasm). Everything runs
// in the browser; the only network calls are the page's own assets and, when
// asked, the Worker's /api/card for "Open URL".
import { basicSetup } from "codemirror";
import { EditorView, keymap, hoverTooltip, Decoration } from "@codemirror/view";
import { EditorState, StateField, StateEffect, Compartment, Transaction } from "@codemirror/state";
import { json } from "@codemirror/lang-json";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { autocompletion } from "@codemirror/autocomplete";
import { syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { loadEngine } from "./engine.js";
import { Catalogue } from "./catalogue.js";
import { contextAt } from "./tree.js";
import { completionSource } from "./complete.js";
import { renderPreview } from "./preview.js";
import { samples } from "../samples/index.js";

const STORAGE_KEY = "agentcard.editor.text";
const $ = (id) => document.getElementById(id);
const root = $("playground");
const params = new URLSearchParams(location.search);
const debounceMs = params.has("debounce") ? Number(params.get("debounce")) : 120;

// Numbers the end-to-end test and the benchmarks read.
const stats = (window.agentcardStats = { lint: [], render: [], keystroke: [], keystrokeDom: [], ready: 0, lints: 0, errors: [] });
// Anything the Content-Security-Policy blocks, and any uncaught error, is
// recorded so the end-to-end tests can insist on none.
document.addEventListener("securitypolicyviolation", (e) => stats.errors.push(`CSP ${e.violatedDirective}: ${e.blockedURI}`));
addEventListener("error", (e) => stats.errors.push(`error: ${e.message}`));
addEventListener("unhandledrejection", (e) => stats.errors.push(`rejection: ${e.reason}`));

let engine = null;
let catalogue = new Catalogue([], []);
let lastResult = null; // the latest lint result, for the doc it was made for
let lastDoc = null;
let pendingKey = 0; // performance.now() of the first keystroke not yet linted
let timer = 0;

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

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === undefined || kid === null || kid === false) continue;
    e.append(kid instanceof Node ? kid : String(kid));
  }
  return e;
}

function fieldDoc(f) {
  const facts = [f.type, f.required ? "required" : "optional"];
  if (f.since) facts.push(`since ${f.since}`);
  if (f.removed) facts.push(`removed in ${f.removed}`);
  return el("div", { class: "hover-doc", "data-testid": "hover-doc" },
    el("div", { class: "hover-title" }, el("code", {}, f.name), " ", el("span", { class: "hover-facts" }, facts.join(" · "))),
    el("p", {}, f.doc || ""),
    f.replacement ? el("p", {}, "In 1.0: ", el("code", {}, f.replacement)) : null,
    f.values && f.values.length ? el("p", {}, "Values: ", f.values.map((v, i) => [i ? ", " : "", el("code", {}, v)])) : null,
    f.spec ? el("p", { class: "hover-spec" }, `Specification ${f.spec}`) : null,
  );
}

function ruleDoc(d) {
  const r = catalogue.rule(d.code);
  return el("div", { class: "hover-doc" },
    el("p", {}, el("strong", {}, d.message)),
    r ? el("p", {}, r.explanation) : null,
    r && r.howToFix ? el("p", {}, el("em", {}, "How to fix: "), r.howToFix) : null,
    el("p", { class: "hover-spec" }, el("a", { href: `/rules/${d.code}/` }, d.code)),
  );
}

// ---- editor ----
const themeConf = new Compartment();
const dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
const theme = (isDark) => EditorView.theme({}, { dark: isDark });

const view = new EditorView({
  parent: $("editor"),
  state: EditorState.create({
    doc: "",
    extensions: [
      basicSetup,
      json(),
      syntaxHighlighting(classHighlighter),
      lintGutter(),
      entryField,
      fieldHover,
      autocompletion({ override: [completionSource(() => catalogue)] }),
      themeConf.of(theme(dark ? dark.matches : false)),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": "Agent Card JSON", "data-testid": "editor-content" }),
      keymap.of([
        { key: "Alt-Shift-f", run: () => (formatDoc(), true) },
        { key: "Mod-s", run: () => (shareDoc(), true) },
      ]),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        scheduleLint();
        if (u.transactions.some((tr) => tr.annotation(Transaction.userEvent))) userEdited();
      }),
    ],
  }),
});
if (dark) dark.addEventListener("change", (e) => view.dispatch({ effects: themeConf.reconfigure(theme(e.matches)) }));
// A keystroke starts when the browser is about to change the text
// (beforeinput), for typing, deleting and pasting alike.
view.contentDOM.addEventListener("beforeinput", () => {
  if (!pendingKey) pendingKey = performance.now();
}, true);

// Once the person edits, a share link in the address bar no longer shows
// this text: drop it, so a reload brings back the latest text (kept in
// localStorage) and not the shared one.
function userEdited() {
  if (location.hash.startsWith("#c=")) {
    history.replaceState(null, "", location.pathname + location.search);
    $("share-box").hidden = true;
  }
}

function setText(text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

function scheduleLint() {
  clearTimeout(timer);
  // debounce=0 (benchmarks): lint right after this update, no timer hop.
  if (debounceMs === 0) queueMicrotask(runLint);
  else timer = setTimeout(runLint, debounceMs);
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, 400);
}

let saveTimer = 0;
function save() {
  try { localStorage.setItem(STORAGE_KEY, view.state.doc.toString()); } catch { /* private mode */ }
}

function clamp(n, max) {
  return Math.max(0, Math.min(n | 0, max));
}

function runLint() {
  if (!engine) return;
  const doc = view.state.doc;
  const text = doc.toString();
  const t0 = performance.now();
  const res = engine.lint(text);
  const t1 = performance.now();
  stats.lint.push(t1 - t0);
  stats.lints++;
  if (res.error) {
    showMessage(res.error);
    return;
  }
  lastResult = res;
  lastDoc = doc;
  const len = doc.length;
  const diags = res.diagnostics.map((d) => {
    const from = clamp(d.from, len);
    const to = Math.max(from, clamp(d.to, len));
    return {
      from, to,
      severity: d.severity === "info" ? "info" : d.severity,
      source: d.code,
      message: d.message,
      renderMessage: () => ruleDoc(d),
      actions: (d.fixes || []).map((f) => ({ name: f.title, apply: () => applyFix(d, f) })),
    };
  });
  view.dispatch(setDiagnostics(view.state, diags));
  renderPanel(res, doc);
  stats.render.push(performance.now() - t1);
  const started = pendingKey;
  pendingKey = 0;
  if (started) stats.keystrokeDom.push(performance.now() - started);
  requestAnimationFrame(() => {
    if (started) stats.keystroke.push(performance.now() - started);
    root.dataset.lints = String(stats.lints);
  });
  // The simulator and the preview are not findings: they follow right
  // after, so typing shows the findings first.
  clearTimeout(sideTimer);
  sideTimer = setTimeout(() => {
    if (view.state.doc !== doc) return; // a newer lint will come
    runSelect(text);
    renderPreview($("preview"), text, res);
  }, 0);
}
let sideTimer = 0;

// applyFix applies a fix computed for the text that was linted; if the text
// changed since, it lints again and uses the same fix on the new text.
function applyFix(d, f) {
  if (view.state.doc !== lastDoc) {
    runLint();
    const again = lastResult && lastResult.diagnostics.find((x) => x.code === d.code && x.pointer === d.pointer);
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

function jumpTo(from, to) {
  view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
  view.focus();
}

const severityOrder = { error: 0, warning: 1, info: 2 };

function renderPanel(res, doc) {
  const list = $("diagnostics");
  const items = [...res.diagnostics].sort((a, b) => a.from - b.from || severityOrder[a.severity] - severityOrder[b.severity]);
  list.replaceChildren(...items.map((d) => {
    const from = clamp(d.from, doc.length);
    const to = Math.max(from, clamp(d.to, doc.length));
    const line = doc.lineAt(from);
    const col = from - line.from + 1;
    return el("li", {
      class: `diag sev-${d.severity}`,
      "data-testid": "diagnostic",
      "data-code": d.code,
      "data-severity": d.severity,
      "data-line": String(d.range.start.line),
      "data-from": String(from),
      "data-to": String(to),
    },
    el("button", { type: "button", class: "diag-loc", title: "Show in the editor", onclick: () => jumpTo(from, to) },
      el("span", { class: "sev" }, d.severity), ` ${line.number}:${col}`),
    el("a", { class: "diag-code", href: `/rules/${d.code}/` }, d.code),
    el("span", { class: "diag-msg" }, d.message),
    (d.fixes || []).map((f) => el("button", {
      type: "button", class: "fix", "data-testid": "quick-fix", "data-code": d.code,
      onclick: () => applyFix(d, f),
    }, f.title)),
    );
  }));
  const s = $("diag-summary");
  s.textContent = `${res.errors} errors · ${res.warnings} warnings · ${res.infos} notes · era ${res.era}`;
  s.dataset.errors = res.errors;
  s.dataset.era = res.era;
  if (!items.length) list.append(el("li", { class: "diag-none" }, "No findings. Clients can read this card."));
}

// ---- client simulator ----
function runSelect(text) {
  if (!engine) return;
  const profile = $("sim-profile").value.trim();
  const out = $("sim-result");
  const trace = $("sim-trace");
  const r = engine.select(text, profile);
  let effect = setEntry.of(null);
  if (r.error) {
    out.replaceChildren(el("p", { class: "sim-error" }, r.error));
    trace.replaceChildren();
  } else {
    const parts = [];
    if (r.outcome === "selected") {
      parts.push(el("p", { class: "sim-selected", "data-testid": "sim-selected", "data-index": String(r.index) },
        `Uses entry ${r.index}: `, el("code", {}, r.protocolBinding), " ", el("code", {}, r.protocolVersion), " at ", el("code", {}, r.url)));
      parts.push(el("p", { "data-testid": "sim-tenant", "data-tenant": r.hasTenant ? r.tenant : "" }, r.hasTenant
        ? ["Sends tenant ", el("code", {}, JSON.stringify(r.tenant)), " in every request to this interface."]
        : "Sends no tenant: the entry sets none."));
      if (r.from !== undefined && r.to > r.from && view.state.doc === lastDoc) {
        effect = setEntry.of({ from: clamp(r.from, view.state.doc.length), to: clamp(r.to, view.state.doc.length) });
      }
    } else if (r.outcome === "no-compatible-interface") {
      parts.push(el("p", { class: "sim-none", "data-testid": "sim-none" }, "No compatible interface: this client cannot talk to this agent."));
    } else {
      parts.push(el("p", { class: "sim-none", "data-testid": "sim-invalid" }, "No client can choose an entry."));
    }
    if (r.message) parts.push(el("p", { class: "note" }, r.message));
    out.replaceChildren(...parts);
    out.dataset.outcome = r.outcome;
    trace.replaceChildren(...(r.trace || []).map((t) => el("li", {
      "data-testid": "sim-trace-entry", "data-index": String(t.index), "data-decision": t.decision,
      class: `trace-${t.decision}`,
    }, el("button", {
      type: "button", class: "trace-jump",
      onclick: () => t.to > t.from && jumpTo(t.from, t.to),
    }, `#${t.index} ${t.decision}`), " ", t.reason)));
  }
  view.dispatch({ effects: effect });
}

// ---- buttons ----
function showMessage(text, kind = "error") {
  const m = $("message");
  m.textContent = text;
  m.dataset.kind = kind;
  m.hidden = !text;
}

function setStatus(text) {
  $("status").textContent = text;
}

function formatDoc() {
  if (!engine) return;
  const r = engine.format(view.state.doc.toString());
  if (r.error) return showMessage(r.error);
  showMessage("");
  if (r.text !== view.state.doc.toString()) setText(r.text);
}

function shareDoc() {
  if (!engine) return;
  const r = engine.encodeShare(view.state.doc.toString());
  if (r.error) return showMessage(r.error);
  const hash = `#c=${r.fragment}`;
  history.replaceState(null, "", location.pathname + location.search + hash);
  const url = location.href;
  $("share-box").hidden = false;
  const input = $("share-url");
  input.value = url;
  input.select();
  $("share-note").textContent = r.long
    ? `This link is ${Math.round(url.length / 1024)} KB long. Some chat and mail tools cut links this long; check that it arrives whole.`
    : "The card travels inside the link; it is never sent to a server.";
  $("share-note").dataset.long = r.long ? "true" : "false";
  if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => setStatus("Link copied."), () => {});
}

function restoreFromHash() {
  const h = location.hash;
  if (!h.startsWith("#c=")) return false;
  const r = engine.decodeShare(h);
  if (r.error) {
    setText("");
    showMessage(`This share link could not be opened: ${r.error}. The editor is empty; paste a card or pick a sample.`);
    return true;
  }
  showMessage("");
  setText(r.text);
  return true;
}

async function openURL(ev) {
  ev.preventDefault();
  const target = $("open-url-input").value.trim();
  if (!target) return;
  setStatus("Fetching…");
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
      throw new Error(`${msg} (HTTP ${resp.status})`.slice(0, 500));
    }
    showMessage("");
    setText(body);
    setStatus(`Opened ${target}`);
  } catch (err) {
    showMessage(`Could not open ${target}: ${err.message}`);
    setStatus("");
  }
}

function setupSamples() {
  const btn = $("btn-samples");
  const menu = $("samples-menu");
  menu.replaceChildren(...samples.map((s) => el("li", { role: "none" },
    el("button", { type: "button", role: "menuitem", "data-sample": s.id, "data-testid": "sample", onclick: () => {
      setText(s.text);
      close();
      showMessage("");
      view.focus();
    } }, el("strong", {}, s.title), el("span", {}, s.blurb)))));
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

function setupSimulator() {
  const input = $("sim-profile");
  for (const b of document.querySelectorAll("[data-profile]")) {
    b.addEventListener("click", () => {
      input.value = b.dataset.profile;
      runSelect(view.state.doc.toString());
    });
  }
  input.addEventListener("input", () => runSelect(view.state.doc.toString()));
}

// A small handle for the end-to-end tests and for people poking around in
// the console.
window.agentcardPlayground = {
  getText: () => view.state.doc.toString(),
  setText,
  lintNow: () => { clearTimeout(timer); runLint(); },
  contextAt: (pos) => { const c = contextAt(view.state, pos ?? view.state.selection.main.head); return c && { kind: c.kind, path: c.path, name: c.name, key: c.key }; },
  view,
};

// ---- start ----
async function start() {
  setupSamples();
  setupSimulator();
  $("btn-format").addEventListener("click", formatDoc);
  $("btn-share").addEventListener("click", shareDoc);
  $("open-url-form").addEventListener("submit", openURL);
  // Show the last text at once, so typing can start while the checker
  // loads; a share link needs the checker to decode, so it waits.
  const shared = location.hash.startsWith("#c=");
  if (!shared) {
    let saved = null;
    try { saved = localStorage.getItem(STORAGE_KEY); } catch { /* ignore */ }
    setText(saved !== null && saved !== "" ? saved : samples[0].text);
  }
  const bar = $("wasm-progress");
  bar.removeAttribute("value"); // indeterminate until the size is known
  try {
    engine = await loadEngine(root.dataset.wasm, Number(root.dataset.wasmSize) || 0, (p) => { bar.value = Math.round(p * 100); });
  } catch (err) {
    bar.hidden = true;
    setStatus("");
    showMessage(`The checker could not start: ${err.message}. The editor still works, without findings.`);
    return;
  }
  bar.hidden = true;
  catalogue = new Catalogue(engine.fields(), engine.rules());
  if (shared) restoreFromHash();
  clearTimeout(timer);
  runLint();
  stats.ready = performance.now();
  root.dataset.ready = "true";
  setStatus(`Checker ${engine.version} ready.`);
  addEventListener("hashchange", () => { if (restoreFromHash()) { clearTimeout(timer); runLint(); } });
}

start();
