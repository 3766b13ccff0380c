// The fault proxy's frame splitter: the server-to-client stream cut into the HTTP head and whole WebSocket frames,
// whatever the chunking, so injected bytes always land between frames.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FrameSplitter, wsFrame } from "../src/faults/proxy.js";

const head = Buffer.from("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n");

test("frames of 7-bit, 16-bit and 64-bit lengths come out whole, however the stream is chunked", () => {
  const frames = [
    wsFrame(1, Buffer.from("abc")),
    wsFrame(2, new Uint8Array(300).fill(7)),
    wsFrame(2, new Uint8Array(70_000)),
  ];
  const stream = Buffer.concat([head, ...frames]);
  for (const piece of [1, 3, 125, 4096, stream.length]) {
    const splitter = new FrameSplitter();
    const units: Uint8Array[] = [];
    for (let at = 0; at < stream.length; at += piece) units.push(...splitter.push(stream.subarray(at, at + piece)));
    assert.deepEqual(
      units.map((u) => u.length),
      [head.length, ...frames.map((f) => f.length)],
      `pieces of ${piece}`,
    );
    assert.deepEqual(Buffer.from(units[1] as Uint8Array), Buffer.from(frames[0] as Uint8Array));
  }
});

test("a refused upgrade (401) is passed through as raw bytes", () => {
  const splitter = new FrameSplitter();
  const answer = Buffer.from("HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\n\r\n{}");
  const units = splitter.push(answer);
  assert.equal(Buffer.concat(units).toString(), answer.toString());
  assert.equal(splitter.push(Buffer.from("more")).length, 1);
});

test("raw: bytes that are not HTTP (NATS's INFO line) are forwarded as they come, not held for a head's end", () => {
  const splitter = new FrameSplitter(true);
  const info = Buffer.from('INFO {"server_id":"x"}\r\n');
  assert.deepEqual(
    splitter.push(info).map((u) => Buffer.from(u).toString()),
    [info.toString()],
  );
  assert.equal(new FrameSplitter().push(info).length, 0, "the WebSocket mode waits for the head's end");
});
