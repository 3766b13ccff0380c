export * from "./gen/tickwire/marketdata/v1/marketdata_pb.js";
export {
  type ExchangeSegmentEntry,
  type ExchangeSegmentName,
  exchangeSegmentByName,
  exchangeSegmentByNumber,
  exchangeSegments,
  type SubtypeCase,
  subtypeCases,
} from "./helpers.js";
