// Positions in one typed shape from the contract's form or the newer docs' envelope, snake_case or camelCase
// (docs/platform.md, "Shapes that differ between documentation versions").
import { type EnvelopeForm, isRecord, looksEnveloped, messageOf, throwIfErrorBody } from "./envelope.js";
import { parseLossless } from "./json.js";
import { POSITION_NUMBER_FIELDS_CAMEL } from "./kinds/fields.js";
import { positionsEnvelopeCamelKind, positionsEnvelopeKind, positionsKind } from "./kinds/positions.js";
import { typedFromDocument } from "./parse.js";
import type { PositionRecord, PositionRecordCamel, Positions } from "./types.js";

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
    return { form: "contract", keys: "snake_case", positions: typedFromDocument(positionsKind, value, bigIntegers) };
  if (hasCamelRecords((value as Record<string, unknown>).data)) {
    const envelope = typedFromDocument(positionsEnvelopeCamelKind, value, bigIntegers);
    const positions: Positions = {};
    for (const [client, records] of Object.entries(envelope.data)) positions[client] = records.map(toContractRecord);
    return { form: "envelope", keys: "camelCase", ...messageOf(envelope.message), positions };
  }
  const envelope = typedFromDocument(positionsEnvelopeKind, value, bigIntegers);
  return { form: "envelope", keys: "snake_case", ...messageOf(envelope.message), positions: envelope.data };
}
