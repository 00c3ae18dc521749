#!/usr/bin/env bash
# Runs the root package's whole test suite under ThreadSanitizer and/or AddressSanitizer, each in its own build
# folder (.build-thread, .build-address: a full build each, ~10 minutes on 2 cores), and prints a summary.
#   scripts/sanitizers.sh            # both
#   scripts/sanitizers.sh thread     # one
# Too long for CI (a second and third full build); run it before a release and put the results in the note.
set -uo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[[ $# -eq 0 ]] && sanitizers=(thread address)
status=0
for sanitizer in "${sanitizers[@]}"; do
    log=".build-$sanitizer/sanitizer.log"
    mkdir -p ".build-$sanitizer"
    echo "== $sanitizer: building and testing (log: $log)"
    start=$(date +%s)
    # Reports are counted from the log (TSan warns and goes on); leaks are not checked (the test process ends with
    # live sandboxes and pools by design).
    TSAN_OPTIONS="second_deadlock_stack=1" ASAN_OPTIONS="detect_leaks=0" \
        swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" >"$log" 2>&1
    result=$?
    reports=$(grep -c "WARNING: ThreadSanitizer\|ERROR: AddressSanitizer" "$log")
    summary=$(grep -E "Test run with|Executed [0-9]+ tests" "$log" | tail -2 | tr '\n' ' ')
    echo "== $sanitizer: exit $result, $reports sanitizer reports, $(( $(date +%s) - start )) s; $summary"
    [[ $result -ne 0 || $reports -ne 0 ]] && status=1
done
exit $status
