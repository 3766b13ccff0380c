// The README's example, run as written: against a sandbox (for baseUrl, userId, appKey) and a nats-server of its own
// (its URL put in place of nats://127.0.0.1:4222), in a file inside the package so the imports resolve.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startSandbox } from "@tickwire/sandbox";
import { type NatsServers, startNatsServers } from "@tickwire/testkit/nats-server";

const run = promisify(execFile);
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const example =
  /<!-- compile-only \(needs a platform and a NATS server; test\/readme\.test\.ts[^>]*-->\n```ts\n([\s\S]*?)```/.exec(
    readme,
  )?.[1];

let nats: NatsServers;
before(async () => {
  nats = await startNatsServers(1);
});
after(() => nats.close());

test("the README's relay and consumer example runs", async () => {
  assert.ok(example, "the README has the example");
  const sandbox = await startSandbox({ logger: false, rate: 500 });
  const file = fileURLToPath(new URL("./readme-example.tmp.ts", import.meta.url));
  try {
    const user = sandbox.demoUser;
    assert.ok(user);
    const source = example
      .replaceAll("nats://127.0.0.1:4222", nats.urls[0])
      .replace(
        'import { startRelay, subscribeRelay } from "@tickwire/relay";',
        `import { startRelay, subscribeRelay } from "../src/index.js";\nconst [baseUrl, userId, appKey] = ${JSON.stringify([sandbox.httpUrl, user.userId, user.appKey])};`,
      );
    writeFileSync(file, source);
    const { stdout } = await run(process.execPath, ["--import", "tsx", file], { timeout: 30_000 });
    assert.match(stdout, /^110010000002885n? [\d.]+$/m);
    assert.match(stdout, /published/);
  } finally {
    rmSync(file, { force: true });
    await sandbox.close();
  }
});
