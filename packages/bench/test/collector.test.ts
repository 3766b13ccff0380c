import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fromBinary } from "@bufbuild/protobuf";
import { DECODERS, decoderFor, SUBJECTS } from "../src/general/collector.js";
import { generalSubjects } from "../src/general/subjects.js";

test("each decoder of the collector's table decodes its subject as fromBinary does", () => {
  for (const subject of SUBJECTS) {
    const [s] = generalSubjects((n) => n === subject);
    const expected = fromBinary(s.desc, s.frames[0]);
    for (const decoder of DECODERS) {
      const { frame, decode } = decoderFor(subject, decoder);
      assert.deepStrictEqual(decode(frame), expected, `${subject} ${decoder}`);
    }
  }
});

test("the collector's share counts the pauses within the window: a decoder that keeps what it allocates pays some", () => {
  // Each call allocates about 2 MB of small objects and keeps the last 8 calls' alive. In a
  // child whose young generation is 1 MB, every call starts collections that must copy and
  // promote, so the window has pauses however few calls a loaded machine fits into it (with
  // the default young generation, which V8 grows to tens of MB, a short window can hold none).
  // Without pretenuring: V8 soon allocates such long-lived objects in the old generation
  // directly, after which 3 calls made 2 scavenges, not 9 (Node 24), and a window that a loaded
  // machine let hold one call could see no pause (ci72, Node 24: "no pause seen"). Even so, one
  // more CI run on Node 24 saw a window with none (cause not found: not reproduced here at the
  // lowest priority beside busy loops, where one starved window of a single call still counted
  // 286 ms of pauses), so the child measures up to three windows and every one is reported.
  const collector = pathToFileURL(fileURLToPath(new URL("../src/general/collector.ts", import.meta.url))).href;
  const script = `
    import { collectorShare } from ${JSON.stringify(collector)};
    const kept = [];
    const decode = () => {
      const list = Array.from({ length: 50_000 }, (_, i) => ({ i }));
      kept.push(list);
      if (kept.length > 8) kept.shift();
      return list;
    };
    const shares = [];
    for (let i = 0; i < 3 && !(shares.at(-1)?.gcMs > 0); i++) {
      shares.push(await collectorShare(decode, new Uint8Array(0), 300));
    }
    console.log(JSON.stringify(shares));
  `;
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--max-semi-space-size=1",
      "--no-allocation-site-pretenuring",
      "--input-type=module",
      "--eval",
      script,
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  const shares = JSON.parse(r.stdout) as { ms: number; gcMs: number; decodes: number }[];
  for (const share of shares) {
    assert.ok(share.decodes > 0, r.stdout);
    assert.ok(share.gcMs <= share.ms, `${share.gcMs} ms of collector in ${share.ms} ms a decode`);
  }
  assert.ok(
    shares.some((share) => share.gcMs > 0),
    `no pause seen in ${shares.length} windows: ${r.stdout}`,
  );
});

test("a decode's heap figures: what it keeps is at most what it allocates", () => {
  const script = fileURLToPath(new URL("../src/general/collector.ts", import.meta.url));
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--expose-gc",
      "--min-semi-space-size=128",
      "--max-semi-space-size=128",
      script,
      "--heap",
      "RepeatedMessages-1MB",
      "tickwire",
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  const { allocated, kept } = JSON.parse(r.stdout) as { allocated: number; kept: number };
  assert.ok(kept > 1, `a 1 MB message decodes to more than 1 MB of objects (kept ${kept} MB)`);
  assert.ok(kept <= allocated * 1.01, `kept ${kept} MB of ${allocated} MB allocated`);
});
