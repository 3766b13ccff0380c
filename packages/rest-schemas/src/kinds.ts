// Which validator checks each payload kind, and where its instrument ids and its plain numbers sit.
import * as compiled from "./gen/validators.js";
import type { AjvError } from "./issues.js";
import type { Kind } from "./types.js";

/** The call shape of an Ajv standalone validator. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** A path through a document: `*` is any key or index, a list is any one of those property names. */
export type PathPattern = readonly (string | readonly string[])[];

export interface KindSpec {
  /** The schema file under schemas/. */
  readonly schema: string;
  readonly validate: CompiledValidator;
  /** Where uint64 instrument ids sit: they become bigint. */
  readonly ids: readonly PathPattern[];
  /** Where the schema declares a plain number: an integer there beyond 2^53 is an error, not a silent rounding. */
  readonly numbers: readonly PathPattern[];
  /** For `status`-discriminated unions: the kind to check for each status value. */
  readonly byStatus?: Readonly<Record<string, Kind>>;
}

export const POSITION_NUMBER_FIELDS = [
  "non_ack_buy_quantity",
  "non_ack_sell_quantity",
  "open_buy_quantity",
  "open_sell_quantity",
  "long_position",
  "short_position",
  "net_position",
  "net_position_in_lot",
  "order_count",
  "trade_count",
  "previous_net_position",
  "trade_buy_value",
  "trade_sell_value",
  "trade_net_value",
  "avg_buy",
  "avg_sell",
  "avg_net",
  "exposure",
  "unrealized",
  "realized",
  "last_traded_price",
  "open_position_trade_value",
  "turnover_value",
  "turnover_value_options",
] as const;

/** The camelCase keys of the newer documented positions (docs/platform.md), in the order of the snake_case ones. */
export const POSITION_NUMBER_FIELDS_CAMEL = POSITION_NUMBER_FIELDS.map((name) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
);

/** Every field of the documented trade record (docs/platform.md, "Newer documented record shapes"), in the documented order. */
export const TRADE_RECORD_FIELDS = [
  "blitzOrderId",
  "exchangeOrderId",
  "executionId",
  "instrumentId",
  "exchangeSegment",
  "exchangeInstrumentId",
  "instrumentName",
  "instrumentType",
  "clientId",
  "account",
  "orderType",
  "orderSide",
  "status",
  "orderQuantity",
  "orderPrice",
  "lastTradedQuantity",
  "lastTradedPrice",
  "cumulativeQuantity",
  "leavesQuantity",
  "averageTradedPrice",
  "averageTradedValue",
  "tif",
  "orderGeneratedDateTime",
  "lastRequestDateTime",
  "exchangeTransactTime",
  "orderModificationCount",
  "orderTradeCount",
  "correlationOrderId",
  "orderTag",
  "executionType",
  "rejectType",
  "orderStopPrice",
  "orderTriggerPrice",
  "orderDisclosedQuantity",
  "minimumQuantity",
  "orderExpiryDate",
  "isFictiveOrder",
  "isOrderCompleted",
  "entityId",
  "strategyId",
  "strategyInstanceId",
  "strategyName",
  "strategyInstanceName",
  "strategyTag",
  "ivObjectName",
  "ctclId",
  "algoId",
  "algoCategoryId",
  "clearingFirmId",
  "panId",
  "userText",
  "sequenceNumber",
] as const;

/** Trade fields the schema types as numbers: beyond 2^53 they are an error, not a silent rounding. */
const TRADE_NUMBER_FIELDS = [
  "exchangeInstrumentId",
  "instrumentType",
  "orderQuantity",
  "orderPrice",
  "lastTradedQuantity",
  "lastTradedPrice",
  "cumulativeQuantity",
  "leavesQuantity",
  "averageTradedPrice",
  "averageTradedValue",
  "exchangeTransactTime",
  "orderModificationCount",
  "orderTradeCount",
  "orderStopPrice",
  "orderTriggerPrice",
  "orderDisclosedQuantity",
  "minimumQuantity",
  "orderExpiryDate",
  "sequenceNumber",
] as const;

const v = (f: unknown) => f as CompiledValidator;
const prefixed = (prefix: readonly string[], patterns: readonly PathPattern[]) =>
  patterns.map((p) => [...prefix, ...p]);

const position = { ids: [["instrument_id"]], numbers: [[POSITION_NUMBER_FIELDS]] } as const;
const positions = { ids: prefixed(["*", "*"], position.ids), numbers: prefixed(["*", "*"], position.numbers) };
const positionCamel = { ids: [["instrumentId"]], numbers: [[POSITION_NUMBER_FIELDS_CAMEL]] } as const;
/** blitzOrderId is a 64-bit order id, not an instrument id, but like one it must stay exact at every size. */
const trade = { ids: [["blitzOrderId"], ["instrumentId"]], numbers: [[TRADE_NUMBER_FIELDS]] } as const;
const trades = { ids: prefixed(["*"], trade.ids), numbers: prefixed(["*"], trade.numbers) };
const ltpEntry = { ids: [["InstrumentID"]], numbers: [["LTP"]] } as const;
const ltpSuccess = { ids: prefixed(["data", "*"], ltpEntry.ids), numbers: prefixed(["data", "*"], ltpEntry.numbers) };
const ltpEntryCamel = { ids: [["instrumentId"]], numbers: [["ltp"]] } as const;
const none = { ids: [], numbers: [] } as const;

export const kinds: Readonly<Record<Kind, KindSpec>> = {
  loginRequest: { schema: "login-request.schema.json", validate: v(compiled.validateLoginRequest), ...none },
  loginSuccess: { schema: "login-success.schema.json", validate: v(compiled.validateLoginSuccess), ...none },
  loginError: { schema: "login-error.schema.json", validate: v(compiled.validateLoginError), ...none },
  loginResponse: {
    schema: "login-response.schema.json",
    validate: v(compiled.validateLoginResponse),
    ...none,
    byStatus: { success: "loginSuccess", error: "loginError" },
  },
  errorBody: { schema: "error.schema.json", validate: v(compiled.validateErrorBody), ...none },
  positionRecord: { schema: "position-record.schema.json", validate: v(compiled.validatePositionRecord), ...position },
  positions: {
    schema: "positions-response.schema.json",
    validate: v(compiled.validatePositionsResponse),
    ...positions,
  },
  positionsEnvelope: {
    schema: "positions-envelope.schema.json",
    validate: v(compiled.validatePositionsEnvelope),
    ids: prefixed(["data"], positions.ids),
    numbers: prefixed(["data"], positions.numbers),
  },
  positionRecordCamel: {
    schema: "position-record-camel.schema.json",
    validate: v(compiled.validatePositionRecordCamel),
    ...positionCamel,
  },
  positionsEnvelopeCamel: {
    schema: "positions-envelope-camel.schema.json",
    validate: v(compiled.validatePositionsEnvelopeCamel),
    ids: prefixed(["data", "*", "*"], positionCamel.ids),
    numbers: prefixed(["data", "*", "*"], positionCamel.numbers),
  },
  ltpRequest: {
    schema: "ltp-request.schema.json",
    validate: v(compiled.validateLtpRequest),
    ids: [["InstrumentIds", "*"]],
    numbers: [],
  },
  ltpEntry: { schema: "ltp-entry.schema.json", validate: v(compiled.validateLtpEntry), ...ltpEntry },
  ltpSuccess: { schema: "ltp-success.schema.json", validate: v(compiled.validateLtpSuccess), ...ltpSuccess },
  ltpError: { schema: "ltp-error.schema.json", validate: v(compiled.validateLtpError), ...none },
  ltpResponse: {
    schema: "ltp-response.schema.json",
    validate: v(compiled.validateLtpResponse),
    ...ltpSuccess,
    byStatus: { success: "ltpSuccess", error: "ltpError" },
  },
  ltpEntryCamel: {
    schema: "ltp-entry-camel.schema.json",
    validate: v(compiled.validateLtpEntryCamel),
    ...ltpEntryCamel,
  },
  ltpSuccessCamel: {
    schema: "ltp-success-camel.schema.json",
    validate: v(compiled.validateLtpSuccessCamel),
    ids: prefixed(["data", "*"], ltpEntryCamel.ids),
    numbers: prefixed(["data", "*"], ltpEntryCamel.numbers),
  },
  tradeRecord: { schema: "trade-record.schema.json", validate: v(compiled.validateTradeRecord), ...trade },
  trades: { schema: "trades-response.schema.json", validate: v(compiled.validateTradesResponse), ...trades },
  tradesEnvelope: {
    schema: "trades-envelope.schema.json",
    validate: v(compiled.validateTradesEnvelope),
    ids: prefixed(["data"], trades.ids),
    numbers: prefixed(["data"], trades.numbers),
  },
};

/** Whether a concrete path matches a pattern. */
export function matches(pattern: PathPattern, path: readonly (string | number)[]): boolean {
  if (pattern.length !== path.length) return false;
  return pattern.every((step, i) => {
    if (step === "*") return true;
    const segment = String(path[i]);
    return typeof step === "string" ? step === segment : step.includes(segment);
  });
}
