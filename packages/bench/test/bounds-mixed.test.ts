// bench:bounds and bench:mixed report in the shape the README's tables read (that every case's
// bound builds what tickwire returns: bounds-cases.test.ts). Fast: tiny windows and one or two
// rounds; no timing target is checked.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { decodeBound } from "../src/bounds/output.js";
import type { BoundsReport } from "../src/bounds/run.js";
import { generatedCodec } from "../src/general/cases.js";
import { generalSubjects } from "../src/general/subjects.js";
import type { MixedReport } from "../src/mixed/run.js";
import { builtScript } from "./run-bench.js";

/** A built bench command, as its package script runs it (`bench:mixed` loads Google's schemas as TypeScript: tsx). */
const run = (script: string, args: string[], nodeArgs: string[] = []) =>
  spawnSync(process.execPath, [...nodeArgs, builtScript(script), ...args], { encoding: "utf8", timeout: 300_000 });

test("a decode bound makes fresh strings and bigints on every call, sharing nothing with the last", () => {
  const [s] = generalSubjects((n) => n === "Scalars-100B");
  const outputs = s.frames.map((f) => generatedCodec("Scalars").decode(f));
  const bound = decodeBound(s.desc, outputs);
  const a = bound.build() as Record<string, unknown>;
  const b = bound.build() as Record<string, unknown>;
  assert.deepStrictEqual(a, b);
  assert.notStrictEqual(a, b);
  assert.equal(typeof a.fInt64, "bigint");
  assert.notStrictEqual(a.fBytes, b.fBytes);
});

test("bench:bounds reports tickwire / bound and the peers / tickwire per case with their intervals, both suites", () => {
  const out = mkdtempSync(join(tmpdir(), "bounds-smoke-"));
  try {
    // One round of 14 processes (each loads the bench's modules: about 0.4 CPU-s); the bigint decode is bounds-cases.test.ts's.
    const r = run("bounds/run.js", [
      "--rounds",
      "1",
      "--direction",
      "decode-number",
      "--direction",
      "encode",
      "--filter",
      "^(market-data/TickData|general/Order-100B)$",
      "--mixed-count",
      "20",
      "--warmup-ms",
      "30",
      "--window-ms",
      "20",
      "--out",
      out,
      "--label",
      "smoke",
    ]);
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(readFileSync(join(out, "smoke.json"), "utf8")) as BoundsReport;
    assert.equal(report.schema, "tickwire-bench-bounds/2");
    assert.equal(report.clock, "cpu");
    assert.equal(report.rounds, 1);
    const rows = report.rows.map((row) => `${row.suite} ${row.subject} ${row.direction}`).sort();
    assert.deepStrictEqual(rows, [
      "general Order-100B decode-number",
      "general Order-100B encode",
      "market-data TickData decode-number",
      "market-data TickData encode",
    ]);
    const peersOf = (direction: string) =>
      direction === "decode"
        ? ["protobuf-es"]
        : direction === "decode-number"
          ? ["protobufjs"]
          : ["protobuf-es", "protobufjs"];
    for (const row of report.rows) {
      assert.ok(row.tickwireNs > 0 && row.boundNs > 0, JSON.stringify(row));
      assert.ok(row.low <= row.ratio && row.ratio <= row.high, JSON.stringify(row));
      assert.deepStrictEqual(
        row.peers?.map((p) => p.peer),
        peersOf(row.direction),
        JSON.stringify(row),
      );
      for (const p of row.peers ?? [])
        assert.ok(p.rounds === 1 && p.low <= p.ratio && p.ratio <= p.high, JSON.stringify(p));
    }
    const md = readFileSync(join(out, "smoke.md"), "utf8");
    assert.match(
      md,
      /\| market-data \| TickData \| encode \| .* \| .* \| \d+\.\d\dx \(\d+\.\d\d-\d+\.\d\d\) \| (yes|\*\*no\*\*) \| \d+\.\d\dx \(.*\) \| \d+\.\d\dx \(.*\) \|/,
    );
    assert.match(md, /load average/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("bench:mixed reports mixed / alone per message type and direction, for the general suite and Google's schemas", () => {
  const out = mkdtempSync(join(tmpdir(), "mixed-smoke-"));
  try {
    const cases = [
      { schema: "general", filter: "^(Scalars|Nested)-100B$", names: ["Scalars-100B", "Nested-100B"] },
      {
        schema: "google",
        filter: "^proto2_unittest\\.TestMap(Submessage)?$",
        names: ["proto2_unittest.TestMap", "proto2_unittest.TestMapSubmessage"],
      },
    ];
    for (const c of cases) {
      const r = run(
        "mixed/run.js",
        [
          "--schema",
          c.schema,
          "--rounds",
          "1",
          "--filter",
          c.filter,
          "--warmup-ms",
          "20",
          "--window-ms",
          "20",
          "--out",
          out,
          "--label",
          "smoke",
        ],
        ["--import", "tsx"],
      );
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(readFileSync(join(out, `smoke-${c.schema}.json`), "utf8")) as MixedReport;
      assert.equal(report.types, 2);
      assert.deepStrictEqual(
        report.rows.map((row) => `${row.name} ${row.direction}`),
        [...c.names.map((n) => `${n} decode`), ...c.names.map((n) => `${n} encode`)],
      );
      for (const row of report.rows) {
        assert.ok(row.aloneNs > 0 && row.mixedNs > 0 && row.bytes > 0, JSON.stringify(row));
        assert.ok(Math.abs(row.ratio - row.mixedNs / row.aloneNs) < 1e-9, "one round: the ratio is that round's");
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
