// How the generator lays out what it prints: within 120 columns, short statements joined on
// one line and long ones broken, so that the output reads as a person would write it.
import type { Printable } from "@bufbuild/protoplugin";
import type { MessageGen } from "./generate.js";

const MAX_COLUMNS = 120;

/** Printed width of a Printable, taking an imported symbol by its name. */
function width(p: Printable): number {
  if (Array.isArray(p)) return p.reduce((sum: number, q: Printable) => sum + width(q), 0);
  if (typeof p !== "object") return String(p).length;
  if (p instanceof Uint8Array) return 0;
  switch (p.kind) {
    case "es_symbol":
      return p.name.length;
    case "es_string":
      return p.value.length + 2;
    case "es_shape_ref":
      return p.desc.name.length;
    case "es_export_stmt":
      return `export ${p.declaration ?? ""} ${p.name}`.length;
    default:
      return 0;
  }
}

/** Whether a line (indentation included) stays within 120 columns. */
export const fits = (line: Printable) => width(line) <= MAX_COLUMNS;

/** Prints the emitter's statements: prints `head stmt` on one line if it fits, else `head {`, the statement, `}`. */
export class Lines {
  constructor(
    private readonly gen: MessageGen,
    readonly indent: string,
  ) {}

  line(...parts: Printable[]): void {
    this.gen.f.print(this.indent, ...parts);
  }

  nested(extra = "  "): Lines {
    return new Lines(this.gen, this.indent + extra);
  }

  /**
   * An if / else-if / else chain: each branch on one line when it fits in 120 columns (`if (c) s;`,
   * `else if (c) { s; t; }`), else as a braced block with a statement a line.
   */
  chain(branches: { head: Printable[]; body: Printable[][] }[]): void {
    let open = false; // the previous branch left a `{` to close
    branches.forEach(({ head, body }, i) => {
      const keyword = i === 0 ? "" : open ? "} else " : "else ";
      const space = head.length > 0 ? " " : "";
      const joined = body.flatMap((stmt, j) => (j === 0 ? stmt : [" ", ...stmt]));
      const oneLine: Printable[] =
        body.length === 1 && !open
          ? [keyword, ...head, space, ...joined]
          : [keyword, ...head, space, "{ ", ...joined, " }"];
      if (fits([this.indent, oneLine])) {
        this.line(...oneLine);
        open = false;
        return;
      }
      this.line(keyword, ...head, space, "{");
      for (const stmt of body) this.nested().line(...stmt);
      open = true;
    });
    if (open) this.line("}");
  }
}

/**
 * A function's signature: on one line when it fits, else a parameter a line.
 * `head` is `export function name<T>`, `end` is `;` or ` {`.
 */
export function printSignature(
  gen: MessageGen,
  head: Printable,
  params: Printable[],
  result: Printable,
  end: string,
  indent = "",
): void {
  const joined = params.flatMap((p, i) => (i === 0 ? [p] : [", ", p]));
  const line: Printable = [head, "(", joined, "): ", result, end];
  if (fits(line)) {
    gen.f.print(line);
    return;
  }
  gen.f.print(head, "(");
  for (const p of params) gen.f.print(indent, "  ", p, ",");
  gen.f.print(indent, "): ", result, end);
}

/** `first second` on one line when it fits, else `second` on the next line, indented once more. */
export function printBroken(gen: MessageGen, indent: string, first: Printable, second: Printable): void {
  if (fits([indent, first, " ", second])) gen.f.print(indent, first, " ", second);
  else {
    gen.f.print(indent, first);
    gen.f.print(indent, "  ", second);
  }
}
