// The board page: the market watch, the depth ladder of the selected instrument, the board's state and the perf
// panel. Decoding happens in the worker; this thread draws what changed a few times a second.
import type { BoardInfo, InstrumentInfo, ServerNotice, UpstreamState } from "../protocol.js";
import { drawLadder } from "./ladder.js";
import type { Ladder } from "./model.js";
import { PerfPanel } from "./perf.js";
import { boardState, type Observed } from "./status.js";
import { MarketWatch } from "./table.js";
import { readWatchState, type WatchState, writeWatchState } from "./watch-state.js";
import type { FromWorker, ToWorker, WorkerSnapshot } from "./worker.js";

const SNAPSHOT_MS = 250;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let info: BoardInfo;
/** Every instrument the page has heard of: the board's, and ids added here (resolved by the board server). */
const known = new Map<string, InstrumentInfo>();
let watch: WatchState = readWatchState(location.search);
let table: MarketWatch;
let worker: Worker;
const perf = new PerfPanel(byId("perf"));
const ladders = new Map<string, Ladder | null>();
const observed: Observed = {
  connection: { state: "connecting", attempt: 0, since: Date.now(), retryAt: null },
  upstream: null,
  staleAfterMs: 5000,
  lastBatchAt: null,
};
let pageReconnects = 0;
let dropped = 0;

function watched(): InstrumentInfo[] {
  const ids = watch.ids ?? [...known.values()].filter((i) => i.shown).map((i) => i.id);
  return ids.map((id) => known.get(id)).filter((i): i is InstrumentInfo => i?.shown === true);
}

function refresh(): void {
  table.setInstruments(watched());
  table.setView(watch.sort, watch.direction, watch.filter, watch.selected);
  drawSelectedLadder();
  const refused = [...known.values()].filter((i) => !i.shown && (watch.ids === null || watch.ids.includes(i.id)));
  const list = byId("refused");
  list.replaceChildren(
    ...refused.map((i) => {
      const item = document.createElement("li");
      item.textContent = i.reason ?? `${i.id} is not shown.`;
      return item;
    }),
  );
  list.hidden = refused.length === 0;
  writeWatchState(watch);
}

function drawSelectedLadder(): void {
  const id = watch.selected;
  drawLadder(
    byId("ladder-title"),
    byId("ladder-rows"),
    byId("ladder-note"),
    id === null ? undefined : table.line(id),
    id === null ? null : (ladders.get(id) ?? null),
  );
}

function select(id: string): void {
  watch = { ...watch, selected: id };
  table.setView(watch.sort, watch.direction, watch.filter, id);
  drawSelectedLadder();
  writeWatchState(watch);
  worker.postMessage({ type: "select", id: Number(id) } satisfies ToWorker);
}

function draw(snapshot: WorkerSnapshot): void {
  const started = performance.now();
  table.update(snapshot.quotes);
  if (snapshot.ladder) {
    ladders.set(String(snapshot.ladder.id), snapshot.ladder.ladder);
    if (String(snapshot.ladder.id) === watch.selected) drawSelectedLadder();
  }
  observed.lastBatchAt = snapshot.lastBatchAt;
  showState();
  const drawnAt = performance.timeOrigin + performance.now();
  perf.drawn(snapshot, performance.now() - started, drawnAt);
}

function showState(): void {
  const { state, text } = boardState(observed, Date.now());
  if (document.body.dataset.state !== state) {
    document.body.dataset.state = state;
    // Announced once per change; the visible line, whose age ticks every second, is not a live region.
    byId("status-announce").textContent = text;
  }
  const status = byId("status");
  if (status.textContent !== text) status.textContent = text;
}

function notice(message: ServerNotice): void {
  if (message.type === "hello") {
    observed.staleAfterMs = message.staleAfterMs;
    setUpstream(message.upstream);
    if (info !== undefined && message.serverId !== info.serverId) void reloadInfo();
  } else if (message.type === "upstream" || message.type === "tick") {
    setUpstream(message.upstream);
    if (message.type === "tick") dropped = message.dropped;
  }
  perf.counters(dropped, pageReconnects, observed.upstream?.reconnects ?? 0);
  showState();
}

function setUpstream(upstream: UpstreamState): void {
  observed.upstream = upstream;
}

/** A restarted board server may know other instruments: take its list, keep the ids added here. */
async function reloadInfo(): Promise<void> {
  info = (await (await fetch("/api/board")).json()) as BoardInfo;
  for (const instrument of info.instruments) known.set(instrument.id, instrument);
  refresh();
}

async function resolve(ids: string[]): Promise<void> {
  const response = await fetch("/api/resolve", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ids }),
  });
  if (!response.ok) throw new Error(await response.text());
  for (const instrument of (await response.json()) as InstrumentInfo[]) known.set(instrument.id, instrument);
}

async function add(text: string): Promise<void> {
  const error = byId("add-error");
  error.hidden = true;
  const wanted = text.trim();
  if (wanted === "") return;
  let ids: string[];
  if (/^\d+$/.test(wanted)) ids = [wanted.replace(/^0+(?=\d)/, "")];
  else {
    const lower = wanted.toLowerCase();
    ids = [...known.values()]
      .filter((i) => i.name !== null && (i.name.toLowerCase() === lower || label(i).toLowerCase() === lower))
      .map((i) => i.id);
    if (ids.length === 0) {
      error.textContent = `No instrument named “${wanted}” on this board: add it by its instrument id.`;
      error.hidden = false;
      return;
    }
  }
  const unresolved = ids.filter((id) => !known.has(id));
  if (unresolved.length > 0) await resolve(unresolved);
  const current = watch.ids ?? watched().map((i) => i.id);
  watch = { ...watch, ids: [...current, ...ids.filter((id) => !current.includes(id))] };
  refresh();
}

function remove(id: string): void {
  const current = watch.ids ?? watched().map((i) => i.id);
  watch = {
    ...watch,
    ids: current.filter((other) => other !== id),
    selected: watch.selected === id ? null : watch.selected,
  };
  refresh();
}

const label = (i: InstrumentInfo) => `${i.name} · ${i.segment ?? i.id}`;

function wireControls(): void {
  const search = byId<HTMLInputElement>("search");
  search.value = watch.filter;
  search.addEventListener("input", () => {
    watch = { ...watch, filter: search.value };
    table.setView(watch.sort, watch.direction, watch.filter, watch.selected);
    writeWatchState(watch);
  });
  const form = byId<HTMLFormElement>("add-form");
  const input = byId<HTMLInputElement>("add");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void add(input.value)
      .then(() => {
        input.value = "";
      })
      .catch((error: unknown) => {
        const element = byId("add-error");
        element.textContent = `Could not add: ${error instanceof Error ? error.message : String(error)}`;
        element.hidden = false;
      });
  });
  byId("known").replaceChildren(
    ...[...known.values()]
      .filter((i) => i.name !== null)
      .map((i) => {
        const option = document.createElement("option");
        option.value = label(i);
        return option;
      }),
  );
}

function sortBy(key: string): void {
  const direction = watch.sort === key && watch.direction === "asc" ? "desc" : "asc";
  watch = { ...watch, sort: key, direction };
  table.setView(key, direction, watch.filter, watch.selected);
  writeWatchState(watch);
}

async function main(): Promise<void> {
  info = (await (await fetch("/api/board")).json()) as BoardInfo;
  for (const instrument of info.instruments) known.set(instrument.id, instrument);
  const missing = (watch.ids ?? []).filter((id) => !known.has(id));
  if (missing.length > 0) await resolve(missing);
  table = new MarketWatch(byId("watch-head"), byId("rows"), info.segments, { select, remove, sort: sortBy });
  wireControls();
  worker = new Worker("/worker.js", { type: "module" });
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === "snapshot") draw(message.snapshot);
    else if (message.type === "notice") notice(message.notice);
    else {
      if (message.state === "gone" && observed.connection.state !== "gone") perf.gap();
      observed.connection = message;
      pageReconnects = message.reconnects;
      showState();
    }
  };
  const feedUrl = new URL(info.feedPath, location.href);
  feedUrl.protocol = feedUrl.protocol === "https:" ? "wss:" : "ws:";
  worker.postMessage({ type: "start", feedUrl: feedUrl.href, intervalMs: SNAPSHOT_MS } satisfies ToWorker);
  if (watch.selected === null) watch = { ...watch, selected: watched()[0]?.id ?? null };
  refresh();
  if (watch.selected !== null) select(watch.selected);
  setInterval(showState, 500);
  document.body.dataset.ready = "true";
}

void main().catch((error: unknown) => {
  byId("status").textContent = `error: ${error instanceof Error ? error.message : String(error)}`;
});
