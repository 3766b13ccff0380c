// Speed that does not depend on history: each generated decodeX, mergeX and encodeX calls its own
// message's reader, merge loop or writer, where it used to pass it to the runtime (decodeWith(bytes,
// options, readX)). There the runtime's one call of `read` served every message type; in a process
// that decodes several types it turned megamorphic and V8 stopped inlining the reader into decodeX
// (--trace-turbo-inlining, Node 20: TestOneof2's reader inlined in a fresh process, not in one that had
// decoded the other types first). test/mixed-process.ts times the difference.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packages = join(root, "..");

const files = [join(root, "test", "gen"), join(packages, "codec", "src", "gen"), join(packages, "bench", "src", "gen")]
  .flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith("_tw.ts"))
      .map((name) => join(dir, name)),
  )
  .map((file) => ({ name: file.slice(packages.length + 1), source: readFileSync(file, "utf8") }));

/** The body of each implementation of `export function <prefix>X(...)` (the overload signatures end in `;`). */
function bodies(source: string, prefix: string): Map<string, string> {
  const found = new Map<string, string>();
  const head = new RegExp(`^export function ${prefix}(\\w+)\\((?:[^;{]|\\n)*?\\{\\n`, "gm");
  for (const match of source.matchAll(head)) {
    const start = (match.index ?? 0) + match[0].length;
    found.set(match[1] as string, source.slice(start, source.indexOf("\n}\n", start)));
  }
  return found;
}

test("the generated files are found, each with decoders", () => {
  assert.ok(files.length >= 10, `${files.length} files`);
  for (const { name, source } of files) assert.ok(bodies(source, "decode").size > 0, name);
});

for (const { name, source } of files) {
  test(`${name}: decodeX, mergeX and encodeX call their message's own functions`, () => {
    const wrong: string[] = [];
    for (const [message, body] of bodies(source, "decode")) {
      if (!body.includes(`return read${message}(r, r.len, 1);`)) wrong.push(`decode${message}`);
    }
    for (const [message, body] of bodies(source, "merge")) {
      if (message.endsWith("From")) continue; // mergeXFrom, the merge loop itself (exported with internals=true)
      if (!body.includes(`merge${message}From(r, r.len, target, 1);`)) wrong.push(`merge${message}`);
    }
    for (const [message, body] of bodies(source, "encode")) {
      const own = message.endsWith("Delimited") ? message.slice(0, -"Delimited".length) : message;
      if (!body.includes(`write${own}(w, message as `)) wrong.push(`encode${message}`);
    }
    assert.deepEqual(wrong, []);
    assert.doesNotMatch(source, /\b(decodeWith|mergeWith|encodeWith|encodeDelimitedWith)\(/);
  });
}
