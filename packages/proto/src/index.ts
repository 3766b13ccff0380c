export * from "./gen/tickwire/marketdata/v1/marketdata_pb.js";
export {
  type ExchangeSegmentEntry,
  type ExchangeSegmentName,
  exchangeSegmentByName,
  exchangeSegmentByNumber,
  exchangeSegments,
  messageIds,
  messageTime,
} from "./helpers.js";
export { type SubtypeCase, subtypeCases } from "./subtypes.js";
