#!/bin/sh
# Runs every benchmark in test/bench and prints their figures; none of them asserts a budget.
# `npm run bench` runs all; `npm run bench -- upload` runs the ones whose file name contains "upload".
# Soaks (a file name with "soak") run for half an hour or more: only when the filter names them.
set -eu
cd "$(dirname "$0")/../.."
filter=${1:-}
for f in test/bench/*.ts; do
  case "$f" in *"$filter"*) ;; *) continue ;; esac
  case "$f" in *soak*) [ -n "$filter" ] || continue ;; esac
  printf '\n== %s\n' "$f"
  # A budget a bench reports as missed is a figure to read, not a reason to skip the others.
  bun "$f" || printf '(%s exited %s)\n' "$f" "$?"
done
