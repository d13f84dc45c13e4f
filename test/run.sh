#!/bin/sh
# Every check: types, lint and dependency rules first; then two lanes side by side, one running the
# server tests on SQLite, the client component tests and the browser tests, the other the server tests
# on PostgreSQL, the cluster (three nodes on one PostgreSQL) and the fault scenarios (real `npm start`,
# real ingest, real signals).
# Client tests run in their own bun process because happy-dom replaces fetch and friends globally.
# Every suite runs even when an earlier one fails, so one run shows everything; the exit code and the
# closing "N passed, N failed" line tell the outcome.
set -u
cd "$(dirname "$0")/.."
passed=0
failed=0
broken=""

step() { printf '\n== %s\n' "$1"; }

check() {
  label=$1
  shift
  step "$label"
  "$@" || broken="$broken [$label]"
}

# Two lanes of suites run side by side: most of the time the tests wait for ffmpeg, receivers and
# timers, not for the CPU, so two lanes take little more than the longer one. Each lane runs its suites
# in order; a suite's output and exit code go to files, printed and counted once both lanes are done.
# The 90 s ingest outage, which mostly waits, runs beside them.
logs=$(mktemp -d)

# lane_suite LABEL CMD...: runs a suite in a lane, keeping its output and exit code under its label.
lane_suite() {
  label=$1
  shift
  started=$(date +%s)
  "$@" >"$logs/$label.log" 2>&1
  echo $? >"$logs/$label.rc"
  echo "finished: $label ($(($(date +%s) - started)) s)"
}

await_lanes() {
  wait
  for label in "$@"; do
    step "$label"
    tally "$label" "$logs/$label.log" "$(cat "$logs/$label.rc" 2>/dev/null || echo 1)"
  done
}

tally() {
  label=$1
  log=$2
  rc=$3
  cat "$log"
  p=$(awk '/^ *[0-9]+ pass$/ { s += $1 } END { print s + 0 }' "$log")
  f=$(awk '/^ *[0-9]+ fail$/ { s += $1 } END { print s + 0 }' "$log")
  rm -f "$log"
  passed=$((passed + p))
  failed=$((failed + f))
  # A crash or a suite that ran nothing still fails the run.
  if [ "$rc" -ne 0 ] || [ "$p" -eq 0 ]; then
    broken="$broken [$label]"
    [ "$f" -eq 0 ] && failed=$((failed + 1))
  fi
}

check "typecheck (tsc --noEmit)" bun x tsc --noEmit -p tsconfig.json
check "lint (biome)" bun x biome check .
# dependency-cruiser runs on Bun (--bun): it needs a newer Node than some machines have.
check "dependency rules" bun run check:deps

server="server tests"
server_pg="server tests on PostgreSQL"
client="client component tests"
browser="browser tests (Chromium)"
cluster="cluster: three nodes on PostgreSQL"
faults="fault scenarios"
outage="fault scenario: ingest outage"
echo
echo "Running the suites in two lanes; each prints when both are done."
lane_suite "$outage" bun test --timeout 200000 test/faults/ingest-outage.test.ts &
(
  lane_suite "$server" bun test test/server
  lane_suite "$client" bun test --preload ./test/support/dom.ts test/client
  lane_suite "$browser" bun test --timeout 120000 test/e2e
) &
(
  # The same server suite on PostgreSQL: a private server (test/support/preload-postgres.ts), a database per test.
  lane_suite "$server_pg" env TEST_DATABASE=postgres bun test test/server
  lane_suite "$cluster" bun test --timeout 300000 test/cluster
  lane_suite "$faults" bun test --timeout 120000 test/faults --path-ignore-patterns '**/ingest-outage.test.ts'
) &
await_lanes "$server" "$server_pg" "$client" "$browser" "$cluster" "$faults" "$outage"
rm -rf "$logs"

echo
[ -n "$broken" ] && echo "failed steps:$broken"
echo "tests: $passed passed, $failed failed"
[ -z "$broken" ]
