// After the relay's NATS connection is lost and back, each per-instrument subject's newest frame is published again, as
// it was (its position, message id and receive time), when no stream acknowledges those publishes (stream format
// "batches"). What was written into the lost connection never reached the server, and nothing publishes it again: a
// subject whose last frames were lost and that has no later frame (the feed paused, a quiet instrument) would leave a
// consumer of that subject (`path: "subjects"`) short with no gap to see. Its newest frame again shows the gap (its
// position is past the consumer's last plus one: the consumer replays it) or is the lost frame itself; a consumer that
// had it skips it as a repeat. Storing frames, the publisher's backlog publishes an unacknowledged frame again; the
// batched path has its empty batches (batch.ts, `mark`).
import type { NatsConnection } from "@nats-io/transport-node";
import { headeredPublish } from "./direct-publish.js";
import { encodeRelayHeaders } from "./publish-headers.js";
import type { RecentFrame } from "./recent-frames.js";

/** Publishes each frame again on its subject, with its own headers; returns how many. */
export function publishNewestAgain(nc: NatsConnection, frames: readonly RecentFrame[]): number {
  const publish = headeredPublish(nc);
  for (const frame of frames) {
    publish(
      frame.subject,
      "",
      encodeRelayHeaders(frame.msgId, frame.received, frame.position, frame.frameId),
      frame.data,
    );
  }
  return frames.length;
}
