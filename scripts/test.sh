#!/usr/bin/env bash
# Runs lint and every test: unit tests once, the integration tests against the embedded PostgreSQL and
# against the machine's PostgreSQL 15 (side by side), and the browser tests in Chromium.
# Prints `tests: N passed, N failed` last.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
status=0

run() {
  local name=$1; shift
  echo "=== $name"
  if ! npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json"; then
    status=1
  fi
}

# A suite in the background, its output kept until `finish` prints it whole (after `wait`).
start() {
  local name=$1; shift
  ( npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json" >"$results/$name.log" 2>&1
    echo $? >"$results/$name.rc" ) &
}
finish() {
  local name=$1
  echo "=== $name"
  cat "$results/$name.log"
  [ "$(cat "$results/$name.rc" 2>/dev/null)" = 0 ] || status=1
}

reports=("$results/lint.json" "$results/unit.json" "$results/int-embedded.json" "$results/e2e.json")
# Lint and formatting (eslint.config.js, .prettierrc.json) count as one check of the summary.
echo "=== lint"
if npm run --silent lint; then lint_failed=0; else lint_failed=1; status=1; fi
echo "{\"numPassedTests\": $((1 - lint_failed)), \"numFailedTests\": $lint_failed, \"testResults\": [], \"success\": true}" > "$results/lint.json"
run unit --project unit
# The integration tests against both databases at once: each run is one process working mostly
# while its PostgreSQL works, so the two together keep both cores busy.
start int-embedded --project int
if [ "${CASELOAD_SKIP_PG15:-}" != "true" ]; then
  reports+=("$results/int-pg15.json")
  CASELOAD_TEST_DB=pg15 start int-pg15 --project int
fi
wait
finish int-embedded
if [ "${CASELOAD_SKIP_PG15:-}" != "true" ]; then finish int-pg15; fi
# The browser tests drive Debian's Chromium against the real server (embedded database).
run e2e --project e2e

node scripts/count-results.mjs "${reports[@]}"
exit $status
