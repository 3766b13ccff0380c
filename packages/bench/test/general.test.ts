// The general suite (`--suite general`) in smoke mode: every feature message, the orders
// schema's Order and the proto2, Struct and editions messages, decoded and encoded by the
// plugin's output against protobuf-es and protobufjs, verified before timing, with a PASS/MISS per case from the interleaved method.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { GENERAL_DECODERS, GENERAL_ENCODERS } from "../src/general/cases.js";
import { FEATURES, GENERAL_SUBJECT_NAMES, generalSubjects } from "../src/general/subjects.js";
import { canonical, firstDifference } from "../src/normalise.js";
import type { Results } from "../src/results.js";
import { benchRunner, sabotagedSmoke } from "./run-bench.js";

const out = mkdtempSync(join(tmpdir(), "tickwire-bench-general-"));

const bench = benchRunner("--suite", "general");

const smoke = bench("--smoke", "--out", out);
const results = JSON.parse(readFileSync(join(out, "general-smoke.json"), "utf8")) as Results;
// A smoke run leaves out the 1 MB subjects (building them takes seconds per process).
const SMOKE_SUBJECTS = GENERAL_SUBJECT_NAMES.filter((s) => !s.endsWith("-1MB"));

test("the subjects are built from a seed: the same bytes every time, about 100 B, 10 KB and 1 MB", () => {
  const subjects = generalSubjects((name) => name.startsWith("Order-") || name.startsWith("Nested-"));
  const again = generalSubjects((name) => name === "Order-10KB");
  const order = subjects.find((s) => s.name === "Order-10KB");
  assert.deepEqual(again[0].frames, order?.frames);
  const sizes = subjects.filter((s) => s.feature === "Nested").map((s) => s.bytes);
  assert.ok(sizes[0] >= 50 && sizes[0] <= 200, `Nested-100B is ${sizes[0]} B`);
  assert.ok(sizes[1] >= 8_000 && sizes[1] <= 12_000, `Nested-10KB is ${sizes[1]} B`);
  assert.ok(sizes[2] >= 800_000 && sizes[2] <= 1_200_000, `Nested-1MB is ${sizes[2]} B`);
  // The frames are protobuf-es's encoding of the messages, and decode back to them.
  for (const s of subjects) {
    s.messages.forEach((m, i) => {
      assert.deepEqual(toBinary(s.desc, m as never), s.frames[i]);
      assert.equal(
        firstDifference(canonical(m, s.desc), canonical(fromBinary(s.desc, s.frames[i]), s.desc)),
        undefined,
      );
    });
  }
});

test("the proto2, Struct and editions subjects carry what they are there to time", () => {
  const subjects = generalSubjects((name) => /^(Proto2|Struct|Editions)-10KB$/.test(name));
  const [proto2, struct, editions] = ["Proto2", "Struct", "Editions"].map((f) => {
    const s = subjects.find((x) => x.feature === f);
    assert.ok(s !== undefined, f);
    return s;
  });
  // proto2: decoded quotes read some custom defaults from the prototype (not own properties) and set others.
  const quotes = proto2.frames.map((f) => fromBinary(proto2.desc, f) as unknown as Record<string, unknown>);
  const own = quotes.filter((q) => Object.hasOwn(q, "currency")).length;
  assert.ok(own > 0 && own < quotes.length, `${own} of ${quotes.length} quotes set currency`);
  const unset = quotes.find((q) => !Object.hasOwn(q, "lot"));
  assert.equal(unset?.lot, 25);
  assert.ok(quotes.some((q) => q.limits !== undefined));
  // Struct: JSON objects nested in objects and lists, with nulls, in the list of items.
  const event = fromBinary(struct.desc, struct.frames[0]) as unknown as { items: object[] };
  const text = JSON.stringify(event.items);
  assert.ok(event.items.length > 10 && /:\{/.test(text) && /:\[/.test(text) && /null/.test(text), text.slice(0, 200));
  // editions: the fills are groups (field 7: start tag 0x3b, end tag 0x3c) and the expanded sizes one tag each (0x48).
  const frame = editions.frames[0];
  const execution = fromBinary(editions.desc, frame) as unknown as { fills: unknown[]; sizes: number[] };
  const count = (tag: number) => frame.filter((b) => b === tag).length;
  assert.ok(count(0x3b) >= execution.fills.length && count(0x3c) >= execution.fills.length);
  assert.ok(count(0x48) >= execution.sizes.length);
  assert.ok(execution.sizes.length > 100);
});

test("the general smoke run succeeds with every case of every feature and size", () => {
  assert.equal(smoke.code, 0, smoke.stderr);
  assert.equal(results.suite, "general");
  assert.equal(results.method, "interleaved");
  const ids = new Set(results.cases.map((c) => c.id));
  for (const s of SMOKE_SUBJECTS) {
    for (const d of GENERAL_DECODERS) assert.ok(ids.has(`decode/${s}/${d}`), `decode/${s}/${d}`);
    for (const e of GENERAL_ENCODERS) assert.ok(ids.has(`encode/${s}/${e}`), `encode/${s}/${e}`);
  }
  assert.equal(results.cases.length, SMOKE_SUBJECTS.length * (GENERAL_DECODERS.length + GENERAL_ENCODERS.length));
  for (const f of FEATURES)
    assert.ok(
      SMOKE_SUBJECTS.some((s) => s.startsWith(`${f}-`)),
      f,
    );
  for (const c of results.cases) assert.ok(c.nsPerOp > 0 && c.samples === 2, c.id);
});

test("every case has its three verdicts, and the table shows each verdict's figure", () => {
  assert.equal(results.targets.length, SMOKE_SUBJECTS.length * 3);
  for (const t of results.targets) {
    assert.equal(t.method, "interleaved");
    assert.equal(t.verdict, t.ratio >= t.goal ? "PASS" : "MISS", `${t.name} ${t.subject}`);
    const [suite, fast, column] = t.name.startsWith("encodeX")
      ? ["encode", "tickwire", "vsProtobufEs"]
      : t.name.includes("protobufjs")
        ? ["decode", "tickwire-number", "vsProtobufjs"]
        : ["decode", "tickwire", "vsProtobufEs"];
    const c = results.cases.find((x) => x.id === `${suite}/${t.subject}/${fast}`);
    assert.equal(c?.[column as "vsProtobufEs" | "vsProtobufjs"], t.ratio, `${t.name} ${t.subject}`);
    assert.equal(typeof t.inProcess, "number");
  }
  assert.match(smoke.stdout, /decodeX vs protobuf-es fromBinary +Order-10KB/);
  const md = readFileSync(join(out, "general-smoke.md"), "utf8");
  assert.match(md, /^# @tickwire\/bench results: general suite/);
  assert.match(md, /protoc-gen-tickwire's decodeX/);
});

test("a generated decoder that returns a wrong value stops the general run before timing", () => {
  const r = sabotagedSmoke(bench, out, "^decode/Order-100B/", "decode/Order-100B/tickwire$");
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /verification failed, nothing was timed: Order-100B\/tickwire: frame 0 decodes wrongly: client_order_id: "ord-0-\w+" != absent/,
  );
  assert.doesNotMatch(r.stderr, /timing/);
});

test("a generated encoder whose bytes differ from toBinary's stops the run too", () => {
  const r = sabotagedSmoke(bench, out, "^encode/MessageMap-10KB/", "encode/MessageMap-10KB/tickwire$");
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /MessageMap-10KB\/encode tickwire: message 0: \d+ bytes differ from toBinary's \d+ bytes/);
});
