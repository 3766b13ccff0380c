// The micro-variants behind the bench README's "Where a list of 1 spends its 18 ns": a reader of
// one packed int32 field (field 3) through decodeWith, timed as bench:short times a decoder (CPU
// time, 300 ms warm-up, the median of seven 40 ms windows, 16 distinct frames). One variant per
// process: run it in processes of its own, alternating the variants.
//
// node scripts/packed-list-variants.mjs <variant> <values per list> [<bytes per value: 1|2>]
//   empty: the result with an empty list, nothing read; read-only: tag, length and values read, not stored;
//   current: the runtime's readPackedInt32 pushing into the `[]` the generated code makes;
//   first-value: the list started from its first value (`[v]`) and returned, the rest pushed;
//   local-push: one- and two-byte values read inline with the position in a local, pushed (what
//   the runtime's short varint runs do since this script was written; `current` was the checked call per value);
//   and decodeWith's own cost, on an empty input and a Point-shaped result: shell (decodeWith),
//   no-shell (the result built by a plain call), no-try (a copy without try/finally), no-instanceof
//   (a copy without the Uint8Array check).
import {
  decodeWith,
  int64ModeOf,
  prepareReader,
  Reader,
  readInt32,
  readLengthEnd,
  readPackedInt32,
} from "@tickwire/runtime";

const [variant = "current", countArg = "1", widthArg = "2"] = process.argv.slice(2);
const count = Number(countArg);
const valueAt = (i) => (widthArg === "1" ? i % 100 : 1000 + 37 * i);
const shellVariant = ["shell", "no-shell", "no-try", "no-instanceof"].includes(variant);
const frames = Array.from({ length: 16 }, (_, frame) => {
  if (shellVariant) return new Uint8Array(0);
  const bytes = Array.from({ length: count }, (_, k) => valueAt(frame * count + k)).flatMap((v) =>
    v < 0x80 ? [v] : [0x80 | (v & 0x7f), v >> 7],
  );
  return new Uint8Array([26, bytes.length, ...bytes]);
});

function fieldLoop(r, end, onList) {
  let list = [];
  while (r.pos < end) {
    if (r.buf[r.pos++] !== 26) throw new Error("unexpected tag");
    list = onList(r, list);
  }
  return { fInt32: list };
}

function firstValue(r, list) {
  const end = readLengthEnd(r);
  if (list.length === 0 && r.pos < end) list = [readInt32(r)];
  while (r.pos < end) list.push(readInt32(r));
  return list;
}

const readers = {
  empty: () => ({ fInt32: [] }),
  "read-only": (r, end) =>
    fieldLoop(r, end, (r, list) => {
      const listEnd = readLengthEnd(r);
      while (r.pos < listEnd) readInt32(r);
      return list;
    }),
  current: (r, end) =>
    fieldLoop(r, end, (r, list) => {
      readPackedInt32(r, list);
      return list;
    }),
  "first-value": (r, end) => fieldLoop(r, end, firstValue),
  "local-push": (r, end) =>
    fieldLoop(r, end, (r, list) => {
      const listEnd = readLengthEnd(r);
      const buf = r.buf;
      let pos = r.pos;
      while (pos < listEnd) {
        let b = buf[pos++];
        let v = b & 0x7f;
        if (b >= 0x80) {
          b = buf[pos++];
          v |= (b & 0x7f) << 7;
          if (b >= 0x80) {
            r.pos = pos - 2;
            v = readInt32(r);
            pos = r.pos;
          }
        }
        list.push(v);
      }
      r.pos = pos;
      return list;
    }),
};
const options = { int64: "number" };
const emptyPoint = (r) => ({
  $typeName: "tickwire.bench.v1.Point",
  id: r.zero64,
  x: 0,
  y: 0,
  label: "",
  level: 0,
  flags: 0,
});
const ownReader = new Reader();
ownReader.copyBytes = false;
function noTry(bytes, opts, read) {
  prepareReader(ownReader, bytes, opts);
  const message = read(ownReader, ownReader.len, 1);
  ownReader.release();
  return message;
}
function noInstanceof(bytes, opts, read) {
  const r = ownReader;
  r.setMode(int64ModeOf(opts?.int64));
  r.unknownFields = opts?.readUnknownFields !== false;
  r.reset(bytes, 0, bytes.length, 0, 0);
  try {
    return read(r, r.len, 1);
  } finally {
    r.release();
  }
}
const shells = {
  shell: (bytes) => decodeWith(bytes, options, emptyPoint),
  "no-shell": () => ({ $typeName: "tickwire.bench.v1.Point", id: 0, x: 0, y: 0, label: "", level: 0, flags: 0 }),
  "no-try": (bytes) => noTry(bytes, options, emptyPoint),
  "no-instanceof": (bytes) => noInstanceof(bytes, options, emptyPoint),
};
const read = readers[variant];
if (read === undefined && shells[variant] === undefined) throw new Error(`no variant ${variant}`);
const decode = shells[variant] ?? ((bytes) => decodeWith(bytes, options, read));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loop = new Function(
  "decode",
  "frames",
  "let last; return () => { for (let k = 0; k < 64; k++) for (let i = 0; i < frames.length; i++) last = decode(frames[i]); return last; };",
)(decode, frames);
let start = cpuMs();
while (cpuMs() - start < 300) loop();
const perDecode = [];
for (let w = 0; w < 7; w++) {
  let calls = 0;
  start = cpuMs();
  while (cpuMs() - start < 40) {
    loop();
    calls++;
  }
  perDecode.push(((cpuMs() - start) * 1e6) / (calls * 64 * frames.length));
}
perDecode.sort((a, b) => a - b);
console.log(`${variant} ${count} ${perDecode[3].toFixed(1)}`);
