// Trades: the contract shows no fields; the newer docs' record is typed where present (docs/platform.md).
import { validateTradeRecord } from "../gen/validators/trade-record.js";
import { validateTradesEnvelope } from "../gen/validators/trades-envelope.js";
import { validateTradesResponse } from "../gen/validators/trades-response.js";
import { TRADE_NUMBER_FIELDS } from "./fields.js";
import type { PayloadKind } from "./spec.js";

/** blitzOrderId is a 64-bit order id, not an instrument id, but like one it must stay exact at every size. */
export const tradeRecordKind: PayloadKind<"tradeRecord"> = {
  name: "tradeRecord",
  schema: "trade-record.schema.json",
  validate: validateTradeRecord,
  ids: [["blitzOrderId"], ["instrumentId"]],
  numbers: [[TRADE_NUMBER_FIELDS]],
};

/** An array of trade records, or any object. */
export const tradesKind: PayloadKind<"trades"> = {
  name: "trades",
  schema: "trades-response.schema.json",
  validate: validateTradesResponse,
  ids: [
    ["*", "blitzOrderId"],
    ["*", "instrumentId"],
  ],
  numbers: [["*", TRADE_NUMBER_FIELDS]],
};

export const tradesEnvelopeKind: PayloadKind<"tradesEnvelope"> = {
  name: "tradesEnvelope",
  schema: "trades-envelope.schema.json",
  validate: validateTradesEnvelope,
  ids: [
    ["data", "*", "blitzOrderId"],
    ["data", "*", "instrumentId"],
  ],
  numbers: [["data", "*", TRADE_NUMBER_FIELDS]],
};
