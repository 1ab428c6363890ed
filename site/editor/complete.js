// Autocomplete from the field catalogue: field names at each level, and
// values for fields with a closed set (protocolBinding, location, …) or
// media-type lists.
import { contextAt } from "./tree.js";

const MEDIA_TYPES = [
  "text/plain", "text/markdown", "text/html", "text/csv", "application/json",
  "application/pdf", "image/png", "image/jpeg", "audio/mpeg", "video/mp4",
];

function isModes(key) {
  return /Modes$/.test(key);
}

export function completionSource(getCatalogue) {
  return (cx) => {
    const cat = getCatalogue();
    const ctx = contextAt(cx.state, cx.pos, -1);
    if (!ctx) return null;
    if (ctx.kind === "key") {
      const obj = cat.typeAt(ctx.path);
      if (!obj) return null;
      const from = ctx.node ? ctx.node.from : cx.pos;
      const to = ctx.node ? Math.max(ctx.node.to, cx.pos) : cx.pos;
      if (!ctx.node && !cx.explicit) return null;
      const inQuotes = ctx.node && cx.state.sliceDoc(ctx.node.from, ctx.node.from + 1) === '"';
      return {
        from,
        to: inQuotes && cx.state.sliceDoc(to - 1, to) === '"' ? to : to,
        options: cat.keysFor(obj).filter((f) => !f.removed).map((f) => ({
          label: `"${f.name}"`,
          displayLabel: f.name,
          detail: `${f.type}${f.required ? " · required" : ""}`,
          info: f.doc,
          apply: `"${f.name}"`,
          type: "property",
          boost: f.required ? 1 : 0,
        })),
        validFor: /^"?[\w$]*"?$/,
      };
    }
    if (ctx.kind === "value") {
      const obj = cat.typeAt(ctx.path);
      const f = obj && cat.field(obj, ctx.key);
      let values = f && f.values && f.values.length ? f.values : null;
      if (!values && isModes(ctx.key)) values = MEDIA_TYPES;
      if (!values) return null;
      const from = ctx.node ? ctx.node.from : cx.pos;
      const to = ctx.node ? ctx.node.to : cx.pos;
      if (!ctx.node && !cx.explicit) return null;
      return {
        from,
        to,
        options: values.map((v) => ({ label: JSON.stringify(v), displayLabel: v, type: "constant" })),
        validFor: /^"?[^"]*"?$/,
      };
    }
    return null;
  };
}
