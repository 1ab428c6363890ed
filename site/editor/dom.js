import { t } from "./i18n.js";

// el builds an element: el("p", {class: "note"}, "text", child, [more, [nested]]).
// Children may be nested arrays to any depth (lists of [separator, element]
// pairs are common); strings become text nodes, never HTML.
export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  append(e, kids);
  return e;
}

// append adds children, flattening nested arrays all the way down.
export function append(parent, kids) {
  for (const kid of kids.flat(Infinity)) {
    if (kid === undefined || kid === null || kid === false) continue;
    parent.append(kid instanceof Node ? kid : String(kid));
  }
}

// countSeverity says "1 error", "2 errors" in the page's language: the one
// way the playground counts findings of a severity.
export function countSeverity(n, severity) {
  return t(`ui.playground.count.${severity}`, n);
}
