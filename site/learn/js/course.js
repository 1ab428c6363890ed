// The course's light pages: the index marks the lessons done in this
// browser, the anatomy page explains the member under the pointer, the
// focus or a click. No editor and no engine here.
import { doneLessons, recordErrors, format } from "./progress.js";

recordErrors();

// ---- index ----
const progress = document.querySelector('[data-testid="course-progress"]');
if (progress) {
  const done = doneLessons();
  let n = 0;
  for (const li of document.querySelectorAll('[data-testid="lesson-link"]')) {
    const d = !!done[li.dataset.slug];
    li.dataset.done = String(d);
    if (d) n++;
  }
  progress.textContent = format(progress.dataset.format, n, Number(progress.dataset.total));
  progress.dataset.done = String(n);
}

// ---- anatomy ----
const panel = document.querySelector('[data-testid="explainer"]');
if (panel) {
  const docs = new Map();
  for (const d of document.querySelectorAll("[data-explains]")) docs.set(d.dataset.explains, d);
  let active = null;
  const explain = (btn) => {
    if (!btn || btn === active) return;
    const doc = docs.get(btn.dataset.field);
    if (!doc) return;
    if (active) active.removeAttribute("aria-current");
    active = btn;
    btn.setAttribute("aria-current", "true");
    const copy = doc.cloneNode(true);
    copy.removeAttribute("data-testid");
    panel.replaceChildren(copy);
    panel.dataset.field = btn.dataset.field;
  };
  const card = document.querySelector('[data-testid="anatomy-card"]');
  const member = (e) => e.target.closest && e.target.closest("button.member");
  card.addEventListener("mouseover", (e) => explain(member(e)));
  card.addEventListener("focusin", (e) => explain(member(e)));
  card.addEventListener("click", (e) => explain(member(e)));
}
