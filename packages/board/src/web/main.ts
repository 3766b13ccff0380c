// The board page: the instrument table (last price, change since open, volume, last update, a sparkline), the
// depth ladder of the selected instrument and the feed's rate and decode time. Decoding happens in the worker;
// this thread only draws snapshots, touching a cell only when its text changes.
import type { Ladder, Level, Row, Snapshot } from "./model.js";
import type { ToWorker } from "./worker.js";

interface BoardInfo {
  instruments: { id: string; name: string; ltp: number | null }[];
  refused: { id: string; reason: string }[];
  feedPath: string;
  segments: Record<string, string>;
}

const SNAPSHOT_MS = 250;
const FLASH_MS = 600;
const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 24;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const price = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const whole = new Intl.NumberFormat("en-IN");
const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);

interface RowCells {
  row: HTMLTableRowElement;
  segment: HTMLElement;
  ltp: HTMLTableCellElement;
  change: HTMLTableCellElement;
  volume: HTMLTableCellElement;
  updated: HTMLTableCellElement;
  spark: SVGPolylineElement;
  lastLtp: number | null;
  flashTimer: number | undefined;
}

const cells = new Map<number, RowCells>();
let selected: number | null = null;
let worker: Worker;
let segmentNames: Record<string, string> = {};

function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function buildTable(info: BoardInfo): void {
  const body = byId<HTMLTableSectionElement>("rows");
  const svgNs = "http://www.w3.org/2000/svg";
  for (const instrument of info.instruments) {
    const id = Number(instrument.id);
    const row = document.createElement("tr");
    row.dataset.id = instrument.id;
    row.tabIndex = 0;
    const name = document.createElement("td");
    name.className = "name";
    name.textContent = `${instrument.name} `;
    const segment = document.createElement("small");
    name.append(segment);
    const make = (className: string) => {
      const cell = document.createElement("td");
      cell.className = className;
      return cell;
    };
    const ltp = make("ltp");
    const change = make("change");
    const volume = make("volume");
    const updated = make("updated");
    const sparkCell = make("spark");
    const svg = document.createElementNS(svgNs, "svg");
    svg.setAttribute("viewBox", `0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`);
    svg.setAttribute("width", String(SPARK_WIDTH));
    svg.setAttribute("height", String(SPARK_HEIGHT));
    const spark = document.createElementNS(svgNs, "polyline");
    svg.append(spark);
    sparkCell.append(svg);
    row.append(name, ltp, change, volume, updated, sparkCell);
    row.addEventListener("click", () => select(id));
    row.addEventListener("keydown", (event) => {
      if (event.key === "Enter") select(id);
    });
    body.append(row);
    cells.set(id, { row, segment, ltp, change, volume, updated, spark, lastLtp: null, flashTimer: undefined });
  }
  const refused = byId<HTMLElement>("refused");
  refused.textContent = info.refused.map((r) => `${r.id}: ${r.reason}`).join("; ");
  refused.hidden = info.refused.length === 0;
}

function select(id: number): void {
  selected = id;
  for (const [rowId, entry] of cells) entry.row.classList.toggle("selected", rowId === id);
  const name = cells.get(id)?.row.querySelector(".name")?.textContent ?? String(id);
  setText(byId("ladder-title"), `Depth: ${name}`);
  byId<HTMLTableSectionElement>("ladder-rows").replaceChildren();
  worker.postMessage({ type: "select", id } satisfies ToWorker);
}

function drawRow(row: Row): void {
  const entry = cells.get(row.id);
  if (entry === undefined || row.ltp === null) return;
  if (row.segment !== null) setText(entry.segment, segmentNames[row.segment] ?? String(row.segment));
  setText(entry.ltp, price.format(row.ltp));
  entry.ltp.dataset.value = String(row.ltp);
  if (row.open !== null) {
    const change = ((row.ltp - row.open) / row.open) * 100;
    setText(entry.change, `${change >= 0 ? "+" : ""}${change.toFixed(2)}%`);
    entry.change.className = `change ${change >= 0 ? "up" : "down"}`;
  }
  if (row.volume !== null) setText(entry.volume, whole.format(row.volume));
  if (row.updatedAt !== null) setText(entry.updated, time(row.updatedAt));
  if (entry.lastLtp !== null && row.ltp !== entry.lastLtp)
    flash(entry, row.ltp > entry.lastLtp ? "tick-up" : "tick-down");
  entry.lastLtp = row.ltp;
  entry.spark.setAttribute("points", sparkPoints(row.history));
}

function flash(entry: RowCells, className: string): void {
  entry.ltp.classList.remove("tick-up", "tick-down");
  entry.ltp.classList.add(className);
  if (entry.flashTimer !== undefined) clearTimeout(entry.flashTimer);
  entry.flashTimer = window.setTimeout(() => entry.ltp.classList.remove("tick-up", "tick-down"), FLASH_MS);
}

function sparkPoints(history: readonly number[]): string {
  if (history.length < 2) return "";
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const value of history) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const span = high - low || 1;
  const step = SPARK_WIDTH / (history.length - 1);
  return history
    .map(
      (value, i) =>
        `${(i * step).toFixed(1)},${(SPARK_HEIGHT - 2 - ((value - low) / span) * (SPARK_HEIGHT - 4)).toFixed(1)}`,
    )
    .join(" ");
}

function drawLadder(ladder: Ladder | null): void {
  const body = byId<HTMLTableSectionElement>("ladder-rows");
  if (ladder === null || ladder.id !== selected) return;
  const line = (side: "ask" | "bid", level: Level) => {
    const row = document.createElement("tr");
    row.className = side;
    row.dataset.price = String(level.price);
    row.dataset.qty = String(level.qty);
    row.dataset.orders = String(level.orders);
    const cell = (text: string) => {
      const td = document.createElement("td");
      td.textContent = text;
      return td;
    };
    row.append(
      cell(side === "bid" ? whole.format(level.orders) : ""),
      cell(side === "bid" ? whole.format(level.qty) : ""),
    );
    row.append(cell(price.format(level.price)));
    row.append(
      cell(side === "ask" ? whole.format(level.qty) : ""),
      cell(side === "ask" ? whole.format(level.orders) : ""),
    );
    return row;
  };
  // Asks from the highest down to the best, then bids from the best down: the spread sits in the middle.
  const rows = [
    ...ladder.asks
      .slice()
      .reverse()
      .map((level) => line("ask", level)),
    ...ladder.bids.map((level) => line("bid", level)),
  ];
  body.replaceChildren(...rows);
}

function draw(snapshot: Snapshot): void {
  for (const row of snapshot.rows) drawRow(row);
  drawLadder(snapshot.ladder);
  const messages = byId("messages");
  setText(messages, whole.format(snapshot.messages));
  messages.dataset.count = String(snapshot.messages);
  setText(byId("rate"), whole.format(Math.round(snapshot.messagesPerSecond)));
  setText(
    byId("decode"),
    snapshot.decodeNsPerMessage === 0 ? "-" : whole.format(Math.round(snapshot.decodeNsPerMessage)),
  );
  const errors = byId("errors");
  setText(errors, whole.format(snapshot.decodeErrors));
  errors.dataset.count = String(snapshot.decodeErrors);
}

async function main(): Promise<void> {
  const info = (await (await fetch("/api/board")).json()) as BoardInfo;
  segmentNames = info.segments;
  buildTable(info);
  worker = new Worker("/worker.js", { type: "module" });
  worker.onmessage = (event: MessageEvent<{ type: string; snapshot?: Snapshot }>) => {
    if (event.data.type === "snapshot" && event.data.snapshot) draw(event.data.snapshot);
    if (event.data.type === "closed") byId("status").textContent = "feed closed";
  };
  const feedUrl = new URL(info.feedPath, location.href);
  feedUrl.protocol = feedUrl.protocol === "https:" ? "wss:" : "ws:";
  const ids = info.instruments.map((instrument) => Number(instrument.id));
  worker.postMessage({
    type: "start",
    feedUrl: feedUrl.href,
    ids,
    seeds: info.instruments.map((instrument) => [Number(instrument.id), instrument.ltp]),
    intervalMs: SNAPSHOT_MS,
  } satisfies ToWorker);
  if (ids.length > 0) select(ids[0]);
  document.body.dataset.ready = "true";
}

void main().catch((error: unknown) => {
  byId("status").textContent = `error: ${error instanceof Error ? error.message : String(error)}`;
});
