export {
  type Board,
  type BoardInstrument,
  type BoardOptions,
  type BoardStats,
  FEED_PATH,
  startBoard,
} from "./server.js";
