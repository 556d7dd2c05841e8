#!/usr/bin/env bash
# Rebuild the committed vendor bundle of the player page (desktop/table/web/vendor/sync.js) and copy the
# licences of everything in it. Run by a developer when a version in package.json changes; needs node and
# npm (the npm registry). The app and the players' browsers never run this.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund || npm install --no-audit --no-fund
out=../vendor
mkdir -p "$out/licenses"
npx esbuild entry.js --bundle --format=iife --minify --target=es2020 --legal-comments=eof \
  --outfile="$out/sync.js"
for pkg in yjs y-websocket y-protocols lib0; do
  version=$(node -p "require('./node_modules/$pkg/package.json').version")
  cp "node_modules/$pkg/LICENSE" "$out/licenses/$pkg-$version.LICENSE"
done
ls -l "$out" "$out/licenses"
