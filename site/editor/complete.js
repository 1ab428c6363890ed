// Autocomplete from the field catalogue: field names at each level, and
// values for fields with a closed set (protocolBinding, location, media
// types, …). Outside a string it completes only when asked (Ctrl-Space).
import { contextAt } from "./tree.js";
import { t } from "./i18n.js";

export function completionSource(getCatalogue) {
  return (cx) => {
    const cat = getCatalogue();
    const ctx = contextAt(cx.state, cx.pos, -1);
    if (!ctx) return null;
    if (!ctx.typed && !ctx.node && !cx.explicit) return null;
    const obj = cat.typeAt(ctx.path);
    if (!obj) return null;
    if (ctx.kind === "key") {
      return {
        from: ctx.from,
        to: ctx.to,
        options: cat.keysFor(obj).filter((f) => !f.removed).map((f) => ({
          label: `"${f.name}"`,
          displayLabel: f.name,
          detail: f.required ? `${f.type} · ${t("ui.playground.field.required")}` : f.type,
          info: f.doc,
          apply: `"${f.name}"`,
          type: "property",
          boost: f.required ? 1 : 0,
        })),
        validFor: /^"?[\w$]*"?$/,
      };
    }
    const f = cat.field(obj, ctx.key);
    const values = f && f.values && f.values.length ? f.values : null;
    if (!values) return null;
    return {
      from: ctx.from,
      to: ctx.to,
      options: values.map((v) => ({ label: JSON.stringify(v), displayLabel: v, type: "constant" })),
      validFor: /^"?[^"]*"?$/,
    };
  };
}
