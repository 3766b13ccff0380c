import { frames } from "/work/main/packages/bench/dist/frames.js";
import { decodeMessage } from "@tickwire/codec";
const name = process.argv[2];
const f = frames.find((x) => x.name === name).bytes;
let sink;
const t = performance.now();
let n = 0;
while (performance.now() - t < 3000) { for (let i = 0; i < 1000; i++) sink = decodeMessage(f, { int64: "number" }); n += 1000; }
console.log(name, ((performance.now() - t) * 1e6 / n).toFixed(0), "ns/op", typeof sink);
