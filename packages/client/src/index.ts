export {
  type ClientStats,
  createClient,
  type LtpResult,
  type PositionsResult,
  type RequestOptions,
  type TickwireClient,
  type TradesResult,
} from "./client.js";
export {
  AbortError,
  AuthError,
  type AuthFailure,
  ClosedError,
  HttpError,
  InvalidArgumentError,
  NetworkError,
  TickwireError,
  type TickwireErrorCode,
  TimeoutError,
  ValidationError,
  type ValidationProblem,
} from "./errors.js";
export type { FeedState } from "./feed/connection.js";
export {
  type DisconnectInfo,
  type FeedEventName,
  type FeedEvents,
  type ReconnectInfo,
  SUBTYPES,
  type SubtypeValue,
} from "./feed/events.js";
export type { FeedStats, MarketDataFeed } from "./feed/market-data.js";
export type { MarketDataOptions } from "./feed/options.js";
export type { OverflowPolicy } from "./feed/queue.js";
export type { InstrumentIdInput } from "./ids.js";
export { tokenExpiry } from "./jwt.js";
export {
  type ClientOptions,
  DEFAULT_PATHS,
  type EndpointPaths,
  PATH_PRESETS,
  type PathPreset,
  type PathsOption,
  type WebSocketConstructor,
} from "./options.js";
export { type Logger, REDACTED } from "./redact.js";
