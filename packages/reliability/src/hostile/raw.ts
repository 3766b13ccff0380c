// A raw HTTP/1.1 exchange over node:net, so a case can send what no well-behaved client would: bytes trickled one
// at a time, thousands of headers, invalid UTF-8. Every exchange is bounded by `giveUpMs`; the socket is always closed.
import { connect } from "node:net";

export interface RawResult {
  /** HTTP status of the answer; 0 when none came. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent to the answer (or to the close when none came). */
  ms: number;
  /** How the exchange ended. */
  end: "answered" | "closed-without-answer" | "reset" | "gave-up";
}

export interface RawRequest {
  host: string;
  port: number;
  /** The bytes to send, in pieces; `pauseMs` between pieces (trickling). */
  pieces: readonly Uint8Array[];
  pauseMs?: number;
  /** Stop waiting after this long (default 10 s). */
  giveUpMs?: number;
}

function parseResponse(buffer: Buffer): { status: number; headers: Record<string, string>; body: string } | undefined {
  const split = buffer.indexOf("\r\n\r\n");
  if (split < 0) return undefined;
  const [statusLine, ...lines] = buffer.subarray(0, split).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers["content-length"] ?? Number.NaN);
  const body = buffer.subarray(split + 4);
  if (Number.isFinite(length) && body.length < length) return undefined;
  return {
    status: Number(statusLine?.split(" ")[1] ?? 0),
    headers,
    body: body.subarray(0, Number.isFinite(length) ? length : body.length).toString("utf8"),
  };
}

export function rawExchange(request: RawRequest): Promise<RawResult> {
  const giveUpMs = request.giveUpMs ?? 10_000;
  return new Promise((resolve) => {
    const socket = connect({ host: request.host, port: request.port });
    const chunks: Buffer[] = [];
    let started = 0;
    let settled = false;
    let trickle: NodeJS.Timeout | undefined;
    const finish = (end: RawResult["end"]) => {
      if (settled) return;
      settled = true;
      clearTimeout(trickle);
      clearTimeout(giveUp);
      const ms = started === 0 ? 0 : performance.now() - started;
      socket.destroy();
      const parsed = parseResponse(Buffer.concat(chunks));
      if (parsed) resolve({ ...parsed, ms, end: end === "gave-up" ? end : "answered" });
      else resolve({ status: 0, headers: {}, body: "", ms, end });
    };
    const giveUp = setTimeout(() => finish("gave-up"), giveUpMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (parseResponse(Buffer.concat(chunks))) finish("answered");
    });
    socket.on("error", () => finish("reset"));
    socket.on("close", () => finish("closed-without-answer"));
    socket.on("connect", () => {
      started = performance.now();
      let index = 0;
      const sendNext = () => {
        if (settled || socket.destroyed) return;
        const piece = request.pieces[index++];
        if (piece === undefined) return;
        socket.write(piece);
        if (index < request.pieces.length) trickle = setTimeout(sendNext, request.pauseMs ?? 0);
      };
      sendNext();
    });
  });
}

const encoder = new TextEncoder();

/** One request's bytes: a request line, headers (Host and Connection: close added), and a body. */
export function httpRequest(
  method: string,
  path: string,
  headers: Record<string, string> | [string, string][],
  body: string | Uint8Array = "",
): Uint8Array {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const pairs = Array.isArray(headers) ? headers : Object.entries(headers);
  const head = [`${method} ${path} HTTP/1.1`, "host: 127.0.0.1"];
  if (!pairs.some(([name]) => name.toLowerCase() === "connection")) head.push("connection: close");
  for (const [name, value] of pairs) head.push(`${name}: ${value}`);
  if (method !== "GET" || bytes.length > 0) head.push(`content-length: ${bytes.length}`);
  const top = encoder.encode(`${head.join("\r\n")}\r\n\r\n`);
  const all = new Uint8Array(top.length + bytes.length);
  all.set(top);
  all.set(bytes, top.length);
  return all;
}

/** Splits bytes into one-byte pieces (for trickling). */
export function bytewise(bytes: Uint8Array, limit = bytes.length): Uint8Array[] {
  return Array.from(bytes.subarray(0, limit), (byte) => Uint8Array.of(byte));
}
