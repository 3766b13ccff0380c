// The `@tickwire/sandbox/simulator` entry hands out the very objects the package root does (the tickwire command's
// test proves that loading it pulls in no server module).
import assert from "node:assert/strict";
import { test } from "node:test";
import * as root from "../src/index.js";
import * as simulation from "../src/simulator-entry.js";

test("every export of the simulator entry is the package root's export of the same name", () => {
  const names = Object.keys(simulation).sort();
  assert.deepEqual(names, [
    "DEFAULT_START_TIME",
    "MAX_SAFE_ID",
    "MESSAGE_CODES",
    "MarketSimulator",
    "PRICE_UNITS",
    "Prng",
    "checkInstruments",
    "defaultInstruments",
    "encodeWithSize",
    "messageIds",
    "messageTime",
  ]);
  const rootExports = new Map(Object.entries(root));
  for (const [name, value] of Object.entries(simulation)) assert.equal(value, rootExports.get(name), name);
});
