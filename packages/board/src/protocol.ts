// What the board's server and its page say to each other over the page's WebSocket. Binary messages are batches of
// feed frames; text messages are JSON notices about the connection and the platform feed.

/**
 * A binary message: 8 bytes, the board server's receive time of the batch's first frame (epoch ms, float64 little
 * endian, from performance.timeOrigin + performance.now()), then the frames, each size-delimited as the platform
 * sent them.
 */
export const BATCH_HEADER_BYTES = 8;

/** The platform feed as the board server sees it. */
export interface UpstreamState {
  /** "connecting" before the first open, "open", "reconnecting" after a drop, "closed" when the board stops. */
  state: "connecting" | "open" | "reconnecting" | "closed";
  /** Reconnect attempt in progress (from 1) while reconnecting. */
  attempt: number;
  /** When the current state began (epoch ms, server clock). */
  since: number;
  /** Reconnects since the board started. */
  reconnects: number;
  /** When the last feed frame arrived (epoch ms, server clock); null before the first. */
  lastFrameAt: number | null;
}

export type ServerNotice =
  /** First message on every connection: the server instance (a new id after a restart) and the feed's state. */
  | { type: "hello"; serverId: string; upstream: UpstreamState; staleAfterMs: number }
  /** Sent after the snapshot batch that follows hello: how many frames it held. Live batches follow. */
  | { type: "synced"; frames: number }
  | { type: "upstream"; upstream: UpstreamState }
  /** Once a second: frames this page lost because it fell behind (since it connected). */
  | { type: "tick"; dropped: number; upstream: UpstreamState };

/** One instrument as GET /api/board and POST /api/resolve describe it. */
export interface InstrumentInfo {
  id: string;
  /** The platform's name (its LTP endpoint), or null for an id the platform does not know. */
  name: string | null;
  /** The segment's name when known before data arrives (from the board's options); messages say it too. */
  segment: string | null;
  /** The price step when known (from the board's options); else the page infers decimals from the prices. */
  tickSize: number | null;
  /** Last traded price from the REST API when the board learnt the id. */
  ltp: number | null;
  /** Whether the page can show it: false for ids of 2^53 or more, with the reason. */
  shown: boolean;
  reason?: string;
}

export interface BoardInfo {
  serverId: string;
  instruments: InstrumentInfo[];
  feedPath: string;
  /** Segment names by number. */
  segments: Record<string, string>;
}
