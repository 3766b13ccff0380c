// A TCP fault proxy for the fault tests and the faults campaign: it forwards 127.0.0.1:<port> to a target
// and, on demand, delays, fragments, pauses, silently drops (half-open: no FIN, no RST), cuts, or injects bytes into
// the server-to-client stream at a WebSocket frame boundary (or, raw, forwards a protocol such as NATS as it comes).
// Node only (node:net); bound to loopback, port 0.
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

export interface FaultProxyOptions {
  targetHost?: string;
  targetPort: number;
  /** Forward the server-to-client bytes as they come, for a protocol other than HTTP and WebSocket (NATS). */
  raw?: boolean;
}

/** A server-to-client unit: the HTTP head of the upgrade answer, one whole WebSocket frame, or raw bytes. */
type Unit = Uint8Array;

/** Splits the server-to-client byte stream into the HTTP head and then whole WebSocket frames. */
export class FrameSplitter {
  #buffer = new Uint8Array(0);
  #mode: "head" | "frames" | "raw";

  /** `raw`: no HTTP head and no frames to find; every chunk is one unit. */
  constructor(raw = false) {
    this.#mode = raw ? "raw" : "head";
  }

  push(chunk: Uint8Array): Unit[] {
    if (this.#mode === "raw") return [chunk];
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    const units: Unit[] = [];
    let at = 0;
    if (this.#mode === "head") {
      const end = indexOfHeadEnd(joined);
      if (end < 0) {
        this.#buffer = joined;
        return units;
      }
      const head = joined.subarray(0, end);
      units.push(head);
      at = end;
      // Only a 101 answer is followed by frames; anything else (a 401) is passed through as it comes.
      this.#mode = /^HTTP\/1\.1 101/.test(Buffer.from(head.subarray(0, 16)).toString("latin1")) ? "frames" : "raw";
      if (this.#mode === "raw") {
        if (at < joined.length) units.push(joined.subarray(at));
        this.#buffer = new Uint8Array(0);
        return units;
      }
    }
    for (;;) {
      const size = wsFrameSize(joined, at);
      if (size === undefined || at + size > joined.length) break;
      units.push(joined.subarray(at, at + size));
      at += size;
    }
    this.#buffer = joined.slice(at);
    return units;
  }
}

function indexOfHeadEnd(bytes: Uint8Array): number {
  for (let i = 3; i < bytes.length; i++) {
    if (bytes[i - 3] === 13 && bytes[i - 2] === 10 && bytes[i - 1] === 13 && bytes[i] === 10) return i + 1;
  }
  return -1;
}

/** The whole size of the WebSocket frame starting at `at`, or undefined while its header is incomplete. */
function wsFrameSize(bytes: Uint8Array, at: number): number | undefined {
  if (bytes.length - at < 2) return undefined;
  const second = bytes[at + 1];
  const masked = (second & 0x80) !== 0;
  const len7 = second & 0x7f;
  let header = 2;
  let payload = len7;
  if (len7 === 126) {
    if (bytes.length - at < 4) return undefined;
    header = 4;
    payload = (bytes[at + 2] << 8) | bytes[at + 3];
  } else if (len7 === 127) {
    if (bytes.length - at < 10) return undefined;
    header = 10;
    payload = Number(new DataView(bytes.buffer, bytes.byteOffset + at + 2, 8).getBigUint64(0));
  }
  return header + (masked ? 4 : 0) + payload;
}

/** An unmasked (server-to-client) WebSocket frame: FIN set, the given opcode (1 TEXT, 2 BINARY). */
export function wsFrame(opcode: number, payload: Uint8Array): Uint8Array {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = new Uint8Array(header + length);
  frame[0] = 0x80 | (opcode & 0x0f);
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame[2] = length >> 8;
    frame[3] = length & 0xff;
  } else {
    frame[1] = 127;
    new DataView(frame.buffer).setBigUint64(2, BigInt(length));
  }
  frame.set(payload, header);
  return frame;
}

/** A valid TEXT frame whose base64 holds a protobuf that cannot decode (field 1 with the reserved wire type 7). */
export function corruptProtobufFrame(): Uint8Array {
  return wsFrame(1, Buffer.from(Buffer.from([0x0f, 0xff, 0xff]).toString("base64")));
}

/** A TEXT frame whose payload is not UTF-8: a WebSocket protocol violation (the client must fail the connection). */
export function corruptWebSocketFrame(): Uint8Array {
  return wsFrame(1, Uint8Array.from([0xc3, 0x28, 0xff, 0xfe]));
}

/** One direction of one proxied connection: an ordered queue, written with the proxy's delay and fragmentation. */
class Pump {
  readonly #queue: { unit: Unit; due: number }[] = [];
  #running = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #immediate: ReturnType<typeof setImmediate> | undefined;
  #ended = false;

  constructor(
    private readonly proxy: FaultProxy,
    private readonly to: Socket,
  ) {}

  push(unit: Unit): void {
    if (this.proxy.isDropped(this.to)) return;
    this.#queue.push({ unit, due: Date.now() + this.proxy.delayMs });
    this.#run();
  }

  /** Ends the destination once everything queued is written. */
  end(): void {
    this.#ended = true;
    this.#run();
  }

  stop(): void {
    clearTimeout(this.#timer);
    clearImmediate(this.#immediate);
    this.#timer = undefined;
    this.#immediate = undefined;
    this.#queue.length = 0;
  }

  #run(): void {
    if (this.#running) return;
    this.#running = true;
    this.#step();
  }

  #step(): void {
    const to = this.to;
    if (to.destroyed || this.proxy.isDropped(to)) {
      this.#queue.length = 0;
      this.#running = false;
      return;
    }
    if (this.proxy.paused) {
      this.#timer = setTimeout(() => this.#step(), 5);
      return;
    }
    const head = this.#queue[0];
    if (head === undefined) {
      this.#running = false;
      if (this.#ended) to.end();
      return;
    }
    const wait = head.due - Date.now();
    if (wait > 0) {
      this.#timer = setTimeout(() => this.#step(), wait);
      return;
    }
    const max = this.proxy.fragmentBytes;
    if (max <= 0) {
      // Everything already due goes out now, in order.
      const now = Date.now();
      while (this.#queue.length > 0 && (this.#queue[0] as { due: number }).due <= now) {
        to.write((this.#queue.shift() as { unit: Unit }).unit);
      }
      this.#step();
      return;
    }
    // One piece of 1..max bytes per turn of the event loop, so the reader really sees the frame in pieces.
    const size = Math.min(head.unit.length, 1 + Math.floor(Math.random() * max));
    to.write(head.unit.subarray(0, size));
    if (size === head.unit.length) this.#queue.shift();
    else head.unit = head.unit.subarray(size);
    this.#immediate = setImmediate(() => this.#step());
  }
}

interface Link {
  client: Socket;
  upstream: Socket;
  down: Pump;
  up: Pump;
}

export class FaultProxy {
  /** Latency added to every chunk, each direction. */
  delayMs = 0;
  /** When above 0, each chunk is written in pieces of 1..fragmentBytes bytes. */
  fragmentBytes = 0;
  paused = false;
  /** Connections accepted since the start. */
  accepted = 0;
  /** Errors the listening server reported (failed accepts). */
  acceptErrors = 0;
  readonly #server: Server;
  readonly #links = new Set<Link>();
  readonly #dropped = new WeakSet<Socket>();
  #port = 0;

  private constructor(private readonly options: FaultProxyOptions) {
    this.#server = createServer((client) => this.#accept(client));
    // After listen, a failed accept (EMFILE and the like) is an 'error' on the server: counted, not fatal.
    this.#server.on("error", () => {
      this.acceptErrors++;
    });
  }

  static async start(options: FaultProxyOptions): Promise<FaultProxy> {
    const proxy = new FaultProxy(options);
    await new Promise<void>((resolve, reject) => {
      proxy.#server.once("error", reject);
      proxy.#server.listen(0, "127.0.0.1", () => {
        proxy.#server.off("error", reject);
        resolve();
      });
    });
    proxy.#port = (proxy.#server.address() as { port: number }).port;
    return proxy;
  }

  get port(): number {
    return this.#port;
  }

  get httpUrl(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.#port}/md-streaming/ws`;
  }

  /** Connections currently open through the proxy. */
  get connections(): number {
    return this.#links.size;
  }

  isDropped(socket: Socket): boolean {
    return this.#dropped.has(socket);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /**
   * Half-open: every open connection stops forwarding, both ways, and nothing is closed (no FIN, no RST): the peers
   * see silence. New connections are forwarded normally. A dropped link is freed once its client gives up on it.
   */
  drop(): void {
    for (const link of this.#links) {
      this.#dropped.add(link.client);
      this.#dropped.add(link.upstream);
      link.down.stop();
      link.up.stop();
    }
  }

  /** Destroys every open connection at once (the client sees the TCP connection end without a WebSocket close). */
  cut(): void {
    for (const link of this.#links) this.#unlink(link);
  }

  /** Puts `bytes` into every open server-to-client stream, at the next frame boundary, in order with the frames. */
  inject(bytes: Uint8Array): number {
    let count = 0;
    for (const link of this.#links) {
      link.down.push(bytes);
      count++;
    }
    return count;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(client: Socket): void {
    this.accepted++;
    client.setNoDelay(true);
    const upstream = tcpConnect(this.options.targetPort, this.options.targetHost ?? "127.0.0.1");
    upstream.setNoDelay(true);
    const link: Link = { client, upstream, down: new Pump(this, client), up: new Pump(this, upstream) };
    this.#links.add(link);
    const splitter = new FrameSplitter(this.options.raw);
    upstream.on("data", (chunk: Buffer) => {
      if (this.#dropped.has(upstream)) return;
      for (const unit of splitter.push(chunk)) link.down.push(unit);
    });
    client.on("data", (chunk: Buffer) => {
      if (!this.#dropped.has(client)) link.up.push(chunk);
    });
    upstream.on("end", () => {
      if (!this.#dropped.has(upstream)) link.down.end();
    });
    client.on("end", () => {
      if (!this.#dropped.has(client)) link.up.end();
    });
    const gone = () => this.#unlink(link);
    upstream.on("close", () => {
      // A dropped link keeps its client side open: the fault is that the client is never told.
      if (!this.#dropped.has(upstream)) gone();
    });
    client.on("close", gone);
    upstream.on("error", gone);
    client.on("error", gone);
  }

  #unlink(link: Link): void {
    if (!this.#links.delete(link)) return;
    link.down.stop();
    link.up.stop();
    link.client.destroy();
    link.upstream.destroy();
  }
}
