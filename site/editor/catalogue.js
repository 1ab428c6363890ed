// Field catalogue lookups for hover and autocomplete. The catalogue comes
// from the engine (agentcard.fields()), so docs and checks never drift.

export class Catalogue {
  constructor(fields, rules) {
    this.fields = fields || [];
    this.rules = new Map((rules || []).map((r) => [r.code, r]));
    this.byObject = new Map();
    for (const f of this.fields) {
      if (!this.byObject.has(f.object)) this.byObject.set(f.object, []);
      this.byObject.get(f.object).push(f);
    }
    this.objects = new Set(this.byObject.keys());
    // Topics in the catalogue's order (rules come grouped by topic).
    this.topics = [];
    for (const r of rules || []) if (r.topic && !this.topics.includes(r.topic)) this.topics.push(r.topic);
  }

  // topicIndex ranks a topic for the findings panel; unknown topics last.
  topicIndex(topic) {
    const i = this.topics.indexOf(topic);
    return i < 0 ? this.topics.length : i;
  }

  rule(code) {
    return this.rules.get(code);
  }

  // field returns the catalogue entry for key in an object of type obj.
  field(obj, key) {
    return (this.byObject.get(obj) || []).find((f) => f.name === key);
  }

  // childType says what a field's value holds: an object type (elem),
  // whether it is a list or a map of them (from the engine's FieldView).
  childType(f) {
    if (!f) return null;
    return { obj: f.elem || null, list: !!f.list, map: !!f.map };
  }

  // typeAt follows a path of keys ("[]" for an array element) from the
  // card's root and returns the object type there, or null.
  typeAt(path) {
    let obj = "AgentCard";
    let pendingList = false;
    let pendingMap = false;
    for (const seg of path) {
      if (pendingList) {
        if (seg !== "[]") return null;
        pendingList = false;
        continue;
      }
      if (pendingMap) { pendingMap = false; continue; }
      if (seg === "[]") return null;
      const ct = this.childType(this.field(obj, seg));
      if (!ct || !ct.obj) return null;
      obj = ct.obj;
      pendingList = ct.list;
      pendingMap = ct.map && !ct.list;
    }
    if (pendingList || pendingMap) return null;
    return obj;
  }

  keysFor(obj) {
    return this.byObject.get(obj) || [];
  }
}
