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

export type LtpRequest = { InstrumentIds: [InstrumentId, ...InstrumentId[]] };
export type LtpEntry = WithIds<Wire.LtpEntry, "InstrumentID">;
/** `data` stays keyed by the decimal id string, as on the wire; `normalizeLtp` gives a Map keyed by bigint. */
export type LtpSuccess = With<Wire.LtpSuccess, "data", { [instrumentId: string]: LtpEntry }>;
export type LtpError = Wire.LtpError;
export type LtpResponse = LtpSuccess | LtpError;
export type LtpEntryCamel = WithIds<Wire.LtpEntryCamel, "instrumentId">;
export type LtpSuccessCamel = With<Wire.LtpSuccessCamel, "data", { [instrumentId: string]: LtpEntryCamel }>;

/**
 * Trade fields are not in the contract, so records are unknown. Any integer beyond 2^53 in them (17-digit order ids)
 * is a bigint; every other number is a number.
 */
export type TradeRecord = Wire.TradeRecord;
export type TradesResponse = Wire.TradesResponse;
export type TradesEnvelope = Wire.TradesEnvelope;

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
