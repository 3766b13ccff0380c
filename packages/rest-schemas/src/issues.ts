// Turns Ajv's error objects into issues a person can act on: where (JSON Pointer), what was expected, what came.
import { brandErrorClass } from "./brand.js";
import { isSecretFieldName } from "./redact.js";

/** One reason a value does not match its schema. */
export interface ValidationIssue {
  /** JSON Pointer to the offending value, e.g. `/CLIENT01/0/instrument_id`; `""` is the whole document. */
  readonly path: string;
  /** What the schema wants there, e.g. `integer`, `a required property`, `one of "success", "error"`. */
  readonly expected: string;
  /** What came, e.g. `string "12"`, `nothing (missing)`, `array of 0 items`. Secrets are redacted. */
  readonly received: string;
  /** The schema keyword that failed (`type`, `required`, `enum`, ...; `uint64` and `exact-number` are ours). */
  readonly keyword: string;
}

/** A value does not match the schema of `kind`. Every problem found is in `issues`. */
export class SchemaValidationError extends Error {
  static {
    brandErrorClass(SchemaValidationError, "SchemaValidationError");
  }

  override readonly name = "SchemaValidationError";
  readonly kind: string;
  readonly issues: readonly ValidationIssue[];

  constructor(kind: string, issues: readonly ValidationIssue[]) {
    const shown = issues
      .slice(0, 5)
      .map((issue) => `${issue.path || "(root)"}: expected ${issue.expected}, received ${issue.received}`);
    const more = issues.length > 5 ? `; and ${issues.length - 5} more` : "";
    super(`${kind} does not match its schema: ${shown.join("; ")}${more}`);
    this.kind = kind;
    this.issues = issues;
  }
}

/** The subset of Ajv's ErrorObject that the generated validators produce and we read. */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  propertyName?: string;
}

export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

function unescapePointerSegment(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[unescapePointerSegment(raw)];
  }
  return node;
}

/** A short, log-safe description of a value. */
export function describe(value: unknown, pointer = ""): string {
  if (value === undefined) return "nothing (missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return `array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  const lastKey = unescapePointerSegment(pointer.slice(pointer.lastIndexOf("/") + 1));
  if (isSecretFieldName(lastKey)) return `${typeof value} (redacted)`;
  switch (typeof value) {
    case "string":
      return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
    case "number":
    case "boolean":
    case "bigint":
      return `${typeof value} ${String(value)}`;
    case "object":
      return "object";
    default:
      return typeof value;
  }
}

function quoteAll(values: unknown): string {
  return (Array.isArray(values) ? values : [values]).map((v) => JSON.stringify(v)).join(", ");
}

function issueFrom(error: AjvError, root: unknown): ValidationIssue | undefined {
  const { keyword, params, instancePath } = error;
  switch (keyword) {
    case "required": {
      const path = `${instancePath}/${escapePointerSegment(String(params.missingProperty))}`;
      return { path, expected: "a required property", received: "nothing (missing)", keyword };
    }
    case "type": {
      const value = valueAt(root, instancePath);
      const expected = String(params.type).replaceAll(",", " or ");
      return { path: instancePath, expected, received: describe(value, instancePath), keyword };
    }
    case "const":
      return {
        path: instancePath,
        expected: quoteAll(params.allowedValue),
        received: describe(valueAt(root, instancePath)),
        keyword,
      };
    case "enum":
      return {
        path: instancePath,
        expected: `one of ${quoteAll(params.allowedValues)}`,
        received: describe(valueAt(root, instancePath)),
        keyword,
      };
    case "minItems":
    case "maxItems": {
      const bound = keyword === "minItems" ? "at least" : "at most";
      const expected = `an array of ${bound} ${String(params.limit)} item${params.limit === 1 ? "" : "s"}`;
      return { path: instancePath, expected, received: describe(valueAt(root, instancePath)), keyword };
    }
    case "minimum":
    case "maximum": {
      const bound = keyword === "minimum" ? ">=" : "<=";
      const expected = `a number ${bound} ${String(params.limit)}`;
      return { path: instancePath, expected, received: describe(valueAt(root, instancePath)), keyword };
    }
    case "pattern":
      if (error.propertyName !== undefined) {
        // A propertyNames failure: the key itself is wrong, so point at it.
        const path = `${instancePath}/${escapePointerSegment(error.propertyName)}`;
        const expected = `a property name matching ${String(params.pattern)}`;
        return { path, expected, received: `property name ${JSON.stringify(error.propertyName)}`, keyword };
      }
      return {
        path: instancePath,
        expected: `a string matching ${String(params.pattern)}`,
        received: describe(valueAt(root, instancePath), instancePath),
        keyword,
      };
    default:
      return {
        path: instancePath,
        expected: `to satisfy "${keyword}" (${JSON.stringify(params)})`,
        received: describe(valueAt(root, instancePath), instancePath),
        keyword,
      };
  }
}

/**
 * Converts Ajv errors to issues, dropping the noise of combinators: "if" and "propertyNames" only repeat what their
 * branch reported, and an anyOf whose branches all failed on the type of the same value becomes one issue.
 */
export function issuesFromAjv(errors: readonly AjvError[], root: unknown): ValidationIssue[] {
  const anyOfRoots = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
  const branchTypes = new Map<string, string[]>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    if (error.keyword === "if" || error.keyword === "propertyNames") continue;
    if (error.keyword === "type" && anyOfRoots.has(error.instancePath)) {
      const types = branchTypes.get(error.instancePath) ?? [];
      types.push(String(error.params.type));
      branchTypes.set(error.instancePath, types);
      continue;
    }
    if (error.keyword === "anyOf") {
      const deeper = errors.some((e) => e.instancePath.startsWith(`${error.instancePath}/`));
      if (deeper) continue;
      const types = branchTypes.get(error.instancePath) ?? [];
      const expected = types.length > 0 ? `one of: ${types.join(", ")}` : "one of the allowed shapes";
      issues.push({
        path: error.instancePath,
        expected,
        received: describe(valueAt(root, error.instancePath)),
        keyword: "anyOf",
      });
      continue;
    }
    const issue = issueFrom(error, root);
    if (issue) issues.push(issue);
  }
  return issues;
}
