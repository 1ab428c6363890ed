// The playground's languages and how a reader's first one is chosen,
// without any words: boot.js needs this in the page's head, before the
// catalogues (i18n.js) have loaded.

export const LANG_KEY = "agentcard.lang";

// The languages the playground speaks, in menu order, each named in itself.
export const languages = [
  { lang: "en", name: "English" },
  { lang: "zh-CN", name: "简体中文" },
];

// parseLang reads a language tag as core/i18n.ParseLang does: zh, zh-CN,
// zh-SG, zh-Hans(-…) are Simplified Chinese, en(-…) English; anything else
// (zh-TW, zh-Hant, de) is not a language we speak.
export function parseLang(s) {
  const v = String(s || "").trim().toLowerCase().replace(/_/g, "-");
  if (v === "en" || v.startsWith("en-")) return "en";
  if (v === "zh" || v === "zh-cn" || v === "zh-sg" || v === "zh-hans" || v.startsWith("zh-hans-")) return "zh-CN";
  return "";
}

// browserLang is the first language of the browser's list we speak;
// English when none is.
export function browserLang(list) {
  for (const l of list || []) {
    const p = parseLang(l);
    if (p) return p;
  }
  return "en";
}

// pathLang is the language an address names by its prefix ("/zh/…"),
// or "" for the unprefixed (English or the reader's) pages.
export function pathLang(path) {
  return /^\/zh(\/|$)/.test(path || "") ? "zh-CN" : "";
}

// playgroundPath is the playground's address in language l (components.
// PlaygroundPath): "/" or "/zh/".
export function playgroundPath(l) {
  return l === "en" ? "/" : `/${l.split("-")[0]}/`;
}

// chosenLang is the language a playground opens in: the one its address
// names (/zh/: a link to the Chinese page means Chinese), else the one
// chosen with the header's switch (remembered), else ?lang=, else the
// first of the browser's languages we speak.
export function chosenLang(params) {
  const byPath = pathLang(location.pathname);
  if (byPath) return byPath;
  let stored = "";
  try { stored = parseLang(localStorage.getItem(LANG_KEY)); } catch { /* private mode */ }
  return stored || parseLang(params.get("lang")) ||
    browserLang(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
}
