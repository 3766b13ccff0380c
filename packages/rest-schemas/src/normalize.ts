// One typed shape for the two forms the platform has documented (docs/platform.md, "Shapes that differ between
// documentation versions"), and which form was seen.
import { brandErrorClass } from "./brand.js";
import { issuesFromAjv, SchemaValidationError } from "./issues.js";
import { parseLossless } from "./json.js";
import { kinds, POSITION_NUMBER_FIELDS_CAMEL } from "./kinds.js";
import { typedFromDocument } from "./parse.js";
import type {
  ErrorBody,
  InstrumentId,
  PositionRecord,
  PositionRecordCamel,
  Positions,
  TradesResponse,
} from "./types.js";

/** `contract`: the shape of docs/contract.md. `envelope`: newer docs' `{status, message, data}` wrapper. */
export type EnvelopeForm = "contract" | "envelope";
/** `contract`: entries keyed InstrumentID / InstrumentName / LTP. `camelCase`: newer docs' instrumentId / ltp. */
export type LtpForm = "contract" | "camelCase";

/** Keys of the position records as they came: the contract's snake_case, or the newer docs' camelCase. */
export type PositionKeys = "snake_case" | "camelCase";

export interface NormalizedPositions {
  readonly form: EnvelopeForm;
  /** camelCase records are given in the contract's snake_case shape; this says which keys came. */
  readonly keys: PositionKeys;
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

/** Whether any position record in an envelope's `data` has camelCase keys. */
function hasCamelRecords(data: unknown): boolean {
  if (!isRecord(data)) return false;
  return Object.values(data).some(
    (records) =>
      Array.isArray(records) && records.some((r) => isRecord(r) && "instrumentId" in r && !("instrument_id" in r)),
  );
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** The 30 documented camelCase keys; other keys of a record are not renamed. */
const CAMEL_POSITION_FIELDS = new Set([
  "entityId",
  "clientId",
  "rmsEntityCode",
  "instrumentId",
  "exchangeSegment",
  "instrumentName",
  ...POSITION_NUMBER_FIELDS_CAMEL,
]);

/** A camelCase record in the contract's shape: the 30 documented keys renamed, any other key kept as it came. */
function toContractRecord(record: PositionRecordCamel): PositionRecord {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[CAMEL_POSITION_FIELDS.has(key) ? snakeCase(key) : key] = value;
  return out as PositionRecord;
}

/** Positions from a bare object keyed by client code or a `{status, message, data}` envelope, snake_case or camelCase. */
export function normalizePositions(text: string): NormalizedPositions {
  const { value, bigIntegers } = parseLossless(text);
  throwIfErrorBody(value);
  if (!looksEnveloped(value))
    return { form: "contract", keys: "snake_case", positions: typedFromDocument("positions", value, bigIntegers) };
  if (hasCamelRecords((value as Record<string, unknown>).data)) {
    const envelope = typedFromDocument("positionsEnvelopeCamel", value, bigIntegers);
    const positions: Positions = {};
    for (const [client, records] of Object.entries(envelope.data)) positions[client] = records.map(toContractRecord);
    return { form: "envelope", keys: "camelCase", ...messageOf(envelope.message), positions };
  }
  const envelope = typedFromDocument("positionsEnvelope", value, bigIntegers);
  return { form: "envelope", keys: "snake_case", ...messageOf(envelope.message), positions: envelope.data };
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
