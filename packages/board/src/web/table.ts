// The market watch table: one row per watched instrument, cells touched only when their text changes, the last
// price flashing briefly (shorter than the redraw interval) only when it moved, sortable headers, a filter,
// removal per row, and keyboard selection (arrow keys move, Enter or Space selects).
import type { InstrumentInfo } from "../protocol.js";
import { COLUMNS, changeDirection, type Line } from "./columns.js";
import { decimalsOfPrice, decimalsOfStep } from "./format.js";
import { emptyQuote, type Quote } from "./model.js";
import type { SortDirection } from "./watch-state.js";

/** Shorter than the 250 ms redraw: a price that moves on every redraw does not stay coloured. */
export const FLASH_MS = 180;

interface RowView {
  line: Line;
  row: HTMLTableRowElement;
  cells: Map<string, HTMLTableCellElement>;
  name: HTMLElement;
  segment: HTMLElement;
  flashTimer: number | undefined;
}

export interface TableEvents {
  select(id: string): void;
  remove(id: string): void;
  sort(key: string): void;
}

export class MarketWatch {
  private readonly views = new Map<string, RowView>();
  /** The last quote of every instrument the worker reported, watched or not. */
  private readonly latest = new Map<string, Quote>();
  private order: string[] = [];
  private sortKey: string | null = null;
  private direction: SortDirection = "asc";
  private filter = "";

  constructor(
    private readonly head: HTMLTableRowElement,
    private readonly body: HTMLTableSectionElement,
    private readonly segmentNames: Record<string, string>,
    private readonly events: TableEvents,
  ) {
    for (const column of COLUMNS) {
      const th = document.createElement("th");
      th.scope = "col";
      th.dataset.key = column.key;
      th.title = column.title;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = column.label;
      button.addEventListener("click", () => events.sort(column.key));
      th.append(button);
      head.append(th);
    }
    const actions = document.createElement("th");
    actions.scope = "col";
    actions.innerHTML = '<span class="visually-hidden">Remove</span>';
    head.append(actions);
    body.addEventListener("keydown", (event) => this.key(event));
  }

  /** The watched instruments, in watch-list order. Rows of instruments no longer watched go. */
  setInstruments(infos: readonly InstrumentInfo[]): void {
    const wanted = new Set(infos.map((info) => info.id));
    for (const [id, view] of this.views) {
      if (!wanted.has(id)) {
        view.row.remove();
        this.views.delete(id);
      }
    }
    for (const info of infos) {
      const existing = this.views.get(info.id);
      if (existing) {
        existing.line.info = info;
        this.drawRow(existing);
      } else this.views.set(info.id, this.createRow(info));
    }
    this.order = infos.map((info) => info.id);
    this.arrange();
  }

  setView(sortKey: string | null, direction: SortDirection, filter: string, selected: string | null): void {
    this.sortKey = sortKey;
    this.direction = direction;
    this.filter = filter.trim().toLowerCase();

    for (const th of Array.from(this.head.querySelectorAll("th[data-key]"))) {
      const key = (th as HTMLElement).dataset.key;
      if (key === sortKey) th.setAttribute("aria-sort", direction === "asc" ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    }
    for (const view of this.views.values()) {
      const isSelected = view.line.info.id === selected;
      view.row.classList.toggle("selected", isSelected);
      view.row.setAttribute("aria-selected", String(isSelected));
    }
    this.arrange();
  }

  line(id: string): Line | undefined {
    return this.views.get(id)?.line;
  }

  /** Quotes that changed; returns whether any row moved in a sorted table. */
  update(quotes: readonly Quote[]): void {
    for (const quote of quotes) {
      this.latest.set(String(quote.id), quote);
      const view = this.views.get(String(quote.id));
      if (view === undefined) continue;
      const before = view.line.quote?.ltp ?? null;
      this.absorb(view.line, quote);
      this.drawRow(view);
      if (before !== null && quote.ltp !== null && quote.ltp !== before) this.flash(view, quote.ltp > before);
    }
    if (this.sortKey !== null && quotes.length > 0) this.arrange();
  }

  private absorb(line: Line, quote: Quote): void {
    line.quote = quote;
    if (line.info.tickSize === null) {
      for (const value of [quote.ltp, quote.bid, quote.ask, quote.open, quote.high, quote.low, quote.close]) {
        if (value !== null) line.decimals = Math.max(line.decimals, decimalsOfPrice(value));
      }
    }
    if (quote.segment !== null && line.info.segment === null) {
      line.segment = this.segmentNames[quote.segment] ?? String(quote.segment);
    }
  }

  private createRow(info: InstrumentInfo): RowView {
    const row = document.createElement("tr");
    row.dataset.id = info.id;
    row.tabIndex = 0;
    const cells = new Map<string, HTMLTableCellElement>();
    const name = document.createElement("span");
    const segment = document.createElement("span");
    segment.className = "segment";
    for (const column of COLUMNS) {
      const cell = document.createElement(column.key === "name" ? "th" : "td");
      cell.className = column.key;
      if (cell instanceof HTMLTableCellElement && column.key === "name") cell.scope = "row";
      if (column.key === "name") cell.append(name, " ", segment);
      cells.set(column.key, cell as HTMLTableCellElement);
      row.append(cell);
    }
    const removeCell = document.createElement("td");
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "remove";
    remove.textContent = "×";
    remove.addEventListener("click", (event) => {
      event.stopPropagation();
      this.events.remove(info.id);
    });
    removeCell.append(remove);
    row.append(removeCell);
    row.addEventListener("click", () => this.events.select(info.id));
    const decimals = info.tickSize === null ? 2 : decimalsOfStep(info.tickSize);
    const line: Line = { info, quote: null, decimals, segment: info.segment };
    // A row added back takes the last quote seen for it; a new one the REST price until its first message.
    const latest = this.latest.get(info.id);
    if (latest) this.absorb(line, latest);
    else if (info.ltp !== null && info.name !== null) line.quote = seedQuote(Number(info.id), info.ltp);
    const view: RowView = { line, row, cells, name, segment, flashTimer: undefined };
    this.drawRow(view);
    return view;
  }

  private drawRow(view: RowView): void {
    const { line } = view;
    setText(view.name, line.info.name ?? `Unknown instrument ${line.info.id}`);
    setText(view.segment, line.segment ?? `id ${line.info.id}`);
    view.row.classList.toggle("unknown", line.info.name === null);
    view.row
      .querySelector(".remove")
      ?.setAttribute("aria-label", `Remove ${view.name.textContent} ${view.segment.textContent}`);
    if (line.info.name === null) {
      setText(view.cells.get("ltp") as HTMLElement, "not known to the platform");
      return;
    }
    for (const column of COLUMNS) {
      if (column.key === "name") continue;
      setText(view.cells.get(column.key) as HTMLElement, column.text(line));
    }
    const ltp = view.cells.get("ltp") as HTMLElement;
    if (line.quote?.ltp != null) ltp.dataset.value = String(line.quote.ltp);
    const direction = changeDirection(line);
    for (const key of ["chg", "chgPct"]) (view.cells.get(key) as HTMLElement).dataset.direction = direction;
  }

  private flash(view: RowView, up: boolean): void {
    const cell = view.cells.get("ltp") as HTMLElement;
    cell.classList.remove("tick-up", "tick-down");
    cell.classList.add(up ? "tick-up" : "tick-down");
    if (view.flashTimer !== undefined) clearTimeout(view.flashTimer);
    view.flashTimer = window.setTimeout(() => cell.classList.remove("tick-up", "tick-down"), FLASH_MS);
  }

  /** Rows in watch-list or sorted order, filtered; the DOM is touched only where the order changed. */
  private arrange(): void {
    let ids = this.order.filter((id) => this.views.has(id));
    if (this.sortKey !== null) {
      const column = COLUMNS.find((c) => c.key === this.sortKey);
      if (column) {
        const sign = this.direction === "asc" ? 1 : -1;
        const keyed = ids.map((id) => ({ id, value: column.sortValue((this.views.get(id) as RowView).line) }));
        keyed.sort((a, b) => {
          if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? 1 : -1;
          return (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) * sign;
        });
        ids = keyed.map((entry) => entry.id);
      }
    }
    const children = this.body.children;
    let index = 0;
    for (const id of ids) {
      const view = this.views.get(id) as RowView;
      const text = `${view.line.info.name ?? ""} ${view.line.segment ?? ""} ${id}`.toLowerCase();
      view.row.hidden = this.filter !== "" && !text.includes(this.filter);
      if (children[index] !== view.row) this.body.insertBefore(view.row, children[index] ?? null);
      index++;
    }
  }

  private key(event: KeyboardEvent): void {
    const row = (event.target as HTMLElement).closest("tr");
    if (row === null || row.dataset.id === undefined) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.events.select(row.dataset.id);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const visible = Array.from(this.body.rows).filter((r) => !r.hidden);
    const next = visible[visible.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1)];
    if (next?.dataset.id) {
      next.focus();
      this.events.select(next.dataset.id);
    }
  }
}

function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function seedQuote(id: number, ltp: number): Quote {
  const quote = emptyQuote(id);
  quote.ltp = ltp;
  return quote;
}
