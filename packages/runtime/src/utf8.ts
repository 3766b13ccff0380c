// TextDecoder is in every target runtime (browsers, Node, Deno, Bun). fatal: strict
// UTF-8 like protobuf-es for proto3 strings; ignoreBOM: a leading U+FEFF is text.
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The text, or `undefined` when the bytes are not valid UTF-8. */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Encodes into `dest` (which must have room for 3 bytes per UTF-16 unit); lone surrogates become U+FFFD, as TextEncoder does. */
export function encodeUtf8Into(text: string, dest: Uint8Array): number {
  return encoder.encodeInto(text, dest).written;
}
