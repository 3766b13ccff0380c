// The depth ladder of the selected instrument: asks from the highest down to the best, the spread, then bids from
// the best down; per level the orders, the size with a bar scaled to the largest size shown, and the cumulative
// size from the best price outwards.
import type { Line } from "./columns.js";
import { exchangeOf, formatPrice, formatWhole } from "./format.js";
import type { Ladder, Level } from "./model.js";

export function drawLadder(
  title: HTMLElement,
  body: HTMLTableSectionElement,
  note: HTMLElement,
  line: Line | undefined,
  ladder: Ladder | null,
): void {
  if (line === undefined) {
    title.textContent = "Depth";
    body.replaceChildren();
    note.textContent = "Select an instrument to see its depth.";
    return;
  }
  const exchange = exchangeOf(line.segment);
  const name = line.info.name ?? `Unknown instrument ${line.info.id}`;
  title.textContent = `Depth: ${name}${line.segment ? ` · ${line.segment}` : ""}${exchange && exchange !== line.segment ? ` (${exchange})` : ""}`;
  if (ladder === null) {
    body.replaceChildren();
    note.textContent = "No depth message has arrived for this instrument yet.";
    return;
  }
  note.textContent = "";
  const largest = Math.max(1, ...ladder.bids.map((l) => l.qty), ...ladder.asks.map((l) => l.qty));
  const cumulative = (levels: Level[]) => {
    let total = 0;
    return levels.map((level) => (total += level.qty));
  };
  const askTotals = cumulative(ladder.asks);
  const bidTotals = cumulative(ladder.bids);
  const row = (side: "ask" | "bid", level: Level, total: number) => {
    const tr = document.createElement("tr");
    tr.className = side;
    tr.dataset.price = String(level.price);
    tr.dataset.qty = String(level.qty);
    tr.dataset.orders = String(level.orders);
    const cell = (text: string, className = "") => {
      const td = document.createElement("td");
      td.textContent = text;
      if (className) td.className = className;
      return td;
    };
    const size = cell(formatWhole(level.qty), "size");
    // A custom property read by the stylesheet's bar; CSSOM writes are allowed under the page's style-src 'self'.
    size.style.setProperty("--bar", `${((level.qty / largest) * 100).toFixed(1)}%`);
    const bid = side === "bid";
    tr.append(
      cell(bid ? formatWhole(level.orders) : ""),
      cell(bid ? formatWhole(total) : "", "cum"),
      bid ? size : cell(""),
      cell(formatPrice(level.price, line.decimals), "price"),
      bid ? cell("") : size,
      cell(bid ? "" : formatWhole(total), "cum"),
      cell(bid ? "" : formatWhole(level.orders)),
    );
    return tr;
  };
  const rows: HTMLTableRowElement[] = [];
  for (let i = ladder.asks.length - 1; i >= 0; i--) rows.push(row("ask", ladder.asks[i], askTotals[i]));
  const bestBid = ladder.bids[0];
  const bestAsk = ladder.asks[0];
  if (bestBid && bestAsk) {
    const spread = document.createElement("tr");
    spread.className = "spread";
    const td = document.createElement("td");
    td.colSpan = 7;
    const points = bestAsk.price - bestBid.price;
    const mid = (bestAsk.price + bestBid.price) / 2;
    td.textContent = `spread ${formatPrice(points, line.decimals)} (${((points / mid) * 10_000).toFixed(1)} bp)`;
    spread.append(td);
    rows.push(spread);
  }
  for (let i = 0; i < ladder.bids.length; i++) rows.push(row("bid", ladder.bids[i], bidTotals[i]));
  body.replaceChildren(...rows);
}
