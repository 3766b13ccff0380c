// Where a frame goes: `tickwire.md.<segment>.<instrumentId>.<subtype>`, one subject per instrument the frame carries
// (an index list or an incremental update may carry several), and the Nats-Msg-Id that lets JetStream drop the copy
// a second relay (or a retry) publishes.
import type { DecodedMessage } from "@tickwire/codec";
import { exchangeSegmentByNumber, type SubtypeCase, subtypeCases } from "@tickwire/proto";

export const SUBJECT_ROOT = "tickwire.md";
export const STATUS_ROOT = "tickwire.status";
export const INTEREST_SUBJECT = "tickwire.control.interest";
/** The failover lock's heartbeat: `tickwire.control.lock.<bucket>.<key>`. */
export const LOCK_ROOT = "tickwire.control.lock";
/** The relay's receive time, epoch milliseconds with microseconds: where latency figures start. */
export const RECEIVED_HEADER = "Tickwire-Received-At";
/** Set on a frame published to several subjects: the same value on each copy, so a consumer delivers it once. */
export const FRAME_HEADER = "Tickwire-Frame";
/**
 * `<epoch>.<n>`: the publishing relay process's random epoch and this subject's publish count in it, so that a core
 * subscriber can tell a frame it already has (a retry, the seam with the stream's last values) from a gap.
 */
export const POSITION_HEADER = "Tickwire-Seq";

export interface Route {
  subject: string;
  msgId: string;
  /** The subject's parts, for the batched live path (batch.ts). */
  segment: number;
  instrumentId: bigint;
  subtype: SubtypeCase;
  /** The same as a batch's routes carry them (the id's 32-bit halves, the subtype's index): made once per subject. */
  idLo: number;
  idHi: number;
  subtypeIndex: number;
  /** `<ID>.<fnv1a>`, the frame's key, the same on each of its routes. */
  frameKey: string;
  /** Whether the frame went to several subjects. */
  fanned: boolean;
}

export type BadInputReason = "decode" | "unknown-segment" | "no-instrument";

export type RouteResult = { ok: true; routes: Route[]; frameId: string } | { ok: false; reason: BadInputReason };

interface Keyed {
  InstrumentID?: bigint;
  ExchangeSegment?: number;
}

function instrumentsOf(message: DecodedMessage<"bigint">): Keyed[] {
  const subtype = message.subtype;
  switch (subtype.case) {
    case "TickDataMessage":
    case "TouchLineDataMessage":
    case "MarketDepthMessage":
    case "TickData":
      return [subtype.value];
    case "IndexDataMessage":
      return subtype.value.IndexData ? [subtype.value.IndexData] : [];
    case "IndexDataListMessage":
      return subtype.value.IndexDataList;
    case "IncrementalUpdateMessage":
      return subtype.value.MDEntriesList;
    default:
      return [];
  }
}

/** FNV-1a, 32 bits: cheap, and with the message ID and subject enough to tell two different frames apart. */
export function fnv1a(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i];
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * The subjects of a decoded frame and their message ids. The id is the subject's tail, the message's ID and a hash
 * of the frame's bytes: two relays receiving the same frame derive the same id, and a frame whose ID the platform
 * does not fill (0) is still told from a different one by its bytes.
 */
export function routeFrame(message: DecodedMessage<"bigint">, bytes: Uint8Array): RouteResult {
  const subtype = message.subtype.case as SubtypeCase | undefined;
  if (subtype === undefined) return { ok: false, reason: "no-instrument" };
  const keyed = instrumentsOf(message);
  if (keyed.length === 0) return { ok: false, reason: "no-instrument" };
  const frameId = `${message.ID}.${fnv1a(bytes)}`;
  if (keyed.length === 1) {
    const place = placeOf(keyed[0], subtype);
    if (place === undefined) return { ok: false, reason: "unknown-segment" };
    return { ok: true, routes: [routeAt(place, frameId)], frameId };
  }
  const seen = new Set<Place>();
  const routes: Route[] = [];
  for (const item of keyed) {
    const place = placeOf(item, subtype);
    if (place === undefined) return { ok: false, reason: "unknown-segment" };
    if (seen.has(place)) continue;
    seen.add(place);
    routes.push(routeAt(place, frameId));
  }
  if (routes.length > 1) for (const route of routes) route.fanned = true;
  return { ok: true, routes, frameId };
}

/** A subject and its parts: the same for every frame of one instrument and subtype. */
interface Place {
  tail: string;
  subject: string;
  segment: number;
  instrumentId: bigint;
  subtype: SubtypeCase;
  idLo: number;
  idHi: number;
  subtypeIndex: number;
}

const routeAt = (place: Place, frameId: string): Route => ({
  subject: place.subject,
  msgId: `${place.tail}.${frameId}`,
  segment: place.segment,
  instrumentId: place.instrumentId,
  subtype: place.subtype,
  idLo: place.idLo,
  idHi: place.idHi,
  subtypeIndex: place.subtypeIndex,
  frameKey: frameId,
  fanned: false,
});

/**
 * Places by instrument id (each instrument's few subtypes and segments in a short list): every frame of an instrument
 * used to build its subject again from the id's digits. Bounded: past PLACES_MAX instruments (a relay carries a few
 * thousand) it starts over.
 */
const places = new Map<bigint, Place[]>();
const PLACES_MAX = 100_000;

/** The place of one instrument a frame carries; undefined for a segment that files nothing (NONE or unknown). */
function placeOf(item: Keyed, subtype: SubtypeCase): Place | undefined {
  const id = item.InstrumentID ?? 0n;
  const number = item.ExchangeSegment ?? 0;
  let known = places.get(id);
  if (known !== undefined) {
    for (const place of known) if (place.subtype === subtype && place.segment === number) return place;
  }
  const segment = exchangeSegmentByNumber(number);
  // NONE (0) is what an unset field reads as: no exchange to file the instrument under.
  if (segment === undefined || segment.number === 0) return undefined;
  const tail = `${segment.name}.${id}.${subtype}`;
  const unsigned = BigInt.asUintN(64, id);
  const place: Place = {
    tail,
    subject: `${SUBJECT_ROOT}.${tail}`,
    segment: segment.number,
    instrumentId: id,
    subtype,
    idLo: Number(unsigned & 0xffffffffn),
    idHi: Number(unsigned >> 32n),
    subtypeIndex: Math.max(0, subtypeCases.indexOf(subtype)),
  };
  if (known === undefined) {
    if (places.size >= PLACES_MAX) places.clear();
    known = [];
    places.set(id, known);
  }
  known.push(place);
  return place;
}

/** The subject filters for some instruments (any segment) and subtypes (all when none are given). */
export function subjectFilters(
  instrumentIds: readonly bigint[] | undefined,
  subtypes?: readonly SubtypeCase[],
): string[] {
  const ids = instrumentIds && instrumentIds.length > 0 ? instrumentIds.map(String) : ["*"];
  const kinds = subtypes && subtypes.length > 0 ? subtypes : [">"];
  const filters: string[] = [];
  for (const id of ids) for (const kind of kinds) filters.push(`${SUBJECT_ROOT}.*.${id}.${kind}`);
  return filters;
}

export function statusSubject(relayName: string): string {
  return `${STATUS_ROOT}.${relayName}`;
}

/** A relay name must be one subject token. */
export function isSubjectToken(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(name);
}
