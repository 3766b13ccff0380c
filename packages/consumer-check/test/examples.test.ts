import assert from "node:assert/strict";
import { test } from "node:test";
import { extractExamples } from "../src/examples.js";

const readme = [
  "# pkg", // 1
  "", // 2
  "```ts", // 3
  'import { a } from "pkg";', // 4
  "```", // 5
  "", // 6
  "<!-- compile-only (needs a socket): declare const socket: WebSocket; -->", // 7
  "```ts", // 8
  "socket.close();", // 9
  "```", // 10
  "```sh", // 11
  "echo not ts", // 12
  "```", // 13
  "### @tickwire/codec", // 14
  "```ts", // 15
  "codec();", // 16
  "```", // 17
].join("\n");

test("every ts block, with where it comes from; compile-only blocks carry their reason and declarations", () => {
  const examples = extractExamples(readme, "packages/x/README.md", "x");
  assert.deepEqual(
    examples.map((e) => [e.source, e.fileName, e.compileOnly]),
    [
      ["packages/x/README.md:3", "x-3.ts", undefined],
      ["packages/x/README.md:8", "x-8.ts", "needs a socket"],
      ["packages/x/README.md:15", "x-15.ts", undefined],
    ],
  );
  // Declarations go after the body, so line N of the file is line N of the block.
  assert.equal(examples[1]?.code, "socket.close();\ndeclare const socket: WebSocket;\nexport {};\n");
  assert.equal(examples[0]?.code.split("\n")[0], 'import { a } from "pkg";');
});

test("a section filter keeps the blocks under matching headings only", () => {
  const examples = extractExamples(readme, "README.md", "root", /^### @tickwire\//);
  assert.deepEqual(
    examples.map((e) => e.source),
    ["README.md:15"],
  );
});

test("a compile-only marker without a reason, or an unclosed block, is an error naming the line", () => {
  assert.throws(
    () => extractExamples("<!-- compile-only: declare const a: number; -->\n```ts\na;\n```", "R.md", "r"),
    /R\.md:1: a compile-only marker needs a reason/,
  );
  assert.throws(() => extractExamples("```ts\na;\n", "R.md", "r"), /R\.md:1: unclosed code block/);
});

test("a ts block marked not-run (with a reason) is left out; without a reason it is an error naming the line", () => {
  const marked =
    '<!-- not-run: imports generated files -->\n```ts\nimport { a } from "./gen/a.js";\n```\n```ts\nb;\n```';
  assert.deepEqual(
    extractExamples(marked, "R.md", "r").map((e) => e.source),
    ["R.md:5"],
  );
  assert.throws(
    () => extractExamples("<!-- not-run: -->\n```ts\na;\n```", "R.md", "r"),
    /R\.md:1: a not-run marker needs a reason/,
  );
});
