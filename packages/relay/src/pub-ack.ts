// What a JetStream publish ack says, read from its bytes. A PubAck is {"stream":..,"seq":..[,"duplicate":true]};
// anything with "error" (or a status without a body, such as 503 no responders) is a refusal. The relay reads one ack
// per frame: this finds the three keys without decoding the JSON into a string first (the text is made only for a
// refusal's error message).
export type AckKind = "stored" | "duplicate" | "refused";

const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const ERROR = bytesOf('"error"');
const SEQ = bytesOf('"seq"');
const DUPLICATE = bytesOf('"duplicate":');
const TRUE = bytesOf("true");

export function ackKind(data: Uint8Array): AckKind {
  if (indexOf(data, ERROR, 0) >= 0 || indexOf(data, SEQ, 0) < 0) return "refused";
  const duplicate = indexOf(data, DUPLICATE, 0);
  if (duplicate < 0) return "stored";
  // `"duplicate":` then white space, then `true` (nats-server 2.9 writes no space; either is allowed).
  let at = duplicate + DUPLICATE.length;
  while (at < data.length && (data[at] === 0x20 || data[at] === 0x09 || data[at] === 0x0a || data[at] === 0x0d)) at++;
  return indexOf(data, TRUE, at) === at ? "duplicate" : "stored";
}

function indexOf(data: Uint8Array, pattern: Uint8Array, from: number): number {
  const last = data.length - pattern.length;
  outer: for (let i = from; i <= last; i++) {
    for (let k = 0; k < pattern.length; k++) if (data[i + k] !== pattern[k]) continue outer;
    return i;
  }
  return -1;
}
