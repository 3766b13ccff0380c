// The pages connected to a board: each gets, on connecting, a hello and the snapshot, then every batch of live
// frames, notices when the platform feed changes state, and a tick a second with the frames it lost.
import { WebSocket } from "ws";
import { BATCH_HEADER_BYTES, type ServerNotice, type UpstreamState } from "./protocol.js";

/** A page that falls this far behind loses frames (counted) rather than growing the server's memory. */
const PAGE_BUFFER_LIMIT = 8 * 1024 * 1024;
const TICK_MS = 1000;

interface Page {
  socket: WebSocket;
  dropped: number;
}

/** The batch format of protocol.ts: the receive time of the first frame, then the size-delimited frames. */
export function batchMessage(receivedAt: number, frames: readonly Uint8Array[], bytes: number): Buffer {
  const message = Buffer.allocUnsafe(BATCH_HEADER_BYTES + bytes);
  message.writeDoubleLE(receivedAt, 0);
  let at = BATCH_HEADER_BYTES;
  for (const frame of frames) {
    message.set(frame, at);
    at += frame.length;
  }
  return message;
}

export class Pages {
  private readonly pages = new Set<Page>();
  private readonly ticker: ReturnType<typeof setInterval>;
  framesDropped = 0;

  constructor(
    private readonly serverId: string,
    private readonly staleAfterMs: number,
    private readonly upstream: () => UpstreamState,
    private readonly snapshot: () => Uint8Array[],
  ) {
    this.ticker = setInterval(() => {
      for (const page of this.pages) send(page.socket, { type: "tick", dropped: page.dropped, upstream: upstream() });
    }, TICK_MS);
    this.ticker.unref();
  }

  get size(): number {
    return this.pages.size;
  }

  add(socket: WebSocket): void {
    const page: Page = { socket, dropped: 0 };
    socket.on("error", () => socket.terminate());
    socket.on("close", () => this.pages.delete(page));
    send(socket, {
      type: "hello",
      serverId: this.serverId,
      upstream: this.upstream(),
      staleAfterMs: this.staleAfterMs,
    });
    const frames = this.snapshot();
    if (frames.length > 0) {
      const bytes = frames.reduce((total, frame) => total + frame.length, 0);
      socket.send(batchMessage(performance.timeOrigin + performance.now(), frames, bytes), { binary: true });
    }
    send(socket, { type: "synced", frames: frames.length });
    this.pages.add(page);
  }

  /** One batch to every page; a page more than PAGE_BUFFER_LIMIT behind loses it. */
  broadcast(message: Buffer, frames: number): void {
    for (const page of this.pages) {
      if (page.socket.readyState !== WebSocket.OPEN) continue;
      if (page.socket.bufferedAmount > PAGE_BUFFER_LIMIT) {
        page.dropped += frames;
        this.framesDropped += frames;
      } else page.socket.send(message, { binary: true });
    }
  }

  notify(notice: ServerNotice): void {
    for (const page of this.pages) send(page.socket, notice);
  }

  close(): void {
    clearInterval(this.ticker);
    for (const page of this.pages) page.socket.terminate();
    this.pages.clear();
  }
}

function send(socket: WebSocket, notice: ServerNotice): void {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(notice));
}
