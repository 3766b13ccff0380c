// The loops around the field cases (field-case.ts): a message function's loop, whose
// position lives in a local `pos` on the hot paths, and the loop of the merge and the
// views, which reads through `r.pos`. Both end in the same `default`: a known field with
// the wrong wire type rejected, an unknown one kept, merged or skipped.
import type { DescMessage } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { fieldCase, isHot, readsInline, type Sink } from "./field-case.js";
import type { MessageGen } from "./generate.js";
import { fits, Lines } from "./layout.js";
import { isClosedEnum, takesFromPools } from "./schema-facts.js";

/**
 * The loop over `r.buf[r.pos, end)` of a message function: tag switch with one case per field
 * (fieldCase), unknown fields kept (`local`) or merged into `m`; the position in a local `pos`.
 */
export function messageLoop(gen: MessageGen, desc: DescMessage, sink: Sink): void {
  const { f, rt } = gen;
  if (!isHot(sink)) {
    if (gen.deep.has(desc)) f.print`  if (depth > ${rt("RECURSION_LIMIT")}) ${rt("failNesting")}(r);`;
    positionLoop(gen, desc, sink, "  ");
    return;
  }
  if (gen.deep.has(desc)) f.print`  if (depth > ${rt("RECURSION_LIMIT")}) ${rt("failNesting")}(r);`;
  if (sink.kind === "pooled" && desc.fields.some(takesFromPools)) f.print`  const pools = r.pools as Pools;`;
  f.print`  const buf = r.buf;`;
  const twoByteTags = desc.fields.some((field) => field.number >= 16);
  if ((isHot(sink) && desc.fields.some(readsInline)) || twoByteTags) f.print`  const len = r.len;`;
  f.print`  let pos = r.pos;`;
  f.print`  while (pos < end) {`;
  f.print`    let tag = buf[pos]!;`;
  f.print`    if (tag < 0x80) pos += 1;`;
  // Only messages with a field numbered 16 or more read two-byte tags inline: elsewhere it would only grow the loop.
  if (twoByteTags) {
    f.print`    else if (pos + 1 < len && buf[pos + 1]! < 0x80) {`;
    f.print`      tag = (tag & 0x7f) | (buf[pos + 1]! << 7);`;
    f.print`      pos += 2;`;
    f.print`    } else {`;
  } else f.print`    else {`;
  f.print`      r.pos = pos;`;
  f.print`      tag = ${rt("readTag")}(r);`;
  f.print`      pos = r.pos;`;
  f.print`    }`;
  f.print`    switch (tag) {`;
  const out = new Lines(gen, "      ");
  for (const field of desc.fields) fieldCase(gen, field, sink, out);
  f.print`      default:`;
  f.print`        r.pos = pos;`;
  rejectWrongWireType(gen, desc, out.nested());
  if (sink.kind === "local") f.print`        unknownFields = ${rt("keepUnknown")}(r, unknownFields, tag, depth);`;
  else f.print`        ${rt("readUnknown")}(r, m, tag, depth);`;
  f.print`        pos = r.pos;`;
  f.print`    }`;
  f.print`  }`;
  f.print`  r.pos = pos;`;
}

/** The merge's and a view's loop: the position stays in `r.pos`; a view skips unknown fields. */
export function positionLoop(gen: MessageGen, desc: DescMessage, sink: Sink, indent: string): void {
  const { rt } = gen;
  const out = new Lines(gen, indent);
  // As mergeFromBinary: the loop's unknown fields go to the message's list, or to a new one that replaces
  // the list a closed enum's undeclared values went to (see readX).
  const ownList = sink.kind === "property" && desc.fields.some(isClosedEnum);
  if (ownList) out.line("const unknownFields = (m.$unknown ?? []) as ", gen.rtType("UnknownField"), "[];");
  out.line("const buf = r.buf;");
  out.line("while (r.pos < end) {");
  out.line("  const b0 = buf[r.pos]!;");
  out.line("  const tag = b0 < 0x80 ? ((r.pos += 1), b0) : ", rt("readTag"), "(r);");
  out.line("  switch (tag) {");
  const cases = out.nested("    ");
  for (const field of desc.fields) fieldCase(gen, field, sink, cases);
  cases.line("default:");
  rejectWrongWireType(gen, desc, cases.nested());
  if (sink.kind === "view") cases.nested().line(rt("skipField"), "(r, tag, depth);");
  else if (ownList) cases.nested().line(rt("keepUnknown"), "(r, unknownFields, tag, depth);");
  else cases.nested().line(rt("readUnknown"), "(r, m, tag, depth);");
  out.line("  }");
  out.line("}");
  if (ownList) out.line("if (unknownFields.length > 0) m.$unknown = unknownFields as typeof m.$unknown;");
}

/** In a loop's `default`: a known field number arriving with another wire type is rejected (see the file header). */
function rejectWrongWireType(gen: MessageGen, desc: DescMessage, out: Lines): void {
  const numbers = [...new Set(desc.fields.map((x) => x.number))];
  if (numbers.length === 0) return;
  const fail: Printable = [gen.rt("failWireType"), "(r, tag);"];
  const cases = numbers.map((n) => `case ${n}:`);
  const oneLine: Printable = ["switch (tag >>> 3) { ", cases.join(" "), " ", fail, " }"];
  if (fits([out.indent, oneLine])) {
    out.line(oneLine);
    return;
  }
  out.line("switch (tag >>> 3) {");
  let row: string[] = [];
  for (const c of cases) {
    if (!fits([out.indent, "  ", [...row, c].join(" ")])) {
      out.line("  ", row.join(" "));
      row = [];
    }
    row.push(c);
  }
  out.line("  ", row.join(" "));
  out.line("    ", fail);
  out.line("}");
}
