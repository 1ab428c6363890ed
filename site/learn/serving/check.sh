#!/bin/sh
# check.sh [URL]: the headers your card is served with, then a revalidation
# with its own ETag, which should print 304.
url=${1:-https://agent.example.com/.well-known/agent-card.json}
curl -sS -D - -o /dev/null -H 'A2A-Version: 1.0' "$url"
etag=$(curl -sS -D - -o /dev/null "$url" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: *//p')
curl -sS -o /dev/null -w 'revalidation: %{http_code}\n' -H "If-None-Match: $etag" "$url"
