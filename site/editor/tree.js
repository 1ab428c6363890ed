// Where in the JSON document a position is, from CodeMirror's syntax tree,
// with a textual fallback for the half-typed strings that completion sees.
import { syntaxTree } from "@codemirror/language";

export function unquote(s) {
  try { return JSON.parse(s); } catch { return s.replace(/^"|"$/g, ""); }
}

// pathTo returns the keys from the root to node ("[]" for array elements).
export function pathTo(state, node) {
  const segs = [];
  for (let n = node; n && n.parent; n = n.parent) {
    const p = n.parent;
    if (p.name === "Property" && n.name !== "PropertyName") {
      const k = p.getChild("PropertyName");
      segs.unshift(k ? unquote(state.sliceDoc(k.from, k.to)) : "?");
    } else if (p.name === "Array") {
      segs.unshift("[]");
    }
  }
  return segs;
}

function enclosing(state, pos) {
  for (let n = syntaxTree(state).resolveInner(pos, -1); n; n = n.parent) {
    if (n.name === "Object" || n.name === "Array") return n;
  }
  return null;
}

// openQuote returns the offset of the opening quote when pos is inside a
// string on its line (JSON strings never span lines), else -1.
function openQuote(state, pos) {
  const line = state.doc.lineAt(pos);
  const text = state.sliceDoc(line.from, pos);
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (start >= 0 && c === "\\") { i++; continue; }
    if (c === '"') start = start >= 0 ? -1 : i;
  }
  return start >= 0 ? line.from + start : -1;
}

function prevChar(state, pos) {
  const text = state.sliceDoc(Math.max(0, pos - 400), pos);
  const m = /(\S)\s*$/.exec(text);
  return m ? { ch: m[1], at: pos - (text.length - m.index) } : { ch: "", at: 0 };
}

// keyBefore reads the property name before a colon at offset colon.
function keyBefore(state, colon) {
  const text = state.sliceDoc(Math.max(0, colon - 400), colon);
  const m = /"((?:[^"\\]|\\.)*)"\s*$/.exec(text);
  return m ? unquote(`"${m[1]}"`) : "";
}

// contextAt describes the position for hover and completion:
//   {kind: "key", path, name, from, to, node} on or where a property name goes,
//   {kind: "value", path, key, from, to} in a string value (or a list of them),
//   null elsewhere. path leads to the object that holds the key.
export function contextAt(state, pos, side = -1) {
  const node = syntaxTree(state).resolveInner(pos, side);
  if (node.name === "PropertyName") {
    const obj = node.parent && node.parent.parent;
    return { kind: "key", node, name: unquote(state.sliceDoc(node.from, node.to)), path: obj ? pathTo(state, obj) : [], from: node.from, to: node.to };
  }
  const q = openQuote(state, pos);
  const start = q >= 0 ? q : pos;
  const prev = prevChar(state, start);
  const next = state.sliceDoc(pos, pos + 1);
  const to = q >= 0 && next === '"' ? pos + 1 : pos;
  const container = enclosing(state, prev.at + 1);
  if (!container) return null;
  if (container.name === "Object" && (prev.ch === "{" || prev.ch === ",")) {
    return { kind: "key", node: null, typed: q >= 0, name: q >= 0 ? state.sliceDoc(q + 1, pos) : "", path: pathTo(state, container), from: start, to };
  }
  if (prev.ch === ":" && container.name === "Object") {
    return { kind: "value", key: keyBefore(state, prev.at), path: pathTo(state, container), from: start, to, typed: q >= 0 };
  }
  if (container.name === "Array" && (prev.ch === "[" || prev.ch === ",")) {
    const prop = container.parent;
    const obj = prop && prop.name === "Property" ? prop.parent : null;
    if (!obj) return null;
    const k = prop.getChild("PropertyName");
    return { kind: "value", key: k ? unquote(state.sliceDoc(k.from, k.to)) : "", path: pathTo(state, obj), from: start, to, typed: q >= 0 };
  }
  return null;
}
