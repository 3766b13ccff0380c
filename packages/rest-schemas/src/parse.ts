// parseJson: lossless parse, schema validation on the standard JSON data model, then ids to bigint.
//
// Why this order: Ajv validates JSON values and knows nothing of bigint. The parser therefore hands the validator
// exactly what JSON.parse would (a rounded number is still an integer, still >= 0, so every type and required check
// is unaffected) and keeps the exact digits of each integer beyond 2^53 on the side. After validation the known id
// positions take their exact value as bigint; exact range checks (uint64) run on that bigint.

import { escapePointerSegment, issuesFromAjv, SchemaValidationError, type ValidationIssue } from "./issues.js";
import { type BigIntegerToken, parseLossless, setAtPath } from "./json.js";
import { matches, type PathPattern, type PayloadKind } from "./kinds/spec.js";
import type { Kind, KindTypes } from "./types.js";

const UINT64_MAX = (1n << 64n) - 1n;

type Path = (string | number)[];
const pointer = (path: readonly (string | number)[]) => path.map((s) => `/${escapePointerSegment(s)}`).join("");

/** Visits every value at a path that matches `pattern`, with its parent and key. */
function visit(
  node: unknown,
  pattern: PathPattern,
  onMatch: (parent: Record<string | number, unknown>, key: string | number, path: Path) => void,
  path: Path = [],
): void {
  if (node === null || typeof node !== "object") return;
  const step = pattern[path.length];
  const container = node as Record<string | number, unknown>;
  const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
  for (const key of keys) {
    const segment = String(key);
    if (step !== "*" && (typeof step === "string" ? step !== segment : !step.includes(segment))) continue;
    path.push(key);
    if (path.length === pattern.length) onMatch(container, key, path);
    else visit(container[key], pattern, onMatch, path);
    path.pop();
  }
}

/** Schema issues of a JSON-model value (numbers only, no bigint). */
function schemaIssues(spec: PayloadKind, value: unknown): ValidationIssue[] {
  if (spec.byStatus) {
    // Check against the branch `status` selects: its issues have exact paths, unlike if/then/else's.
    const status = (value as { status?: unknown } | null)?.status;
    const branch = typeof status === "string" ? spec.byStatus[status] : undefined;
    if (branch) return schemaIssues(branch, value);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const expected = `one of ${Object.keys(spec.byStatus)
        .map((s) => JSON.stringify(s))
        .join(", ")}`;
      const received = status === undefined ? "nothing (missing)" : `${typeof status} ${JSON.stringify(status)}`;
      return [{ path: "/status", expected, received, keyword: "enum" }];
    }
  }
  if (spec.validate(value)) return [];
  return issuesFromAjv(spec.validate.errors ?? [], value);
}

/** Replaces the ids of a validated JSON-model document by bigint, using the exact digits where JSON rounded. */
function convertIds(spec: PayloadKind, value: unknown, exact: Map<string, string>, issues: ValidationIssue[]): void {
  for (const pattern of spec.ids) {
    visit(value, pattern, (parent, key, path) => {
      const rounded = parent[key];
      if (typeof rounded !== "number") return;
      if (Number.isSafeInteger(rounded)) {
        // Safe integers never have a big-integer token, so the common case needs no pointer.
        parent[key] = BigInt(rounded);
        return;
      }
      const at = pointer(path);
      const digits = exact.get(at);
      exact.delete(at);
      if (digits === undefined) {
        const expected = "an instrument id written as plain integer digits";
        issues.push({
          path: at,
          expected,
          received: `number ${rounded} (written in a form that loses digits)`,
          keyword: "exact-number",
        });
        return;
      }
      const id = BigInt(digits);
      if (id > UINT64_MAX) {
        issues.push({ path: at, expected: "an unsigned 64-bit integer", received: `integer ${id}`, keyword: "uint64" });
        return;
      }
      parent[key] = id;
    });
  }
}

/**
 * What is left of the big integers after the ids. Where the schema says number: kept when reading the digits as a
 * double changes nothing, an error when it would round them. Anywhere else (fields the contract does not describe): a bigint.
 */
function placeBigIntegers(
  numbers: readonly PathPattern[],
  value: unknown,
  tokens: readonly BigIntegerToken[],
  left: Map<string, string>,
  issues: ValidationIssue[],
): unknown {
  let root = value;
  for (const token of tokens) {
    if (!left.has(pointer(token.path))) continue;
    if (numbers.some((pattern) => matches(pattern, token.path))) {
      // A declared number keeps its double when the digits are how that double prints (what JSON.stringify wrote,
      // e.g. 1e20 in full): reading them changes nothing. Digits that would print differently would be rounded.
      if (String(Number(token.digits)) === token.digits) continue;
      issues.push({
        path: pointer(token.path),
        expected: "a number that a JavaScript number holds exactly",
        received: `integer ${token.digits} (would round to ${Number(token.digits)})`,
        keyword: "exact-number",
      });
    } else if (token.path.length === 0) {
      root = BigInt(token.digits);
    } else {
      setAtPath(value, token.path, BigInt(token.digits));
    }
  }
  return root;
}

/**
 * Parses JSON text without ever rounding an integer, validates it against the schema of `kind` (a payload kind such as
 * `positionsKind`, or `kinds.positions`), and returns the typed value: instrument ids are bigint, other declared
 * numbers are numbers, and integers beyond 2^53 in fields the contract does not describe (trades, extra properties)
 * are bigint.
 *
 * Without `kind`, returns the parsed JSON with bigint for every integer beyond 2^53 and no validation.
 *
 * @throws JsonSyntaxError when the text is not JSON.
 * @throws SchemaValidationError when it does not match the schema, or a declared number cannot be held exactly.
 * @throws TypeError when `kind` is not a payload kind (e.g. its name as a string).
 */
export function parseJson<K extends Kind>(text: string, kind: PayloadKind<K>): KindTypes[K];
export function parseJson(text: string): unknown;
export function parseJson(text: string, kind?: PayloadKind): unknown {
  if (kind !== undefined) checkKind(kind, "parseJson");
  const document = parseLossless(text);
  if (kind === undefined) {
    return placeBigIntegers([], document.value, document.bigIntegers, exactDigits(document.bigIntegers), []);
  }
  return typedFromDocument(kind, document.value, document.bigIntegers);
}

/** A kind comes from the caller's code: anything else is a programming error, reported before any parsing. */
function checkKind(kind: unknown, caller: string): asserts kind is PayloadKind {
  const spec = kind as Partial<PayloadKind> | null;
  if (typeof spec === "object" && spec !== null && typeof spec.validate === "function" && Array.isArray(spec.ids)) {
    return;
  }
  const named = typeof kind === "string" ? ` (for ${JSON.stringify(kind)}, pass ${kind}Kind or kinds.${kind})` : "";
  throw new TypeError(`${caller}: kind must be a payload kind exported by @tickwire/rest-schemas${named}`);
}

function exactDigits(tokens: readonly BigIntegerToken[]): Map<string, string> {
  return new Map(tokens.map((token) => [pointer(token.path), token.digits]));
}

/** Validates and converts an already parsed lossless document. Shared with the normalisers. */
export function typedFromDocument<K extends Kind>(
  kind: PayloadKind<K>,
  value: unknown,
  tokens: readonly BigIntegerToken[],
): KindTypes[K] {
  const issues = schemaIssues(kind, value);
  if (issues.length > 0) throw new SchemaValidationError(kind.name, issues);
  const exact = exactDigits(tokens);
  convertIds(kind, value, exact, issues);
  const typed = placeBigIntegers(kind.numbers, value, tokens, exact, issues);
  if (issues.length > 0) throw new SchemaValidationError(kind.name, issues);
  return typed as KindTypes[K];
}

function toJsonModel(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(toJsonModel);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, { value: toJsonModel(item), writable: true, enumerable: true, configurable: true });
  }
  return out;
}

/**
 * Checks an in-memory value against the schema of `kind`, e.g. a request before it is sent. Accepts the typed form
 * (bigint ids) and the plain JSON form (number ids). Returns every issue; an empty list means valid.
 */
export function validate(kind: PayloadKind, value: unknown): readonly ValidationIssue[] {
  checkKind(kind, "validate");
  const issues = schemaIssues(kind, toJsonModel(value));
  for (const pattern of kind.ids) {
    visit(value, pattern, (parent, key, path) => {
      const id = parent[key];
      if (typeof id === "bigint" && (id < 0n || id > UINT64_MAX)) {
        issues.push({
          path: pointer(path),
          expected: "an unsigned 64-bit integer",
          received: `bigint ${id}`,
          keyword: "uint64",
        });
      }
    });
  }
  return issues;
}

/** Like `validate`, but throws a SchemaValidationError listing every issue. */
export function assertValid<K extends Kind>(kind: PayloadKind<K>, value: unknown): asserts value is KindTypes[K] {
  const issues = validate(kind, value);
  if (issues.length > 0) throw new SchemaValidationError(kind.name, issues);
}
