// The subtype case names on their own (the `@tickwire/proto/subtypes` entry): a consumer that needs the names but not
// the descriptor, such as a browser bundle of the client, imports this and keeps the protobuf-es runtime out.
import { SUBTYPE_CASES } from "./gen/subtypes.js";
import type { MarketDataMessageBase } from "./gen/tickwire/marketdata/v1/marketdata_pb.js";

/** The name of a `MarketDataMessageBase.subtype` member, e.g. `"TickData"`. */
export type SubtypeCase = NonNullable<MarketDataMessageBase["subtype"]["case"]>;

/** Every subtype case, in field-number order (500 to 506), generated from the descriptor. */
export const subtypeCases: readonly SubtypeCase[] = SUBTYPE_CASES;
