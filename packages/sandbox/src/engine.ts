// Drives a feed source on a timer and hands each batch to the subscribers, the capture and the price book.
// The simulator is paced by the wall clock (how many messages are due), but what each message holds depends only on
// the seed and its position in the sequence. A replay is paced by the captured messages' own times, or not at all.
import type { Logger } from "pino";
import { readCapture } from "./capture.js";
import type { FeedFrame } from "./frame.js";
import type { MarketSimulator } from "./market-simulator.js";

export type ReplayPace = "original" | "fast";

export interface ReplayOptions {
  /** A size-delimited capture file (see CaptureWriter). */
  file: string;
  /** "original" (default): frames keep the gaps between their message times; "fast": as fast as the loop turns. */
  pace?: ReplayPace;
  /** With pace "original": 2 plays twice as fast (default 1). */
  speed?: number;
  /** Start again at the end (default false). */
  loop?: boolean;
}

export interface FeedControl {
  /** Stops producing; subscribers keep their sockets. */
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** Messages produced since start. */
  readonly produced: number;
  /** Resolves when a replay has played its capture to the end (never for the simulator); rejects on a bad capture. */
  readonly ended: Promise<void>;
}

type Sink = (frames: FeedFrame[]) => void;

abstract class Driver implements FeedControl {
  produced = 0;
  paused = true;
  protected closed = false;
  protected timer: NodeJS.Timeout | undefined;
  readonly ended: Promise<void>;
  protected finish!: () => void;
  protected fail!: (error: Error) => void;

  constructor(
    protected readonly sink: Sink,
    protected readonly tickMs: number,
    protected readonly logger: Logger,
  ) {
    this.ended = new Promise<void>((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    // Nobody may be waiting for `ended`; a bad capture is logged, not an unhandled rejection.
    this.ended.catch(() => {});
  }

  protected abstract tick(): void;
  protected abstract onResume(): void;

  resume(): void {
    if (!this.paused || this.closed) return;
    this.paused = false;
    this.onResume();
    this.timer = setInterval(() => this.tick(), this.tickMs);
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    clearInterval(this.timer);
  }

  close(): void {
    this.pause();
    this.closed = true;
  }

  protected emit(frames: FeedFrame[]): void {
    if (frames.length === 0) return;
    this.produced += frames.length;
    this.sink(frames);
  }
}

/** Frames made and handed to the sink at a time. */
const SIMULATOR_CHUNK = 256;

export class SimulatorDriver extends Driver {
  private origin = 0;
  private readonly maxBatch: number;

  constructor(
    private readonly simulator: MarketSimulator,
    private readonly rate: number,
    sink: Sink,
    tickMs: number,
    logger: Logger,
  ) {
    super(sink, tickMs, logger);
    // At most a quarter second of messages per tick: after a stall the feed skips ahead instead of bursting.
    this.maxBatch = Math.max(1, Math.ceil(rate / 4));
  }

  protected onResume(): void {
    this.origin = performance.now() - (this.produced * 1000) / this.rate;
  }

  protected tick(): void {
    let due = Math.floor(((performance.now() - this.origin) * this.rate) / 1000) - this.produced;
    if (due > this.maxBatch) {
      this.logger.warn({ behind: due - this.maxBatch }, "feed fell behind its rate; skipping ahead");
      due = this.maxBatch;
      this.origin = performance.now() - ((this.produced + due) * 1000) / this.rate;
    }
    // In chunks: a tick that comes late (a busy machine) owes thousands of frames, and made all at once they (and their
    // messages) outlive the young generation's collections before they are written, which made each frame cost twice
    // as much on a loaded machine as on a quiet one.
    for (let done = 0; done < due; done += SIMULATOR_CHUNK) {
      const frames = new Array<FeedFrame>(Math.min(SIMULATOR_CHUNK, due - done));
      for (let n = 0; n < frames.length; n++) frames[n] = this.simulator.next();
      this.emit(frames);
    }
  }
}

const QUEUE_HIGH = 20_000;
const FAST_BATCH = 1_000;

export class ReplayDriver extends Driver {
  private iterator: AsyncGenerator<FeedFrame> | undefined;
  private readonly queue: FeedFrame[] = [];
  private head = 0;
  private reading = false;
  private done = false;
  private failure: Error | undefined;
  private firstTime: number | undefined;
  private origin = 0;
  private readonly pace: ReplayPace;
  private readonly speed: number;

  constructor(
    private readonly replay: ReplayOptions,
    sink: Sink,
    tickMs: number,
    logger: Logger,
  ) {
    super(sink, tickMs, logger);
    this.pace = replay.pace ?? "original";
    this.speed = replay.speed ?? 1;
    if (this.pace !== "original" && this.pace !== "fast")
      throw new TypeError('replay.pace must be "original" or "fast"');
    if (!(this.speed > 0)) throw new RangeError("replay.speed must be a positive number");
    this.restart();
  }

  private restart(): void {
    this.iterator = readCapture(this.replay.file);
    this.done = false;
    this.firstTime = undefined;
    void this.fill();
  }

  /** Reads ahead until the queue holds QUEUE_HIGH frames; memory stays bounded whatever the file's size. */
  private async fill(): Promise<void> {
    if (this.reading || this.done || this.closed || !this.iterator) return;
    this.reading = true;
    try {
      while (this.queue.length - this.head < QUEUE_HIGH && !this.closed) {
        const next = await this.iterator.next();
        if (next.done) {
          this.done = true;
          break;
        }
        this.queue.push(next.value);
      }
    } catch (error) {
      // The frames read before the fault still play; the replay then ends with this error.
      this.logger.error({ err: error, file: this.replay.file }, "replay stopped: the capture is not readable");
      this.done = true;
      this.failure = error as Error;
    } finally {
      this.reading = false;
    }
    if (this.pace === "fast" && !this.paused) setImmediate(() => this.tick());
  }

  protected onResume(): void {
    // Keeps the position in the capture's time: what was due at pause is due again right after resume.
    this.origin = performance.now();
    this.firstTime = undefined;
  }

  protected tick(): void {
    if (this.paused || this.closed) return;
    const frames: FeedFrame[] = [];
    const now = performance.now();
    while (this.head < this.queue.length && (this.pace === "original" || frames.length < FAST_BATCH)) {
      const frame = this.queue[this.head];
      if (this.pace === "original") {
        this.firstTime ??= frame.timeMs;
        if ((frame.timeMs - this.firstTime) / this.speed > now - this.origin) break;
      }
      frames.push(frame);
      this.head++;
    }
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.emit(frames);
    if (this.head >= this.queue.length && this.done && !this.closed) {
      if (this.failure) {
        this.pause();
        this.fail(this.failure);
      } else if (this.replay.loop) this.restart();
      else {
        this.pause();
        this.finish();
      }
      return;
    }
    void this.fill();
  }
}
