#!/usr/bin/env bash
# Prepares a fresh machine that has only Node >= 20 and npm:
# - installs pnpm 10.34.8 where it is missing or another version (corepack is not used: it fails
#   here on registry signatures, and a mismatched pnpm refuses to run);
# - with --browser, installs Debian's chromium for the rendered API reference test, where missing;
# - with --node24, installs a Node 24 binary (the npm package node-linux-<arch>@24) into .node24/
#   of the repository (git-ignored, not a dependency in package.json), for `pnpm run test:node24`.
set -euo pipefail
browser=false
node24=false
for arg in "$@"; do
  case "$arg" in
    --browser) browser=true ;;
    --node24) node24=true ;;
    *)
      echo "setup: unknown option $arg (options: --browser, --node24)" >&2
      exit 2
      ;;
  esac
done
want=10.34.8
if [ "$(pnpm --version 2>/dev/null || true)" != "$want" ]; then
  echo "setup: installing pnpm@$want" >&2
  npm install --global --no-fund --no-audit "pnpm@$want" >&2
fi
if [ "$browser" = true ] && ! command -v chromium >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian's chromium" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2
  else
    echo "setup: chromium is missing; install it (Debian: apt-get install chromium) for the browser test" >&2
    exit 1
  fi
fi
if [ "$node24" = true ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "setup: no Node 24 package for $(uname -m); install Node 24 by hand into .node24/bin/node" >&2
      exit 1
      ;;
  esac
  if ! "$root/.node24/bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
    echo "setup: installing Node 24 (node-linux-$arch@24) into .node24/" >&2
    npm install --prefix "$root/.node24" --no-save --no-package-lock --no-fund --no-audit \
      "node-linux-$arch@24" >&2
    mkdir -p "$root/.node24/bin"
    ln -sf "../node_modules/node-linux-$arch/bin/node" "$root/.node24/bin/node"
  fi
  echo "setup: Node 24 is $("$root/.node24/bin/node" --version) at .node24/bin/node" >&2
fi
