// Drives the real a2a-js client factory (@a2a-js/sdk, default options) over
// the table of cards in the file named by the first argument and prints,
// per card, what it chose: {"name": {"outcome", "url", "binding", "tenant",
// "speaks"}}. outcome is "selected", "none" (the factory found no
// compatible transport) or "error" (anything else it threw). Nothing is
// sent over the network: creating a client does not connect.
import { readFileSync } from 'node:fs';
import { ClientFactory } from '@a2a-js/sdk/client';

const table = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = {};
for (const { name, card } of table) {
  try {
    const client = await new ClientFactory().createFromAgentCard(structuredClone(card));
    let transport = client.transport;
    let tenant = '';
    // TenantTransportDecorator wraps the transport when the entry has a tenant
    if (transport.base && 'defaultTenant' in transport) {
      tenant = transport.defaultTenant;
      transport = transport.base;
    }
    out[name] = {
      outcome: 'selected',
      url: transport.endpoint,
      binding: transport.protocolName,
      tenant,
      speaks: client.protocolVersion,
    };
  } catch (err) {
    const none = String(err?.message).startsWith('No compatible transport found');
    out[name] = { outcome: none ? 'none' : 'error', detail: `${err?.name}: ${err?.message}` };
  }
}
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
