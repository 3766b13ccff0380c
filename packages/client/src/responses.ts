// Response bodies through @tickwire/rest-schemas: lossless ids, schema checks, both documented forms, and the
// package's errors turned into this client's typed ones.
import {
  JsonSyntaxError,
  type NormalizedLtp,
  type NormalizedPositions,
  type NormalizedTrades,
  normalizeLtp,
  normalizePositions,
  normalizeTrades,
  PlatformErrorResponse,
  parseJson,
  SchemaValidationError,
  type TradeRecord,
} from "@tickwire/rest-schemas";
import { HttpError, ValidationError } from "./errors.js";
import type { Redactor } from "./redact.js";

/** The `message` and `error` strings of an error body, if the text is one; anything else gives nothing. */
export function errorBodyOf(
  text: string,
  redactor: Redactor,
): { message?: string; error?: string; errorType?: string } {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch {
    return {};
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  const { message, error, error_type: errorType } = value as Record<string, unknown>;
  return {
    ...(typeof message === "string" ? { message: redactor.scrub(clip(message)) } : {}),
    ...(typeof error === "string" ? { error: redactor.scrub(clip(error)) } : {}),
    ...(typeof errorType === "string" ? { errorType: redactor.scrub(clip(errorType)) } : {}),
  };
}

const clip = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}...` : text);

export function validationErrorOf(error: unknown, kind: string, redactor: Redactor): ValidationError {
  if (error instanceof SchemaValidationError) {
    const problems = error.issues.map(({ path, expected, received }) => ({
      path,
      expected,
      received: redactor.scrub(received),
    }));
    return new ValidationError(redactor.scrub(error.message), kind, problems);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ValidationError(`${kind}: the body is not JSON: ${redactor.scrub(message)}`, kind, [
    { path: "", expected: "JSON", received: "text that is not JSON" },
  ]);
}

type Normalizer<T> = (text: string) => T;

/** Runs a normaliser; schema problems become a ValidationError, an error body in a 200 an HttpError. */
function normalized<T>(
  normalize: Normalizer<T>,
  kind: string,
  text: string,
  request: { method: string; path: string; status: number },
  redactor: Redactor,
): T {
  try {
    return normalize(text);
  } catch (error) {
    if (error instanceof PlatformErrorResponse) {
      const { message, error: detail, error_type: errorType } = error.body;
      throw new HttpError({
        ...request,
        serverMessage: redactor.scrub(String(message)),
        ...(typeof detail === "string" ? { serverError: redactor.scrub(detail) } : {}),
        ...(typeof errorType === "string" ? { serverErrorType: redactor.scrub(errorType) } : {}),
      });
    }
    if (error instanceof SchemaValidationError || error instanceof JsonSyntaxError) {
      throw validationErrorOf(error, kind, redactor);
    }
    throw error;
  }
}

export const readPositions = (text: string, request: Parameters<typeof normalized>[3], redactor: Redactor) =>
  normalized<NormalizedPositions>(normalizePositions, "positions", text, request, redactor);

/** Trades as typed records; a listing that is not an array of records is a ValidationError. */
export function readTrades(
  text: string,
  request: Parameters<typeof normalized>[3],
  redactor: Redactor,
): NormalizedTrades & { trades: TradeRecord[] } {
  const result = normalized<NormalizedTrades>(normalizeTrades, "trades", text, request, redactor);
  if (!Array.isArray(result.trades)) {
    const where = result.form === "envelope" ? "/data" : "";
    throw new ValidationError(`trades: ${where || "the body"} is not an array of trade records`, "trades", [
      { path: where, expected: "an array of trade records", received: "an object" },
    ]);
  }
  return result as NormalizedTrades & { trades: TradeRecord[] };
}

export const readLtp = (text: string, request: Parameters<typeof normalized>[3], redactor: Redactor) =>
  normalized<NormalizedLtp>(normalizeLtp, "ltpSuccess", text, request, redactor);
