// Where each subject stands for a consumer on the core-NATS live path. A core subscription sees a frame when the
// relay publishes it, before (and whether or not) the stream stores it: a relay's retry shows it twice, the seam with
// the stream's last values overlaps, and a consumer the server cut off for being slow misses some. The relay numbers
// each subject's publishes (POSITION_HEADER, `<epoch>.<n>`), which tells those three apart.

export type Verdict = "new" | "repeat" | "gap";

/** Where a subject stands: the last message delivered, and the other epochs seen of it. */
interface Cursor {
  epoch: string;
  seq: number;
  /** The relay's receive time of the last accepted message: where a replay after a gap starts. */
  receivedAt: number;
  /**
   * Other epochs of the subject, by the last number seen: one delivered before `epoch` (a takeover's overlap
   * interleaves two), or one skipped because it is older than what was delivered. At most OTHER_EPOCHS, oldest first.
   */
  others: Map<string, { seq: number; delivered: boolean }>;
}

interface SubjectState extends Cursor {
  /** The last few message ids, to spot a copy from another relay (another epoch) during a takeover. */
  recentIds: string[];
  nextId: number;
}

const RECENT_IDS = 8;
const OTHER_EPOCHS = 4;

function noteOther(c: Cursor, epoch: string, seq: number, delivered: boolean): void {
  const known = c.others.get(epoch);
  c.others.delete(epoch);
  c.others.set(epoch, { seq: Math.max(seq, known?.seq ?? 0), delivered: delivered || (known?.delivered ?? false) });
  if (c.others.size > OTHER_EPOCHS) c.others.delete(c.others.keys().next().value as string);
}

/** Moves `c` to a message delivered (or, in a simulation, to be delivered). */
function advance(c: Cursor, epoch: string, seq: number, receivedAt: number): void {
  if (epoch !== c.epoch) {
    noteOther(c, c.epoch, c.seq, true);
    c.others.delete(epoch);
  }
  c.epoch = epoch;
  c.seq = seq;
  if (Number.isFinite(receivedAt)) c.receivedAt = receivedAt;
}

/** `judge`'s answer for a repeat; any other is how many messages delivering the message passes over (0: new). */
const REPEAT = -1;

/**
 * The verdict on a message of a subject standing at `c`, as a number (no object per frame on the live path): REPEAT,
 * or how many messages delivering it passes over (0: new; more: a gap). In the
 * delivered epoch: the next is new, an old one a repeat, a jump a gap. Another epoch (another relay process):
 * - a copy of a message just delivered (`recentIds`) is a repeat;
 * - an epoch delivered before is compared with its own last message (a takeover's overlap interleaves the two);
 * - an epoch older than what was delivered (received before it) began before this consumer followed the subject (a
 *   read reaching back past its start) or overlaps the one delivered: a repeat, noted, so that its next message is
 *   compared with it;
 * - a newer one (received after) owes its first message: a relay numbers each subject from 1 and sends every frame it
 *   numbers (in batches only, until a consumer of the subject announces itself), so a consumer following the subject
 *   when another relay began must see that relay's first frames too. Taken as new, a relay's live frames from its
 *   sixth on were delivered and its first five passed over uncounted (a CI run, test/live-subjects.test.ts).
 * A receive time of NaN (unknown) is neither older nor newer: another epoch is new, as a subject's first message is.
 * Noting a repeat changes `c.others`.
 */
function judge(
  c: Cursor,
  recentIds: readonly string[],
  epoch: string,
  seq: number,
  msgId: string | undefined,
  receivedAt: number,
): number {
  if (epoch === c.epoch) return seq <= c.seq ? REPEAT : seq - c.seq - 1;
  const other = c.others.get(epoch);
  if (other?.delivered) return seq <= other.seq ? REPEAT : 0;
  if ((msgId !== undefined && recentIds.includes(msgId)) || receivedAt <= c.receivedAt) {
    noteOther(c, epoch, seq, false);
    return REPEAT;
  }
  const from = other?.seq ?? 0;
  if (seq <= from) return REPEAT;
  return receivedAt > c.receivedAt ? seq - from - 1 : 0;
}

const NO_IDS: readonly string[] = [];

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
   * A message without a readable position (an older relay) is always new: nothing to compare it with; so is a subject's
   * first message. Otherwise `judge` above. `receivedAt`: the message's relay receive time (NaN when unknown).
   */
  classify(subject: string, position: string | undefined, msgId: string | undefined, receivedAt = Number.NaN): Verdict {
    const at = parse(position);
    return at === undefined ? "new" : this.classifyAt(subject, at.epoch, at.seq, msgId, receivedAt);
  }

  /** `classify` with the position as its parts (the batched path reads them as numbers: nothing to parse). */
  classifyAt(subject: string, epoch: string, seq: number, msgId: string | undefined, receivedAt = Number.NaN): Verdict {
    const state = this.#subjects.get(subject);
    if (state === undefined || !readable(epoch, seq)) return "new";
    const missing = judge(state, state.recentIds, epoch, seq, msgId, receivedAt);
    return missing === REPEAT ? "repeat" : missing === 0 ? "new" : "gap";
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
      state = { epoch, seq, receivedAt, others: new Map(), recentIds: [], nextId: 0 };
      this.#subjects.set(subject, state);
    }
    advance(state, epoch, seq, receivedAt);
    if (msgId !== undefined) {
      state.recentIds[state.nextId] = msgId;
      state.nextId = (state.nextId + 1) % RECENT_IDS;
    }
  }

  /**
   * Goes through `messages` in order as if each that is not a repeat were delivered, on copies of the subjects' states,
   * calling `onHole` with the messages a delivery would pass over and the receive time before the hole.
   */
  #simulate<T extends { subject: string; position: string | undefined }>(
    messages: readonly T[],
    receivedOf: (message: T) => number,
    onHole: (missing: number, receivedBefore: number) => void,
  ): void {
    const cursors = new Map<string, Cursor>();
    for (const m of messages) {
      const next = parse(m.position);
      if (next === undefined) continue;
      const receivedAt = receivedOf(m);
      let c = cursors.get(m.subject);
      if (c === undefined) {
        const state = this.#subjects.get(m.subject);
        if (state === undefined) {
          cursors.set(m.subject, { epoch: next.epoch, seq: next.seq, receivedAt, others: new Map() });
          continue;
        }
        c = { epoch: state.epoch, seq: state.seq, receivedAt: state.receivedAt, others: new Map(state.others) };
        cursors.set(m.subject, c);
      }
      // No message ids: a copy the live path skips by its id is one more message here, never a hole.
      const missing = judge(c, NO_IDS, next.epoch, next.seq, undefined, receivedAt);
      if (missing === REPEAT) continue;
      if (missing > 0) onHole(missing, c.receivedAt);
      advance(c, next.epoch, next.seq, receivedAt);
    }
  }

  /**
   * Whether delivering `messages` in this order, after what was delivered, would pass over a message (`judge`'s gaps).
   * Returns the messages that would be passed over (0: none). Without `receivedOf` no epoch is older or newer.
   */
  missingBefore<T extends { subject: string; position: string | undefined }>(
    messages: readonly T[],
    receivedOf: (message: T) => number = () => Number.NaN,
  ): number {
    let missing = 0;
    this.#simulate(messages, receivedOf, (n) => {
      missing += n;
    });
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
    let earliest = Number.NaN;
    this.#simulate(messages, receivedOf, (_missing, receivedBefore) => {
      if (Number.isFinite(receivedBefore) && !(receivedBefore >= earliest)) earliest = receivedBefore;
    });
    return earliest;
  }

  /** The relay receive time of the subject's last delivered message (NaN when none). */
  receivedAt(subject: string): number {
    return this.#subjects.get(subject)?.receivedAt ?? Number.NaN;
  }
}
