// One typed shape for the two forms the platform has documented (platform-notes.md, "Shapes that differ between
// documentation versions"), and which form was seen.
import { brandErrorClass } from "./brand.js";
import { issuesFromAjv, SchemaValidationError } from "./issues.js";
import { parseLossless } from "./json.js";
import { kinds } from "./kinds.js";
import { typedFromDocument } from "./parse.js";
import type { ErrorBody, InstrumentId, Positions, TradesResponse } from "./types.js";

/** `contract`: the shape of interface.md. `envelope`: newer docs' `{status, message, data}` wrapper. */
export type EnvelopeForm = "contract" | "envelope";
/** `contract`: entries keyed InstrumentID / InstrumentName / LTP. `camelCase`: newer docs' instrumentId / ltp. */
export type LtpForm = "contract" | "camelCase";

export interface NormalizedPositions {
  readonly form: EnvelopeForm;
  /** The envelope's message, when there was one. */
  readonly message?: string;
  readonly positions: Positions;
}

export interface NormalizedTrades {
  readonly form: EnvelopeForm;
  readonly message?: string;
  readonly trades: TradesResponse;
}

export interface LastTradedPrice {
  readonly instrumentId: InstrumentId;
  /** Absent when a camelCase entry had no instrumentName. */
  readonly instrumentName?: string;
  readonly ltp: number;
}

export interface NormalizedLtp {
  /** With no entries both forms fit; that case is reported as `contract`. */
  readonly form: LtpForm;
  readonly message?: string;
  /** Keyed by the instrument id of the data key; can hold fewer entries than were requested. */
  readonly prices: Map<InstrumentId, LastTradedPrice>;
}

/** The platform answered with an error body (`status` = `error`) where a result was expected. */
export class PlatformErrorResponse extends Error {
  static {
    brandErrorClass(PlatformErrorResponse, "PlatformErrorResponse");
  }

  override readonly name = "PlatformErrorResponse";
  readonly body: ErrorBody & Record<string, unknown>;

  constructor(body: ErrorBody & Record<string, unknown>) {
    super(`the platform answered with an error: ${body.message}`);
    this.body = body;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function throwIfErrorBody(value: unknown): void {
  if (!isRecord(value) || value.status !== "error") return;
  const errorBody = kinds.errorBody.validate;
  if (!errorBody(value)) throw new SchemaValidationError("errorBody", issuesFromAjv(errorBody.errors ?? [], value));
  throw new PlatformErrorResponse(value as ErrorBody & Record<string, unknown>);
}

/** An envelope has a string `status` and a `data` property; a client code maps to an array, never to a string. */
const looksEnveloped = (value: unknown) => isRecord(value) && typeof value.status === "string" && "data" in value;

/** Positions from either a bare object keyed by client code or a `{status, message, data}` envelope. */
export function normalizePositions(text: string): NormalizedPositions {
  const { value, bigIntegers } = parseLossless(text);
  throwIfErrorBody(value);
  if (!looksEnveloped(value))
    return { form: "contract", positions: typedFromDocument("positions", value, bigIntegers) };
  const envelope = typedFromDocument("positionsEnvelope", value, bigIntegers);
  return { form: "envelope", ...messageOf(envelope.message), positions: envelope.data };
}

/** Trades from either the bare listing or a `{status, message, data}` envelope. */
export function normalizeTrades(text: string): NormalizedTrades {
  const { value, bigIntegers } = parseLossless(text);
  throwIfErrorBody(value);
  if (!looksEnveloped(value)) return { form: "contract", trades: typedFromDocument("trades", value, bigIntegers) };
  const envelope = typedFromDocument("tradesEnvelope", value, bigIntegers);
  return { form: "envelope", ...messageOf(envelope.message), trades: envelope.data };
}

/** Last traded prices from entries keyed InstrumentID/LTP (the contract) or instrumentId/ltp (newer docs). */
export function normalizeLtp(text: string): NormalizedLtp {
  const { value, bigIntegers } = parseLossless(text);
  throwIfErrorBody(value);
  const data = isRecord(value) && isRecord(value.data) ? Object.values(value.data) : [];
  const camel = data.some((entry) => isRecord(entry) && "instrumentId" in entry && !("InstrumentID" in entry));
  const prices = new Map<InstrumentId, LastTradedPrice>();
  if (camel) {
    const body = typedFromDocument("ltpSuccessCamel", value, bigIntegers);
    for (const [key, entry] of Object.entries(body.data)) {
      const name = entry.instrumentName === undefined ? {} : { instrumentName: entry.instrumentName };
      prices.set(BigInt(key), { instrumentId: entry.instrumentId, ...name, ltp: entry.ltp });
    }
    return { form: "camelCase", ...messageOf(body.message), prices };
  }
  const body = typedFromDocument("ltpSuccess", value, bigIntegers);
  for (const [key, entry] of Object.entries(body.data)) {
    prices.set(BigInt(key), { instrumentId: entry.InstrumentID, instrumentName: entry.InstrumentName, ltp: entry.LTP });
  }
  const message = isRecord(value) && typeof value.message === "string" ? value.message : undefined;
  return { form: "contract", ...messageOf(message), prices };
}

function messageOf(message: string | undefined): { message?: string } {
  return message === undefined ? {} : { message };
}
