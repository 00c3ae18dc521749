#!/usr/bin/env bash
# Runs the libFuzzer targets (Sources/FuzzHarness) with AddressSanitizer, each for SECONDS (default 600), in
# .build-fuzz (an instrumented build of its own, ~10 minutes on 2 cores the first time). New inputs go to
# .build-fuzz/corpus/<target>, crashes to .build-fuzz/crashes/; the seed corpus is Fuzz/Corpus/<target>.
#   scripts/fuzz.sh                 # every target, 10 minutes each
#   scripts/fuzz.sh 60 sse json     # chosen targets, 1 minute each
# A crash found here becomes a seed in Fuzz/Corpus/<target>, which FuzzSmokeTests replays in every test run.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(sse json events multipart)
SWIFTAI_FUZZ=1 swift build --product swiftai-fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address || exit 1
binary="$(SWIFTAI_FUZZ=1 swift build --product swiftai-fuzz --scratch-path .build-fuzz --show-bin-path)/swiftai-fuzz"
mkdir -p .build-fuzz/crashes
status=0
for target in "${targets[@]}"; do
    mkdir -p ".build-fuzz/corpus/$target"
    log=".build-fuzz/$target.log"
    FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=4096 \
        -artifact_prefix=".build-fuzz/crashes/$target-" ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target" >"$log" 2>&1
    result=$?
    runs=$(grep -o "stat::number_of_executed_units: [0-9]*" "$log" | grep -o "[0-9]*$")
    coverage=$(grep -o "cov: [0-9]*" "$log" | tail -1)
    echo "$target: exit $result, ${runs:-?} executions in $seconds s, $coverage, corpus $(ls ".build-fuzz/corpus/$target" | wc -l) inputs"
    [[ $result -ne 0 ]] && status=1 && grep -m3 "invariant broken\|ERROR: AddressSanitizer\|Fatal error" "$log"
done
exit $status
