// The instruments a board knows: what the platform's LTP endpoint says of each requested id (its name and last
// price; no entry: an id the platform does not know), with the segment and price step the caller may add, since
// the REST API says neither.
import type { InstrumentIdInput, TickwireClient } from "@tickwire/client";
import type { InstrumentInfo } from "./protocol.js";

/** The page decodes with the codec's ViewDecoder, whose 64-bit fields are numbers: exact only below 2^53. */
export const VIEW_ID_LIMIT = 2n ** 53n;

export interface InstrumentDetails {
  id: InstrumentIdInput;
  /** Segment name, e.g. "NSECM": lets the page tell two same-named instruments apart before data arrives. */
  segment?: string;
  /** Price step, e.g. 0.05 or 0.0025: prices show this many decimals (at least two). */
  tickSize?: number;
}

export function tooLargeReason(id: bigint, name: string | null): string {
  const what = name === null ? `Instrument ${id}` : `${name} (id ${id})`;
  return `${what} is not shown: its id is larger than a browser number holds exactly (9,007,199,254,740,991), so the page could mistake it for another instrument.`;
}

/** Asks the platform about `ids` (one LTP request list) and describes each. */
export async function describeInstruments(
  client: TickwireClient,
  ids: readonly bigint[],
  details: ReadonlyMap<string, InstrumentDetails>,
): Promise<InstrumentInfo[]> {
  if (ids.length === 0) return [];
  const { prices } = await client.ltp(ids);
  return ids.map((id) => {
    const entry = prices.get(id);
    const detail = details.get(String(id));
    const name = entry === undefined ? null : (entry.instrumentName ?? String(id));
    const tooLarge = id >= VIEW_ID_LIMIT;
    return {
      id: String(id),
      name,
      segment: detail?.segment ?? null,
      tickSize: detail?.tickSize ?? null,
      ltp: entry?.ltp ?? null,
      shown: !tooLarge,
      ...(tooLarge ? { reason: tooLargeReason(id, name) } : {}),
    };
  });
}

/** Parses an id as the API does: a uint64 in decimal. Throws a TypeError naming the value otherwise. */
export function parseId(raw: InstrumentIdInput): bigint {
  let id: bigint;
  try {
    id = BigInt(raw);
  } catch {
    throw new TypeError(`instrument id ${JSON.stringify(String(raw))} is not a whole number`);
  }
  if (id < 0n || id >= 1n << 64n) throw new TypeError(`instrument id ${id} is not a uint64`);
  return id;
}
