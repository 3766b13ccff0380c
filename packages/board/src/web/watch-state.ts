// The market watch's choices, kept in the page's URL so a reload or a bookmark brings them back: the instruments
// watched (ids, in order), the sort column and direction, the filter text and the selected instrument.

export type SortDirection = "asc" | "desc";

export interface WatchState {
  /** Watched ids in display order (when unsorted); null: every instrument the board server offers. */
  ids: string[] | null;
  sort: string | null;
  direction: SortDirection;
  filter: string;
  selected: string | null;
}

export function readWatchState(search: string): WatchState {
  const params = new URLSearchParams(search);
  const ids = params.get("ids");
  return {
    ids:
      ids === null
        ? null
        : ids
            .split(",")
            .map((id) => id.trim())
            .filter((id) => id !== ""),
    sort: params.get("sort"),
    direction: params.get("dir") === "desc" ? "desc" : "asc",
    filter: params.get("q") ?? "",
    selected: params.get("sel"),
  };
}

export function writeWatchState(state: WatchState): void {
  const params = new URLSearchParams();
  if (state.ids !== null) params.set("ids", state.ids.join(","));
  if (state.sort !== null) {
    params.set("sort", state.sort);
    params.set("dir", state.direction);
  }
  if (state.filter !== "") params.set("q", state.filter);
  if (state.selected !== null) params.set("sel", state.selected);
  const query = params.toString().replaceAll("%2C", ",");
  history.replaceState(null, "", query === "" ? location.pathname : `${location.pathname}?${query}`);
}
