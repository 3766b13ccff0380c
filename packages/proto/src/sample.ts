// The main job for now: build a sample market-data message, put it through the
// wire format and print its decoded proto3 JSON form.
import { create, fromBinary, toBinary, toJsonString } from "@bufbuild/protobuf";
import { ExchangeSegment, MarketDataMessageBaseSchema, PriceDepthLevelSchema } from "./index.js";

const sample = create(MarketDataMessageBaseSchema, {
  MessageCode: 1502,
  ID: 24091124420000098n,
  subtype: {
    case: "MarketDepthMessage",
    value: {
      InstrumentID: 1010010000002885n,
      ExchangeSegment: ExchangeSegment.NSECM,
      ExchangeInstrumentID: 2885,
      InstrumentName: "RELIANCE",
      TimeStamp: 1763740800000n,
      LTP: 2931.45,
      LTQ: 25,
      BestBidLevel: [create(PriceDepthLevelSchema, { Qty: 120, Price: 2931.4, Orders: 3 })],
      BestAskLevel: [create(PriceDepthLevelSchema, { Qty: 80, Price: 2931.5, Orders: 2 })],
    },
  },
});

const bytes = toBinary(MarketDataMessageBaseSchema, sample);
const decoded = fromBinary(MarketDataMessageBaseSchema, bytes);
console.log(`sample MarketDataMessageBase: ${bytes.length} bytes on the wire, decoded:`);
console.log(toJsonString(MarketDataMessageBaseSchema, decoded, { prettySpaces: 2 }));
