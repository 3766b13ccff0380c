// Connection faults: a client that resets (RST) or half-closes its TCP connection at every stage of an HTTP exchange
// and of a WebSocket upgrade. The vendor's feed clients reset a refused reconnect right after the 401; a server must
// survive that and every other stage, keep answering, and hold no socket afterwards.
import { connect } from "node:net";
import type { Sandbox } from "@tickwire/sandbox";
import { FEED, LTP, POSITIONS } from "./cases.js";
import { httpRequest, rawExchange } from "./raw.js";

const encoder = new TextEncoder();
const HEAD_END = "\r\n\r\n";

/** What the client does over one connection, in order. */
type Step =
  | { send: Uint8Array }
  | { waitFor: (received: Buffer) => boolean; what: string }
  /** RST: the connection is torn down at once, unread bytes and all. */
  | { reset: true }
  /** FIN: our side ends; we keep reading until the server closes. */
  | { halfClose: true }
  /**
   * Neither closes nor resets, even after the server's FIN (the socket is half-open on our side): the script ends
   * holding the connection, and only the server's own count shows whether it let go of its end.
   */
  | { holdAfterServerEnd: true };

export interface ScriptResult {
  ok: boolean;
  /** What went wrong, when not ok. */
  detail: string;
  received: Buffer;
  /** Frees the client's socket (a script that holds its connection leaves it open until this). */
  release(): void;
}

/** Runs a script over one raw connection; every wait is bounded by `giveUpMs`, and the socket is always freed. */
export function runScript(target: { host: string; port: number }, steps: readonly Step[], giveUpMs: number) {
  return new Promise<ScriptResult>((resolve) => {
    const holds = steps.some((step) => "holdAfterServerEnd" in step);
    // allowHalfOpen: Node would otherwise answer the server's FIN with ours, closing for the client that never does.
    const socket = connect({ host: target.host, port: target.port, allowHalfOpen: holds });
    const chunks: Buffer[] = [];
    let received = Buffer.alloc(0);
    let serverClosed = false;
    let serverEnded = false;
    let settled = false;
    let wake: (() => void) | undefined;
    const release = () => {
      if (!socket.destroyed) socket.destroy();
    };
    const finish = (ok: boolean, detail = "", hold = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      if (!hold) release();
      resolve({ ok, detail, received, release });
    };
    const giveUp = setTimeout(() => finish(false, "gave up waiting"), giveUpMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      received = Buffer.concat(chunks);
      wake?.();
    });
    socket.on("error", (error) => finish(false, `client socket error: ${error.message}`));
    socket.on("end", () => {
      serverEnded = true;
      wake?.();
    });
    socket.on("close", () => {
      serverClosed = true;
      wake?.();
    });
    const until = (condition: () => boolean) =>
      new Promise<void>((next) => {
        const check = () => {
          if (settled || condition()) {
            wake = undefined;
            next();
          }
        };
        wake = check;
        check();
      });
    socket.once("connect", async () => {
      for (const step of steps) {
        if (settled) return;
        if ("send" in step) socket.write(step.send);
        else if ("waitFor" in step) {
          await until(() => step.waitFor(received) || serverClosed);
          if (!step.waitFor(received)) return finish(false, `the server closed before ${step.what}`);
        } else if ("reset" in step) {
          socket.resetAndDestroy();
          return finish(true);
        } else if ("halfClose" in step) {
          socket.end();
          await until(() => serverClosed);
          return finish(true);
        } else {
          await until(() => serverEnded || serverClosed);
          return finish(true, "", true);
        }
      }
      finish(true);
    });
  });
}

/** A masked client TEXT frame (RFC 6455 5.2), payload under 126 bytes. */
export function clientTextFrame(text: string): Uint8Array {
  const payload = encoder.encode(text);
  if (payload.length >= 126) throw new RangeError("clientTextFrame: payload must be under 126 bytes");
  const mask = [0x12, 0x34, 0x56, 0x78];
  const frame = new Uint8Array(6 + payload.length);
  frame.set([0x81, 0x80 | payload.length, ...mask]);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = (payload[i] as number) ^ (mask[i % 4] as number);
  return frame;
}

/** One kind of exchange: its request head and what follows it, and the answer a well-behaved client gets. */
interface Exchange {
  name: string;
  /** The request head (request line and headers, up to and including the blank line). */
  head(close: boolean): Uint8Array;
  /** What the client sends after the head: a JSON body, or a subscribe frame after the handshake. */
  body: Uint8Array;
  status: number;
  /** An accepted WebSocket: the answer never ends by itself, so there is no "full response" to wait for. */
  websocket: boolean;
}

function headOf(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString("latin1");
  return bytes.subarray(0, text.indexOf(HEAD_END) + HEAD_END.length);
}

function exchanges(token: string, staleToken: string): Exchange[] {
  const ltpBody = encoder.encode('{"InstrumentIds":[110010000002885,110010000002885,110010000002885]}');
  const rest = (name: string, bearer: string, status: number): Exchange => ({
    name,
    head: (close) =>
      headOf(
        httpRequest(
          "POST",
          LTP,
          {
            "content-type": "application/json",
            authorization: `Bearer ${bearer}`,
            connection: close ? "close" : "keep-alive",
          },
          ltpBody,
        ),
      ),
    body: ltpBody,
    status,
    websocket: false,
  });
  const upgrade = (name: string, key: string, status: number): Exchange => ({
    name,
    head: () =>
      httpRequest("GET", `${FEED}?key=${encodeURIComponent(key)}`, {
        upgrade: "websocket",
        connection: "Upgrade",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        "sec-websocket-version": "13",
      }),
    body: clientTextFrame('{"action":"subscribe","instrumentIds":[110010000002885]}'),
    status,
    websocket: status === 101,
  });
  return [
    rest("REST call (LTP, 200)", token, 200),
    rest("REST call refused (stale token, 401)", staleToken, 401),
    upgrade("WebSocket upgrade accepted (101)", token, 101),
    upgrade("WebSocket upgrade refused (stale key=, 401)", staleToken, 401),
  ];
}

const statusLineArrived = (received: Buffer) => received.includes("\r\n");
const headArrived = (received: Buffer) => received.includes(HEAD_END);
/** The head plus at least one byte after it: a response body, or the feed's first frame after a 101. */
const bodyStarted = (received: Buffer) => {
  const end = received.indexOf(HEAD_END);
  return end >= 0 && received.length > end + HEAD_END.length;
};
const fullResponse = (received: Buffer) => {
  const end = received.indexOf(HEAD_END);
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString("latin1"));
  return length !== null && received.length >= end + HEAD_END.length + Number(length[1]);
};

/** The stages a connection can fail at; each one a script for an exchange (undefined: does not apply). */
const STAGES: {
  name: string;
  /** The client sent its whole request and waited for an answer: the status must be the exchange's. */
  answered?: boolean;
  script(exchange: Exchange): Step[] | undefined;
}[] = [
  { name: "reset before sending anything", script: () => [{ reset: true }] },
  {
    name: "reset after the request line",
    script: (x) => {
      const head = x.head(false);
      return [{ send: head.subarray(0, Buffer.from(head).indexOf("\r\n") + 2) }, { reset: true }];
    },
  },
  {
    name: "reset in the middle of the headers",
    script: (x) => {
      const head = x.head(false);
      const lineEnd = Buffer.from(head).indexOf("\r\n") + 2;
      return [{ send: head.subarray(0, lineEnd + Math.floor((head.length - lineEnd) / 2)) }, { reset: true }];
    },
  },
  {
    // For an upgrade, what follows the head is the client's first WebSocket frame (a subscribe), sent half.
    name: "reset in the middle of the request body",
    script: (x) => [
      { send: x.head(false) },
      ...(x.websocket ? [{ waitFor: headArrived, what: "the 101" }] : []),
      { send: x.body.subarray(0, Math.floor(x.body.length / 2)) },
      { reset: true },
    ],
  },
  {
    name: "reset right after the status line",
    answered: true,
    script: (x) => [
      { send: x.head(false) },
      ...(x.websocket ? [] : [{ send: x.body }]),
      { waitFor: statusLineArrived, what: "the status line" },
      { reset: true },
    ],
  },
  {
    // For an accepted upgrade, the response body is the feed: reset once its first frame has started to arrive.
    name: "reset in the middle of the response body",
    answered: true,
    script: (x) => [
      { send: x.head(false) },
      { send: x.body },
      { waitFor: bodyStarted, what: "the first bytes of the body" },
      { reset: true },
    ],
  },
  {
    // REST: the idle keep-alive connection; accepted upgrade: right after the handshake, without a close frame.
    name: "reset after the full response",
    answered: true,
    script: (x) => [
      { send: x.head(false) },
      ...(x.websocket
        ? [{ waitFor: headArrived, what: "the 101" }]
        : [{ send: x.body }, { waitFor: fullResponse, what: "the whole response" }]),
      { reset: true },
    ],
  },
  {
    name: "half-close after the request, reading until the server closes",
    script: (x) => [
      { send: x.head(false) },
      ...(x.websocket ? [{ waitFor: headArrived, what: "the 101" }] : [{ send: x.body }]),
      { halfClose: true },
    ],
  },
  {
    name: "half-close in the middle of the headers, reading until the server closes",
    script: (x) => {
      const head = x.head(false);
      return [{ send: head.subarray(0, Math.floor(head.length / 2)) }, { halfClose: true }];
    },
  },
  {
    // A client that never closes, even after the server's FIN (REST asks for Connection: close): the server must
    // destroy its end rather than wait for the client's FIN; the socket count after the repeats shows whether it did.
    name: "never closes after the response",
    answered: true,
    script: (x) =>
      x.websocket
        ? undefined
        : [
            { send: x.head(true) },
            { send: x.body },
            { waitFor: fullResponse, what: "the whole response" },
            { holdAfterServerEnd: true },
          ],
  },
];

export interface ConnectionCaseReport {
  group: "connection faults";
  name: string;
  ok: boolean;
  /** Times the fault was repeated on the same server. */
  repeats: number;
  /** Repeats whose script did not go as a correct server makes it go (the first one's detail below). */
  failedRepeats: number;
  detail: string;
  /** A normal secured request succeeded after every repeat. */
  servesAfter: boolean;
  /** TCP connections the server still held once everything settled (should be 0). */
  leakedSockets: number;
  ms: number;
}

async function socketsSettle(sandbox: Sandbox, withinMs: number): Promise<number> {
  const deadline = performance.now() + withinMs;
  while (sandbox.stats().sockets > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return sandbox.stats().sockets;
}

export interface ConnectionFaultContext {
  /** Starts the sandbox a case runs on, logs in, and says which token is stale. */
  start(): Promise<{ sandbox: Sandbox; token: string }>;
  staleToken: string;
  repeats: number;
  log: (line: string) => void;
}

async function runConnectionCase(
  context: ConnectionFaultContext,
  exchangeIndex: number,
  stage: (typeof STAGES)[number],
): Promise<ConnectionCaseReport | undefined> {
  const { sandbox, token } = await context.start();
  try {
    const exchange = exchanges(token, context.staleToken)[exchangeIndex] as Exchange;
    const script = stage.script(exchange);
    if (!script) return undefined;
    const target = { host: sandbox.host, port: sandbox.port };
    const started = performance.now();
    let failedRepeats = 0;
    let detail = "";
    let servesAfter = true;
    const held: (() => void)[] = [];
    for (let repeat = 0; repeat < context.repeats; repeat++) {
      const result = await runScript(target, script, 3_000);
      held.push(result.release);
      const statusLine = result.received.subarray(0, result.received.indexOf("\r\n")).toString("latin1");
      const wrongStatus = stage.answered && !statusLine.startsWith(`HTTP/1.1 ${exchange.status} `);
      if (!result.ok || wrongStatus) {
        failedRepeats++;
        detail ||= result.ok ? `answered "${statusLine}", expected ${exchange.status}` : result.detail;
      }
      const after = await rawExchange({
        ...target,
        pieces: [httpRequest("GET", POSITIONS, { authorization: `Bearer ${token}` })],
        giveUpMs: 3_000,
      });
      servesAfter &&= after.status === 200;
    }
    // Counted while the clients that never close still hold their ends.
    const leakedSockets = await socketsSettle(sandbox, 3_000);
    for (const release of held) release();
    const report: ConnectionCaseReport = {
      group: "connection faults",
      name: `${exchange.name}: ${stage.name}`,
      ok: failedRepeats === 0 && servesAfter && leakedSockets === 0,
      repeats: context.repeats,
      failedRepeats,
      detail,
      servesAfter,
      leakedSockets,
      ms: Math.round(performance.now() - started),
    };
    context.log(
      `${report.ok ? "ok  " : "FAIL"} connection faults / ${report.name}: x${report.repeats}, ${failedRepeats} failed${
        detail ? ` (${detail})` : ""
      }, ${leakedSockets} sockets left${servesAfter ? "" : ", server no longer serves"}`,
    );
    return report;
  } finally {
    await sandbox.close();
  }
}

/** Every stage for every exchange, each repeated on its own fresh server. */
export async function runConnectionFaults(context: ConnectionFaultContext): Promise<ConnectionCaseReport[]> {
  const reports: ConnectionCaseReport[] = [];
  for (let exchangeIndex = 0; exchangeIndex < 4; exchangeIndex++) {
    for (const stage of STAGES) {
      const report = await runConnectionCase(context, exchangeIndex, stage);
      if (report) reports.push(report);
    }
  }
  return reports;
}
