#!/usr/bin/env bash
# Prepares a fresh machine that has only Node >= 20 and npm:
# - installs pnpm 10.34.8 where it is missing or another version (corepack is not used: it fails
#   here on registry signatures, and a mismatched pnpm refuses to run);
# - with --browser, installs Debian's chromium for the rendered API reference test, where missing.
set -euo pipefail
want=10.34.8
if [ "$(pnpm --version 2>/dev/null || true)" != "$want" ]; then
  echo "setup: installing pnpm@$want" >&2
  npm install --global --no-fund --no-audit "pnpm@$want" >&2
fi
if [ "${1:-}" = "--browser" ] && ! command -v chromium >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian's chromium" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2
  else
    echo "setup: chromium is missing; install it (Debian: apt-get install chromium) for the browser test" >&2
    exit 1
  fi
fi
