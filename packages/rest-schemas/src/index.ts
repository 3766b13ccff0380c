export { type AjvError, SchemaValidationError, type ValidationIssue } from "./issues.js";
export { JsonSyntaxError, type JsonValue, stringifyJson } from "./json.js";
export {
  type CompiledValidator,
  kinds,
  POSITION_NUMBER_FIELDS,
  POSITION_NUMBER_FIELDS_CAMEL,
  TRADE_RECORD_FIELDS,
} from "./kinds.js";
export {
  type EnvelopeForm,
  type LastTradedPrice,
  type LtpForm,
  type NormalizedLtp,
  type NormalizedPositions,
  type NormalizedTrades,
  normalizeLtp,
  normalizePositions,
  normalizeTrades,
  PlatformErrorResponse,
  type PositionKeys,
} from "./normalize.js";
export { assertValid, parseJson, validate } from "./parse.js";
export type * from "./types.js";
