// Every case bench:bounds times has a bound that builds all of what tickwire returns, checked
// before timing (cases.ts): here for every subject of both suites, both int64 modes and encode,
// and the checks shown to refuse a bound made from less than the output.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  BoundMismatch,
  boundCall,
  checkDecodeBound,
  checkEncodeBound,
  DIRECTIONS,
  generalBoundSubject,
  marketDataBoundSubjects,
} from "../src/bounds/cases.js";
import { decodeBound, encodeBound } from "../src/bounds/output.js";
import { wireValueBytes } from "../src/bounds/wire-values.js";
import { generatedCodec } from "../src/general/cases.js";
import { GENERAL_SUBJECT_NAMES, generalSubjects } from "../src/general/subjects.js";

test("every subject of both suites, 1 MB ones included, has bounds that pass the checks in all three directions", () => {
  const subjects = [...marketDataBoundSubjects(300), ...generalSubjects().map((s) => generalBoundSubject(s))];
  assert.equal(subjects.length, 6 + GENERAL_SUBJECT_NAMES.length);
  // boundCall throws unless its checks pass (they build every output, write every frame); the timed passes it hands
  // out would run the same bound again and nothing reads them (0.7 of this file's 10 CPU-s).
  for (const s of subjects)
    for (const direction of DIRECTIONS) assert.equal(typeof boundCall(s, direction, "bound"), "function");
});

test("a decode bound made from outputs with an element missing is refused", () => {
  const [s] = generalSubjects((n) => n === "RepeatedMessages-10KB");
  const decode = generatedCodec("RepeatedMessages").decode;
  const outputs = s.frames.map((f) => decode(f));
  checkDecodeBound(s.name, decodeBound(s.desc, outputs), outputs);
  const lossy = s.frames.map((f) => decode(f) as { points: unknown[] });
  lossy[0].points.pop();
  assert.throws(() => checkDecodeBound(s.name, decodeBound(s.desc, lossy), outputs), /for frame 0/);
});

test("a decode bound of the bigint mode does not pass for the number path's output", () => {
  const [s] = generalSubjects((n) => n === "Scalars-100B");
  const decode = generatedCodec("Scalars").decode;
  const bigints = s.frames.map((f) => decode(f));
  const numbers = s.frames.map((f) => decode(f, { int64: "number" }));
  assert.throws(() => checkDecodeBound(s.name, decodeBound(s.desc, bigints), numbers), BoundMismatch);
});

test("an encode bound whose walk skips values is refused, though its result is the frame", () => {
  const [s] = generalSubjects((n) => n === "RepeatedMessages-10KB");
  checkEncodeBound(s.name, encodeBound(s.desc, s.messages, s.frames), s.desc, s.frames);
  const decode = generatedCodec("RepeatedMessages").decode;
  const lossy = s.frames.map((f) => decode(f) as { points: unknown[] });
  lossy[0].points.length = 1;
  assert.throws(
    () => checkEncodeBound(s.name, encodeBound(s.desc, lossy, s.frames), s.desc, s.frames),
    /wrote \d+ bytes for message 0/,
  );
});

test("wireValueBytes counts a frame's values, not its tags and lengths", () => {
  const [s] = generalSubjects((n) => n === "StringMap-100B");
  const entries = (s.messages[0] as { entries: Record<string, string> }).entries;
  const text = Object.entries(entries).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  assert.equal(wireValueBytes(s.desc, s.frames[0]), text);
});
