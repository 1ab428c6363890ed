// The findings panel: errors first, grouped by rule topic, filterable by
// severity, and bounded: a card can carry a thousand findings, and the page
// renders at most maxShown of them with a line saying how many more there
// are. The counts always cover every finding.
import { el, countSeverity } from "./dom.js";
import { t } from "./i18n.js";

export const maxShown = 200;

export const severityRank = { error: 0, warning: 1, info: 2 };

// Topic headings, in the page's language (ui.playground.topic.*; the
// Worker's report says the same in its own words, components.TopicTitle).
export function topicTitle(topic) {
  const id = `ui.playground.topic.${topic}`;
  const w = t(id);
  return w === id ? topic : w;
}

// bySeverity orders findings errors first, then by position.
export function bySeverity(a, b) {
  return severityRank[a.severity] - severityRank[b.severity] || a.from - b.from || a.to - b.to;
}

// renderFindings fills list with the findings of res that pass the
// severity filter (a Set of severities shown).
//   catalogue: rule lookups (topic) and the topics' order, for findings
//     that do not carry their topic (d.topic, d.topicRank: the engine's)
//   item(d): builds one finding's <li>
export function renderFindings(list, res, shown, catalogue, item) {
  const all = res.diagnostics.filter((d) => shown.has(d.severity));
  const listed = all.length > maxShown ? [...all].sort(bySeverity).slice(0, maxShown) : all;
  const groups = new Map();
  for (const d of listed) {
    const topic = findingTopic(d, catalogue);
    const rank = typeof d.topicRank === "number" ? d.topicRank : catalogue.topicIndex(topic);
    if (!groups.has(topic)) groups.set(topic, { topic, rank, items: [], n: { error: 0, warning: 0, info: 0 } });
    const g = groups.get(topic);
    g.items.push(d);
    g.n[d.severity]++;
  }
  // Groups with errors come first, then those with warnings; ties keep the
  // catalogue's topic order.
  const worst = (g) => (g.n.error ? 0 : g.n.warning ? 1 : 2);
  const ordered = [...groups.values()].sort((a, b) => worst(a) - worst(b) || a.rank - b.rank);
  const nodes = ordered.map((g) => {
    g.items.sort(bySeverity);
    const counts = ["error", "warning", "info"].filter((s) => g.n[s]).map((s) => countSeverity(g.n[s], s)).join(" · ");
    return el("li", { class: "diag-group", "data-testid": "diag-group", "data-topic": g.topic },
      el("h3", { class: "diag-group-title" }, topicTitle(g.topic), " ", el("span", { class: "summary" }, counts)),
      el("ol", { class: "diag-group-items" }, g.items.map(item)));
  });
  const more = all.length - listed.length;
  if (more > 0) {
    nodes.push(el("li", { class: "diag-more", "data-testid": "diag-more", "data-count": String(more) },
      t("ui.playground.findings.more", more, maxShown)));
  }
  const hidden = res.diagnostics.length - all.length;
  if (!res.diagnostics.length) {
    nodes.push(el("li", { class: "diag-none" }, t("ui.playground.findings.none")));
  } else if (!all.length) {
    nodes.push(el("li", { class: "diag-none" }, t("ui.playground.findings.hidden", hidden)));
  }
  list.replaceChildren(...nodes);
  return listed.length;
}

// findingTopic is the topic a finding is grouped under.
export function findingTopic(d, catalogue) {
  if (d.topic) return d.topic;
  const r = catalogue.rule(d.code);
  return r && r.topic ? r.topic : "other";
}

// findingItem makes the list item of one finding, the same whether the
// editor is on the page yet or not (first.js's light list, playground.js's
// panel; the tests read its test ids): its place, rule code, message,
// related places and fixes. jump(from, to) shows a place of the text and
// fix(d, f) applies fix f of d. doc is the text linted (lines() or the
// editor's document); offsets are clamped to it. A lesson passes
// isTarget(d): the findings its exercise is about are marked.
export function findingItem(doc, jump, fix, isTarget = () => false) {
  return (d) => {
    const from = Math.max(0, Math.min(d.from | 0, doc.length));
    const to = Math.max(from, Math.min(d.to | 0, doc.length));
    const line = doc.lineAt(from);
    const target = isTarget(d);
    return el("li", {
      class: `diag sev-${d.severity}${target ? " target" : ""}`, "data-testid": "diagnostic", "data-code": d.code, "data-severity": d.severity,
      "data-line": String(d.range.start.line), "data-from": String(from), "data-to": String(to), "data-target": target ? "true" : null,
    },
    el("button", { type: "button", class: "diag-loc", title: t("ui.playground.finding.show"), onclick: () => jump(from, to) },
      el("span", { class: "sev" }, t(`ui.playground.severity.${d.severity}`)), t("ui.playground.position", line.number, from - line.from + 1)),
    el("a", { class: "diag-code", href: d.url }, d.code),
    el("span", { class: "diag-msg" }, d.message),
    relatedLinks(d, doc, jump),
    // An unsafe fix is offered here one at a time, marked: Fix all leaves
    // it, as lint --fix does, because it changes what the card says.
    (d.fixes || []).map((f) => el("button", {
      type: "button", class: f.unsafe ? "fix unsafe" : "fix", "data-testid": "quick-fix", "data-code": d.code,
      "data-unsafe": f.unsafe ? "true" : null, title: f.unsafe ? t("ui.playground.fix.unsafe.title") : null, onclick: () => fix(d, f),
    }, f.unsafe ? [el("span", { class: "fix-mark", "data-testid": "fix-unsafe" }, t("ui.playground.fix.unsafe")), " "] : null, f.title)));
  };
}

// relatedLinks builds one control per related place of finding d (the
// first occurrence of a duplicate key, ...): its label and line, and a
// click that selects that place through jump(from, to). from/to are UTF-16
// offsets from the engine, clamped to the current text.
function relatedLinks(d, doc, jump) {
  return (d.related || []).map((r) => {
    const from = Math.max(0, Math.min(r.from | 0, doc.length));
    const to = Math.max(from, Math.min(r.to | 0, doc.length));
    const line = doc.lineAt(from).number;
    return el("button", {
      type: "button", class: "diag-related", "data-testid": "related",
      "data-from": String(from), "data-to": String(to), "data-line": String(line),
      onclick: () => jump(from, to),
    }, t("ui.playground.finding.related", r.message, line));
  });
}

// lines gives a text what the findings list reads of an editor's
// document, for a page or a lesson that has no editor yet: its length and
// lineAt(offset) ({number, from}, 1-based). Lines end at \n, \r\n and
// \r, as in the editor.
export function lines(s) {
  const starts = [0];
  const re = /\r\n?|\n/g;
  for (let m = re.exec(s); m; m = re.exec(s)) starts.push(m.index + m[0].length);
  return {
    length: s.length,
    starts,
    lineAt(pos) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= pos) lo = mid;
        else hi = mid - 1;
      }
      return { number: lo + 1, from: starts[lo] };
    },
  };
}

// profileWords is what the findings' summary adds about the profile:
// nothing for publishing (the default, and the switch below the list
// says it), " · checked for local development" for the relaxed one, so a
// reader never mistakes relaxed findings for a clean card.
export function profileWords(res) {
  return res.profile === "local" ? ` · ${t("ui.playground.lintProfile.summary.local")}` : "";
}

// renderSummary writes the findings' summary line (its counts, era and
// profile also as data attributes, which the tests read) and the counts
// on the severity filters, for the first findings and the editor's alike.
export function renderSummary(res) {
  const total = res.errors + res.warnings + res.infos;
  const s = document.getElementById("diag-summary");
  s.textContent = `${t("ui.playground.count.findings", total)} · ${t("ui.playground.era", res.era)}${profileWords(res)}`;
  s.dataset.profile = res.profile || "publish";
  s.dataset.errors = res.errors;
  s.dataset.warnings = res.warnings;
  s.dataset.infos = res.infos;
  s.dataset.era = res.era;
  const n = { error: res.errors, warning: res.warnings, info: res.infos };
  const filters = document.querySelector(".diag-filters");
  if (filters) filters.dataset.counted = "true"; // shown from the first answer on (site.css)
  for (const b of document.querySelectorAll("[data-severity-filter]")) {
    const sev = b.dataset.severityFilter;
    b.querySelector(".filter-count").textContent = countSeverity(n[sev], sev);
    b.dataset.count = String(n[sev]);
  }
}
