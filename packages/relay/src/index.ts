export { RecentFormatError, RelayError, type RelayErrorCode } from "./errors.js";
export type {
  BatchOptions,
  BatchReaderStats,
  BatchStats,
  LockOptions,
  RecentStats,
  RecentWindowOptions,
  StoreStats,
} from "./public-types.js";
export { type Relay, type RelayOptions, type RelayRole, type RelayStats, startRelay } from "./relay.js";
export {
  batchStreamConfig,
  DEFAULT_STREAM,
  ensureStream,
  type RelayStreamConfig,
  type StoredBatchOptions,
  type StoredFormat,
  type StreamAdmin,
  type StreamFormat,
  type StreamOptions,
  storedFormat,
  streamConfig,
} from "./stream.js";
export {
  FRAME_HEADER,
  INTEREST_SUBJECT,
  POSITION_HEADER,
  RECEIVED_HEADER,
  routeFrame,
  SUBJECT_ROOT,
  statusSubject,
  subjectFilters,
} from "./subjects.js";
export {
  RelayFeed,
  type RelayFeedState,
  type RelayFeedStats,
  type RelayMessageInfo,
  type SubscribeRelayOptions,
  subscribeRelay,
} from "./subscribe.js";
