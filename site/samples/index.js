// The sample gallery. The texts are our own cards, one per situation a
// person meets; the build loads *.json as text so the bytes stay exact.
import minimal from "./minimal.json";
import full from "./full.json";
import threeInterfaces from "./three-interfaces.json";
import legacy from "./legacy.json";
import mixed from "./mixed.json";
import broken from "./broken.json";

export const samples = [
  { id: "minimal", title: "Minimal 1.0 card", blurb: "Only the fields a 1.0 card must have.", text: minimal },
  { id: "full", title: "Full 1.0 card", blurb: "Provider, several interfaces with a tenant, security, extensions.", text: full },
  { id: "three-interfaces", title: "Three interfaces", blurb: "Try the client simulator on JSONRPC, GRPC and HTTP+JSON entries.", text: threeInterfaces },
  { id: "legacy", title: "Legacy 0.3 card", blurb: "Valid for 0.3 clients; 1.0-only clients cannot read it.", text: legacy },
  { id: "mixed", title: "Mixed card", blurb: "1.0 and 0.3 fields that point clients at different endpoints.", text: mixed },
  { id: "broken", title: "Common mistakes", blurb: "Placeholders, wrong bindings, private addresses, a leaked token…", text: broken },
];
