#!/usr/bin/env bash
# `pnpm fuzz`: every property test (the test files that use test/support/property-runs.ts) with
# many examples and a new seed (see that file). Arguments (test files) replace the list.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(grep -rl --include='*.test.ts' 'support/property-runs' packages test | sort)
if [ "$#" -gt 0 ]; then files=("$@"); fi
export QUERYMODE_FUZZ=1
exec node_modules/.bin/vitest run "${files[@]}"
