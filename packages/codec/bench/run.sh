#!/usr/bin/env bash
# The codec benchmark: builds protobufjs static code for the peer (pbjs, into the
# git-ignored bench/.gen), then runs the tinybench script against dist/.
# Usage: pnpm --filter @tickwire/codec bench   (any args go to the script, e.g. --quick)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/.gen
node_modules/.bin/pbjs -t static-module -w es6 --no-verify --no-convert --no-delimited --no-typeurl --no-service --no-comments \
  -o bench/.gen/marketdata.pbjs.js ../../proto/tickwire/marketdata/v1/marketdata.proto
node --import tsx bench/decode.bench.ts "$@"
