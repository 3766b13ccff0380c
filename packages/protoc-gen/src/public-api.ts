// The exported API of each of a file's own messages: decodeX, mergeX, encodeX,
// encodeXDelimited and newXFrameDecoder, thin wrappers around the message's read, merge and
// write functions on the runtime's shared reader and writer. What they promise is said
// once, in the file header (generate.ts); decodeX carries the message's proto comments.
import type { DescMessage } from "@bufbuild/protobuf";
import { getComments, type Printable } from "@bufbuild/protoplugin";
import type { MessageGen } from "./generate.js";
import { printSignature } from "./layout.js";

export function generatePublicApi(gen: MessageGen, desc: DescMessage): void {
  const { f, rt } = gen;
  const name = gen.id(desc);
  const Shape = gen.shape(desc);
  const Options = gen.rtType("DecodeOptions");
  const Mode = gen.rtType("Int64Mode");
  const Decoded = gen.rtType("Decoded");
  const Either: Printable = [Shape, " | ", Decoded, "<", Shape, ", ", Mode, ">"];
  const sig = (head: Printable, params: Printable[], result: Printable, end = " {") =>
    printSignature(gen, head, params, result, end);
  const comments = getComments(desc).leading?.trim().replace(/^ /gm, "");
  const about = comments === undefined ? "" : `${comments}\n\n`;
  const decodes = `Decodes a ${desc.name} as fromBinary(${name}Schema, bytes) does.`;
  f.print(f.jsDoc(`${about}${decodes}\n@generated from message ${desc.typeName}`));
  sig(f.export("function", `decode${name}`), ["bytes: Uint8Array", ["options?: ", Options, '<"bigint">']], Shape, ";");
  sig(
    [`export function decode${name}<M extends `, Mode, ">"],
    ["bytes: Uint8Array", ["options: ", Options, "<M>"]],
    [Decoded, "<", Shape, ", M>"],
    ";",
  );
  sig(`export function decode${name}`, ["bytes: Uint8Array", ["options?: ", Options]], Shape);
  // The reader is called here, not passed to the runtime: a shared call site would see every message type.
  f.print`  const r = ${rt("decodeReader")}(bytes, options);`;
  f.print`  try {`;
  f.print`    return read${name}(r, r.len, 1);`;
  f.print`  } finally {`;
  f.print`    r.release();`;
  f.print`  }`;
  f.print`}`;
  f.print();
  f.print`/** Merges \`bytes\` into \`target\` as mergeFromBinary(${name}Schema, target, bytes) does. */`;
  sig(f.export("function", `merge${name}`), [["target: ", Shape], "bytes: Uint8Array", ["options?: ", Options]], Shape);
  f.print`  const r = ${rt("decodeReader")}(bytes, options);`;
  f.print`  try {`;
  f.print`    merge${name}From(r, r.len, target, 1);`;
  f.print`    return target;`;
  f.print`  } finally {`;
  f.print`    r.release();`;
  f.print`  }`;
  f.print`}`;
  f.print();
  f.print`/** Encodes byte for byte as toBinary(${name}Schema, message) does; 64-bit fields in any int64 mode. */`;
  sig(f.export("function", `encode${name}`), [["message: ", Either]], "Uint8Array");
  f.print`  const w = ${rt("encodeWriter")}();`;
  f.print`  write${name}(w, message as ${Shape});`;
  f.print`  return ${rt("takeBytes")}(w);`;
  f.print`}`;
  f.print();
  f.print`/** As encode${name}, behind a varint length prefix (the "delimited" framing). */`;
  sig(f.export("function", `encode${name}Delimited`), [["message: ", Either]], "Uint8Array");
  f.print`  const w = ${rt("encodeWriter")}();`;
  f.print`  const at = ${rt("fork")}(w);`;
  f.print`  write${name}(w, message as ${Shape});`;
  f.print`  ${rt("join")}(w, at);`;
  f.print`  return ${rt("takeBytes")}(w);`;
  f.print`}`;
  f.print();
  f.print`/** A frame decoder (delimited, message or base64 framing) that yields ${name} messages. */`;
  const Frames = rt("MessageFrameDecoder");
  sig(
    f.export("function", `new${name}FrameDecoder`),
    [["options: ", gen.rtType("MessageFramesOptions"), " = {}"]],
    [Frames, "<", Shape, ">"],
  );
  f.print`  return new ${Frames}(options, read${name});`;
  f.print`}`;
  f.print();
}
