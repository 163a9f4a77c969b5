#!/usr/bin/env bash
# Regenerates docs/report.png, the README's screenshot of a real report: a real run of the media-20s
# extension on the 3g profile (time-scaled 0.5, so it takes about 12 s), `run --report`, then the top of
# report.html as headless Chromium draws it.
#   docs/report-screenshot.sh          NSE_BENCH=path skips the release build
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/nse-bench-screenshot.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
if [ -z "${NSE_BENCH:-}" ]; then
    (cd "$ROOT" && swift build -c release --product nse-bench >/dev/null)
    NSE_BENCH="$ROOT/.build/release/nse-bench"
fi
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || { echo "chromium is not installed: .ci/install-deps chromium" >&2; exit 1; }

"$NSE_BENCH" run --rate 50 --duration 20s --profile 3g --extension media-20s --time-scale 0.5 --seed 7 \
    --out "$WORK/media-20s-on-3g" --report --quiet || true # an invalid run still has its report, saying why
"$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$WORK/profile" \
    --window-size=1000,1280 --screenshot="$ROOT/docs/report.png" "file://$WORK/media-20s-on-3g/report.html" 2>/dev/null
echo "wrote docs/report.png from $(grep -c . "$WORK/media-20s-on-3g/timeline.csv") timeline rows"
