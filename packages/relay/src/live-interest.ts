// Which per-instrument subjects a batch-storing relay publishes live. Every frame already goes out in the live
// batches and the stored batches; its message on `tickwire.md.<segment>.<instrument>.<subtype>` costs the relay a
// header block and a publish, and the NATS node the relay is connected to a parse and a match, per frame, whether or
// not anyone subscribes. So the relay publishes a subject only while a consumer reading the per-instrument subjects
// has announced it: a request on `tickwire.control.live` with the consumer's id and subject filters, renewed within
// the lease. Every relay of a pair records announcements, the standby too, so one that takes over publishes what the
// consumers read from its first frame. An announcement tells the consumer whether its lease ran on without a break
// (`continued`); when it did not (a lease that lapsed, a relay that did not know it), frames of its subjects may have
// gone out in batches only, and the consumer replays them from the stream (subscribe.ts).

import { SUBJECT_ROOT } from "./subjects.js";

/** Requests `{"id":"<consumer>","filters":["tickwire.md.NSECM.2885.*", ...]}`; an empty list ends the lease. */
export const LIVE_SUBJECT = "tickwire.control.live";

/** What a relay answers an announcement. */
export interface LiveAnswer {
  relay: string;
  leaseMs: number;
  /** The relay held an unexpired lease for this consumer when the announcement came: it missed nothing. */
  continued: boolean;
}

const MAX_FILTERS = 10_000;
const MAX_ID = 64;

type Pattern = readonly string[];

interface Lease {
  key: string;
  patterns: Pattern[];
  until: number;
}

/** The tokens of a subject filter under `tickwire.md`, or a reason it is not one. */
function patternOf(filter: unknown): Pattern | string {
  if (typeof filter !== "string" || filter.length === 0 || filter.length > 512) return "is not a subject filter";
  const tokens = filter.split(".");
  if (tokens.some((t) => t.length === 0)) return "has an empty token";
  if (tokens.some((t, i) => t === ">" && i !== tokens.length - 1)) return "has > before its last token";
  const root = SUBJECT_ROOT.split(".");
  const under = tokens.slice(0, root.length);
  if (!root.every((t, i) => under[i] === t || under[i] === "*" || under[i] === ">")) {
    return `is not under ${SUBJECT_ROOT}`;
  }
  return tokens;
}

/** NATS matching: `*` takes one token, a final `>` one or more. */
export function subjectMatches(pattern: Pattern, tokens: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p === ">") return tokens.length > i;
    if (i >= tokens.length || (p !== "*" && p !== tokens[i])) return false;
  }
  return pattern.length === tokens.length;
}

export class LiveInterest {
  readonly #leaseMs: number;
  readonly #leases = new Map<string, Lease>();
  /** Each subject's verdict under the current leases; cleared when they change. */
  readonly #wanted = new Map<string, boolean>();
  readonly stats = { requests: 0, refused: 0, expired: 0 };

  constructor(leaseMs: number) {
    this.#leaseMs = leaseMs;
  }

  /** Consumers with a lease. */
  get consumers(): number {
    return this.#leases.size;
  }

  /** Whether some consumer reads `subject` (one map look-up per frame once the subject has been seen). */
  wants(subject: string): boolean {
    const known = this.#wanted.get(subject);
    if (known !== undefined) return known;
    const tokens = subject.split(".");
    let wanted = false;
    for (const lease of this.#leases.values()) {
      if (lease.patterns.some((p) => subjectMatches(p, tokens))) {
        wanted = true;
        break;
      }
    }
    this.#wanted.set(subject, wanted);
    return wanted;
  }

  /** Records an announcement; returns the answer's `continued`, or the reason it is refused. */
  announce(data: Uint8Array, now: number): { continued: boolean } | { error: string } {
    this.stats.requests++;
    let request: { id?: unknown; filters?: unknown };
    try {
      request = JSON.parse(new TextDecoder().decode(data));
    } catch {
      return this.#refuse("not JSON");
    }
    if (request === null || typeof request !== "object") return this.#refuse("not an object");
    const { id, filters } = request;
    if (typeof id !== "string" || id.length === 0 || id.length > MAX_ID)
      return this.#refuse("id must be 1 to 64 characters");
    if (!Array.isArray(filters) || filters.length > MAX_FILTERS) {
      return this.#refuse(`filters must be a list of at most ${MAX_FILTERS} subject filters`);
    }
    const patterns: Pattern[] = [];
    for (const [i, filter] of filters.entries()) {
      const pattern = patternOf(filter);
      if (typeof pattern === "string") return this.#refuse(`filters[${i}] ${pattern}`);
      patterns.push(pattern);
    }
    const previous = this.#leases.get(id);
    if (patterns.length === 0) {
      if (previous) this.#drop(id);
      return { continued: false };
    }
    const key = patterns.map((p) => p.join(".")).join(" ");
    const continued = previous !== undefined && previous.until > now && previous.key === key;
    this.#leases.set(id, { key, patterns, until: now + this.#leaseMs });
    if (previous?.key !== key) this.#wanted.clear();
    return { continued };
  }

  /** Ends the leases not renewed in time. */
  expire(now: number): void {
    for (const [id, lease] of this.#leases) {
      if (lease.until > now) continue;
      this.#drop(id);
      this.stats.expired++;
    }
  }

  #drop(id: string): void {
    this.#leases.delete(id);
    this.#wanted.clear();
  }

  #refuse(reason: string): { error: string } {
    this.stats.refused++;
    return { error: `bad live-subjects announcement: ${reason}` };
  }
}
