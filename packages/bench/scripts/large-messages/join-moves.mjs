// Issue 33, item 4: what the fork/join encoders move. Per subject, the nested messages (and map
// entries) a writer forks, and the bytes `join` moves up by one (those of 128 bytes or more);
// then the CPU time of that many moves of that many bytes, as copyWithin, in one buffer.
// node scripts/large-messages/join-moves.mjs Nested-1MB Nested-10KB MessageMap-1MB RepeatedMessages-1MB

import { toBinary } from "@bufbuild/protobuf";
import { generalSubjects } from "../../dist/general/subjects.js";

for (const name of process.argv.slice(2)) {
  const s = generalSubjects((n) => n === name)[0];
  let moved = 0,
    forks = 0,
    movedCount = 0,
    total = 0;
  const sizes = [];
  const visit = (desc, m) => {
    for (const f of desc.fields) {
      const v =
        m[f.localName] ??
        (f.oneof && m[f.oneof.localName]?.case === f.localName ? m[f.oneof.localName].value : undefined);
      const each = (md, x) => {
        const n = toBinary(md, x).length;
        forks++;
        if (n >= 128) {
          moved += n;
          movedCount++;
          sizes.push(n);
        }
        visit(md, x);
      };
      if (f.fieldKind === "message" && v) each(f.message, v);
      else if (f.fieldKind === "list" && f.listKind === "message") for (const x of v) each(f.message, x);
      else if (f.fieldKind === "map") {
        for (const x of Object.values(v)) {
          forks++;
          if (f.mapKind === "message") each(f.message, x);
        }
      }
    }
  };
  for (const m of s.messages) {
    total += toBinary(s.desc, m).length;
    visit(s.desc, m);
  }
  // The same moves as copyWithin by one byte, spread over a 1 MiB window of a 2 MiB buffer.
  const buf = new Uint8Array(1 << 21);
  const moves = () => {
    let at = 0;
    for (const n of sizes) {
      buf.copyWithin(at + 2, at + 1, at + 1 + n);
      at = (at + 997) & 0xfffff;
    }
  };
  for (let i = 0; i < 20; i++) moves();
  const c0 = process.cpuUsage();
  let runs = 0;
  let used = 0;
  while (used < 200_000) {
    moves();
    runs++;
    const c = process.cpuUsage(c0);
    used = c.user + c.system;
  }
  const movesMs = used / 1000 / runs;
  console.log(
    JSON.stringify({ name, total, forks, movedCount, moved, movedPerByte: moved / total, movesMsPerEncode: movesMs }),
  );
}
