// The exported API of each of a file's own messages: decodeX, mergeX, encodeX,
// encodeXDelimited and newXFrameDecoder, thin wrappers of the runtime's drivers
// around the message's read, merge and write functions. What they promise is said
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
  f.print`  return ${rt("decodeWith")}(bytes, options, read${name});`;
  f.print`}`;
  f.print();
  f.print`/** Merges \`bytes\` into \`target\` as mergeFromBinary(${name}Schema, target, bytes) does. */`;
  sig(f.export("function", `merge${name}`), [["target: ", Shape], "bytes: Uint8Array", ["options?: ", Options]], Shape);
  f.print`  return ${rt("mergeWith")}(target, bytes, options, merge${name}From);`;
  f.print`}`;
  f.print();
  f.print`/** Encodes byte for byte as toBinary(${name}Schema, message) does; 64-bit fields in any int64 mode. */`;
  sig(f.export("function", `encode${name}`), [["message: ", Either]], "Uint8Array");
  f.print`  return ${rt("encodeWith")}(message as ${Shape}, write${name});`;
  f.print`}`;
  f.print();
  f.print`/** As encode${name}, behind a varint length prefix (the "delimited" framing). */`;
  sig(f.export("function", `encode${name}Delimited`), [["message: ", Either]], "Uint8Array");
  f.print`  return ${rt("encodeDelimitedWith")}(message as ${Shape}, write${name});`;
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
