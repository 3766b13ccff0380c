export { CaptureWriter, readCapture } from "./capture.js";
export type { FeedControl, ReplayOptions, ReplayPace } from "./engine.js";
export {
  CLOSE_SLOW_CONSUMER,
  CLOSE_TOKEN_EXPIRED,
  FEED_PATH,
  type FeedStats,
  type SlowConsumerPolicy,
} from "./feed.js";
export { CONTRACT_PATHS, errorTypeOf, LTP_MISSING, type ResponseForm, VENDOR_PATHS } from "./http.js";
export type { LoginRateLimit, ServerLimits } from "./limits.js";
export { type LogDestination, type LoggerOptions, REDACTED, scrub } from "./logging.js";
export { positionsOf, seedTradeBook, type TradeBook, type TradeRecord } from "./positions.js";
export { PriceBook } from "./prices.js";
export { type Sandbox, type SandboxOptions, startSandbox } from "./sandbox.js";
// The simulator and frame helpers, also served without the server by the `@tickwire/sandbox/simulator` entry.
export * from "./simulator-entry.js";
export { JWT_SECRET_ENV, type TokenClaims } from "./tokens.js";
export { documentedTrades } from "./trades.js";
export { DEMO_USER, isLoopback, type SandboxUser, USERS_ENV, USERS_FILE_ENV, type UserLookup } from "./users.js";
