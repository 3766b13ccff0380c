// The generated functions of a schema, looked up by protobuf-es's message name
// (nested names joined by "_"), so one test drives every message of any schema.
import type { DescFile, DescMessage, Message } from "@bufbuild/protobuf";
import type { DecodeOptions } from "@tickwire/runtime";

export interface Codec {
  desc: DescMessage;
  decode: (bytes: Uint8Array, options?: DecodeOptions) => Message;
  merge: (target: Message, bytes: Uint8Array, options?: DecodeOptions) => Message;
  encode: (message: unknown) => Uint8Array;
  encodeDelimited: (message: unknown) => Uint8Array;
}

export function shapeName(desc: DescMessage): string {
  const prefix = desc.file.proto.package === "" ? "" : `${desc.file.proto.package}.`;
  return desc.typeName.slice(prefix.length).replace(/\./g, "_");
}

function allMessages(messages: readonly DescMessage[]): DescMessage[] {
  return messages.flatMap((m) => [m, ...allMessages(m.nestedMessages)]);
}

/** Every message of `file` with its generated functions from the `_tw` module. */
export function codecsOf(file: DescFile, module: Record<string, unknown>): Codec[] {
  return allMessages(file.messages).map((desc) => {
    const name = shapeName(desc);
    const get = (fn: string) => {
      const value = module[fn];
      if (typeof value !== "function") throw new Error(`the generated module has no ${fn}`);
      return value as never;
    };
    return {
      desc,
      decode: get(`decode${name}`),
      merge: get(`merge${name}`),
      encode: get(`encode${name}`),
      encodeDelimited: get(`encode${name}Delimited`),
    };
  });
}
