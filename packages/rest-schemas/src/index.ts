export type { EnvelopeForm } from "./envelope.js";
export { PlatformErrorResponse } from "./envelope.js";
export { type AjvError, SchemaValidationError, type ValidationIssue } from "./issues.js";
export { JsonSyntaxError, type JsonValue, stringifyJson } from "./json.js";
export { errorBodyKind } from "./kinds/error-body.js";
export {
  POSITION_NUMBER_FIELDS,
  POSITION_NUMBER_FIELDS_CAMEL,
  TRADE_RECORD_FIELDS,
} from "./kinds/fields.js";
export { kinds } from "./kinds/index.js";
export { loginErrorKind, loginRequestKind, loginResponseKind, loginSuccessKind } from "./kinds/login.js";
export {
  ltpEntryCamelKind,
  ltpEntryKind,
  ltpErrorKind,
  ltpRequestKind,
  ltpResponseKind,
  ltpSuccessCamelKind,
  ltpSuccessKind,
} from "./kinds/ltp.js";
export {
  positionRecordCamelKind,
  positionRecordKind,
  positionsEnvelopeCamelKind,
  positionsEnvelopeKind,
  positionsKind,
} from "./kinds/positions.js";
export type { PathPattern, PayloadKind } from "./kinds/spec.js";
export { tradeRecordKind, tradesEnvelopeKind, tradesKind } from "./kinds/trades.js";
export { type LastTradedPrice, type LtpForm, type NormalizedLtp, normalizeLtp } from "./normalize-ltp.js";
export { type NormalizedPositions, normalizePositions, type PositionKeys } from "./normalize-positions.js";
export { type NormalizedTrades, normalizeTrades } from "./normalize-trades.js";
export { assertValid, parseJson, validate } from "./parse.js";
export type * from "./types.js";
export type { CompiledValidator } from "./validator.js";
