// Trades from the bare listing or the newer docs' envelope.
import { type EnvelopeForm, looksEnveloped, messageOf, throwIfErrorBody } from "./envelope.js";
import { parseLossless } from "./json.js";
import { tradesEnvelopeKind, tradesKind } from "./kinds/trades.js";
import { typedFromDocument } from "./parse.js";
import type { TradesResponse } from "./types.js";

export interface NormalizedTrades {
  readonly form: EnvelopeForm;
  readonly message?: string;
  readonly trades: TradesResponse;
}

/** Trades from either the bare listing or a `{status, message, data}` envelope. */
export function normalizeTrades(text: string): NormalizedTrades {
  const { value, bigIntegers } = parseLossless(text);
  throwIfErrorBody(value);
  if (!looksEnveloped(value)) return { form: "contract", trades: typedFromDocument(tradesKind, value, bigIntegers) };
  const envelope = typedFromDocument(tradesEnvelopeKind, value, bigIntegers);
  return { form: "envelope", ...messageOf(envelope.message), trades: envelope.data };
}
