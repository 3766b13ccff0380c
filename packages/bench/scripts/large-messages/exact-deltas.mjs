// Issue 33, item 3: the trial of exact-capacity short packed lists in the decoder. Rewrites the
// built Nested decoder (dist, not src/gen) so that `deltas`, when still empty, is made by a
// reader that counts the run's varints first and fills a list of that length (a push makes room
// for 17), then `tree-heap.mjs` times it against the build as generated. `--restore` puts the
// generated file back (or rebuild).
// node scripts/large-messages/exact-deltas.mjs [--restore]
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const file = new URL("../../dist/gen/tickwire/bench/v1/features_tw.js", import.meta.url);
const saved = new URL("../../dist/gen/tickwire/bench/v1/features_tw.generated.js", import.meta.url);
if (process.argv.includes("--restore")) {
  if (existsSync(saved)) copyFileSync(saved, file);
  process.exit(0);
}
if (!existsSync(saved)) copyFileSync(file, saved);
const source = readFileSync(saved, "utf8");
const start = source.indexOf("function readNode(r, end, depth) {");
const stop = source.indexOf("\nfunction ", start + 10);
const body = source
  .slice(start, stop)
  .replace("const $deltas = [];", "let $deltas = [];")
  .replace(
    "readPackedSint32(r, $deltas);",
    "if ($deltas.length === 0) $deltas = exactSint32(r); else readPackedSint32(r, $deltas);",
  );
const exactSint32 = `function exactSint32(r) {
    const start = r.pos;
    const end = readLengthEnd(r);
    if (end - r.pos >= 64) { r.pos = start; const list = []; readPackedSint32(r, list); return list; }
    const buf = r.buf;
    const len = r.len;
    let pos = r.pos;
    let count = 0;
    for (let p = pos; p < end; p++) count += (buf[p] >> 7) ^ 1;
    if (end > pos) count += buf[end - 1] >> 7;
    const list = new Array(count);
    let k = 0;
    while (pos < end) {
        const b = buf[pos];
        let zigzag = b;
        if (b < 0x80) pos++;
        else {
            const b2 = pos + 1 < len ? buf[pos + 1] : 0x80;
            if (b2 < 0x80) { pos += 2; zigzag = (b & 0x7f) | (b2 << 7); }
            else { r.pos = pos; list[k++] = readSint32(r); pos = r.pos; continue; }
        }
        list[k++] = (zigzag >>> 1) ^ -(zigzag & 1);
    }
    r.pos = pos;
    return list;
}
`;
writeFileSync(file, source.slice(0, start) + exactSint32 + body + source.slice(stop));
