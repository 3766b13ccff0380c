// The perf panel: what the worker measured (decode and model update per message), what this thread measured
// (rendering a snapshot, and the latency from the board server's receive to the drawn page), the message rate
// over the last two minutes, drops, errors and reconnects.
import { formatWhole } from "./format.js";
import { type Percentiles, SlidingWindow } from "./window-stats.js";
import type { WorkerSnapshot } from "./worker.js";

const WINDOW_MS = 10_000;
/** Rate points kept for the history chart: two minutes of 250 ms snapshots. */
const HISTORY_POINTS = 480;
const CHART_WIDTH = 240;
const CHART_HEIGHT = 40;

const micro = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const milli = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export class PerfPanel {
  private readonly render = new SlidingWindow(WINDOW_MS, 256);
  private readonly latency = new SlidingWindow(WINDOW_MS, 8192);
  /** Messages per second per snapshot; NaN marks a gap (the board server was away) so the line breaks there. */
  private readonly rates: number[] = [];

  constructor(private readonly root: HTMLElement) {}

  /** One snapshot drawn: its render time and when it was drawn (epoch ms, this page's clock). */
  drawn(snapshot: WorkerSnapshot, renderMs: number, drawnAt: number): void {
    const now = performance.now();
    this.render.add(renderMs, now);
    for (const receivedAt of snapshot.batchesReceivedAt) this.latency.add(drawnAt - receivedAt, now);
    this.rates.push(snapshot.messagesPerSecond);
    if (this.rates.length > HISTORY_POINTS) this.rates.shift();
    this.set("decode", pair(snapshot.decode, micro, "µs"));
    this.set("update", pair(snapshot.update, micro, "µs"));
    this.set("render", pair(this.render.percentiles(now), milli, "ms"));
    this.set("latency", pair(this.latency.percentiles(now), milli, "ms"));
    this.set("rate", formatWhole(Math.round(snapshot.messagesPerSecond)));
    const messages = this.set("messages", formatWhole(snapshot.messages));
    messages.dataset.count = String(snapshot.messages);
    this.set("resynced", formatWhole(snapshot.resynced));
    const errors = this.set("errors", formatWhole(snapshot.decodeErrors));
    errors.dataset.count = String(snapshot.decodeErrors);
    this.chart();
  }

  gap(): void {
    if (this.rates.length > 0 && !Number.isNaN(this.rates[this.rates.length - 1])) this.rates.push(Number.NaN);
  }

  counters(dropped: number, pageReconnects: number, platformReconnects: number): void {
    this.set("dropped", formatWhole(dropped)).dataset.count = String(dropped);
    this.set("page-reconnects", formatWhole(pageReconnects)).dataset.count = String(pageReconnects);
    this.set("platform-reconnects", formatWhole(platformReconnects)).dataset.count = String(platformReconnects);
  }

  private set(name: string, text: string): HTMLElement {
    const element = this.root.querySelector(`[data-perf="${name}"]`) as HTMLElement;
    if (element.textContent !== text) element.textContent = text;
    return element;
  }

  private chart(): void {
    const path = this.root.querySelector("#rate-history path") as SVGPathElement;
    const high = Math.max(1, ...this.rates.filter((rate) => !Number.isNaN(rate)));
    const step = CHART_WIDTH / (HISTORY_POINTS - 1);
    const offset = HISTORY_POINTS - this.rates.length;
    let d = "";
    let pen = "M";
    this.rates.forEach((rate, i) => {
      if (Number.isNaN(rate)) {
        pen = "M";
        return;
      }
      d += `${pen}${((offset + i) * step).toFixed(1)} ${(CHART_HEIGHT - 1 - (rate / high) * (CHART_HEIGHT - 2)).toFixed(1)}`;
      pen = "L";
    });
    path.setAttribute("d", d);
    this.set("rate-high", formatWhole(Math.round(high)));
  }
}

function pair(value: Percentiles | null, format: Intl.NumberFormat, unit: string): string {
  return value === null ? "–" : `${format.format(value.p50)} / ${format.format(value.p99)} ${unit}`;
}
