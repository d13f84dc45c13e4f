#!/bin/sh
# Every check, in order of speed: types, lint, server tests, fault scenarios, client component tests,
# browser tests.
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
  rc=$?
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
suite "server tests" bun test test/server
suite "fault scenarios (real npm start, real kills)" bun test --timeout 60000 test/faults
suite "client component tests" bun test --preload ./test/support/dom.ts test/client
suite "browser tests (Chromium)" bun test --timeout 120000 test/e2e

echo
[ -n "$broken" ] && echo "failed steps:$broken"
echo "tests: $passed passed, $failed failed"
[ -z "$broken" ]
