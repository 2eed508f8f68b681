#!/usr/bin/env bash
# Installs every Debian package qdiff builds, tests and benchmarks with. Idempotent: it only
# calls apt-get when something is missing, so repeated runs cost a dpkg query.
set -euo pipefail
packages=(
  build-essential cmake ninja-build ccache
  antlr4 libantlr4-runtime-dev default-jre-headless
  tao-pegtl-dev libboost-graph-dev libfmt-dev catch2 nlohmann-json3-dev
  libsqlite3-dev sqlite3 libpq-dev postgresql libcurl4-openssl-dev
  libclang-rt-14-dev
  pybind11-dev python3-dev python3-pytest python3-pandas python3-distributed python3-dask python3-pip
  zlib1g-dev libcpp-httplib-dev libcli11-dev chromium
)
# Node.js for the page tests (tests/web): Debian's, unless a node is already there (a NodeSource
# nodejs bundles its npm and conflicts with Debian's npm package).
command -v node >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
# puppeteer-core (drives Debian's chromium in the page tests, tests/web; it downloads no browser).
if command -v npm >/dev/null && [ ! -d "$(dirname "$0")/../tests/web/node_modules/puppeteer-core" ]; then
  npm ci --prefix "$(dirname "$0")/../tests/web" --no-audit --no-fund >&2
fi
# Microsoft's Kusto.Language, the peer bench/kql_vs_kusto.sh measures KQL parsing against (benchmarks only;
# a failed download does not stop the set-up).
kusto="$(dirname "$0")/../.cache/node"
if command -v npm >/dev/null && [ ! -f "$kusto/node_modules/@kusto/language-service-next/Kusto.Language.Bridge.min.js" ]; then
  mkdir -p "$kusto" && npm install --prefix "$kusto" --no-audit --no-fund @kusto/language-service-next >&2 ||
    echo "setup: @kusto/language-service-next not installed; bench/kql_vs_kusto.sh will skip the peer" >&2
fi
