// The verdict of a differential decode test: our decoder against protobuf-es on the same bytes.
import assert from "node:assert/strict";
import type { Outcome } from "./outcome.js";

/**
 * Ours equals protobuf-es's reading, or both threw. Where only ours threw, its error's `code` must be
 * `divergence`: the one documented difference (a known field with the wrong wire type, which protobuf-es reads by
 * its declared type and the codec rejects).
 */
export function assertAgrees(ours: Outcome, theirs: Outcome, divergence: string): void {
  if (ours.ok) {
    assert.ok(theirs.ok, `we accepted what protobuf-es rejects: ${String(!theirs.ok && theirs.error)}`);
    assert.deepStrictEqual(ours.value, theirs.value);
  } else if (theirs.ok) {
    assert.equal(
      (ours.error as { code?: unknown }).code,
      divergence,
      `we rejected what protobuf-es accepts: ${ours.error}`,
    );
  }
}
