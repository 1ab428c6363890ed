// CodeMirror writes its styles at run time. By default (style-mod) it puts
// them in a <style> element, which the site's Content-Security-Policy
// (style-src 'self', no inline styles) blocks. Here they go into the site's
// own style sheet through the CSS object model instead, which the policy
// allows: at its top, so the site's rules still come after them, as they
// did with the <style> element first in <head>.
import { StyleModule } from "style-mod";

let mounted = []; // modules in the sheet, in order
let count = 0; // rules of ours at the top of the sheet
let sheet = null;

// target is the site's style sheet (same origin, so its rules can be
// edited); failing that, a constructed sheet adopted by the document.
function target() {
  if (sheet) return sheet;
  for (const s of document.styleSheets) {
    try {
      if (s.href && new URL(s.href).origin === location.origin && s.cssRules) return (sheet = s);
    } catch { /* not readable */ }
  }
  sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [sheet, ...document.adoptedStyleSheets];
  return sheet;
}

StyleModule.mount = function mount(root, modules) {
  const given = Array.isArray(modules) ? modules : [modules];
  // Later modules take precedence: the given order wins, and modules
  // mounted before but not named now keep their place ahead of them.
  const next = [...mounted.filter((m) => !given.includes(m)), ...given];
  if (next.length === mounted.length && next.every((m, i) => m === mounted[i])) return;
  const s = target();
  // Modules are mostly added after those already in (an extension the
  // editor meets later, the tools' rules): then only their rules go in.
  // Rewriting the whole list each time made the browser rebuild its rules
  // and restyle the page on every mount of the start-up.
  let keep = 0;
  while (keep < mounted.length && next[keep] === mounted[keep]) keep++;
  if (keep < mounted.length) {
    for (let i = 0; i < count; i++) s.deleteRule(0);
    count = 0;
    keep = 0;
  }
  let n = count;
  for (const m of next.slice(keep)) {
    for (const rule of m.rules) {
      try {
        s.insertRule(rule, n);
        n++;
      } catch { /* a rule this browser does not parse */ }
    }
  }
  count = n;
  mounted = next;
};
