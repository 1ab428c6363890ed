// Runs the real a2a-js (@a2a-js/sdk, installed by npm ci at the version
// package.json pins) over the cards in the file named by the first
// argument and prints, per card, what each step of the library did:
//
//   {"name": {"loads": bool, "detail": "...",
//             "reads": {"interfaces", "securityRequirements", "extendedCard"},
//             "outcome": "selected" | "none" | "error", "url", "binding", "tenant", "speaks",
//             "verified": bool (only for cards given with a "key")}}
//
// loads: the default resolver's normalizeAgentCard (what createFromUrl
// and createFromAgentCard do to a card first) returned; reads: what the
// normalized card holds (a scope list that is not an array is null);
// outcome: createFromNormalizedAgentCard's choice (creating a client opens
// no connection); verified: verifyAgentCardSignature with the public JWK
// given. A card given with "preferred" (a list of binding names) is chosen
// by a factory whose preferredTransports are those. Nothing is sent over
// the network; the one exception is `conformance.mjs --resolve URL`, which
// fetches a card with the default resolver (a test's loopback server) and
// prints {"ok": bool, "name"} once it is read, and the other
// `conformance.mjs --send URL`, which has the default client of a card
// with one JSONRPC 1.0 entry at URL (a test's loopback server) send one
// message and prints {"ok": bool, "result" (the client's reading of the
// answer), "detail" (its error)}.
import { readFileSync } from 'node:fs';
import { AgentCardResolver, ClientFactory, ClientFactoryOptions } from '@a2a-js/sdk/client';
import { verifyAgentCardSignature } from '@a2a-js/sdk';
import { importJWK } from 'jose';

if (process.argv[2] === '--resolve') {
  try {
    const card = await AgentCardResolver.default.resolve(process.argv[3]);
    process.stdout.write(JSON.stringify({ ok: true, name: card.name }) + '\n');
  } catch (err) {
    process.stdout.write(JSON.stringify({ ok: false, detail: String(err?.message) }) + '\n');
  }
  process.exit(0);
}

if (process.argv[2] === '--send') {
  const card = { name: 'n', description: 'd', version: '1', capabilities: {}, defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [],
    supportedInterfaces: [{ url: process.argv[3], protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] };
  try {
    const client = await new ClientFactory().createFromAgentCard(card);
    const result = await client.sendMessage({ message: { messageId: 'u1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } });
    process.stdout.write(JSON.stringify({ ok: true, result }) + '\n');
  } catch (err) {
    process.stdout.write(JSON.stringify({ ok: false, detail: `${err?.name}: ${err?.message}` }) + '\n');
  }
  process.exit(0);
}

const table = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = {};
// the library logs failed signature entries with console.debug
console.debug = () => {};

function requirements(list) {
  if (!Array.isArray(list)) return [];
  return list.map((r) => {
    const m = {};
    const s = r?.schemes;
    if (s && typeof s === 'object') {
      for (const [k, v] of Object.entries(s)) m[k] = Array.isArray(v?.list) ? v.list.map(String) : null;
    }
    return m;
  });
}

for (const { name, card, key, preferred } of table) {
  const o = {};
  out[name] = o;
  if (key) {
    try {
      const pub = await importJWK(key, key.alg);
      await verifyAgentCardSignature(async () => pub)(structuredClone(card));
      o.verified = true;
    } catch (err) {
      o.verified = false;
      o.detail = `${err?.name}: ${err?.message}`;
    }
    continue;
  }
  let normalized;
  try {
    normalized = AgentCardResolver.default.normalizeAgentCard(structuredClone(card));
    o.loads = true;
  } catch (err) {
    o.loads = false;
    o.detail = `${err?.name}: ${err?.message}`;
    continue;
  }
  o.reads = {
    interfaces: Array.isArray(normalized?.supportedInterfaces) ? normalized.supportedInterfaces.length : 0,
    securityRequirements: requirements(normalized?.securityRequirements),
    extendedCard: Boolean(normalized?.capabilities?.extendedAgentCard),
  };
  try {
    const options = preferred ? ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: preferred }) : undefined;
    const client = await new ClientFactory(options).createFromNormalizedAgentCard(normalized);
    let transport = client.transport;
    let tenant = '';
    // TenantTransportDecorator wraps the transport when the entry has a tenant
    if (transport.base && 'defaultTenant' in transport) {
      tenant = transport.defaultTenant;
      transport = transport.base;
    }
    Object.assign(o, { outcome: 'selected', url: transport.endpoint, binding: transport.protocolName, tenant, speaks: client.protocolVersion });
  } catch (err) {
    const none = String(err?.message).startsWith('No compatible transport found');
    Object.assign(o, { outcome: none ? 'none' : 'error', detail: `${err?.name}: ${err?.message}` });
  }
}
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
