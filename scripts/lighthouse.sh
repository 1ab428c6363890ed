#!/usr/bin/env bash
# Lighthouse 12.2.3, mobile, performance only, against a running site (make
# dev: http://127.0.0.1:8787), for the playground and every course page in
# both languages (or the paths given). Prints one line per page; the reports go
# to build/artifacts/lighthouse/. It measures: nothing here fails on a score.
#
#   scripts/lighthouse.sh [-b BASE] [-n RUNS] [PATH...]
#
# RUNS > 1 runs each page that many times and prints the median run (by
# performance score, then TBT). Needs Chromium (CHROME_PATH, default
# /usr/bin/chromium) and npm (npx fetches lighthouse@12.2.3 once).
set -euo pipefail
base=http://127.0.0.1:8787
runs=1
while getopts "b:n:" o; do
  case $o in
    b) base=$OPTARG ;;
    n) runs=$OPTARG ;;
    *) echo "usage: $0 [-b BASE] [-n RUNS] [PATH...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build/artifacts/lighthouse
mkdir -p "$out"
paths=("$@")
if [ ${#paths[@]} -eq 0 ]; then
  paths=(/ /learn/ /zh/learn/) # the playground and every course page
  for d in "$root"/dist/site/learn/*/; do
    slug=$(basename "$d")
    paths+=("/learn/$slug/" "/zh/learn/$slug/")
  done
fi
# Every phone has a CJK font; a machine without one makes Chromium look for
# a fallback for each Chinese character, which is not what a reader pays.
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  echo "note: no Chinese font is installed (Debian: apt-get install fonts-wqy-microhei); the /zh/ pages will measure slower than on a phone" >&2
fi
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
# WebUIOmniboxPopup, WebUIOmniboxAimPopup: Chromium 156 builds the omnibox
# popup's WebUI (two renderers, about 1.4 s of CPU each) in every browser
# it starts, headless too; on two cores that competed with the page under
# test (site/e2e/e2e_test.go, browserWith).
flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"
printf "%-40s %5s %6s %6s %6s %6s\n" page perf "TBT" "FCP" "LCP" "CLS"
for p in "${paths[@]}"; do
  name=$(echo "$p" | tr -c 'a-zA-Z0-9\n' '-' | sed 's/^-*//; s/-*$//'); name=${name:-playground}
  files=()
  for i in $(seq "$runs"); do
    f="$out/$name-$i.json"
    npx --yes lighthouse@12.2.3 "$base$p" --only-categories=performance --form-factor=mobile \
      --output=json --output-path="$f" --quiet --chrome-flags="$flags" >/dev/null 2>&1 || { echo "$p: lighthouse failed" >&2; continue; }
    files+=("$f")
  done
  [ ${#files[@]} -gt 0 ] || continue
  P="$p" node -e '
    const runs = process.argv.slice(1).map((f) => require(f)).map((r) => ({
      perf: Math.round(r.categories.performance.score * 100),
      tbt: r.audits["total-blocking-time"].numericValue,
      fcp: r.audits["first-contentful-paint"].numericValue,
      lcp: r.audits["largest-contentful-paint"].numericValue,
      cls: r.audits["cumulative-layout-shift"].numericValue }));
    runs.sort((a, b) => a.perf - b.perf || b.tbt - a.tbt);
    const m = runs[Math.floor(runs.length / 2)];
    const n = (v) => String(Math.round(v)).padStart(6);
    console.log(process.env.P.padEnd(40), String(m.perf).padStart(5), n(m.tbt), n(m.fcp), n(m.lcp), m.cls.toFixed(3).padStart(6));
  ' "${files[@]}"
done
