// The `@tickwire/sandbox/simulator` entry: the seeded market simulator and the frame helpers, without the server.
// Nothing imported from here reaches fastify, pino, jose or ws, so a tool that only generates or inspects captures
// (the tickwire command's gen and stats) starts without loading them.
export { encodeWithSize, type FeedFrame, MESSAGE_CODES, messageIds, messageTime } from "./frame.js";
export {
  checkInstruments,
  defaultInstruments,
  type Instrument,
  type InstrumentKind,
  MAX_SAFE_ID,
  PRICE_UNITS,
} from "./instruments.js";
export { DEFAULT_START_TIME, MarketSimulator, type SimulatorOptions } from "./market-simulator.js";
export { Prng } from "./prng.js";
