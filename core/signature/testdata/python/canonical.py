"""Reproduces the a2a-python SDK's canonical form of an Agent Card.

The SDK reads the card into protobuf types, converts it back with
MessageToDict (which leaves out proto defaults and turns every number of a
google.protobuf.Struct into a float), drops "signatures", removes empty
strings, lists and dicts recursively, and serializes with
json.dumps(sort_keys=True, separators=(",", ":")). The card given here holds
no proto defaults, so reading the JSON with floats for all numbers stands in
for the protobuf round trip. Run: python3 canonical.py card.json > canonical.txt
"""
import json
import sys


def without_empty(value):
    if isinstance(value, dict):
        kept = {}
        for name, member in value.items():
            member = without_empty(member)
            if member is not None:
                kept[name] = member
        return kept or None
    if isinstance(value, list):
        kept = [e for e in (without_empty(x) for x in value) if e is not None]
        return kept or None
    if value == "" or value is None:
        return None
    return value


with open(sys.argv[1], encoding="utf-8") as f:
    card = json.load(f, parse_int=float)
card.pop("signatures", None)
sys.stdout.write(json.dumps(without_empty(card), sort_keys=True, separators=(",", ":")))
