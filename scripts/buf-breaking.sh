#!/usr/bin/env bash
# buf breaking against the contract's baseline git ref:
#   1. the most recent release tag of @tickwire/proto (changesets tags it
#      "@tickwire/proto@X.Y.Z"), or
#   2. if there is none yet, the commit that first added the proto file.
# TICKWIRE_BUF_BASELINE=<ref> overrides the choice (see README, "Moving the baseline").
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

proto_file=proto/tickwire/marketdata/v1/marketdata.proto
if [ "$(git rev-parse --is-shallow-repository)" = "true" ]; then
  echo "buf-breaking: this clone is shallow; the baseline ref may be missing." >&2
  echo "buf-breaking: fetch full history (git fetch --unshallow --tags) and run again." >&2
  exit 2
fi

baseline="${TICKWIRE_BUF_BASELINE:-}"
how="TICKWIRE_BUF_BASELINE"
if [ -z "$baseline" ]; then
  baseline=$(git tag --list '@tickwire/proto@*' --sort=-v:refname | head -n 1)
  how="latest release tag"
fi
if [ -z "$baseline" ]; then
  baseline=$(git log --diff-filter=A --format=%H -- "$proto_file" | tail -n 1)
  how="commit that first added $proto_file"
fi
if [ -z "$baseline" ]; then
  echo "buf-breaking: no baseline: $proto_file is not committed yet; nothing to compare." >&2
  exit 0
fi
sha=$(git rev-parse --verify "$baseline^{commit}")
echo "buf breaking against $baseline ($how, ${sha:0:12})"
exec pnpm exec buf breaking --against ".git#ref=$sha"
