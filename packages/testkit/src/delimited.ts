// Reading a stream of varint-length-prefixed frames back into its frames, to check what a writer produced
// independently of the codec's FrameDecoder.

/** The frames of a delimited stream, as views into it. Throws on a prefix or frame cut short. */
export function splitDelimited(bytes: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    let length = 0;
    let shift = 0;
    let b: number;
    do {
      if (at >= bytes.length) throw new RangeError(`length prefix cut short at byte ${at} of ${bytes.length}`);
      if (shift > 28) throw new RangeError(`length prefix longer than 5 bytes at byte ${at}`);
      b = bytes[at++];
      length += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b > 0x7f);
    if (at + length > bytes.length) {
      throw new RangeError(
        `frame ${frames.length} of ${length} bytes at byte ${at} runs past the end (${bytes.length})`,
      );
    }
    frames.push(bytes.subarray(at, at + length));
    at += length;
  }
  return frames;
}
