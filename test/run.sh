#!/bin/sh
# Every check, in order of speed: types, lint, server tests, client component tests, browser tests.
# Client tests run in their own bun process because happy-dom replaces fetch and friends globally.
set -eu
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }

step "typecheck (tsc --noEmit)"
bun x tsc --noEmit -p tsconfig.json
step "lint (biome)"
bun x biome check .
step "server tests"
bun test test/server
step "client component tests"
bun test --preload ./test/support/dom.ts test/client
step "browser tests (Chromium)"
bun test --timeout 120000 test/e2e
