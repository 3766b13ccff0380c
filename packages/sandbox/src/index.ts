export { CaptureWriter, readCapture } from "./capture.js";
export type { FeedControl, ReplayOptions, ReplayPace } from "./engine.js";
export {
  CLOSE_SLOW_CONSUMER,
  CLOSE_TOKEN_EXPIRED,
  FEED_PATH,
  type FeedStats,
  type SlowConsumerPolicy,
} from "./feed.js";
export { encodeWithSize, type FeedFrame, MESSAGE_CODES, messageIds, messageTime } from "./frame.js";
export { CONTRACT_PATHS, errorTypeOf, LTP_MISSING, type ResponseForm, VENDOR_PATHS } from "./http.js";
export {
  checkInstruments,
  defaultInstruments,
  type Instrument,
  type InstrumentKind,
  MAX_SAFE_ID,
  PRICE_UNITS,
} from "./instruments.js";
export type { LoginRateLimit, ServerLimits } from "./limits.js";
export { type LogDestination, type LoggerOptions, REDACTED, scrub } from "./logging.js";
export { DEFAULT_START_TIME, MarketSimulator, type SimulatorOptions } from "./market-simulator.js";
export { positionsOf, seedTradeBook, type TradeBook, type TradeRecord } from "./positions.js";
export { PriceBook } from "./prices.js";
export { Prng } from "./prng.js";
export { type Sandbox, type SandboxOptions, startSandbox } from "./sandbox.js";
export { JWT_SECRET_ENV, type TokenClaims } from "./tokens.js";
export { documentedTrades } from "./trades.js";
export { DEMO_USER, isLoopback, type SandboxUser, USERS_ENV, USERS_FILE_ENV, type UserLookup } from "./users.js";
