// `@tickwire/client/internal`: the feed's parts that @tickwire/relay's consumer reuses, so that it buffers, drops and
// delivers events exactly as the client's feed does. Not for applications: it may change in any release.
export { Listeners } from "./feed/events.js";
export { IteratorFanout } from "./feed/queue.js";
