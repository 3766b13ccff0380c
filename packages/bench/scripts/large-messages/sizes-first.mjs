// Issue 33, item 4: a sizes-first encoder of Node (general suite's Nested) written by hand,
// against the generated one (fork/join: one byte reserved per nested message, the bytes moved
// up when the message is 128 bytes or more). Checks both give the same bytes, then times one of
// them: CPU ms per encode. SPLIT=1 also times the sizing pass and the write pass apart.
// node --no-concurrent-recompilation scripts/large-messages/sizes-first.mjs <Nested-1MB|Nested-10KB> <fork|sizes> [ms]
import {
  encodeWith,
  isSet,
  writeByte,
  writeBytes,
  writeDouble,
  writeInt32,
  writeInt64,
  writePackedSint32,
  writeSint32,
  writeString,
  writeUint32,
} from "@tickwire/runtime";
import { encodeNode } from "../../dist/gen/tickwire/bench/v1/features_tw.js";
import { generalSubjects } from "../../dist/general/subjects.js";

const [name, variant, msArg] = process.argv.slice(2);
const s = generalSubjects((n) => n === name)[0];
const msg = s.messages[0];
const v32 = (v) => (v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5);
function utf8Len(t) {
  const n = t.length;
  for (let i = 0; i < n; i++) if (t.charCodeAt(i) >= 0x80) return utf8Slow(t);
  return n;
}
function utf8Slow(t) {
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < t.length && (t.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
function i64(v) {
  if (v < 0n) return 10;
  if (v < 0x10000000n) return v32(Number(v));
  let n = 5;
  v >>= 35n;
  while (v > 0n) {
    n++;
    v >>= 7n;
  }
  return n;
}
const i32 = (v) => (v < 0 ? 10 : v32(v));
const S = [];
let si = 0;
function sizePoint(m) {
  const at = S.length;
  S.push(0);
  let n = 0;
  if (m.id !== 0n) n += 1 + i64(m.id);
  if (!Object.is(m.x, 0)) n += 9;
  if (!Object.is(m.y, 0)) n += 9;
  if (m.label !== "") {
    const l = utf8Len(m.label);
    n += 1 + v32(l) + l;
  }
  if (m.level !== 0) n += 1 + i32(m.level);
  if (m.flags !== 0) n += 1 + v32(m.flags);
  S[at] = n;
  return n;
}
function sizeNode(m) {
  const at = S.length;
  S.push(0);
  let n = 0;
  if (m.name !== "") {
    const l = utf8Len(m.name);
    n += 1 + v32(l) + l;
  }
  if (m.id !== 0n) n += 1 + i64(m.id);
  if (m.weight !== undefined && isSet(m, "weight")) n += 9;
  if (m.level !== 0) n += 1 + i32(m.level);
  if (m.origin !== undefined && isSet(m, "origin")) {
    const l = sizePoint(m.origin);
    n += 1 + v32(l) + l;
  }
  const p = m.payload;
  if (p.case === "text") {
    const l = utf8Len(p.value);
    n += 1 + v32(l) + l;
  } else if (p.case === "point") {
    const l = sizePoint(p.value);
    n += 1 + v32(l) + l;
  } else if (p.case === "count") n += 1 + v32(((p.value << 1) ^ (p.value >> 31)) >>> 0);
  const d = m.deltas;
  if (d.length > 0) {
    let k = 0;
    for (let i = 0; i < d.length; i++) k += v32(((d[i] << 1) ^ (d[i] >> 31)) >>> 0);
    n += 1 + v32(k) + k;
  }
  if (m.blob.byteLength > 0) n += 1 + v32(m.blob.byteLength) + m.blob.byteLength;
  const c = m.children;
  for (let i = 0; i < c.length; i++) {
    const l = sizeNode(c[i]);
    n += 1 + v32(l) + l;
  }
  S[at] = n;
  return n;
}
function len(w, n) {
  if (n < 0x80) writeByte(w, n);
  else writeUint32(w, n, "");
}
function writePointS(w, m) {
  if (m.id !== 0n) {
    writeByte(w, 0x08);
    writeInt64(w, m.id, "Point.id");
  }
  if (!Object.is(m.x, 0)) {
    writeByte(w, 0x11);
    writeDouble(w, m.x, "Point.x");
  }
  if (!Object.is(m.y, 0)) {
    writeByte(w, 0x19);
    writeDouble(w, m.y, "Point.y");
  }
  if (m.label !== "") {
    writeByte(w, 0x22);
    writeString(w, m.label, "Point.label");
  }
  if (m.level !== 0) {
    writeByte(w, 0x28);
    writeInt32(w, m.level, "Point.level");
  }
  if (m.flags !== 0) {
    writeByte(w, 0x30);
    writeUint32(w, m.flags, "Point.flags");
  }
}
function writeNodeS(w, m) {
  if (m.name !== "") {
    writeByte(w, 0x0a);
    writeString(w, m.name, "Node.name");
  }
  if (m.id !== 0n) {
    writeByte(w, 0x10);
    writeInt64(w, m.id, "Node.id");
  }
  if (m.weight !== undefined && isSet(m, "weight")) {
    writeByte(w, 0x19);
    writeDouble(w, m.weight, "Node.weight");
  }
  if (m.level !== 0) {
    writeByte(w, 0x20);
    writeInt32(w, m.level, "Node.level");
  }
  if (m.origin !== undefined && isSet(m, "origin")) {
    writeByte(w, 0x2a);
    len(w, S[si++]);
    writePointS(w, m.origin);
  }
  const p = m.payload;
  if (p.case === "text") {
    writeByte(w, 0x32);
    writeString(w, p.value, "Node.text");
  }
  if (p.case === "point") {
    writeByte(w, 0x3a);
    len(w, S[si++]);
    writePointS(w, p.value);
  }
  if (p.case === "count") {
    writeByte(w, 0x40);
    writeSint32(w, p.value, "Node.count");
  }
  if (m.deltas.length > 0) {
    writeByte(w, 0x4a);
    writePackedSint32(w, m.deltas, "Node.deltas");
  }
  if (m.blob.byteLength > 0) {
    writeByte(w, 0x52);
    writeBytes(w, m.blob, "Node.blob");
  }
  for (const c of m.children) {
    writeByte(w, 0x5a);
    len(w, S[si++]);
    writeNodeS(w, c);
  }
}
function encodeNodeSizes(m) {
  S.length = 0;
  si = 1;
  sizeNode(m);
  return encodeWith(m, writeNodeS);
}
const a = encodeNode(msg),
  b = encodeNodeSizes(msg);
if (a.length !== b.length || a.some((x, i) => x !== b[i])) throw new Error("sizes-first bytes differ");
const enc = variant === "sizes" ? encodeNodeSizes : encodeNode;
// biome-ignore lint/correctness/noUnusedVariables: only written, so that the optimiser keeps each call whose result it holds
let sink;
const ms = Number(msArg ?? 1500);
let t0 = performance.now();
while (performance.now() - t0 < 500) sink = enc(msg);
const c0 = process.cpuUsage();
let n = 0;
t0 = performance.now();
while (performance.now() - t0 < ms) {
  sink = enc(msg);
  n++;
}
const c = process.cpuUsage(c0);
console.log(
  JSON.stringify({ name, variant, cpuMsPerEncode: +((c.user + c.system) / 1000 / n).toFixed(3), bytes: a.length, n }),
);
if (process.env.SPLIT) {
  let t = process.cpuUsage();
  for (let i = 0; i < 50; i++) {
    S.length = 0;
    sizeNode(msg);
  }
  let c1 = process.cpuUsage(t);
  console.log("size pass ms", (c1.user + c1.system) / 1000 / 50, "slots", S.length);
  t = process.cpuUsage();
  for (let i = 0; i < 50; i++) {
    si = 1;
    sink = encodeWith(msg, writeNodeS);
  }
  c1 = process.cpuUsage(t);
  console.log("write pass ms", (c1.user + c1.system) / 1000 / 50);
}
