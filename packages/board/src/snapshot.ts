// What a page gets when it connects (or reconnects after the board restarted): per instrument, the last frame of each
// message type that named it (so the last depth, the last touch line with open/close, the last tick), replayed in
// the order they arrived. The page's model, fed these frames, equals one that saw the whole feed.
// An incremental update is partial: one that only moves a book level says nothing of the last trade, so the last
// incremental frame per instrument and entry type is kept (a book-only update must not evict the last trade).
import type { DecodedMessage } from "@tickwire/codec";

interface Kept {
  frame: Uint8Array;
  sequence: number;
}

export class FrameSnapshot {
  /** Keyed by "id:subtype", or "id:subtype:entry type" for incremental updates. */
  private readonly kept = new Map<string, Kept>();
  private sequence = 0;

  /** `framed` is the frame, size-delimited, owned by the snapshot from now on. */
  keep(framed: Uint8Array, message: DecodedMessage<"bigint">): void {
    const { subtype } = message;
    if (subtype.case === undefined) return;
    const entry = { frame: framed, sequence: this.sequence++ };
    for (const key of keysOf(message)) this.kept.set(key, entry);
  }

  /** The kept frames, each once, oldest first. */
  frames(): Uint8Array[] {
    const unique = [...new Set(this.kept.values())];
    unique.sort((a, b) => a.sequence - b.sequence);
    return unique.map((entry) => entry.frame);
  }
}

function keysOf(message: DecodedMessage<"bigint">): string[] {
  const { subtype } = message;
  const keys = (ids: bigint[]) => ids.map((id) => `${id}:${subtype.case}`);
  switch (subtype.case) {
    case "IndexDataMessage":
      return subtype.value.IndexData ? keys([subtype.value.IndexData.InstrumentID]) : [];
    case "IndexDataListMessage":
      return keys(subtype.value.IndexDataList.map((entry) => entry.InstrumentID));
    case "IncrementalUpdateMessage":
      return subtype.value.MDEntriesList.map((entry) => `${entry.InstrumentID}:${subtype.case}:${entry.MDEntryType}`);
    case undefined:
      return [];
    default:
      return keys([subtype.value.InstrumentID]);
  }
}
