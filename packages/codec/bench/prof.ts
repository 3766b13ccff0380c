import { frames } from "/work/wt-codec/packages/codec/bench/frames.js";
import { decodeMessage } from "/work/wt-codec/packages/codec/dist/index.js";

const which = process.argv[2] ?? "TickData";
const mode = (process.argv[3] ?? "bigint") as "bigint";
const f = frames.find((x) => x.name.startsWith(which))!;
let sink = 0;
const N = Math.floor(2e7 / f.bytes.length);
for (let k = 0; k < 5; k++) {
  const t = performance.now();
  for (let i = 0; i < N; i++) sink += decodeMessage(f.bytes, { int64: mode }).MessageCode;
  const dt = performance.now() - t;
  console.log(which, mode, ((dt * 1e6) / N).toFixed(0), "ns");
}
