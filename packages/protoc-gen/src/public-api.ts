// The exported API of each of a file's own messages: decodeX, mergeX, encodeX,
// encodeXDelimited and newXFrameDecoder, thin wrappers of the runtime's drivers
// around the message's read, fill and write functions.
import type { DescMessage } from "@bufbuild/protobuf";
import type { MessageGen } from "./generate.js";

export function generatePublicApi(gen: MessageGen, desc: DescMessage): void {
  const { f, rt } = gen;
  const name = gen.id(desc);
  const Shape = gen.shape(desc);
  const Options = gen.rtType("DecodeOptions");
  const Mode = gen.rtType("Int64Mode");
  const Decoded = gen.rtType("Decoded");
  f.print`/**`;
  f.print` * Decodes a ${desc.typeName}: deep-equal to protobuf-es's fromBinary(${name}Schema, bytes)`;
  f.print` * (\`$unknown\` included) in the default int64 mode. Throws DecodeError with the offset.`;
  f.print` */`;
  f.print`export function decode${name}(bytes: Uint8Array, options?: ${Options}<"bigint">): ${Shape};`;
  f.print`export function decode${name}<M extends ${Mode}>(bytes: Uint8Array, options: ${Options}<M>): ${Decoded}<${Shape}, M>;`;
  f.print`export function decode${name}(bytes: Uint8Array, options?: ${Options}): ${Shape} {`;
  f.print`  return ${rt("decodeWith")}(bytes, options, read${name});`;
  f.print`}`;
  f.print();
  f.print`/** Merges \`bytes\` into \`target\` as protobuf-es's mergeFromBinary: scalars replaced, lists appended, messages merged. */`;
  f.print`export function merge${name}(target: ${Shape}, bytes: Uint8Array, options?: ${Options}): ${Shape} {`;
  f.print`  return ${rt("mergeWith")}(target, bytes, options, fill${name});`;
  f.print`}`;
  f.print();
  f.print`/** Encodes byte for byte as protobuf-es's toBinary(${name}Schema, message); 64-bit fields in any int64 mode. */`;
  f.print`export function encode${name}(message: ${Shape} | ${Decoded}<${Shape}, ${Mode}>): Uint8Array {`;
  f.print`  return ${rt("encodeWith")}(message as ${Shape}, write${name});`;
  f.print`}`;
  f.print();
  f.print`/** As encode${name}, behind a varint length prefix (the "delimited" framing). */`;
  f.print`export function encode${name}Delimited(message: ${Shape} | ${Decoded}<${Shape}, ${Mode}>): Uint8Array {`;
  f.print`  return ${rt("encodeDelimitedWith")}(message as ${Shape}, write${name});`;
  f.print`}`;
  f.print();
  f.print`/** A frame decoder (delimited, message or base64 framing) that yields ${name} messages. */`;
  f.print`export function new${name}FrameDecoder(options: ${gen.rtType("MessageFramesOptions")} = {}): ${rt("MessageFrameDecoder")}<${Shape}> {`;
  f.print`  return new ${rt("MessageFrameDecoder")}(options, read${name});`;
  f.print`}`;
  f.print();
}
