"""Drives the real a2a-python client factory (a2a-sdk, ClientConfig()
defaults) over the table of cards in the file named by the first argument
and prints, per card, what it chose: {"name": {"outcome", "url",
"binding", "tenant", "speaks"}}, outcome being "selected", "none" (the
factory found no compatible transport) or "error" (anything else it
raised). The card is read with the SDK's own card_resolver.parse_agent_card.
Creating a client opens no connection.
"""

import copy
import json
import sys

from a2a.client.card_resolver import parse_agent_card
from a2a.client.client import ClientConfig
from a2a.client.client_factory import ClientFactory
from a2a.client.transports.tenant_decorator import TenantTransportDecorator


def pick(card_json):
    factory = ClientFactory(ClientConfig())
    seen = {}

    # Record what create() hands the producer it chose; the choice itself
    # stays the factory's.
    for label, producer in list(factory._registry.items()):

        def recording(card, url, config, label=label, producer=producer):
            seen['binding'], seen['url'] = label, url
            return producer(card, url, config)

        factory.register(label, recording)

    card = parse_agent_card(copy.deepcopy(card_json))
    try:
        client = factory.create(card)
    except ValueError as err:
        if 'no compatible transports' in str(err):
            return {'outcome': 'none', 'detail': str(err)}
        raise
    transport = client._transport
    tenant = ''
    if isinstance(transport, TenantTransportDecorator):
        tenant = transport._tenant
        transport = transport._base
    speaks = '0.3' if 'Compat' in type(transport).__name__ else '1.0'
    return {
        'outcome': 'selected',
        'url': seen['url'],
        'binding': seen['binding'],
        'tenant': tenant,
        'speaks': speaks,
    }


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        table = json.load(f)
    out = {}
    for case in table:
        try:
            out[case['name']] = pick(case['card'])
        except Exception as err:  # noqa: BLE001 - any failure is a finding
            out[case['name']] = {'outcome': 'error', 'detail': f'{type(err).__name__}: {err}'}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
