"""Reads agent cards the way a2a-python's card resolver does, with the real
protobuf json_format parser.

Usage: python3 pyreader.py DESCRIPTORS.pb MESSAGE CARDS.json

DESCRIPTORS.pb is a FileDescriptorSet holding the A2A proto and every file
it imports, in dependency order (python_test.go writes it from a2a-go's
a2apb/v1 package), MESSAGE the full name of its AgentCard. CARDS.json is a list of {"name": ..., "card": ...}.
The answer, on standard output, is one JSON object keyed by card name:
whether the card was read, the error when not, and what was read.

What a2a-python v1.1.0 does before it parses (client/card_resolver.py,
parse_agent_card) is restated below from reading those sources, step by
step; the parse itself is protobuf's own ParseDict with
ignore_unknown_fields=True. Only that step is the real thing: the
preparation is our reading of the SDK, which cannot be installed here.
"""

import json
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format
from google.protobuf import message_factory

# The 0.3 "type" of a security scheme and the 1.0 member that wraps it.
WRAPPERS = {
    "apiKey": "apiKeySecurityScheme",
    "http": "httpAuthSecurityScheme",
    "oauth2": "oauth2SecurityScheme",
    "openIdConnect": "openIdConnectSecurityScheme",
    "mutualTLS": "mtlsSecurityScheme",
}


def card_class(path, name):
    with open(path, "rb") as f:
        files = descriptor_pb2.FileDescriptorSet.FromString(f.read())
    pool = descriptor_pool.DescriptorPool()
    for fd in files.file:
        pool.AddSerializedFile(fd.SerializeToString())
    desc = pool.FindMessageTypeByName(name)
    if hasattr(message_factory, "GetMessageClass"):  # protobuf >= 4.21
        return message_factory.GetMessageClass(desc)
    return message_factory.MessageFactory(pool).GetPrototype(desc)


def requirements_from_legacy(entries):
    # 0.3: [{name: [scopes]}]; 1.0: [{"schemes": {name: {"list": [scopes]}}}]
    out = []
    for entry in entries:
        schemes = {}
        for name, scopes in entry.items():
            schemes[name] = {"list": scopes}
        out.append({"schemes": schemes})
    return out


def prepare(card):
    """The legacy conversions a2a-python makes in place before parsing."""
    # the 0.3 extended-card flag moves into capabilities
    if card.pop("supportsAuthenticatedExtendedCard", None):
        caps = card.setdefault("capabilities", {})
        if "extendedAgentCard" not in caps:
            caps["extendedAgentCard"] = True

    # url, preferredTransport, protocolVersion and additionalInterfaces go;
    # without supportedInterfaces they become its entries
    url = card.pop("url", None)
    binding = card.pop("preferredTransport", "JSONRPC")
    version = card.pop("protocolVersion", "0.3.0")
    extra = card.pop("additionalInterfaces", None) or []
    if url and "supportedInterfaces" not in card:
        entries = [{"url": url, "protocolBinding": binding, "protocolVersion": version}]
        for e in extra:
            entries.append({"url": e.get("url"), "protocolBinding": e.get("transport"), "protocolVersion": version})
        card["supportedInterfaces"] = entries

    # security becomes securityRequirements where that is absent, on the
    # card and on each skill
    legacy = card.pop("security", None)
    if legacy is not None and "securityRequirements" not in card:
        card["securityRequirements"] = requirements_from_legacy(legacy)
    for skill in card.get("skills", []):
        legacy = skill.pop("security", None)
        if legacy is not None and "securityRequirements" not in skill:
            skill["securityRequirements"] = requirements_from_legacy(legacy)

    # every scheme with a 0.3 "type" loses it; a known type moves the
    # scheme's remaining members (all of them, a 1.0 wrapper included)
    # under that type's wrapper, "in" renamed "location" for apiKey
    schemes = card.get("securitySchemes", {})
    if schemes:
        for scheme in schemes.values():
            kind = scheme.pop("type", None)
            if kind not in WRAPPERS:
                continue
            if kind == "apiKey" and "in" in scheme:
                scheme["location"] = scheme.pop("in")
            inner = dict(scheme)
            scheme.clear()
            scheme[WRAPPERS[kind]] = inner


def read(cls, card):
    try:
        prepare(card)
        msg = json_format.ParseDict(card, cls(), ignore_unknown_fields=True)
    except Exception as e:  # a2a-python lets every one of these escape
        return {"loads": False, "detail": "%s: %s" % (type(e).__name__, e)}
    reqs = []
    for req in msg.security_requirements:
        reqs.append({name: list(scopes.list) for name, scopes in req.schemes.items()})
    entries = []
    for it in msg.supported_interfaces:
        entries.append({"url": it.url, "binding": it.protocol_binding, "version": it.protocol_version, "tenant": it.tenant})
    return {
        "loads": True,
        "entries": entries,
        "reads": {
            "interfaces": len(msg.supported_interfaces),
            "securityRequirements": reqs,
            "extendedCard": msg.capabilities.extended_agent_card,
        },
    }


def main():
    cls = card_class(sys.argv[1], sys.argv[2])
    with open(sys.argv[3]) as f:
        cases = json.load(f)
    out = {}
    for case in cases:
        out[case["name"]] = read(cls, case["card"])
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
