// The conformance suite's own small harness. It runs unchanged in Node, Bun, Deno and a browser, so it uses no
// test runner and no node:assert: a check is a named async function that throws to fail.

export type Check = (env: ConformanceEnv) => Promise<void> | void;

export interface NamedCheck {
  readonly name: string;
  readonly run: Check;
}

/** What the Node side hands every runtime: the capture to decode, Node's reading of it, and the sandbox to call. */
export interface ConformanceEnv {
  /** Each frame of the capture, base64 (the exact bytes the sandbox's simulator produced). */
  readonly frames: readonly string[];
  /** Node's reading of each frame: protobuf-es `toJsonString` of the codec's bigint-mode decode. */
  readonly nodeJson: readonly string[];
  /** The sandbox's HTTP base URL (a sandbox running on Node, CORS open to the page's origin). */
  readonly sandboxUrl: string;
  readonly userId: string;
  readonly appKey: string;
  /** Instruments the sandbox has (ids as decimal strings: JSON cannot carry bigint). */
  readonly instrumentIds: readonly string[];
}

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly error?: string;
  readonly ms: number;
}

export class CheckFailure extends Error {
  override name = "CheckFailure";
}

export function fail(message: string): never {
  throw new CheckFailure(message);
}

export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

/** Strict deep equality over what decoders produce: primitives (bigint included), arrays, byte arrays, plain objects. */
export function assertDeepEqual(actual: unknown, expected: unknown, where = "value"): void {
  const difference = findDifference(actual, expected, where);
  if (difference !== undefined) fail(difference);
}

function findDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== typeof b) return `${path}: ${describe(a)} where ${describe(b)} was expected`;
  if (typeof a !== "object" || a === null || b === null)
    return `${path}: ${describe(a)} where ${describe(b)} was expected`;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    if (!(a instanceof Uint8Array && b instanceof Uint8Array)) return `${path}: one side is not a Uint8Array`;
    if (a.length !== b.length) return `${path}: ${a.length} bytes where ${b.length} were expected`;
    for (let i = 0; i < a.length; i++)
      if (a[i] !== b[i]) return `${path}[${i}]: byte ${a[i]} where ${b[i]} was expected`;
    return undefined;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: one side is an array, the other not`;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  for (const key of rightKeys) if (!(key in left)) return `${path}.${key}: missing`;
  for (const key of leftKeys) if (!(key in right)) return `${path}.${key}: not expected`;
  for (const key of rightKeys) {
    const found = findDifference(left[key], right[key], `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || typeof value !== "object") return String(value);
  return Array.isArray(value) ? `array(${value.length})` : "object";
}

/** Runs checks one after another, so each runtime's output reads in the same order. */
export async function runChecks(
  checks: readonly NamedCheck[],
  env: ConformanceEnv,
  onResult: (result: CheckResult) => void = () => {},
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const started = performance.now();
    let result: CheckResult;
    try {
      await check.run(env);
      result = { name: check.name, ok: true, ms: performance.now() - started };
    } catch (error) {
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      result = { name: check.name, ok: false, error: text, ms: performance.now() - started };
    }
    results.push(result);
    onResult(result);
  }
  return results;
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
