// The sandbox's logger applies the shared secret definition (@tickwire/rest-schemas/internal) as the client does: what the
// client blanks, the sandbox's log lines blank too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { scrub } from "../src/index.js";
import { createLogger } from "../src/logging.js";

function logged(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  write(createLogger({ level: "info", stream: { write: (line: string) => lines.push(line) } }));
  return lines.join("");
}

test("a Bearer credential in a message or a field is blanked", () => {
  const text = logged((logger) => logger.info({ note: "Bearer opaque-one" }, "sent Bearer opaque-two"));
  assert.ok(!text.includes("opaque-one") && !text.includes("opaque-two"), text);
  assert.ok(text.includes("Bearer [REDACTED]"));
});

test("password and secret fields are blanked, at the top and one level down", () => {
  const text = logged((logger) => logger.info({ password: "pw-1", user: { secret: "sec-2" } }, "fields"));
  for (const value of ["pw-1", "sec-2"]) assert.ok(!text.includes(value), value);
});

test("scrub blanks a key in capitals and a key value holding a quote", () => {
  assert.equal(scrub("/ws?KEY=abc"), "/ws?KEY=[REDACTED]");
  assert.equal(scrub("/ws?key=ab'cd"), "/ws?key=[REDACTED]");
});
