// The demo's live board: per instrument the last price, change against the previous close, volume and best
// bid/ask, and messages per second by subtype. Pure state plus a text renderer, so it is tested without a feed.
import type { MarketDataMessageBase } from "@tickwire/proto";

export interface BoardRow {
  name: string;
  last: number;
  close: number;
  volume: bigint;
  bid: number;
  ask: number;
  updates: number;
}

interface Quote {
  InstrumentID: bigint;
  InstrumentName?: string;
  LTP: number;
  Close?: number;
  VTT?: bigint;
  BestBidLevel?: { Price: number }[];
  BestAskLevel?: { Price: number }[];
}

export class Board {
  readonly rows = new Map<bigint, BoardRow>();
  readonly bySubtype = new Map<string, number>();
  messages = 0;
  readonly started = Date.now();

  constructor(private readonly names: ReadonlyMap<bigint, string> = new Map()) {}

  apply(message: MarketDataMessageBase): void {
    this.messages++;
    const kind = message.subtype.case ?? "(none)";
    this.bySubtype.set(kind, (this.bySubtype.get(kind) ?? 0) + 1);
    const { subtype } = message;
    switch (subtype.case) {
      case "TickDataMessage":
      case "TouchLineDataMessage":
      case "MarketDepthMessage":
      case "TickData":
        this.quote(subtype.value as Quote);
        break;
      case "IndexDataMessage":
        if (subtype.value.IndexData) this.index(subtype.value.IndexData);
        break;
      case "IndexDataListMessage":
        for (const index of subtype.value.IndexDataList) this.index(index);
        break;
      case "IncrementalUpdateMessage":
        for (const entry of subtype.value.MDEntriesList) {
          const row = this.row(entry.InstrumentID, entry.InstrumentName);
          row.updates++;
          // MDEntryType 0 bid, 1 offer, 2 trade (FIX 269); position 1 is the top of the book.
          if (entry.MDEntryType === 0 && entry.MDEntryPosition <= 1) row.bid = entry.MDEntryPrice;
          else if (entry.MDEntryType === 1 && entry.MDEntryPosition <= 1) row.ask = entry.MDEntryPrice;
          else if (entry.MDEntryType === 2) row.last = entry.MDEntryPrice;
        }
        break;
    }
  }

  private row(id: bigint, name: string | undefined): BoardRow {
    let row = this.rows.get(id);
    if (row === undefined) {
      row = {
        name: this.names.get(id) || name || String(id),
        last: 0,
        close: 0,
        volume: 0n,
        bid: 0,
        ask: 0,
        updates: 0,
      };
      this.rows.set(id, row);
    }
    return row;
  }

  private quote(q: Quote): void {
    const row = this.row(q.InstrumentID, q.InstrumentName);
    row.updates++;
    if (q.LTP) row.last = q.LTP;
    if (q.Close) row.close = q.Close;
    if (q.VTT) row.volume = q.VTT;
    const bid = q.BestBidLevel?.[0]?.Price;
    const ask = q.BestAskLevel?.[0]?.Price;
    if (bid) row.bid = bid;
    if (ask) row.ask = ask;
  }

  private index(index: { InstrumentID: bigint; IndexName: string; Last: number; Close: number }): void {
    const row = this.row(index.InstrumentID, index.IndexName);
    row.updates++;
    if (index.Last) row.last = index.Last;
    if (index.Close) row.close = index.Close;
  }

  render(now = Date.now(), maxRows = 30): string {
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const lines = [
      `${"instrument".padEnd(30)} ${"last".padStart(11)} ${"change".padStart(8)} ${"volume".padStart(10)} ${"bid".padStart(11)} ${"ask".padStart(11)} ${"updates".padStart(7)}`,
    ];
    const rows = [...this.rows.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, maxRows);
    for (const r of rows) {
      const change = r.close > 0 && r.last > 0 ? `${(((r.last - r.close) / r.close) * 100).toFixed(2)}%` : "-";
      lines.push(
        `${r.name.slice(0, 30).padEnd(30)} ${price(r.last)} ${change.padStart(8)} ${String(r.volume || "-").padStart(10)} ${price(r.bid)} ${price(r.ask)} ${String(r.updates).padStart(7)}`,
      );
    }
    const rates = [...this.bySubtype]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, count]) => `${kind} ${(count / seconds).toFixed(0)}/s`);
    lines.push(
      "",
      `messages ${this.messages} (${(this.messages / seconds).toFixed(0)}/s): ${rates.join(", ") || "none yet"}`,
    );
    return `${lines.join("\n")}\n`;
  }
}

const price = (value: number) => (value > 0 ? value.toFixed(2) : "-").padStart(11);
