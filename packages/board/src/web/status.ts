// The board's state, said on the page: connecting, live, the platform feed reconnecting, stale (no message for a
// while: prices marked), or the board server gone (the page retries with backoff and resyncs from its snapshot).
import type { UpstreamState } from "../protocol.js";
import { formatAge, formatLocalTime } from "./format.js";
import type { ConnectionState } from "./worker.js";

export type BoardState = "connecting" | "live" | "reconnecting" | "stale" | "gone";

export interface Observed {
  connection: { state: ConnectionState; attempt: number; since: number; retryAt: number | null };
  upstream: UpstreamState | null;
  staleAfterMs: number;
  /** Page clock of the last batch received (live or snapshot). */
  lastBatchAt: number | null;
}

export function boardState(observed: Observed, now: number): { state: BoardState; text: string } {
  const { connection, upstream, lastBatchAt } = observed;
  const age = lastBatchAt === null ? "no message yet" : `last message ${formatAge(now - lastBatchAt)} ago`;
  if (connection.state === "gone") {
    const retry =
      connection.retryAt === null ? "" : `, next try in ${formatAge(Math.max(0, connection.retryAt - now) + 999)}`;
    return {
      state: "gone",
      text: `Board server gone since ${formatLocalTime(connection.since)} (${formatAge(now - connection.since)}): reconnecting, attempt ${connection.attempt}${retry}. Prices are as of the ${age}.`,
    };
  }
  if (connection.state === "connecting" || upstream === null) {
    return { state: "connecting", text: "Connecting to the board server…" };
  }
  if (upstream.state === "reconnecting" || upstream.state === "connecting") {
    const what =
      upstream.state === "connecting"
        ? "Connecting to the platform feed"
        : `Platform feed reconnecting, attempt ${upstream.attempt}`;
    return {
      state: upstream.state === "connecting" && upstream.reconnects === 0 ? "connecting" : "reconnecting",
      text: `${what}, since ${formatLocalTime(upstream.since)} (${formatAge(now - upstream.since)}). Prices are as of the ${age}.`,
    };
  }
  if (lastBatchAt === null && now - connection.since <= observed.staleAfterMs) {
    return { state: "connecting", text: "Connected; waiting for the first message…" };
  }
  if (lastBatchAt === null || now - lastBatchAt > observed.staleAfterMs) {
    return { state: "stale", text: `Stale: the platform feed is connected but quiet, ${age}.` };
  }
  return { state: "live", text: "Live" };
}
