// Where each subject stands for a consumer on the core-NATS live path. A core subscription sees a frame when the
// relay publishes it, before (and whether or not) the stream stores it: a relay's retry shows it twice, the seam with
// the stream's last values overlaps, and a consumer the server cut off for being slow misses some. The relay numbers
// each subject's publishes (POSITION_HEADER, `<epoch>.<n>`), which tells those three apart.

export type Verdict = "new" | "repeat" | "gap";

interface SubjectState {
  epoch: string;
  seq: number;
  /** The relay's receive time of the last accepted message: where a replay after a gap starts. */
  receivedAt: number;
  /** The last few message ids, to spot a copy from another relay (another epoch) during a takeover. */
  recentIds: string[];
  nextId: number;
}

const RECENT_IDS = 8;

interface Position {
  epoch: string;
  seq: number;
}

// A message is classified, then accepted: the second parse of the same position is the first one's.
let lastText: string | undefined;
let lastParsed: Position | undefined;

/** What `parse` accepts, given as parts. */
const readable = (epoch: string, seq: number) => epoch.length > 0 && Number.isSafeInteger(seq) && seq >= 1;

function parse(position: string | undefined): Position | undefined {
  if (position === undefined) return undefined;
  if (position === lastText) return lastParsed;
  const dot = position.lastIndexOf(".");
  const seq = Number(position.slice(dot + 1));
  lastText = position;
  lastParsed = dot <= 0 || !Number.isSafeInteger(seq) || seq < 1 ? undefined : { epoch: position.slice(0, dot), seq };
  return lastParsed;
}

/**
 * Puts each subject's messages in the order of their positions, in the slots the subject had: the relay publishes a
 * message the stream missed again once the stream answers, so the stream may hold it after newer ones.
 */
export function inPositionOrder<T extends { subject: string; position: string | undefined }>(messages: T[]): T[] {
  const slots = new Map<string, number[]>();
  messages.forEach((m, i) => {
    const list = slots.get(m.subject);
    if (list) list.push(i);
    else slots.set(m.subject, [i]);
  });
  const out = messages.slice();
  for (const indexes of slots.values()) {
    if (indexes.length < 2) continue;
    const epochs = new Map<string, number>();
    const keyed = indexes.map((i) => {
      const at = parse(messages[i].position);
      const epoch = at?.epoch ?? "";
      if (!epochs.has(epoch)) epochs.set(epoch, epochs.size);
      return { m: messages[i], epoch: epochs.get(epoch) as number, seq: at?.seq ?? 0, i };
    });
    keyed.sort((a, b) => a.epoch - b.epoch || a.seq - b.seq || a.i - b.i);
    indexes.forEach((slot, k) => {
      out[slot] = keyed[k].m;
    });
  }
  return out;
}

export class SubjectPositions {
  readonly #subjects = new Map<string, SubjectState>();

  /**
   * A message without a readable position (an older relay) is always new: nothing to compare it with. Another epoch
   * (another relay process) starts the count again, unless the message id was just seen from the previous one.
   */
  classify(subject: string, position: string | undefined, msgId: string | undefined): Verdict {
    const at = parse(position);
    return at === undefined ? "new" : this.classifyAt(subject, at.epoch, at.seq, msgId);
  }

  /** `classify` with the position as its parts (the batched path reads them as numbers: nothing to parse). */
  classifyAt(subject: string, epoch: string, seq: number, msgId: string | undefined): Verdict {
    const state = this.#subjects.get(subject);
    if (state === undefined || !readable(epoch, seq)) return "new";
    if (epoch !== state.epoch) return msgId !== undefined && state.recentIds.includes(msgId) ? "repeat" : "new";
    if (seq <= state.seq) return "repeat";
    return seq === state.seq + 1 ? "new" : "gap";
  }

  /** Records a message as delivered. */
  accept(subject: string, position: string | undefined, msgId: string | undefined, receivedAt: number): void {
    const at = parse(position);
    if (at !== undefined) this.acceptAt(subject, at.epoch, at.seq, msgId, receivedAt);
  }

  /** `accept` with the position as its parts. */
  acceptAt(subject: string, epoch: string, seq: number, msgId: string | undefined, receivedAt: number): void {
    if (!readable(epoch, seq)) return;
    let state = this.#subjects.get(subject);
    if (state === undefined) {
      state = { epoch, seq, receivedAt, recentIds: [], nextId: 0 };
      this.#subjects.set(subject, state);
    }
    state.epoch = epoch;
    state.seq = seq;
    if (Number.isFinite(receivedAt)) state.receivedAt = receivedAt;
    if (msgId !== undefined) {
      state.recentIds[state.nextId] = msgId;
      state.nextId = (state.nextId + 1) % RECENT_IDS;
    }
  }

  /**
   * Whether delivering `messages` in this order, after what was delivered, would pass over a message: a subject whose
   * numbering jumps. Returns the messages that would be passed over (0: none).
   */
  missingBefore(messages: readonly { subject: string; position: string | undefined }[]): number {
    const at = new Map<string, Position>();
    let missing = 0;
    for (const { subject, position } of messages) {
      const next = parse(position);
      if (next === undefined) continue;
      const state = this.#subjects.get(subject);
      const current = at.get(subject) ?? (state ? { epoch: state.epoch, seq: state.seq } : undefined);
      if (current !== undefined && current.epoch === next.epoch) {
        if (next.seq <= current.seq) continue;
        if (next.seq > current.seq + 1) missing += next.seq - current.seq - 1;
      }
      at.set(subject, { epoch: next.epoch, seq: next.seq });
    }
    return missing;
  }

  /**
   * Where a stream read must start to fill every hole `messages` leave (as `missingBefore` counts them): the earliest
   * relay receive time on the near side of a hole, the last delivered message's or, within `messages`, the one before
   * the hole (`receivedOf`). NaN when there is no hole or no time is known.
   */
  holesFrom<T extends { subject: string; position: string | undefined }>(
    messages: readonly T[],
    receivedOf: (message: T) => number,
  ): number {
    const at = new Map<string, Position & { receivedAt: number }>();
    let earliest = Number.NaN;
    for (const m of messages) {
      const next = parse(m.position);
      if (next === undefined) continue;
      const state = this.#subjects.get(m.subject);
      const current = at.get(m.subject) ?? state;
      if (current !== undefined && current.epoch === next.epoch) {
        if (next.seq <= current.seq) continue;
        const known = Number.isFinite(current.receivedAt);
        if (next.seq > current.seq + 1 && known && !(current.receivedAt >= earliest)) earliest = current.receivedAt;
      }
      at.set(m.subject, { epoch: next.epoch, seq: next.seq, receivedAt: receivedOf(m) });
    }
    return earliest;
  }

  /** The relay receive time of the subject's last delivered message (NaN when none). */
  receivedAt(subject: string): number {
    return this.#subjects.get(subject)?.receivedAt ?? Number.NaN;
  }
}
