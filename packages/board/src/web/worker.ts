// The board's decoder: a Web Worker that holds the page's WebSocket to the board server (reconnecting with backoff
// when the server goes away), reads its binary batches with the codec's ViewDecoder (one reused view, no allocation
// per frame), times the decode and the model update of every frame apart, and sends the page what changed a few
// times a second.
import { ViewDecoder } from "@tickwire/codec";
import { BATCH_HEADER_BYTES, type ServerNotice } from "../protocol.js";
import { BoardModel, type Ladder, type Quote } from "./model.js";
import { type Percentiles, SlidingWindow } from "./window-stats.js";

export type ToWorker = { type: "start"; feedUrl: string; intervalMs: number } | { type: "select"; id: number | null };

export type ConnectionState = "connecting" | "open" | "gone";

export interface WorkerSnapshot {
  quotes: Quote[];
  /** The selected instrument's ladder when it changed (or the selection did); undefined: unchanged. */
  ladder?: { id: number; ladder: Ladder | null };
  /** Live frames decoded since the page opened (snapshot frames not counted). */
  messages: number;
  /** Frames replayed from the server's snapshot, on every (re)connect. */
  resynced: number;
  decodeErrors: number;
  messagesPerSecond: number;
  /** Page clock (epoch ms) of the last batch, live or snapshot; null before any. */
  lastBatchAt: number | null;
  /** Per-message decode and model-update time, microseconds, over the last 10 s (see the perf panel). */
  decode: Percentiles | null;
  update: Percentiles | null;
  /** Board server receive time (epoch ms) of the first frame of each live batch since the last snapshot. */
  batchesReceivedAt: number[];
}

export type FromWorker =
  | {
      type: "connection";
      state: ConnectionState;
      attempt: number;
      since: number;
      retryAt: number | null;
      reconnects: number;
    }
  | { type: "notice"; notice: ServerNotice }
  | { type: "snapshot"; snapshot: WorkerSnapshot };

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
}
const scope = self as unknown as WorkerScope;

const WINDOW_MS = 10_000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 8000;
/** Latency samples kept between two snapshots at most (one per batch; batches are at least 10 ms apart). */
const MAX_BATCHES = 2000;

const model = new BoardModel();
const decodeWindow = new SlidingWindow(WINDOW_MS);
const updateWindow = new SlidingWindow(WINDOW_MS);
let selected: number | null = null;
let selectionChanged = false;
let messages = 0;
let resynced = 0;
let decodeErrors = 0;
let intervalMessages = 0;
let intervalStart = performance.now();
let lastBatchAt: number | null = null;
let batchesReceivedAt: number[] = [];

// Per batch: the decode time of each frame (from the end of the previous frame's update to the view being ready)
// and its model update, summed; one clock read between the two.
let mark = 0;
let batchFrames = 0;
let batchDecodeMs = 0;
let batchUpdateMs = 0;
const visit = (view: Parameters<BoardModel["apply"]>[0]) => {
  const decoded = performance.now();
  batchDecodeMs += decoded - mark;
  model.apply(view);
  mark = performance.now();
  batchUpdateMs += mark - decoded;
  batchFrames++;
};

/** When the board server went away (epoch ms); null while connected or before the first connection. */
let goneSince: number | null = null;

function connect(feedUrl: string, attempt: number, reconnects: number): void {
  if (goneSince === null) {
    scope.postMessage({
      type: "connection",
      state: "connecting",
      attempt,
      since: Date.now(),
      retryAt: null,
      reconnects,
    });
  }
  const decoder = new ViewDecoder({ framing: "delimited", onError: () => decodeErrors++ });
  const socket = new WebSocket(feedUrl);
  socket.binaryType = "arraybuffer";
  let syncing = true;
  let opened = false;
  socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data === "string") {
      const notice = JSON.parse(event.data) as ServerNotice;
      if (notice.type === "hello") {
        opened = true;
        syncing = true;
        goneSince = null;
        scope.postMessage({
          type: "connection",
          state: "open",
          attempt: 0,
          since: Date.now(),
          retryAt: null,
          reconnects,
        });
      }
      if (notice.type === "synced") syncing = false;
      scope.postMessage({ type: "notice", notice });
      return;
    }
    const receivedAt = new DataView(event.data).getFloat64(0, true);
    batchFrames = 0;
    batchDecodeMs = 0;
    batchUpdateMs = 0;
    mark = performance.now();
    decoder.pushEach(new Uint8Array(event.data, BATCH_HEADER_BYTES), visit);
    const now = performance.now();
    lastBatchAt = Date.now();
    if (batchFrames > 0) {
      decodeWindow.add((batchDecodeMs * 1000) / batchFrames, now);
      updateWindow.add((batchUpdateMs * 1000) / batchFrames, now);
    }
    if (syncing) resynced += batchFrames;
    else {
      messages += batchFrames;
      intervalMessages += batchFrames;
      if (batchesReceivedAt.length < MAX_BATCHES) batchesReceivedAt.push(receivedAt);
    }
  };
  socket.onclose = () => {
    const next = opened ? 1 : attempt + 1;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (next - 1));
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    goneSince ??= Date.now();
    scope.postMessage({
      type: "connection",
      state: "gone",
      attempt: next,
      since: goneSince,
      retryAt: Date.now() + delay,
      reconnects,
    });
    setTimeout(() => connect(feedUrl, next, reconnects + 1), delay);
  };
}
function post(): void {
  const now = performance.now();
  const snapshot: WorkerSnapshot = {
    quotes: model.changed(),
    messages,
    resynced,
    decodeErrors,
    messagesPerSecond: (intervalMessages * 1000) / Math.max(now - intervalStart, 1),
    lastBatchAt,
    decode: decodeWindow.percentiles(now),
    update: updateWindow.percentiles(now),
    batchesReceivedAt,
  };
  if (selected !== null && (model.takeLadderChange(selected) || selectionChanged)) {
    snapshot.ladder = { id: selected, ladder: model.ladder(selected) };
  }
  selectionChanged = false;
  intervalMessages = 0;
  intervalStart = now;
  batchesReceivedAt = [];
  scope.postMessage({ type: "snapshot", snapshot });
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    connect(message.feedUrl, 0, 0);
    setInterval(post, message.intervalMs);
  } else {
    selected = message.id;
    selectionChanged = true;
  }
};
