// A small JSON parser that keeps the exact digits of every integer JSON.parse would round, and a serialiser for
// values that hold bigint. Standard JS only (runs in browsers, Deno, Bun). Measured against lossless-json and
// JSON.parse in bench/parse.bench.ts; the figures are in the README.
import { brandErrorClass } from "./brand.js";

/** What the lossless parser produces: JSON values, with bigint where an integer is beyond 2^53. */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [key: string]: JsonValue };

/** The text is not JSON. `offset` is the 0-based character index; `line` and `column` are 1-based. */
export class JsonSyntaxError extends SyntaxError {
  static {
    brandErrorClass(JsonSyntaxError, "JsonSyntaxError");
  }

  override readonly name = "JsonSyntaxError";
  readonly offset: number;
  readonly line: number;
  readonly column: number;

  constructor(problem: string, text: string, offset: number) {
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    super(`invalid JSON at line ${line}, column ${column} (offset ${offset}): ${problem}`);
    this.offset = offset;
    this.line = line;
    this.column = column;
  }
}

/** An integer literal that a JS number cannot hold exactly, and where it sits in the document. */
export interface BigIntegerToken {
  readonly path: readonly (string | number)[];
  readonly digits: string;
}

/**
 * The document as JSON.parse would give it (every number a JS number, so schema validators see the standard JSON
 * data model), plus the exact digits of each integer literal that did not fit; callers decide what those become.
 */
export interface LosslessDocument {
  value: unknown;
  bigIntegers: BigIntegerToken[];
}

const MAX_DEPTH = 1000;

class Parser {
  private pos = 0;
  private readonly path: (string | number)[] = [];
  readonly bigIntegers: BigIntegerToken[] = [];

  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    const value = this.parseValue();
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail("unexpected data after the JSON value");
    return value;
  }

  private fail(problem: string, at = this.pos): never {
    throw new JsonSyntaxError(problem, this.text, at);
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
      else break;
    }
    this.pos = pos;
  }

  private parseValue(): unknown {
    this.skipWhitespace();
    const c = this.text.charCodeAt(this.pos);
    if (c === 0x22) return this.parseString();
    if (c === 0x7b) return this.parseObject();
    if (c === 0x5b) return this.parseArray();
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.parseNumber();
    if (this.text.startsWith("true", this.pos)) return this.literal(4, true);
    if (this.text.startsWith("false", this.pos)) return this.literal(5, false);
    if (this.text.startsWith("null", this.pos)) return this.literal(4, null);
    return this.fail(
      Number.isNaN(c) ? "unexpected end of input" : `unexpected character ${JSON.stringify(this.text[this.pos])}`,
    );
  }

  private literal<T>(length: number, value: T): T {
    this.pos += length;
    return value;
  }

  private enter(): void {
    if (this.path.length >= MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
  }

  private parseObject(): Record<string, unknown> {
    this.enter();
    const object: Record<string, unknown> = {};
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return object;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x22) this.fail("expected a property name in double quotes");
      const key = this.parseString();
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail("expected ':' after a property name");
      this.pos++;
      this.path.push(key);
      const value = this.parseValue();
      this.path.pop();
      // A "__proto__" key must become an own property, as with JSON.parse, never the object's prototype.
      if (key === "__proto__") {
        Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      } else {
        object[key] = value;
      }
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos++);
      if (next === 0x7d) return object;
      if (next !== 0x2c) this.fail("expected ',' or '}' in an object", this.pos - 1);
    }
  }

  private parseArray(): unknown[] {
    this.enter();
    const array: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return array;
    }
    for (;;) {
      this.path.push(array.length);
      array.push(this.parseValue());
      this.path.pop();
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos++);
      if (next === 0x5d) return array;
      if (next !== 0x2c) this.fail("expected ',' or ']' in an array", this.pos - 1);
    }
  }

  private parseString(): string {
    const text = this.text;
    const start = this.pos + 1;
    let pos = start;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (c === 0x5c) break;
      if (c < 0x20 || Number.isNaN(c))
        this.fail(Number.isNaN(c) ? "unterminated string" : "control character in a string", pos);
      pos++;
    }
    // Slow path: the string has escapes.
    let out = text.slice(start, pos);
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        this.pos = pos + 1;
        return out;
      }
      if (Number.isNaN(c)) this.fail("unterminated string", pos);
      if (c < 0x20) this.fail("control character in a string", pos);
      if (c !== 0x5c) {
        out += text[pos];
        pos++;
        continue;
      }
      const escapeChar = text[pos + 1];
      const simple = ESCAPES[escapeChar as keyof typeof ESCAPES];
      if (simple !== undefined) {
        out += simple;
        pos += 2;
      } else if (escapeChar === "u") {
        const hex = text.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("invalid \\u escape", pos);
        out += String.fromCharCode(Number.parseInt(hex, 16));
        pos += 6;
      } else {
        this.fail("invalid escape in a string", pos);
      }
    }
  }

  private parseNumber(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    const intStart = pos;
    if (text.charCodeAt(pos) === 0x30) pos++;
    else pos = this.digits(pos);
    let integer = true;
    if (text.charCodeAt(pos) === 0x2e) {
      integer = false;
      pos = this.digits(pos + 1);
    }
    const e = text.charCodeAt(pos);
    if (e === 0x65 || e === 0x45) {
      integer = false;
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === 0x2b || sign === 0x2d) pos++;
      pos = this.digits(pos);
    }
    this.pos = pos;
    const literal = text.slice(start, pos);
    const value = Number(literal);
    if (!Number.isFinite(value)) this.fail(`number ${literal} is beyond the range of a double`, start);
    // 16 digits is the shortest integer that can exceed 2^53; shorter ones are always exact.
    if (integer && pos - intStart >= 16 && !Number.isSafeInteger(value)) {
      this.bigIntegers.push({ path: this.path.slice(), digits: literal });
    }
    return value;
  }

  private digits(from: number): number {
    let pos = from;
    for (;;) {
      const c = this.text.charCodeAt(pos);
      if (c >= 0x30 && c <= 0x39) pos++;
      else break;
    }
    if (pos === from) this.fail("expected a digit", from);
    return pos;
  }
}

const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as const;

/** Parses JSON text; integers beyond 2^53 are kept as exact digits beside the (rounded) JSON.parse-like value. */
export function parseLossless(text: string): LosslessDocument {
  const parser = new Parser(text);
  const value = parser.parseDocument();
  return { value, bigIntegers: parser.bigIntegers };
}

/** Replaces the rounded number at `path` inside `root` with `replacement`. */
export function setAtPath(root: unknown, path: readonly (string | number)[], replacement: unknown): void {
  let parent = root as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) parent = parent[path[i] as string | number] as Record<string, unknown>;
  const last = path[path.length - 1] as string | number;
  parent[last] = replacement;
}

/**
 * JSON with every integer exact: bigint values are written as plain JSON integers (digits, no quotes). Other values
 * follow JSON.stringify, except that a non-finite number is an error instead of a silent `null` and -0 stays -0.
 */
export function stringifyJson(value: unknown): string {
  const out: string[] = [];
  write(value, out, new Set());
  return out.join("");
}

function write(value: unknown, out: string[], seen: Set<object>): void {
  switch (typeof value) {
    case "string":
      out.push(JSON.stringify(value));
      return;
    case "bigint":
      out.push(value.toString());
      return;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`stringifyJson: ${value} is not a JSON number`);
      // JSON.stringify writes -0 as 0; "-0" is valid JSON and reads back as -0.
      out.push(Object.is(value, -0) ? "-0" : JSON.stringify(value));
      return;
    case "boolean":
      out.push(value ? "true" : "false");
      return;
    case "object":
      if (value === null) {
        out.push("null");
        return;
      }
      if (seen.has(value)) throw new TypeError("stringifyJson: the value contains a cycle");
      seen.add(value);
      writeContainer(value, out, seen);
      seen.delete(value);
      return;
    default:
      throw new TypeError(`stringifyJson: a ${typeof value} cannot be written as JSON`);
  }
}

function writeContainer(value: object, out: string[], seen: Set<object>): void {
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item, index) => {
      if (index > 0) out.push(",");
      write(item === undefined ? null : item, out, seen);
    });
    out.push("]");
    return;
  }
  out.push("{");
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    if (!first) out.push(",");
    first = false;
    out.push(JSON.stringify(key), ":");
    write(item, out, seen);
  }
  out.push("}");
}
