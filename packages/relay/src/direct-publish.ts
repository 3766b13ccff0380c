// The relay's stored publishes as one pre-built buffer each. nats.js's `publish` checks its subject and reply with a
// regular expression, builds the `HPUB` line as a string, UTF-8 encodes it into a new array and queues four buffers,
// which its flush then copies into one: in a profile of the relay at 20,000 frames/s that was 15% of its CPU. Here
// the line, the header block, the payload and the closing CRLF are written once into a block cut from a slab and
// handed to nats.js's protocol queue (`sendCommand`, where its own publish ends), which sends it as it is.
// `sendCommand` is nats-core 3.3's, not a public API: when a nats.js version lacks it, or for anything this does not
// write (a subject or reply that is not plain ASCII without white space, a closed or draining connection, a message
// past the server's max_payload, a server without headers), nats.js's own publish is used, so this can be slower,
// never different.
import type { NatsConnection } from "@nats-io/transport-node";
import { asNatsHeaders } from "./publish-headers.js";
import { Slab } from "./slab.js";

interface Protocol {
  sendCommand(command: Uint8Array): void;
  info?: { headers?: boolean; max_payload?: number };
  noMorePublishing?: boolean;
}

const slab = new Slab();
const CR = 0x0d;
const LF = 0x0a;

/** Publishes `data` with the encoded header block `headers` and a reply subject ("" for none), as `nc.publish` would. */
export type HeaderedPublish = (subject: string, reply: string, headers: Uint8Array, data: Uint8Array) => void;

export function headeredPublish(nc: NatsConnection): HeaderedPublish {
  const viaNats: HeaderedPublish = (subject, reply, headers, data) =>
    nc.publish(
      subject,
      data,
      reply === "" ? { headers: asNatsHeaders(headers) } : { headers: asNatsHeaders(headers), reply },
    );
  const protocol = (nc as unknown as { protocol?: Protocol }).protocol;
  if (typeof protocol?.sendCommand !== "function") return viaNats;
  return (subject, reply, headers, data) => {
    const info = protocol.info;
    const length = headers.length + data.length;
    if (
      nc.isClosed() ||
      protocol.noMorePublishing ||
      info?.headers !== true ||
      typeof info.max_payload !== "number" ||
      length > info.max_payload
    ) {
      viaNats(subject, reply, headers, data);
      return;
    }
    const hlen = String(headers.length);
    const total = String(length);
    const replyLength = reply === "" ? 0 : reply.length + 1;
    const line = 5 + subject.length + 1 + replyLength + hlen.length + 1 + total.length + 2;
    const out = slab.alloc(line + length + 2);
    let at = 0;
    out[at++] = 0x48; // H
    out[at++] = 0x50; // P
    out[at++] = 0x55; // U
    out[at++] = 0x42; // B
    out[at++] = 0x20;
    at = token(out, at, subject);
    if (at < 0) return viaNats(subject, reply, headers, data);
    out[at++] = 0x20;
    if (reply !== "") {
      at = token(out, at, reply);
      if (at < 0) return viaNats(subject, reply, headers, data);
      out[at++] = 0x20;
    }
    at = token(out, at, hlen);
    out[at++] = 0x20;
    at = token(out, at, total);
    out[at++] = CR;
    out[at++] = LF;
    out.set(headers, at);
    out.set(data, at + headers.length);
    out[line + length] = CR;
    out[line + length + 1] = LF;
    protocol.sendCommand(out);
  };
}

/** Writes a subject token (printable ASCII, no white space) at `at`; -1 for anything else. */
function token(out: Uint8Array, at: number, text: string): number {
  if (text.length === 0) return -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) return -1;
    out[at++] = c;
  }
  return at;
}
