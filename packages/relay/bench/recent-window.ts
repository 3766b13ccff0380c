// The relay's recent-frames window alone: what recording a published message costs, and what answering a consumer's
// catch-up costs (2.1 s asked, as after a reconnect: 2 s of margin and the reconnect). 200,000 messages at 2,000/s
// of receive times (20,000 kept at the default 10 s), 115 subjects, 28 of them asked for. Five rounds.
//   node --import tsx packages/relay/bench/recent-window.ts
import { RecentWindow } from "../src/recent-window.js";

const data = new Uint8Array(150);
const subjects = Array.from({ length: 115 }, (_, i) => `tickwire.md.NSECM.${1000 + i}.TickData`);
const filters = subjects.slice(0, 28).map((s) => s.replace(/\.TickData$/, ".>"));
for (let round = 0; round < 5; round++) {
  const window = new RecentWindow({ ms: 10_000 });
  const n = 200_000;
  const t0 = Date.now();
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const at = t0 + i / 2;
    window.record(
      {
        subject: subjects[i % subjects.length],
        position: `0123456789ab.${i}`,
        msgId: `NSECM.x.TickData.${i}.deadbeef`,
        received: at.toFixed(3),
        frameId: undefined,
        data,
      },
      at,
    );
  }
  const recordUs = ((performance.now() - started) * 1000) / n;
  const askedAt = performance.now();
  const end = t0 + n / 2;
  const frames = window.select(filters, end - 2100, end);
  const answerMs = performance.now() - askedAt;
  console.log(
    `record ${recordUs.toFixed(2)} µs/message (kept ${window.size}); answer ${answerMs.toFixed(1)} ms, ${frames.length} frames`,
  );
}
