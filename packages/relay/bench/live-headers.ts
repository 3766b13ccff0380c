// A consumer reading the four headers of each relayed message, paired and interleaved: nats.js's header map
// (`m.headers`, then four `get`s, as the core live path did) against `readLiveHeaders` (the header bytes, one pass).
// Messages with the relay's headers go through a real nats-server once and are kept; each round reads all of them
// both ways (nats.js's cached map is cleared before its turn, so every read decodes). Nanoseconds per message,
// median of rounds.
//   node --import tsx packages/relay/bench/live-headers.ts [--count 20000] [--rounds 9]
import { connect, headers, type Msg } from "@nats-io/transport-node";
import { startNatsServers } from "@tickwire/testkit/nats-server";
import { MSG_ID_HEADER, readLiveHeaders } from "../src/live-headers.js";
import { FRAME_HEADER, POSITION_HEADER, RECEIVED_HEADER } from "../src/subjects.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const count = arg("count", 20_000);
const rounds = arg("rounds", 9);
const nats = await startNatsServers(1);
const nc = await connect({ servers: nats.urls });
const kept: Msg[] = [];
const all = new Promise<void>((resolve) =>
  nc.subscribe("bench.>", {
    callback: (_e, m) => {
      kept.push(m);
      if (kept.length === count) resolve();
    },
  }),
);
await nc.flush();
const payload = new Uint8Array(120).fill(7);
const epoch = "k3v9x2";
for (let i = 0; i < count; i++) {
  // As the relay's publisher sets them; one frame in ten went to several subjects and carries a frame id.
  const h = headers();
  h.set("Nats-Msg-Id", `NSECM.${1000 + (i % 26)}.${1_700_000_000_000 + i}.${i}`);
  h.set(RECEIVED_HEADER, String(1_700_000_000_000 + i));
  h.set(POSITION_HEADER, `${epoch}.${i + 1}`);
  if (i % 10 === 0) h.set(FRAME_HEADER, `f${i}`);
  nc.publish(`bench.NSECM.${1000 + (i % 26)}.TickData`, payload, { headers: h });
  if (i % 1000 === 999) await nc.flush();
}
await all;

let sink = 0;
function viaHeaderMap(): number {
  for (const m of kept) (m as unknown as { _headers?: unknown })._headers = undefined;
  const t0 = performance.now();
  for (const m of kept) {
    const h = m.headers;
    const position = h?.get(POSITION_HEADER) || undefined;
    const msgId = h?.get(MSG_ID_HEADER) || undefined;
    const received = h?.get(RECEIVED_HEADER) || undefined;
    const frameId = h?.get(FRAME_HEADER) || undefined;
    sink += (position?.length ?? 0) + (msgId?.length ?? 0) + (received?.length ?? 0) + (frameId?.length ?? 0);
  }
  return ((performance.now() - t0) * 1e6) / kept.length;
}
function viaHeaderBytes(): number {
  const t0 = performance.now();
  for (const m of kept) {
    const { position, msgId, received, frameId } = readLiveHeaders(m);
    sink += (position?.length ?? 0) + (msgId?.length ?? 0) + (received?.length ?? 0) + (frameId?.length ?? 0);
  }
  return ((performance.now() - t0) * 1e6) / kept.length;
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const map: number[] = [];
const bytes: number[] = [];
for (let r = 0; r < rounds; r++) {
  // Alternating which goes first: neither always runs on a warmer heap.
  if (r % 2 === 0) {
    map.push(viaHeaderMap());
    bytes.push(viaHeaderBytes());
  } else {
    bytes.push(viaHeaderBytes());
    map.push(viaHeaderMap());
  }
}
console.log(`${kept.length} messages, ${rounds} rounds (the first of each warms up the JIT), ns per message:`);
console.log(`  nats.js header map + 4 gets: median ${median(map).toFixed(0)}  rounds ${map.map((x) => x.toFixed(0))}`);
console.log(
  `  readLiveHeaders:             median ${median(bytes).toFixed(0)}  rounds ${bytes.map((x) => x.toFixed(0))}`,
);
if (sink === 0) console.log("(nothing read)");
await nc.close();
await nats.close();
