// The rules index's search box and severity filter (/rules/, /zh/rules/).
// The page lists every rule without this script; with it, typing filters
// the list by code and title, the severity boxes hide whole severities,
// topics left empty are hidden, and the count says how many remain. An
// external script, as the site's Content-Security-Policy allows no inline
// one.

// format fills a catalogue format's %d verbs (explicit indexes allowed:
// "%[2]d"), as the page's language wrote it.
function format(f, args) {
  let next = 0;
  return f.replace(/%(?:\[(\d+)\])?d/g, (_, idx) => {
    const i = idx ? Number(idx) - 1 : next;
    next = i + 1;
    return String(args[i]);
  });
}

function setup() {
  const form = document.querySelector('[data-testid="rule-filters"]');
  if (!form) return;
  const search = form.querySelector('[data-testid="rule-search"]');
  const boxes = [...form.querySelectorAll('[data-testid="rule-severity-filter"]')];
  const count = form.querySelector('[data-testid="rule-count"]');
  const none = document.querySelector('[data-testid="no-rules"]');
  const rules = [...document.querySelectorAll('[data-testid="rule"]')];
  const topics = [...document.querySelectorAll('[data-testid="rule-topic"]')];

  function apply() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = new Set(boxes.filter((b) => b.checked).map((b) => b.value));
    let n = 0;
    for (const r of rules) {
      const text = r.dataset.search || "";
      const on = shown.has(r.dataset.severity) && words.every((w) => text.includes(w));
      r.hidden = !on;
      if (on) n++;
    }
    for (const t of topics) {
      const empty = !t.querySelector('[data-testid="rule"]:not([hidden])');
      t.hidden = empty;
      const entry = document.querySelector(`.toc li[data-topic="${t.dataset.topic}"]`);
      if (entry) entry.hidden = empty;
    }
    count.textContent = format(count.dataset.format, [n, rules.length]);
    none.hidden = n > 0;
    form.dataset.shown = String(n);
  }

  form.addEventListener("submit", (e) => e.preventDefault());
  search.addEventListener("input", apply);
  for (const b of boxes) b.addEventListener("change", apply);
  // A query in the address (/rules/?q=tenant) fills the box: links can
  // point at a filtered list.
  const q = new URLSearchParams(location.search).get("q");
  if (q) search.value = q;
  apply();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
else setup();
