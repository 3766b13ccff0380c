// What a browser bundle carries: each payload kind is its own export and each schema's validator its own module, so a
// bundler keeps the validators of the kinds a program imports (and those their schemas $ref), and no other.
import assert from "node:assert/strict";
import { test } from "node:test";
import { build } from "esbuild";
import { type Kind, kinds } from "../src/index.js";
import { allKinds, packageDir, type Schema, schemas } from "./helpers.js";

/** The validator modules (schema file names without .schema.json) whose code ends up in a bundle of `entry`. */
async function validatorsIn(entry: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: entry, resolveDir: `${packageDir}/src`, loader: "ts" },
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs));
  return inputs
    .filter(([path, input]) => path.includes("gen/validators/") && input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*gen\/validators\/(.*)\.ts$/, "$1"))
    .sort();
}

/** A schema file and every file its $refs reach. */
function referenced(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string" && !seen.has(value)) referenced(value, seen);
        else visit(value);
      }
    }
  };
  visit(schemas[file] as Schema);
  return seen;
}
const modulesOf = (...files: string[]) =>
  [...new Set(files.flatMap((file) => [...referenced(file)]))].map((f) => f.replace(".schema.json", "")).sort();

for (const kind of allKinds) {
  test(`${kind}: a bundle importing ${kind}Kind carries its schema's validator and the ones it $refs, no other`, async () => {
    const name = `${kind}Kind`;
    const entry = `import { parseJson, ${name} } from "./index.js"; export const parse = (text) => parseJson(text, ${name});`;
    assert.deepEqual(await validatorsIn(entry), modulesOf(kinds[kind as Kind].schema));
  });
}

test("each normaliser carries the validators of the forms it reads, and of the error body", async () => {
  const cases = {
    normalizeLtp: ["ltp-success.schema.json", "ltp-success-camel.schema.json"],
    normalizePositions: [
      "positions-response.schema.json",
      "positions-envelope.schema.json",
      "positions-envelope-camel.schema.json",
    ],
    normalizeTrades: ["trades-response.schema.json", "trades-envelope.schema.json"],
  };
  for (const [normalizer, files] of Object.entries(cases)) {
    const entry = `export { ${normalizer} } from "./index.js";`;
    assert.deepEqual(await validatorsIn(entry), modulesOf("error.schema.json", ...files), normalizer);
  }
});

test("parseJson without a kind, stringifyJson and the errors carry no validator; `kinds` carries all of them", async () => {
  const lean = `export { parseJson, stringifyJson, SchemaValidationError, JsonSyntaxError } from "./index.js";`;
  assert.deepEqual(await validatorsIn(lean), []);
  const all = `import { kinds } from "./index.js"; export const names = Object.keys(kinds);`;
  assert.deepEqual(await validatorsIn(all), modulesOf(...Object.values(kinds).map((k) => k.schema)));
});
