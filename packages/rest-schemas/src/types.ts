// The typed shapes parseJson returns. They are the generated wire types (src/gen/types.ts, JSON's data model) with
// every instrument id as bigint, the representation @tickwire/proto (protobuf-es) uses for uint64, so REST
// positions and feed ticks join on the same key.
import type * as Wire from "./gen/types.js";

export type { Wire };

/** A uint64 instrument identifier, as protobuf-es represents `InstrumentID`. */
export type InstrumentId = bigint;

type WithIds<T, K extends keyof T> = { [P in keyof T]: P extends K ? InstrumentId : T[P] };
type With<T, K extends keyof T, V> = { [P in keyof T]: P extends K ? V : T[P] };

export type LoginRequest = Wire.LoginRequest;
export type LoginSuccess = Wire.LoginSuccess;
export type LoginError = Wire.LoginError;
export type LoginResponse = Wire.LoginResponse;
export type ErrorBody = Wire.ErrorBody;

export type PositionRecord = WithIds<Wire.PositionRecord, "instrument_id">;
/** Keyed by client code. */
export type Positions = { [clientCode: string]: PositionRecord[] };
export type PositionsEnvelope = With<Wire.PositionsEnvelope, "data", Positions>;
/** The newer documented form's position: the same 30 facts with camelCase keys. */
export type PositionRecordCamel = WithIds<Wire.PositionRecordCamel, "instrumentId">;
export type PositionsEnvelopeCamel = With<
  Wire.PositionsEnvelopeCamel,
  "data",
  { [clientCode: string]: PositionRecordCamel[] }
>;

export type LtpRequest = { InstrumentIds: [InstrumentId, ...InstrumentId[]] };
export type LtpEntry = WithIds<Wire.LtpEntry, "InstrumentID">;
/** `data` stays keyed by the decimal id string, as on the wire; `normalizeLtp` gives a Map keyed by bigint. */
export type LtpSuccess = With<Wire.LtpSuccess, "data", { [instrumentId: string]: LtpEntry }>;
export type LtpError = Wire.LtpError;
export type LtpResponse = LtpSuccess | LtpError;
export type LtpEntryCamel = WithIds<Wire.LtpEntryCamel, "instrumentId">;
export type LtpSuccessCamel = With<Wire.LtpSuccessCamel, "data", { [instrumentId: string]: LtpEntryCamel }>;

/**
 * A trade record: the documented fields typed (each optional, since older listings carry others), `blitzOrderId` and
 * `instrumentId` as bigint, and any other field kept as sent (an integer beyond 2^53 there is a bigint too).
 */
export type TradeRecord = With<
  WithIds<Wire.TradeRecord, "blitzOrderId" | "instrumentId">,
  "correlationOrderId",
  bigint | number | string | null
> & { [field: string]: unknown };
export type TradesResponse = TradeRecord[] | { [key: string]: unknown };
export type TradesEnvelope = With<Wire.TradesEnvelope, "data", TradesResponse>;

/** Each payload kind parseJson knows, with the typed value it returns. */
export interface KindTypes {
  loginRequest: LoginRequest;
  loginSuccess: LoginSuccess;
  loginError: LoginError;
  loginResponse: LoginResponse;
  errorBody: ErrorBody;
  positionRecord: PositionRecord;
  positions: Positions;
  positionsEnvelope: PositionsEnvelope;
  positionRecordCamel: PositionRecordCamel;
  positionsEnvelopeCamel: PositionsEnvelopeCamel;
  ltpRequest: LtpRequest;
  ltpEntry: LtpEntry;
  ltpSuccess: LtpSuccess;
  ltpError: LtpError;
  ltpResponse: LtpResponse;
  ltpEntryCamel: LtpEntryCamel;
  ltpSuccessCamel: LtpSuccessCamel;
  tradeRecord: TradeRecord;
  trades: TradesResponse;
  tradesEnvelope: TradesEnvelope;
}

export type Kind = keyof KindTypes;
