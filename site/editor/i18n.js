// The playground's words. English comes with the bundle (the ui-playground
// catalogue, loaded as text); another language is the site's catalogue
// asset for it, fetched only for a reader of that language, and the same
// text is handed to the engine (agentcard.setLanguage) so findings, rules
// and field docs speak it too. Formats are the catalogue's Go fmt verbs:
// %s, %d, %v, %q and explicit indexes (%[2]s), as core/i18n renders them.
import playgroundText from "../../core/i18n/catalog/en/ui-playground.json";
import selectionText from "../../core/i18n/catalog/en/selection.json"; // phrase.preset.*: the client presets
import toolsText from "../../core/i18n/catalog/en/ui-tools.json"; // ui.playground.fixAll, migrate, lintProfile, sdk, sig
import shareText from "../../core/i18n/catalog/en/ui-share.json"; // ui.playground.shortlink: short links
import matrixText from "../../core/i18n/catalog/en/ui-matrix.json"; // ui.matrix.*: the compatibility matrix

// The language tags and the choice of a first language are lang.js's,
// small enough for the page's head (boot.js); re-exported here.
export { LANG_KEY, languages, parseLang, browserLang, playgroundPath } from "./lang.js";

const english = { ...JSON.parse(selectionText), ...JSON.parse(playgroundText), ...JSON.parse(toolsText), ...JSON.parse(shareText), ...JSON.parse(matrixText) };

let lang = "en";
let words = english; // the current language's catalogue (English: english)

export function currentLang() {
  return lang;
}

// setWords makes l the language of t() with its catalogue m (an object of
// id to format); English needs none.
export function setWords(l, m) {
  lang = l;
  words = l === "en" || !m ? english : m;
}

function format(id) {
  if (Object.prototype.hasOwnProperty.call(words, id)) return words[id];
  if (Object.prototype.hasOwnProperty.call(english, id)) return english[id];
  return null;
}

// formatOf picks id's format for args: the English singular (id.one)
// when the first number is 1, as core/i18n does.
function formatOf(id, args) {
  const n = args.find((a) => typeof a === "number");
  if (n === 1) {
    const one = Object.prototype.hasOwnProperty.call(words, id + ".one") ? words[id + ".one"] : null;
    if (one !== null) return one;
  }
  return format(id);
}

const verb = /%(?:(%)|(?:\[(\d+)\])?([sdvq]))/g;

// pieces splits a format into text and argument slots: ["Uses entry ", {arg: 0}, ": ", …].
function pieces(f) {
  const out = [];
  let last = 0;
  let next = 0;
  for (const m of f.matchAll(verb)) {
    if (m.index > last) out.push(f.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1]) { out.push("%"); continue; }
    const i = m[2] ? Number(m[2]) - 1 : next;
    next = i + 1;
    out.push({ arg: i, verb: m[3] });
  }
  if (last < f.length) out.push(f.slice(last));
  return out;
}

function show(a, v) {
  if (v === "q") return JSON.stringify(String(a));
  if (v === "d" && typeof a === "number") return String(Math.trunc(a));
  return String(a);
}

// t is id's text in the current language with args put in; an unknown id
// is returned as itself, which the tests catch.
export function t(id, ...args) {
  const f = formatOf(id, args);
  if (f === null) return id;
  return pieces(f).map((p) => (typeof p === "string" ? p : show(args[p.arg], p.verb))).join("");
}

// tn is t for arguments that are elements (a <code>, a link): it returns
// a list of strings and the elements themselves, in the language's order,
// for el() to append.
export function tn(id, ...args) {
  const f = formatOf(id, args);
  if (f === null) return [id];
  return pieces(f).map((p) => {
    if (typeof p === "string") return p;
    const a = args[p.arg];
    return a instanceof Node ? a : show(a, p.verb);
  });
}

// list joins words the language's way: "a", "a and b", "a, b and c".
export function list(items) {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return t("ui.playground.list.two", items[0], items[1]);
  return t("ui.playground.list.three", items.slice(0, -2).join(", "), items[items.length - 2], items[items.length - 1]);
}

// translatePage sets the text of every element marked with data-i18n
// (and its title, aria-label or placeholder when marked with
// data-i18n-title, data-i18n-aria-label, data-i18n-placeholder): the
// page's static words, rendered by the server in one language. Spaces
// around an element's words (" then ") are kept.
export function translatePage(root = document) {
  for (const e of root.querySelectorAll("[data-i18n]")) {
    const [, lead, , trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(e.textContent);
    e.textContent = lead + t(e.dataset.i18n) + trail;
  }
  for (const [attr, key] of [["title", "i18nTitle"], ["aria-label", "i18nAriaLabel"], ["placeholder", "i18nPlaceholder"]]) {
    for (const e of root.querySelectorAll(`[data-${key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}]`)) e.setAttribute(attr, t(e.dataset[key]));
  }
}
