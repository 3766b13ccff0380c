// The board's decoder: a Web Worker that reads the board server's binary frames with the codec's ViewDecoder (one
// reused view, no allocation per frame) and sends the page a snapshot a few times a second.
import { ViewDecoder } from "@tickwire/codec";
import { BoardModel } from "./model.js";

export type ToWorker =
  | { type: "start"; feedUrl: string; ids: number[]; seeds: [number, number | null][]; intervalMs: number }
  | { type: "select"; id: number | null };

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: unknown): void;
}
const scope = self as unknown as WorkerScope;

let model: BoardModel | undefined;

function start(message: Extract<ToWorker, { type: "start" }>): void {
  const board = new BoardModel(message.ids);
  model = board;
  for (const [id, ltp] of message.seeds) board.seed(id, ltp);
  const decoder = new ViewDecoder({ framing: "delimited", onError: () => board.error() });
  const apply = board.apply.bind(board);
  let frames = 0;
  const count = () => {
    frames++;
  };
  const socket = new WebSocket(message.feedUrl);
  socket.binaryType = "arraybuffer";
  socket.onmessage = (event: MessageEvent<ArrayBuffer>) => {
    const chunk = new Uint8Array(event.data);
    const before = frames;
    const started = performance.now();
    decoder.pushEach(chunk, (view) => {
      count();
      apply(view);
    });
    board.timed(frames - before, performance.now() - started);
  };
  socket.onclose = () => scope.postMessage({ type: "closed" });
  setInterval(() => scope.postMessage({ type: "snapshot", snapshot: board.snapshot() }), message.intervalMs);
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") start(message);
  else model?.select(message.id);
};
