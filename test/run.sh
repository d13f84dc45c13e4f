#!/bin/sh
# Every check, in order of speed: types, lint, dependency rules, server tests (on SQLite, then on PostgreSQL),
# client component tests, browser tests,
# the cluster (three nodes on one PostgreSQL), fault scenarios (real `npm start`, real ingest, real signals).
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

suite() {
  label=$1
  shift
  step "$label"
  log=$(mktemp)
  "$@" >"$log" 2>&1
  tally "$label" "$log" $?
}

# A suite that mostly waits (a 90 s ingest outage) runs in the background beside the others;
# background_suite starts it, await_suite prints and counts it.
background_suite() {
  bg_label=$1
  shift
  bg_log=$(mktemp)
  "$@" >"$bg_log" 2>&1 &
  bg_pid=$!
}

await_suite() {
  wait "$bg_pid"
  rc=$?
  step "$bg_label"
  tally "$bg_label" "$bg_log" "$rc"
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

background_suite "fault scenario: ingest outage" bun test --timeout 200000 test/faults/ingest-outage.test.ts
check "typecheck (tsc --noEmit)" bun x tsc --noEmit -p tsconfig.json
check "lint (biome)" bun x biome check .
# dependency-cruiser runs on Bun (--bun): it needs a newer Node than some machines have.
check "dependency rules" bun run check:deps
suite "server tests" bun test test/server
# The same suite on PostgreSQL: a private server (test/support/preload-postgres.ts), a database per test.
suite "server tests on PostgreSQL" env TEST_DATABASE=postgres bun test test/server
suite "client component tests" bun test --preload ./test/support/dom.ts test/client
suite "browser tests (Chromium)" bun test --timeout 120000 test/e2e
suite "cluster: three nodes on PostgreSQL" bun test --timeout 300000 test/cluster
suite "fault scenarios" bun test --timeout 120000 test/faults --path-ignore-patterns '**/ingest-outage.test.ts'
await_suite

echo
[ -n "$broken" ] && echo "failed steps:$broken"
echo "tests: $passed passed, $failed failed"
[ -z "$broken" ]
