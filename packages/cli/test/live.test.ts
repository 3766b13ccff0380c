// demo, serve, record and replay end to end, each in a child process, against real loopback servers.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { defaultInstruments, startSandbox } from "@tickwire/sandbox";
import { demoLogin } from "@tickwire/testkit/sandbox";
import { jsonLines, tickwire } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tickwire-cli-live-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("demo --seconds 2: positions, prices, a board and a summary, then it exits 0 on its own", async () => {
  const started = Date.now();
  const result = await tickwire(["demo", "--seconds", "2"], { timeoutMs: 30_000 });
  assert.equal(result.signal, null, `killed: the demo did not exit by itself\n${result.stderr}`);
  assert.equal(result.code, 0, result.stderr);
  assert.ok(Date.now() - started < 30_000);
  const out = String(result.stdout);
  assert.match(out, /\npositions\nclient +instrument +net/);
  assert.match(out, /\nlast traded prices\n110010000002885 +RELIANCE +\d+\.\d\d\n/);
  assert.match(out, /\ninstrument +last +change +volume +bid +ask +updates\n/);
  assert.match(out, /\nmessages \d+ \(\d+\/s\): /);
  const summary = /messages +(\d+) in 2 s/.exec(out);
  assert.ok(summary && Number(summary[1]) > 100, out);
  assert.match(out, /decode errors 0/);
});

test("demo --url without credentials is a usage error", async () => {
  const result = await tickwire(["demo", "--url", "http://127.0.0.1:9"], {
    env: { TICKWIRE_USER: "", TICKWIRE_APP_KEY: "" },
  });
  assert.equal(result.code, 2);
  assert.match(result.stderr, /--url needs --user and --app-key/);
});

test("record a sandbox feed, decode the capture, replay it through a sandbox", async () => {
  const sandbox = await startSandbox({ logger: false, rate: 2000 });
  const capture = join(dir, "recorded.bin");
  try {
    const token = await demoLogin(sandbox);
    const ids = defaultInstruments.map((i) => String(i.id)).join(",");
    const recorded = await tickwire(
      ["record", "--url", `${sandbox.wsUrl}?key=${token}`, "--instruments", ids, "--count", "200", "--out", capture],
      { timeoutMs: 20_000 },
    );
    assert.equal(recorded.code, 0, recorded.stderr);
    assert.match(String(recorded.stdout), /^recorded 200 frames/);
  } finally {
    await sandbox.close();
  }
  const decoded = await tickwire(["decode", capture]);
  assert.equal(decoded.code, 0, decoded.stderr);
  const messages = jsonLines(decoded.stdout) as { ID: string }[];
  assert.equal(messages.length, 200);
  for (let i = 1; i < messages.length; i++) assert.ok(BigInt(messages[i].ID) > BigInt(messages[i - 1].ID));

  const replayed = await tickwire(["replay", capture, "--fast"], { timeoutMs: 20_000 });
  assert.equal(replayed.code, 0, replayed.stderr);
  assert.match(String(replayed.stdout), /replay finished: 200 messages/);
});

test("serve runs a sandbox that answers logins, and stops after --seconds", async () => {
  const result = await tickwire(["serve", "--seconds", "1", "--seed", "3"], { timeoutMs: 20_000 });
  assert.equal(result.code, 0, result.stderr);
  assert.match(
    String(result.stdout),
    /^sandbox listening: http:\/\/127\.0\.0\.1:\d+ {2}feed ws:\/\/127\.0\.0\.1:\d+\/md-streaming\/ws\n/,
  );
  assert.match(String(result.stdout), /sandbox closed after \d+ messages/);
  for (const command of ["demo", "serve", "record", "replay"]) {
    const help = await tickwire([command, "--help"]);
    assert.equal(help.code, 0);
    assert.match(String(help.stdout), new RegExp(`Usage: tickwire ${command}`));
  }
});
