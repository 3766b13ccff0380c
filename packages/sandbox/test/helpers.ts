// Shared test helpers: a sandbox with captured logs, login, raw HTTP calls, and a WebSocket client that decodes.
import { type DecodedMessage, FrameDecoder } from "@tickwire/codec";
import WebSocket from "ws";
import { type Sandbox, type SandboxOptions, type SandboxUser, startSandbox } from "../src/index.js";

export const USERS: SandboxUser[] = [
  { userId: "TRADER01", appKey: "k3y-for-trader01-0123456789", clientCode: "CL0001" },
  { userId: "TRADER02", appKey: "k3y-for-trader02-9876543210" },
  { userId: "BLOCKED01", appKey: "k3y-for-blocked01-55555555", disabled: true },
];

export interface TestSandbox extends Sandbox {
  logs: string[];
}

export async function start(options: SandboxOptions = {}): Promise<TestSandbox> {
  const logs: string[] = [];
  const sandbox = await startSandbox({
    users: USERS,
    logger: { level: "trace", stream: { write: (line: string) => logs.push(line) } },
    ...options,
  });
  return Object.assign(sandbox, { logs });
}

/** Runs `body` against a sandbox of its own, started with `options` and closed afterwards whatever happens. */
export async function withSandbox<T>(options: SandboxOptions, body: (sandbox: TestSandbox) => Promise<T>): Promise<T> {
  const sandbox = await start(options);
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

export async function post(sandbox: Sandbox, path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(sandbox.httpUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "*/*", ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export async function get(sandbox: Sandbox, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(sandbox.httpUrl + path, { headers: { accept: "*/*", ...headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export const LOGIN = "/api_gateway/v1/api/app_login";
export const POSITIONS = "/api/v1/positions";
export const LTP = "/api/marketfeed/ltp";
export const TRADES = "/api_interactive/api/v1/trades";

export async function login(sandbox: Sandbox, user: SandboxUser = USERS[0]): Promise<string> {
  const response = await post(sandbox, LOGIN, JSON.stringify({ userId: user.userId, appKey: user.appKey }));
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return (JSON.parse(response.text) as { data: { accessToken: string } }).data.accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A feed client on `sandbox` logged in with `token`, once its socket is open. */
export async function openFeed(sandbox: Sandbox, token: string): Promise<FeedClient> {
  const client = new FeedClient(`${sandbox.wsUrl}?key=${token}`);
  await client.opened();
  return client;
}

/** A feed client that keeps every data frame (raw and decoded) and every text notice. */
export class FeedClient {
  readonly socket: WebSocket;
  readonly raw: Uint8Array[] = [];
  readonly messages: DecodedMessage<"bigint">[] = [];
  readonly texts: string[] = [];
  readonly binaryFlags: boolean[] = [];
  private readonly decoder: FrameDecoder;
  private waiters: (() => void)[] = [];
  closed: Promise<{ code: number; reason: string }>;

  constructor(url: string, format: "base64" | "binary" = "base64") {
    this.decoder = new FrameDecoder({ framing: format === "binary" ? "message" : "base64" });
    this.socket = new WebSocket(url);
    this.closed = new Promise((resolve) => {
      this.socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.socket.on("message", (data: Buffer, isBinary) => {
      if (!isBinary) {
        const text = data.toString();
        // "ping" and "pong" are valid base64 too: a feed client must filter them before decoding.
        if (text === "ping" || text === "pong" || text.startsWith("{")) {
          this.texts.push(text);
          this.notify();
          return;
        }
        this.record(text, new Uint8Array(Buffer.from(text, "base64")), false);
      } else {
        this.record(new Uint8Array(data), new Uint8Array(data), true);
      }
    });
  }

  private record(input: string | Uint8Array, bytes: Uint8Array, binary: boolean): void {
    for (const message of this.decoder.push(input)) this.messages.push(message as DecodedMessage<"bigint">);
    this.raw.push(bytes);
    this.binaryFlags.push(binary);
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.readyState === WebSocket.OPEN) return resolve();
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
  }

  send(value: unknown): void {
    this.socket.send(typeof value === "string" ? value : JSON.stringify(value, (_k, v) => v));
  }

  /** Waits until `predicate` holds after some frame or notice arrives (or already holds). */
  async until(predicate: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}

/** The status code of a refused upgrade. */
export function upgradeStatus(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on("open", () => {
      socket.close();
      reject(new Error("the upgrade was accepted"));
    });
    socket.on("error", () => {});
  });
}

/** Polls a condition on the server side (stats), for effects no frame announces. */
export async function eventually(predicate: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const base64url = (text: string) => Buffer.from(text).toString("base64url");
export const decodeSegment = (segment: string) =>
  JSON.parse(Buffer.from(segment, "base64url").toString()) as Record<string, unknown>;
