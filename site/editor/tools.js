// The playground's tools beside the live findings (issue 11 items 1-3,
// issue 10 items 5-6): Fix all and Migrate to 1.0, each one undoable
// change of the editor's text; the publish/local profile the findings are
// judged for; what the official SDKs would call; and signature
// verification with a pasted public key. The engine does the work
// (agentcard.fixAll, migrate, lint(text, {profile}), sdks, verify) and
// answers in the page's language; this file only shows it.
//
// Signature verification is a separate wasm (wasm/editor built with
// -tags verifier, data-verifier): its crypto would put the engine over
// its size budget, so it is downloaded only when a reader presses Verify,
// and run in a worker of its own under the same time limit.
import { StyleModule } from "style-mod";
import { isolateHistory } from "@codemirror/commands";
import { Engine } from "./engine.js";
import { el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { PROFILE_KEY, storedProfile } from "./stored.js";

const $ = (id) => document.getElementById(id);

let ctx = null; // {view, root, engineCall, lintNow, showMessage, lang, timeoutMs, jump}
let profile = "publish";
let report = null; // what the tool report shows: {kind, r}, re-rendered in a new language
let sigCount = 0;
let verifier = null; // the verifier's Engine, once a reader asked for it
let verified = null; // {text, key}: the last verification, run again in a new language
let sdkSeq = 0;
const legacyEras = new Set(["0.2", "0.3", "mixed"]);

// A few rules for the tools' own elements, through the style sheet the
// editor's styles use (the site's CSP allows no inline styles).
const toolStyles = new StyleModule({
  ".lint-profile": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.25rem", margin: "0.25rem 0", fontSize: "0.875rem" },
  ".lint-profile .preset[aria-pressed=true]": { fontWeight: "bold", borderColor: "currentColor" },
  ".tool-report": { border: "1px solid var(--border, #8884)", borderRadius: "6px", padding: "0.5em 0.75em", margin: "0.5rem 0" },
  ".tool-report ul": { margin: "0.25em 0", paddingLeft: "1.25em" },
  ".sim-sdks, .sig-results": { paddingLeft: "0", listStyle: "none", fontSize: "0.8125rem", display: "grid", gap: "0.35rem" },
  ".sim-sdks [data-differs=true]": { borderLeft: "3px solid var(--warning, #b60)", paddingLeft: "0.4em" },
  ".sig-results [data-outcome=verified] .sig-outcome": { color: "var(--ok, #080)", fontWeight: "bold" },
  ".sig-results [data-outcome=invalid] .sig-outcome": { color: "var(--error, #c00)", fontWeight: "bold" },
  "#sig-key": { width: "100%", fontFamily: "var(--mono, monospace)", fontSize: "0.8125rem", boxSizing: "border-box" },
  "#sig-payload-text": { whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: "16rem", overflow: "auto", fontSize: "0.8125rem" },
});

// lintProfile is the profile agentcard.lint is asked for.
export function lintProfile() {
  return profile;
}

function showProfile() {
  ctx.root.dataset.lintProfile = profile;
  for (const b of document.querySelectorAll("[data-lint-profile][data-testid=lint-profile-choice]")) {
    b.setAttribute("aria-pressed", String(b.dataset.lintProfile === profile));
  }
}

// replaceText puts text in the editor as one change that one undo takes
// back: only the part that differs is replaced (the cursor and the scroll
// stay where they were around it), and isolateHistory keeps the change
// out of the undo step of the typing before it.
function replaceText(text, userEvent) {
  const view = ctx.view;
  const old = view.state.doc.toString();
  if (old === text) return false;
  let a = 0;
  const max = Math.min(old.length, text.length);
  while (a < max && old.charCodeAt(a) === text.charCodeAt(a)) a++;
  let b = 0;
  while (b < max - a && old.charCodeAt(old.length - 1 - b) === text.charCodeAt(text.length - 1 - b)) b++;
  view.dispatch({
    changes: { from: a, to: old.length - b, insert: text.slice(a, text.length - b) },
    annotations: isolateHistory.of("full"),
    userEvent,
    scrollIntoView: true,
  });
  return true;
}

// ---- the report of Fix all and Migrate ----
function renderReport() {
  const box = $("tool-report");
  if (!report) {
    box.hidden = true;
    return;
  }
  const { kind, r } = report;
  const body = [];
  if (kind === "fix") {
    if (r.refused) {
      body.push(el("p", { "data-testid": "tool-summary" }, r.error));
    } else {
      body.push(el("p", { "data-testid": "tool-summary" }, r.summary));
      if (r.applied.length) {
        body.push(el("strong", {}, t("ui.playground.fixAll.applied")));
        body.push(el("ul", {}, r.applied.map((a) => el("li", { "data-testid": "tool-applied", "data-code": a.code }, el("code", {}, a.code), " ", a.title))));
      }
      if (r.unsafeLeft > 0) body.push(el("p", { "data-testid": "tool-unsafe-left" }, t("ui.playground.fixAll.unsafeLeft")));
    }
  } else {
    if (r.error) {
      body.push(el("p", { "data-testid": "tool-summary" }, r.error));
    } else {
      body.push(el("p", { "data-testid": "tool-summary" }, r.to === "mixed" ? t("ui.playground.migrate.done.mixed", r.from) : t("ui.playground.migrate.done", r.from, r.to)));
      if (r.changes.length) {
        body.push(el("strong", {}, t("ui.playground.migrate.changes")));
        body.push(el("ul", {}, r.changes.map((c) => el("li", { "data-testid": "tool-change" }, c))));
      }
      if (r.notes.length) {
        body.push(el("strong", {}, t("ui.playground.migrate.notes")));
        body.push(el("ul", {}, r.notes.map((n) => el("li", { "data-testid": "tool-note" }, n))));
      }
    }
  }
  if (report.changed) body.push(el("p", { class: "note" }, t("ui.playground.tools.undo")));
  $("tool-report-body").replaceChildren(...body);
  box.dataset.kind = kind;
  box.dataset.outcome = r.refused || r.error ? "refused" : "done";
  box.hidden = false;
}

// runTool asks the engine (in its worker: up to five lint rounds on a
// large card are not for the main thread) and replaces the text when the
// reader has not typed meanwhile. target is Migrate's: "1.0" (1.0 members
// only) or "mixed" (both halves, as the CLI's migrate --to mixed).
async function runTool(kind, target = "1.0") {
  const text = ctx.view.state.doc.toString();
  let r;
  try {
    r = kind === "fix" ? await ctx.engineCall("fixAll", text) : await ctx.engineCall("migrate", text, target);
  } catch {
    return; // timed out: the message says so
  }
  if (ctx.view.state.doc.toString() !== text) return; // edited meanwhile
  if (r.error && !r.refused && kind === "fix") {
    ctx.showMessage(r.error, "error", "fix-all");
    return;
  }
  const changed = !r.refused && !(kind === "migrate" && r.error) && replaceText(r.text, kind === "fix" ? "input.fixall" : "input.migrate");
  report = { kind, r, changed };
  renderReport();
  if (changed) ctx.lintNow();
  ctx.view.focus();
}

// ---- what the SDKs would call ----

// renderSDKs shows core/selection's comparison for text: the
// specification's row, then a2a-go, a2a-python and a2a-js.
export async function renderSDKs(text) {
  const seq = ++sdkSeq;
  let rows;
  try {
    rows = await ctx.engineCall("sdks", text);
  } catch {
    return;
  }
  if (seq !== sdkSeq || !Array.isArray(rows)) return;
  $("sim-sdks").replaceChildren(...rows.map((r) => {
    const choice = r.outcome === "selected"
      ? tn("ui.playground.sdk.entry", r.index, el("code", {}, r.protocolBinding), el("code", {}, r.protocolVersion), el("code", {}, r.url))
      : [t(r.outcome === "no-compatible-interface" ? "ui.playground.sdk.none" : r.outcome === "sdk-error" ? "ui.playground.sdk.error" : "ui.playground.sdk.invalid")];
    // Each row is measured against the specification's rule for what that
    // row's client speaks (r.profile), as the CLI says: the spec's own row
    // speaks what the three SDKs speak between them, so a2a-go finding
    // nothing where that row takes an entry is no contradiction.
    const name = r.sdk === "spec" ? t("ui.playground.sdk.spec.for", r.profile) : r.name;
    return el("li", { "data-testid": "sdk-row", "data-sdk": r.sdk, "data-index": String(r.index), "data-outcome": r.outcome, "data-differs": String(!!r.differs) },
      el("button", { type: "button", class: "trace-jump", onclick: () => r.to > r.from && ctx.jump(r.from, r.to) }, el("strong", {}, name)), ": ", choice,
      r.sdk === "spec" ? null : el("div", { class: "note", "data-testid": "sdk-reason" }, r.differs ? t("ui.playground.sdk.differs", r.profile, r.reason) : t("ui.playground.sdk.same", r.profile)));
  }));
}

// ---- the compatibility matrix ----
let matrixSeq = 0;
let matrixRows = null; // the last agentcard.matrix answer, for the verifier's column

// renderMatrix shows core/sdk's matrix for text: per official SDK, does
// its card reader load the card, which entry does its client select, does
// its verifier accept a signature (the last needs the key: verify()
// fills it in), and where the row comes from.
export async function renderMatrix(text) {
  const seq = ++matrixSeq;
  let rows;
  try {
    rows = await ctx.engineCall("matrix", text);
  } catch {
    return;
  }
  if (seq !== matrixSeq || !Array.isArray(rows)) return;
  matrixRows = rows;
  drawMatrix();
}

const matrixCols = ["loads", "selects", "verifies"];

function drawMatrix() {
  const rows = matrixRows || [];
  const head = ["ui.matrix.sdk", "ui.matrix.loads", "ui.matrix.selects", "ui.matrix.verifies", "ui.matrix.basis"];
  const badge = (a) => (a === "yes" ? "ok" : a === "no" || a === "error" ? "error" : "info");
  $("sim-matrix").replaceChildren(rows.length ? el("table", {},
    el("thead", {}, el("tr", {}, head.map((id) => el("th", { scope: "col" }, t(id))))),
    el("tbody", {}, rows.map((r) => el("tr", {
      "data-testid": "sdk-matrix-row", "data-sdk": r.sdk, "data-basis": r.basis,
      "data-loads": r.loads.answer, "data-selects": r.selects.answer, "data-verifies": r.verifies.answer,
    },
    el("th", { scope: "row" }, r.name),
    matrixCols.map((c) => el("td", { "data-col": c, "data-answer": r[c].answer, title: r[c].message }, el("span", { class: `badge ${badge(r[c].answer)}` }, r[c].label))),
    el("td", { class: "note", "data-testid": "sdk-matrix-basis" }, r.source ? el("a", { href: r.source, rel: "noopener noreferrer" }, r.basisLabel) : r.basisLabel))))) : "");
  const notes = [];
  for (const r of rows) {
    for (const c of [r.loads, r.verifies]) {
      if (c.answer !== "no" && c.answer !== "error" && c.answer !== "unchecked") continue;
      notes.push(el("li", { "data-testid": "sdk-matrix-note", "data-sdk": r.sdk }, c.message,
        c.issue ? [" ", el("a", { href: c.issue, rel: "noopener noreferrer", "data-testid": "sdk-matrix-issue" }, t("ui.matrix.issue", c.issue))] : null));
    }
    if (r.basis === "model-unverified") notes.push(el("li", { "data-testid": "sdk-matrix-unverified", "data-sdk": r.sdk }, r.note));
  }
  $("sim-matrix-notes").replaceChildren(...notes);
}

// matrixVerified puts the verifier's verdicts (with the pasted key) into
// the matrix's verifies column, when they are about the text it shows.
function matrixVerified(text, verdicts) {
  if (!matrixRows || !Array.isArray(verdicts) || !verdicts.length || text !== ctx.view.state.doc.toString()) return;
  for (const v of verdicts) {
    const r = matrixRows.find((x) => x.sdk === v.sdk);
    if (r) r.verifies = v;
  }
  drawMatrix();
}

// ---- signatures ----
function renderSigIntro() {
  $("sig-intro").textContent = sigCount ? t("ui.playground.sig.intro", sigCount) : "";
}

function sigStatus(text, state) {
  const s = $("sig-status");
  s.textContent = text;
  s.dataset.state = state || "";
}

async function startVerifier() {
  if (verifier) return verifier;
  const e = new Engine({
    workerURL: ctx.root.dataset.worker,
    wasm: new URL(ctx.root.dataset.verifier, location.href).href,
    wasmExec: new URL(ctx.root.dataset.wasmExec, location.href).href,
    size: 0,
    timeoutMs: ctx.timeoutMs,
  });
  e.lang = ctx.lang();
  verifier = e;
  try {
    await e.start();
  } catch (err) {
    verifier = null;
    throw err;
  }
  return e;
}

async function verify() {
  const text = ctx.view.state.doc.toString();
  const key = $("sig-key").value.trim();
  sigStatus(t("ui.playground.sig.loading"), "loading");
  let r;
  try {
    const e = await startVerifier();
    r = await e.call("verify", text, key);
  } catch (err) {
    sigStatus(t("ui.playground.sig.failed", err.message), "failed");
    return;
  }
  verified = { text, key };
  showVerification(r);
  matrixVerified(text, r.matrix);
}

function showVerification(r) {
  if (r.error) {
    sigStatus(r.error, "failed");
    $("sig-results").replaceChildren();
    $("sig-payload").hidden = true;
    return;
  }
  sigStatus(r.keyError ? t("ui.playground.sig.keyError", r.keyError) : "", r.keyError ? "key-error" : "done");
  const items = r.results.map((s) => el("li", { "data-testid": "sig-result", "data-index": String(s.index), "data-outcome": s.outcome, "data-variant": s.variant || "" },
    el("button", { type: "button", class: "trace-jump", onclick: () => s.to > s.from && ctx.jump(s.from, s.to) }, t("ui.playground.sig.entry", s.index)), " ",
    el("span", { class: "sig-outcome" }, t(`ui.playground.sig.outcome.${s.outcome}`)),
    s.kid ? [" (", t("ui.playground.sig.kid", s.kid), ")"] : null,
    el("div", { class: "note" }, s.message)));
  if (r.unchecked) items.push(el("li", { class: "note" }, t("ui.playground.sig.unchecked", r.unchecked)));
  $("sig-results").replaceChildren(...items);
  $("sig-payload-text").textContent = r.payload;
  const clipped = $("sig-payload-clipped");
  clipped.hidden = !r.payloadClipped;
  clipped.textContent = r.payloadClipped ? t("ui.playground.sig.payloadClipped", 64) : "";
  $("sig-payload").hidden = false;
}

// ---- hooks for main.js ----

// setupTools wires the buttons. c: {view, root, engineCall, lintNow,
// showMessage, lang, timeoutMs, jump}.
export function setupTools(c) {
  ctx = c;
  StyleModule.mount(document, toolStyles);
  profile = storedProfile();
  showProfile();
  $("btn-fix-all").addEventListener("click", () => runTool("fix"));
  $("btn-migrate").addEventListener("click", () => runTool("migrate", "1.0"));
  $("btn-migrate-mixed").addEventListener("click", () => runTool("migrate", "mixed"));
  $("tool-report-close").addEventListener("click", () => { report = null; renderReport(); });
  for (const b of document.querySelectorAll("[data-testid=lint-profile-choice]")) {
    b.addEventListener("click", () => {
      profile = b.dataset.lintProfile === "local" ? "local" : "publish";
      try { localStorage.setItem(PROFILE_KEY, profile); } catch { /* private mode */ }
      showProfile();
      ctx.lintNow();
    });
  }
  $("btn-sig-verify").addEventListener("click", verify);
}

// toolsAfterLint follows a lint result: Migrate is offered for legacy
// and mixed cards (to mixed only for 0.2/0.3 ones: a mixed card already
// is), the signatures panel for a signed card.
export function toolsAfterLint(res) {
  $("btn-migrate").hidden = !legacyEras.has(res.era);
  $("btn-migrate-mixed").hidden = !legacyEras.has(res.era) || res.era === "mixed";
  const n = res.signatures || 0;
  if (n !== sigCount) {
    sigCount = n;
    renderSigIntro();
  }
  $("signatures").hidden = n === 0;
}

// toolsRenderWords writes the tools' script-made words in the current
// language (the marked static ones are translatePage's).
export function toolsRenderWords() {
  renderReport();
  renderSigIntro();
  if (matrixRows) drawMatrix();
}

// toolsLanguage switches the verifier, when it runs, to the page's new
// language and shows the last verification again in it.
export async function toolsLanguage(lang) {
  if (!verifier) return;
  try {
    await verifier.setLanguage(lang);
    if (verified && verified.text === ctx.view.state.doc.toString()) showVerification(await verifier.call("verify", verified.text, verified.key));
  } catch { /* a timeout restarts it in the new language */ }
}
