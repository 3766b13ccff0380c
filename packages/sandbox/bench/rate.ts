// Measures the feed: how many messages a second the simulator produces on its own, and what one subscriber to
// every instrument receives end to end at each target rate. The subscriber runs in a separate process so it does
// not share the server's event loop. Not part of `test`: `pnpm --filter @tickwire/sandbox bench`.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { MarketSimulator, startSandbox } from "../src/index.js";

const require = createRequire(import.meta.url);
const wsPath = require.resolve("ws");
const SECONDS = Number(process.env.TICKWIRE_BENCH_SECONDS ?? 5);

function simulatorOnly(): number {
  const simulator = new MarketSimulator({ seed: 1, rate: 50_000 });
  const n = 300_000;
  const began = performance.now();
  for (let k = 0; k < n; k++) simulator.next();
  return Math.round((n / (performance.now() - began)) * 1000);
}

// The subscriber: counts frames for SECONDS after the first one, prints the count.
const CLIENT = `
const WebSocket = require(${JSON.stringify(wsPath)});
const [url, ids, format, seconds] = process.argv.slice(1);
const ws = new WebSocket(url + "&format=" + format);
let count = 0, bytes = 0, began = 0;
ws.on("open", () => ws.send(JSON.stringify({ action: "subscribe", instrumentIds: ids.split(",").map(String) })));
ws.on("message", (data, binary) => {
  if (!binary && (data.length <= 4 || data[0] === 123)) return;
  if (began === 0) { began = performance.now(); setTimeout(() => { console.log(JSON.stringify({ count, bytes, ms: performance.now() - began })); process.exit(0); }, seconds * 1000); }
  count++; bytes += data.length;
});
`;

async function endToEnd(rate: number, format: "binary" | "base64") {
  const sandbox = await startSandbox({ rate, logger: false });
  try {
    const login = await fetch(`${sandbox.httpUrl}/api_gateway/v1/api/app_login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: sandbox.demoUser?.userId, appKey: sandbox.demoUser?.appKey }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const ids = sandbox.instruments.map((i) => String(i.id)).join(",");
    const child = spawn(process.execPath, [
      "-e",
      CLIENT,
      `${sandbox.wsUrl}?key=${token}`,
      ids,
      format,
      String(SECONDS),
    ]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const before = sandbox.stats();
    await new Promise((resolve) => child.on("exit", resolve));
    const result = JSON.parse(out) as { count: number; bytes: number; ms: number };
    const after = sandbox.stats();
    return {
      rate,
      format,
      received: Math.round((result.count / result.ms) * 1000),
      dropped: after.dropped - before.dropped,
      mbPerSecond: Number((((result.bytes / result.ms) * 1000) / 1e6).toFixed(1)),
    };
  } finally {
    await sandbox.close();
  }
}

console.log(`node ${process.version}; simulator alone: ${simulatorOnly()} messages/s (generate + encode)`);
for (const rate of [10_000, 50_000, 100_000]) {
  for (const format of ["binary", "base64"] as const) console.log(JSON.stringify(await endToEnd(rate, format)));
}
