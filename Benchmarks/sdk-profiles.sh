#!/usr/bin/env bash
# Every SDK profile (issue #16 item 1) on two networks: the enriched rate (and fallback rate) of each,
# one run per cell, on the embedded server, time-scaled so the 16 runs take a few minutes.
#   Benchmarks/sdk-profiles.sh [invocations per run, default 300]
source "$(dirname "$0")/lib.sh"
COUNT=${1:-300}
ensure_nse_bench
printf "%-11s %-28s %-28s\n" profile "3g: enriched / fallback" "overloaded-cdn: enriched / fallback"
for profile in firebase onesignal airship customerio batch iterable klaviyo notifee clevertap pushwoosh; do
    cells=()
    for network in 3g overloaded-cdn; do
        out="$WORK/$profile-$network"
        "$NSE_BENCH" run -n "$COUNT" -c 100 --extension "$profile" --profile "$network" --time-scale 0.25 --quiet \
            --out "$out" >/dev/null
        valid=$(column "$out" valid)
        cells+=("$(column "$out" enriched_rate) / $(column "$out" fallback_rate)$([ "$valid" = true ] || echo ' (invalid)')")
    done
    printf "%-11s %-28s %-28s\n" "$profile" "${cells[0]}" "${cells[1]}"
done
