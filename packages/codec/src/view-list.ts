// The class lives in the runtime (generated view classes import it); re-exported here for the public API.
export { ViewList } from "./runtime/view-list.js";
