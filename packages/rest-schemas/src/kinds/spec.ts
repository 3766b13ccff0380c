// What a payload kind is: its schema's validator and where its instrument ids and its plain numbers sit.
import type { Kind } from "../types.js";
import type { CompiledValidator } from "../validator.js";

/** A path through a document: `*` is any key or index, a list is any one of those property names. */
export type PathPattern = readonly (string | readonly string[])[];

/**
 * One REST payload kind: pass it to `parseJson`, `validate` or `assertValid`. Each kind is its own export
 * (`positionsKind`, `ltpSuccessKind`, ...), so a bundle carries the validators of the kinds it imports, and no other.
 */
export interface PayloadKind<K extends Kind = Kind> {
  /** The kind's name, as in `kinds` and in `SchemaValidationError.kind`. */
  readonly name: K;
  /** The schema file under schemas/. */
  readonly schema: string;
  readonly validate: CompiledValidator;
  /** Where uint64 instrument ids sit: they become bigint. */
  readonly ids: readonly PathPattern[];
  /** Where the schema declares a plain number: an integer there beyond 2^53 is an error, not a silent rounding. */
  readonly numbers: readonly PathPattern[];
  /** For `status`-discriminated unions: the kind to check for each status value. */
  readonly byStatus?: Readonly<Record<string, PayloadKind>>;
}

/** Whether a concrete path matches a pattern. */
export function matches(pattern: PathPattern, path: readonly (string | number)[]): boolean {
  if (pattern.length !== path.length) return false;
  return pattern.every((step, i) => {
    if (step === "*") return true;
    const segment = String(path[i]);
    return typeof step === "string" ? step === segment : step.includes(segment);
  });
}
