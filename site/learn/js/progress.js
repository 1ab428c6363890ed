// The reader's progress through the course, kept in this browser only:
// {slug: time it was done}. The lesson pages write it, the index reads it.
export const DONE_KEY = "agentcard.learn.done";

export function doneLessons() {
  try {
    const m = JSON.parse(localStorage.getItem(DONE_KEY) || "{}");
    return m && typeof m === "object" ? m : {};
  } catch {
    return {};
  }
}

// recordErrors keeps every uncaught error and Content-Security-Policy
// violation where the end-to-end tests look for them (as the playground
// does: window.agentcardStats.errors).
export function recordErrors() {
  const stats = (window.agentcardStats = window.agentcardStats || { errors: [], lints: 0 });
  document.addEventListener("securitypolicyviolation", (e) => stats.errors.push(`CSP ${e.violatedDirective}: ${e.blockedURI}`));
  addEventListener("error", (e) => stats.errors.push(`error: ${e.message}`));
  addEventListener("unhandledrejection", (e) => stats.errors.push(`rejection: ${e.reason}`));
  return stats;
}

// format puts numbers into a catalogue format ("%d of %d lessons done",
// "已完成 %d / %d 课"; explicit indexes allowed), as core/i18n renders it.
export function format(f, ...args) {
  let next = 0;
  return f.replace(/%(?:(%)|(?:\[(\d+)\])?([sdv]))/g, (m, pct, idx) => {
    if (pct) return "%";
    const i = idx ? Number(idx) - 1 : next;
    next = i + 1;
    return String(args[i]);
  });
}
