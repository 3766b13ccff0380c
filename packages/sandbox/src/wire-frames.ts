// A tick's feed frames as complete WebSocket frames (header and payload, unmasked as a server sends them), each
// encoded once into one buffer for the tick however many sockets take it, and a socket's share of them gathered into
// one write. ws encodes and writes every message on its own (a header buffer, two writes, and for a text frame the
// base64 string copied into a buffer of its own): at 50,000 frames a second that was most of the sandbox's CPU.
import type { FeedFrame } from "./frame.js";

const OPCODE_TEXT = 0x81; // FIN + text
const OPCODE_BINARY = 0x82; // FIN + binary

/** The header's length for a payload of `length` bytes (RFC 6455 5.2; no mask from a server). */
function headerLength(length: number): number {
  return length < 126 ? 2 : length < 65_536 ? 4 : 10;
}

function writeHeader(target: Buffer, at: number, opcode: number, length: number): number {
  target[at] = opcode;
  if (length < 126) {
    target[at + 1] = length;
    return at + 2;
  }
  if (length < 65_536) {
    target[at + 1] = 126;
    target.writeUInt16BE(length, at + 2);
    return at + 4;
  }
  target[at + 1] = 127;
  target.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
  target.writeUInt32BE(length >>> 0, at + 6);
  return at + 10;
}

/** One complete text WebSocket frame holding `text` (an error notice written between feed frames). */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const out = Buffer.allocUnsafe(headerLength(length) + length);
  out.write(text, writeHeader(out, 0, OPCODE_TEXT, length), "utf8");
  return out;
}

/**
 * The tick's frames in one format (base64 text, or binary), encoded on first use: a tick that no socket of that
 * format takes costs nothing. Frames are encoded in the order they are first asked for, which is their order, so a
 * socket that takes consecutive frames takes one range of the buffer.
 */
export class TickFrames {
  private readonly buffer: Buffer;
  private used = 0;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;

  constructor(
    private readonly frames: readonly FeedFrame[],
    private readonly binary: boolean,
  ) {
    let bound = 0;
    for (const frame of frames) {
      const payload = binary ? frame.bytes.length : 4 * Math.ceil(frame.bytes.length / 3);
      bound += headerLength(payload) + payload;
    }
    this.buffer = Buffer.allocUnsafe(bound);
    this.starts = new Int32Array(frames.length).fill(-1);
    this.ends = new Int32Array(frames.length);
  }

  /** Frame `index`'s start in `buffer`, encoding it if it was not yet. */
  start(index: number): number {
    let start = this.starts[index];
    if (start >= 0) return start;
    start = this.used;
    const bytes = this.frames[index].bytes;
    let at: number;
    if (this.binary) {
      at = writeHeader(this.buffer, start, OPCODE_BINARY, bytes.length);
      this.buffer.set(bytes, at);
      at += bytes.length;
    } else {
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("base64");
      at = writeHeader(this.buffer, start, OPCODE_TEXT, text.length);
      at += this.buffer.write(text, at, "latin1");
    }
    this.starts[index] = start;
    this.ends[index] = at;
    this.used = at;
    return start;
  }

  end(index: number): number {
    return this.ends[index];
  }

  get bytes(): Buffer {
    return this.buffer;
  }
}

/** What one socket gets this tick: runs of a tick buffer and whole frames between them, written at once at the end. */
export class SocketBatch {
  private readonly chunks: Buffer[] = [];
  private run: Buffer | undefined;
  private runStart = 0;
  private runEnd = 0;
  /** Bytes added this tick: the socket's buffer will hold them, so they count against its high-water mark. */
  bytes = 0;

  add(source: Buffer, start: number, end: number): void {
    this.bytes += end - start;
    if (source === this.run && start === this.runEnd) {
      this.runEnd = end;
      return;
    }
    this.closeRun();
    this.run = source;
    this.runStart = start;
    this.runEnd = end;
  }

  addFrame(frame: Buffer): void {
    this.closeRun();
    this.chunks.push(frame);
    this.bytes += frame.length;
  }

  /** The batch as one buffer (no copy when it is one run), or undefined when it is empty. */
  take(): Buffer | undefined {
    this.closeRun();
    if (this.chunks.length <= 1) return this.chunks[0];
    return Buffer.concat(this.chunks, this.bytes);
  }

  private closeRun(): void {
    if (this.run === undefined) return;
    this.chunks.push(this.run.subarray(this.runStart, this.runEnd));
    this.run = undefined;
  }
}
