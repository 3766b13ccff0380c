#!/bin/sh
# Every combination of tree-heap.mjs, one process each, in the same order every round
# (default and 64 MB young generation side by side): results/large-messages-trees-node<major>.jsonl.
set -e
cd "$(dirname "$0")/../.."
rounds=${1:-2}
for round in $(seq "$rounds"); do
  for s in Nested Order MessageMap RepeatedMessages; do
    for v in tickwire protobuf-es; do
      for k in keep drop; do
        for f in "" "--max-semi-space-size=64"; do
          node --expose-gc --no-concurrent-recompilation $f scripts/large-messages/tree-heap.mjs "$s-1MB" "$v" "$k" 1200
        done
      done
      for k in keep drop; do node --expose-gc --no-concurrent-recompilation scripts/large-messages/tree-heap.mjs "$s-10KB" "$v" "$k" 800; done
    done
  done
  echo "{\"round\":$round,\"uptime\":\"$(uptime)\"}"
done
