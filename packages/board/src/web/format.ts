// How the board writes numbers and times: digit grouping from the browser's locale (Indian lakh/crore grouping
// comes with an en-IN locale, not by default), prices with the decimals of the instrument's price step, change
// against the previous close, and the exchange's clock in the exchange's time zone.

/** The browser's locale; Intl picks it when given undefined. */
const locale = undefined;

const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat(locale, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "exceptZero",
});
const priceFormats = new Map<number, Intl.NumberFormat>();
const signedPriceFormats = new Map<number, Intl.NumberFormat>();

export function formatWhole(value: number | null): string {
  return value === null ? "" : whole.format(value);
}

/** Decimals a price step needs, at least two (0.05 -> 2, 0.0025 -> 4, 1 -> 2). */
export function decimalsOfStep(step: number): number {
  for (let decimals = 2; decimals <= 6; decimals++) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return decimals;
  }
  return 6;
}

/** Decimals of one price as written in binary floating point, at most four, at least two. */
export function decimalsOfPrice(price: number): number {
  for (let decimals = 2; decimals < 4; decimals++) {
    const scaled = price * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return decimals;
  }
  return 4;
}

function cached(map: Map<number, Intl.NumberFormat>, decimals: number, signed: boolean): Intl.NumberFormat {
  let format = map.get(decimals);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      ...(signed ? { signDisplay: "exceptZero" as const } : {}),
    });
    map.set(decimals, format);
  }
  return format;
}

export function formatPrice(value: number | null, decimals: number): string {
  return value === null ? "" : cached(priceFormats, decimals, false).format(value);
}

export interface Change {
  /** Absolute and percent change, written; empty when there is no previous close or no last price. */
  points: string;
  percent: string;
  /** The sign after rounding to what is shown: a change that shows as 0.00 is flat, never "-0.00". */
  direction: "up" | "down" | "flat" | "none";
  /** Percent, unrounded, for sorting. */
  value: number | null;
}

/**
 * Change against the previous close: (last - close) / close, as the terminal demo (`tickwire demo`) computes it;
 * nothing when either is missing.
 */
export function changeAgainstClose(ltp: number | null, close: number | null, decimals: number): Change {
  if (ltp === null || close === null || ltp <= 0 || close <= 0) {
    return { points: "", percent: "", direction: "none", value: null };
  }
  const value = ((ltp - close) / close) * 100;
  const text = percent.format(value);
  const rounded = Number((Math.round(value * 100) / 100).toFixed(2));
  return {
    points: cached(signedPriceFormats, decimals, true).format(ltp - close),
    percent: `${text}%`,
    direction: rounded > 0 ? "up" : rounded < 0 ? "down" : "flat",
    value,
  };
}

/** Every segment of the contract is an Indian exchange's, on India Standard Time. */
const SEGMENT_ZONE = "Asia/Kolkata";
export const EXCHANGE_ZONE_LABEL = "IST";
const exchangeClock = new Intl.DateTimeFormat(locale, {
  timeZone: SEGMENT_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** An exchange timestamp (epoch ms) on the exchange's clock, e.g. 09:15:04. */
export function formatExchangeTime(epochMs: number | null): string {
  return epochMs === null ? "" : exchangeClock.format(epochMs);
}

const localClock = new Intl.DateTimeFormat(locale, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
export function formatLocalTime(epochMs: number): string {
  return localClock.format(epochMs);
}

/** A duration for people: "4 s", "2 min 5 s". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The exchange a segment trades on, for titles: NSECM -> NSE. */
export function exchangeOf(segment: string | null): string {
  if (segment === null) return "";
  if (segment.startsWith("NSE")) return "NSE";
  if (segment.startsWith("BSE")) return "BSE";
  if (segment.startsWith("MCX")) return "MCX";
  return segment;
}
