// What the three normalisers share: the two forms of a body, and an error body where a result was expected.
import { brandErrorClass } from "./brand.js";
import { issuesFromAjv, SchemaValidationError } from "./issues.js";
import { errorBodyKind } from "./kinds/error-body.js";
import type { ErrorBody } from "./types.js";

/** `contract`: the shape of docs/contract.md. `envelope`: newer docs' `{status, message, data}` wrapper. */
export type EnvelopeForm = "contract" | "envelope";

/** The platform answered with an error body (`status` = `error`) where a result was expected. */
export class PlatformErrorResponse extends Error {
  static {
    brandErrorClass(PlatformErrorResponse, "PlatformErrorResponse");
  }

  override readonly name = "PlatformErrorResponse";
  readonly body: ErrorBody & Record<string, unknown>;

  constructor(body: ErrorBody & Record<string, unknown>) {
    super(`the platform answered with an error: ${body.message}`);
    this.body = body;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Throws PlatformErrorResponse for a valid error body, SchemaValidationError for a malformed one. */
export function throwIfErrorBody(value: unknown): void {
  if (!isRecord(value) || value.status !== "error") return;
  const errorBody = errorBodyKind.validate;
  if (!errorBody(value)) throw new SchemaValidationError("errorBody", issuesFromAjv(errorBody.errors ?? [], value));
  throw new PlatformErrorResponse(value as ErrorBody & Record<string, unknown>);
}

/** An envelope has a string `status` and a `data` property; a client code maps to an array, never to a string. */
export const looksEnveloped = (value: unknown) =>
  isRecord(value) && typeof value.status === "string" && "data" in value;

export function messageOf(message: string | undefined): { message?: string } {
  return message === undefined ? {} : { message };
}
