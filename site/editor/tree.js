// Where in the JSON document a position is, from CodeMirror's syntax tree.
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

// context describes the position for hover/completion:
//   {kind: "key", object: path, node} on or where a property name goes,
//   {kind: "value", key, object: path, node} on a string value,
//   null elsewhere.
export function contextAt(state, pos, side = -1) {
  const tree = syntaxTree(state);
  let node = tree.resolveInner(pos, side);
  if (node.name === "PropertyName") {
    const obj = node.parent && node.parent.parent;
    return { kind: "key", node, name: unquote(state.sliceDoc(node.from, node.to)), path: obj ? pathTo(state, obj) : [] };
  }
  if (node.name === "Object") {
    return { kind: "key", node: null, name: "", path: pathTo(state, node) };
  }
  if (node.name === "⚠" && node.parent && node.parent.name === "Object") {
    return { kind: "key", node, name: state.sliceDoc(node.from, node.to).replace(/^"/, ""), path: pathTo(state, node.parent) };
  }
  if (node.name === "String" || node.name === "Array") {
    let prop = node.parent;
    if (prop && prop.name === "Array") prop = prop.parent;
    if (node.name === "Array") prop = node.parent;
    if (prop && prop.name === "Property") {
      const k = prop.getChild("PropertyName");
      const obj = prop.parent;
      return {
        kind: "value",
        node: node.name === "String" ? node : null,
        key: k ? unquote(state.sliceDoc(k.from, k.to)) : "",
        path: obj ? pathTo(state, obj) : [],
      };
    }
  }
  return null;
}
