export type { InstrumentDetails } from "./instruments.js";
export type { InstrumentInfo, UpstreamState } from "./protocol.js";
export {
  type Board,
  type BoardInstrument,
  type BoardOptions,
  type BoardStats,
  FEED_PATH,
  startBoard,
} from "./server.js";
