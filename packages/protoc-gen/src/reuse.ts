// The reusing decoder's half of the `internals` option: per message a reset function
// and a `reuse` field loop (the merge path, with nested messages taken from Pools and
// strings kept when the bytes spell them again), and one `Pools` class per file with
// a growing pool per message type, rewound every frame. Maps are not recycled: a
// recycled message gets a fresh map object (its entries are new objects anyway).
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import type { MessageGen } from "./generate.js";
import { fits, printBroken, printSignature } from "./layout.js";
import { messageLoop } from "./loops.js";
import { IMPLICIT } from "./schema-facts.js";

export function generateReuse(gen: MessageGen, messages: readonly DescMessage[]): void {
  const { f } = gen;
  f.print`/** The empty oneof every reset shares: resetting must not allocate. */`;
  f.print`const NO_CASE: { case: undefined; value?: undefined } = Object.freeze({ case: undefined });`;
  f.print();
  for (const desc of messages) {
    const name = gen.id(desc);
    const Shape = gen.shape(desc);
    printSignature(
      gen,
      f.export("function", `reset${name}`),
      [
        ["m: ", Shape],
        ["r: ", gen.rtType("Reader")],
      ],
      "void",
      " {",
    );
    for (const member of desc.members) {
      const prop = `m.${member.localName}`;
      if (member.kind === "oneof") f.print`  ${prop} = NO_CASE;`;
      else if (member.fieldKind === "list") f.print`  ${prop}.length = 0;`;
      else if (member.fieldKind === "map") f.print`  ${prop} = {};`;
      else if (member.fieldKind === "message" || member.presence !== IMPLICIT) f.print`  ${prop} = undefined;`;
      else f.print("  ", prop, " = ", gen.zeroValue(member), ";");
    }
    f.print`  if (m.$unknown !== undefined) m.$unknown = undefined;`;
    f.print`}`;
    f.print();
    const params: Printable[] = [
      ["r: ", gen.rtType("Reader"), "<Pools>"],
      "end: number",
      ["m: ", Shape],
      "depth: number",
    ];
    printSignature(gen, f.export("function", `reuse${name}`), params, "void", " {");
    messageLoop(gen, desc, { kind: "pooled" });
    f.print`}`;
    f.print();
  }
  const fields: string[] = [];
  f.print`/**`;
  f.print` * Recycled message objects for a reusing decoder: one growing pool per message type,`;
  f.print` * rewound at every frame, and one oneof holder per message member of a top-level`;
  f.print` * message's oneofs (a message reached through a field gets a fresh holder: it may occur twice a frame).`;
  f.print` */`;
  f.print`export class Pools {`;
  f.print`  private readonly r: ${gen.rtType("Reader")};`;
  for (const desc of messages) {
    const name = gen.id(desc);
    f.print("  private readonly pool", name, ": ", gen.shape(desc), "[] = [];");
    f.print`  private used${name} = 0;`;
    fields.push(name);
  }
  const holders = messages.filter((d) => gen.roots.has(d)).flatMap((d) => d.oneofs.flatMap((o) => o.fields));
  const messageHolders = holders.flatMap((field) => (field.fieldKind === "message" ? [field] : []));
  const holderOf = (field: DescField) => `${gen.id(field.parent)}_${field.localName}`;
  const caseType = (field: DescField & { fieldKind: "message" }): Printable => [
    "{ case: ",
    f.string(field.localName),
    "; value: ",
    gen.shape(field.message),
    " }",
  ];
  for (const field of messageHolders) {
    printBroken(gen, "  ", [`private readonly holder${holderOf(field)}:`], [caseType(field), ";"]);
  }
  f.print();
  f.print`  constructor(r: ${gen.rtType("Reader")}) {`;
  f.print`    this.r = r;`;
  for (const field of messageHolders) {
    const value: Printable = ["{ case: ", f.string(field.localName), `, value: zero${gen.id(field.message)}(r) };`];
    printBroken(gen, "    ", [`this.holder${holderOf(field)} =`], value);
  }
  f.print`  }`;
  f.print();
  f.print`  /** Rewinds every pool: the objects handed out for the previous frame are reused from here on. */`;
  f.print`  rewind(): void {`;
  for (const name of fields) f.print`    this.used${name} = 0;`;
  f.print`  }`;
  for (const desc of messages) {
    const name = gen.id(desc);
    f.print();
    f.print`  take${name}(): ${gen.shape(desc)} {`;
    f.print`    const pool = this.pool${name};`;
    f.print`    const index = this.used${name}++;`;
    const recycled = `    if (index < pool.length) { const m = pool[index]!; reset${name}(m, this.r); return m; }`;
    if (fits(recycled)) f.print(recycled);
    else {
      f.print`    if (index < pool.length) {`;
      f.print`      const m = pool[index]!;`;
      f.print`      reset${name}(m, this.r);`;
      f.print`      return m;`;
      f.print`    }`;
    }
    f.print`    const m = zero${name}(this.r);`;
    f.print`    pool.push(m);`;
    f.print`    return m;`;
    f.print`  }`;
  }
  for (const field of messageHolders) {
    f.print();
    printSignature(
      gen,
      `  hold${holderOf(field)}`,
      [["value: ", gen.shape(field.message)]],
      caseType(field),
      " {",
      "  ",
    );
    f.print`    const holder = this.holder${holderOf(field)};`;
    f.print`    holder.value = value;`;
    f.print`    return holder;`;
    f.print`  }`;
  }
  f.print`}`;
  f.print();
}
