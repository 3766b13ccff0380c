// The unit tier's runner: every test file given, in this one process, each inside a suite named after it (so its
// top-level before/after hooks stay its own). `node --test` starts a process per file instead: for a unit test file,
// starting Node and tsx costs more than its tests (codec: 12.4 s CPU one process per file, 3.7 s in one).
import { resolve } from "node:path";
import { describe } from "node:test";
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) {
  describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}
