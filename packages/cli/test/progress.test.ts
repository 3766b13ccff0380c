import assert from "node:assert/strict";
import { test } from "node:test";
import { formatBytes, Progress } from "../src/progress.js";
import { Board } from "../src/terminal-board.js";

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) > 0 };
}

test("the progress bar stays quiet when stderr is not a TTY", () => {
  const stream = sink(false);
  const progress = new Progress("decode", 10 << 20, stream);
  progress.update(5 << 20, 1000);
  progress.done();
  assert.deepEqual(stream.writes, []);
});

test("the progress bar shows bytes, percentage, ETA and frames/s", () => {
  const progress = new Progress("decode", 10 << 20, sink(true));
  progress.update(5 << 20, 1000);
  const line = progress.render(Date.now() + 1000);
  assert.match(line, /50%/);
  assert.match(line, /5\.0 MiB/);
  assert.match(line, /of 10\.0 MiB/);
  assert.match(line, /ETA \d+s/);
  assert.match(line, /frames\/s/);
  assert.equal(formatBytes(512), "512 B");
});

test("the board keeps last price, change, volume and best bid/ask per instrument", () => {
  const board = new Board();
  board.apply({
    subtype: {
      case: "TouchLineDataMessage",
      value: {
        InstrumentID: 7n,
        InstrumentName: "ACME",
        LTP: 101,
        Close: 100,
        VTT: 5000n,
        BestBidLevel: [{ Price: 100.95 }],
        BestAskLevel: [{ Price: 101.05 }],
      },
    },
  } as never);
  const row = board.rows.get(7n);
  assert.deepEqual(
    { last: row?.last, close: row?.close, volume: row?.volume, bid: row?.bid, ask: row?.ask },
    { last: 101, close: 100, volume: 5000n, bid: 100.95, ask: 101.05 },
  );
  assert.match(board.render(), /ACME +101\.00 +1\.00% +5000 +100\.95 +101\.05 +1\n/);
});
