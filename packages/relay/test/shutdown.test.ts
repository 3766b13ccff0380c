// A relay process asked to stop (SIGTERM, as `tickwire relay` is) ends as soon as its relay has closed: close() must
// leave nothing armed. It used to leave a 2 s timer, so the process lingered 2 s.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { defaultInstruments } from "@tickwire/sandbox";
import { type Stack, startStack } from "./helpers.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/relay-process.ts", import.meta.url));

let stack: Stack;
before(async () => {
  stack = await startStack({ sandbox: { rate: 500 } });
});
after(() => stack.close());

test("after SIGTERM the relay process exits within 1 s of its relay closing", async (t) => {
  const options = {
    name: "stopping",
    platform: stack.platform,
    servers: stack.nats.urls,
    instruments: defaultInstruments.slice(0, 4).map((i) => String(i.id)),
    stream: { name: "STOPPING" },
  };
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, JSON.stringify(options)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.on("error", () => {});
  t.after(() => child.kill("SIGKILL"));
  let out = "";
  child.stdout?.on("data", (chunk) => {
    out += String(chunk);
  });
  while (!out.includes("active")) await once(child.stdout as NodeJS.ReadableStream, "data");
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  while (!out.includes("closed")) await once(child.stdout as NodeJS.ReadableStream, "data");
  const closedAt = Date.now();
  await exited;
  const lingerMs = Date.now() - closedAt;
  t.diagnostic(`exited ${lingerMs} ms after its relay closed`);
  assert.ok(lingerMs < 1000, `the process lingered ${lingerMs} ms after close()`);
});
