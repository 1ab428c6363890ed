#!/bin/sh
# Peak memory and time of `agentcard lint DIR` at registry size, per
# output format (issue 38: ≤ 150 MB RSS over 10,000 cards in compact,
# json and sarif). The cards come from scripts/registrycards, so every
# machine lints the same tree:
#
#	scripts/lintmem.sh [DIR [N]]     # DIR defaults to a temporary folder, N to 10000
#
# Needs GNU time (/usr/bin/time -v; apt-get install time).
set -eu
cd "$(dirname "$0")/.."
dir=${1:-}
n=${2:-10000}
bin=$(mktemp)
tmpdir=
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
	tmpdir=$dir
fi
trap 'rm -f "$bin" "$bin.time"; if [ -n "$tmpdir" ]; then rm -rf "$tmpdir"; fi' EXIT
# a folder given and empty (or missing) is filled; one with cards is reused
if [ ! -d "$dir" ] || [ -z "$(ls -A "$dir")" ]; then
	go run ./scripts/registrycards -n "$n" -out "$dir"
fi
go build -trimpath -o "$bin" ./cmd/agentcard
cards=$(find "$dir" -name agent-card.json | wc -l)
echo "cards: $cards"
for format in compact json sarif; do
	/usr/bin/time -v "$bin" lint --format "$format" "$dir" >/dev/null 2>"$bin.time" || true
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$bin.time")
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$bin.time")
	cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.2f", u+s}' "$bin.time")
	echo "$format: peak RSS $((rss / 1024)) MB, wall $wall, CPU ${cpu} s"
done
