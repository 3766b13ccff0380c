// Reading a publish ack from its bytes gives what reading its text did: stored, duplicate or refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ackKind } from "../src/pub-ack.js";

/** The reading the relay had before, on the decoded text. */
function fromText(text: string) {
  if (text.includes('"error"') || !text.includes('"seq"')) return "refused";
  return /"duplicate":\s*true/.test(text) ? "duplicate" : "stored";
}

test("acks read from bytes as from their text", () => {
  const acks = [
    '{"stream":"TICKWIRE","seq":12}',
    '{"stream":"TICKWIRE","domain":"d","seq":12,"duplicate":true}',
    '{"stream":"TICKWIRE","seq":12, "duplicate": true}',
    '{"stream":"TICKWIRE","seq":12,"duplicate":false}',
    '{"stream":"TICKWIRE","seq":12,"duplicate":\ttrue}',
    '{"error":{"code":503,"err_code":10077,"description":"JetStream not in clustered mode"}}',
    '{"stream":"x","seq":1,"error":{"code":400}}',
    "",
    "{}",
    '{"seq"',
    '"duplicate":true',
    '{"stream":"seq","duplicate":tru',
  ];
  for (const text of acks) assert.equal(ackKind(new TextEncoder().encode(text)), fromText(text), text);
});
