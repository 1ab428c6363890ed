// A rendered preview of the card: identity, skills, interfaces (the
// engine's list, taken from the lint result). It uses the
// same classes as the Worker's report page (components/report*.templ) so
// both look alike. Card text only ever goes into textContent; links only
// for http(s) URLs. The words are the page's language (i18n.js).
import { t } from "./i18n.js";

function el(tag, cls, ...kids) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  // Nested arrays to any depth: [text, [" · ", link]] must not become
  // "text, · ,[object HTMLElement]".
  for (const k of kids.flat(Infinity)) if (k !== null && k !== undefined && k !== false) e.append(k instanceof Node ? k : String(k));
  return e;
}

function link(url) {
  if (typeof url !== "string") return null;
  let ok = false;
  try { ok = ["http:", "https:"].includes(new URL(url).protocol); } catch { ok = false; }
  if (!ok) return el("code", null, url);
  const a = el("a", null, url);
  a.href = url;
  a.rel = "nofollow noopener noreferrer";
  return a;
}

const MAX_SKILLS = 50;

const str = (v) => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));

export function renderPreview(root, text, result) {
  let card;
  try { card = JSON.parse(text); } catch { card = undefined; }
  if (!card || typeof card !== "object" || Array.isArray(card)) {
    root.replaceChildren(el("p", "note", t("ui.playground.preview.notObject")));
    return;
  }
  const head = el("div", "card-identity",
    el("h3", "card-name", str(card.name) || t("ui.playground.preview.noName")),
    card.version !== undefined ? el("span", "card-version", `v${str(card.version)}`) : null,
    result ? el("span", `badge era era-${result.era}`, t("ui.playground.era", result.era)) : null,
    el("p", "card-description", str(card.description)),
  );
  const facts = el("dl", "card-facts");
  const fact = (k, v) => { if (v) facts.append(el("dt", null, k), el("dd", null, v)); };
  if (card.provider && typeof card.provider === "object") {
    fact(t("ui.playground.preview.provider"), [str(card.provider.organization), card.provider.url ? [" · ", link(card.provider.url)] : null]);
  }
  if (card.documentationUrl) fact(t("ui.playground.preview.docs"), link(card.documentationUrl));
  const caps = card.capabilities && typeof card.capabilities === "object" && !Array.isArray(card.capabilities)
    ? Object.entries(card.capabilities).filter(([, v]) => v === true).map(([k]) => k) : [];
  if (caps.length) fact(t("ui.playground.preview.capabilities"), caps.join(", "));

  // The interface list is the engine's (result.interfaces, card.Interfaces
  // in Go, already cut to its first entries): the preview derives nothing,
  // so it always shows what lint and the simulator read.
  const list = result && result.interfaces ? result.interfaces : { entries: [], omitted: 0 };
  const ifaces = Array.isArray(list.entries) ? list.entries : [];
  const table = el("table", "interfaces",
    el("thead", null, el("tr", null, el("th", null, "#"), el("th", null, t("ui.playground.preview.binding")), el("th", null, t("ui.playground.preview.version")),
      el("th", null, t("ui.playground.preview.url")), el("th", null, t("ui.playground.preview.tenant")))),
    el("tbody", null, ifaces.map((i) => el("tr", null,
      el("td", null, String(i.index)), el("td", null, str(i.protocolBinding)), el("td", null, str(i.protocolVersion)),
      el("td", "url", str(i.url)), el("td", null, str(i.tenant))))));
  const allSkills = Array.isArray(card.skills) ? card.skills : [];
  const shown = allSkills.slice(0, MAX_SKILLS);
  const skills = el("ul", "skills", shown.map((s) => el("li", "skill",
    el("strong", null, str(s && s.name) || str(s && s.id)),
    el("p", null, str(s && s.description)),
    el("div", "tags", (Array.isArray(s && s.tags) ? s.tags : []).map((t) => el("span", "tag", str(t)))),
  )));
  root.replaceChildren(el("div", "card-summary", head, facts,
    el("h4", null, t("ui.playground.preview.interfaces")), ifaces.length ? table : el("p", "note", t("ui.playground.preview.noInterfaces")),
    list.omitted > 0 ? el("p", "note", t("ui.playground.preview.moreInterfaces", list.omitted)) : null,
    el("h4", null, t("ui.playground.preview.skills")), skills,
    allSkills.length > shown.length ? el("p", "note", t("ui.playground.preview.moreSkills", allSkills.length - shown.length)) : null));
}
