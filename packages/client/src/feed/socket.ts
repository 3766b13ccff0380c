// Which WebSocket to use: the caller's, the runtime's global (browsers, Deno, Bun, Node 22+), else the `ws` package,
// imported only then, so nothing on the REST path (or in a browser bundle's hot path) pulls in Node modules.
import type { WebSocketConstructor } from "../options.js";

export class WebSocketSource {
  #resolved: Promise<WebSocketConstructor> | undefined;

  constructor(private readonly configured: WebSocketConstructor | undefined) {}

  get(): Promise<WebSocketConstructor> {
    this.#resolved ??= this.#resolve();
    return this.#resolved;
  }

  async #resolve(): Promise<WebSocketConstructor> {
    if (this.configured) return this.configured;
    const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    // On Node, `ws` (a dependency) comes first even where Node 22+ has a global: only `ws` can terminate() a
    // stalled connection, and the global's closing handshake never completes on a half-open link, so each
    // stall would leave a socket and a timer behind (docs/reliability/faults.md).
    if (typeof global === "function" && !isNode()) return global;
    try {
      return await importWs();
    } catch (error) {
      if (typeof global === "function") return global;
      throw error;
    }
  }
}

async function importWs(): Promise<WebSocketConstructor> {
  const module = (await import(/* webpackIgnore: true */ /* @vite-ignore */ "ws")) as {
    WebSocket?: unknown;
    default?: unknown;
  };
  return (module.WebSocket ?? module.default) as WebSocketConstructor;
}

/** Node itself, not Bun or Deno (which also set process.versions.node). */
function isNode(): boolean {
  const runtime = globalThis as { process?: { versions?: Record<string, string | undefined> }; Deno?: unknown };
  const versions = runtime.process?.versions;
  return typeof versions?.node === "string" && versions.bun === undefined && runtime.Deno === undefined;
}

/** The text of a handshake failure, where the implementation gives one (`ws`: "Unexpected server response: 401"). */
export function handshakeStatus(event: Event): number | undefined {
  const detail = event as Event & { message?: unknown; error?: { message?: unknown } };
  const text = typeof detail.message === "string" ? detail.message : detail.error?.message;
  if (typeof text !== "string") return undefined;
  const match = /Unexpected server response: (\d{3})/.exec(text);
  return match ? Number(match[1]) : undefined;
}

const noop = () => {};

/**
 * Detaches our handlers and closes the socket. `onerror` stays a no-op rather than null: `ws` emits an "error" when a
 * connecting socket is closed, and an EventEmitter "error" without a listener would throw.
 */
export function detach(socket: WebSocket): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = noop;
}

/** Closes a socket and resolves once it is closed, or after `graceMs` (then `ws`'s terminate() cuts it). */
export function closeSocket(socket: WebSocket, code: number, reason: string, graceMs: number): Promise<void> {
  detach(socket);
  if (socket.readyState === 3 /* CLOSED */) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      socket.onclose = null;
      terminate(socket);
      resolve();
    }, graceMs);
    socket.onclose = () => {
      clearTimeout(timer);
      socket.onclose = null;
      resolve();
    };
    try {
      socket.close(code, reason);
    } catch {
      terminate(socket);
    }
  });
}

/** Cuts the connection now where the implementation allows it (`ws`), else starts a normal close. */
export function terminate(socket: WebSocket): void {
  detach(socket);
  const cut = (socket as WebSocket & { terminate?: () => void }).terminate;
  try {
    if (typeof cut === "function") cut.call(socket);
    else if (socket.readyState < 2) socket.close(4000, "stalled");
  } catch {
    // Already closing: nothing left to do.
  }
}
