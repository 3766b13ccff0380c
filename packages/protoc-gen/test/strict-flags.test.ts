// The generated `_tw.ts` lands in a user's source tree and is compiled with the user's
// tsconfig. So the plugin's output for this repository's schemas (market data, the orders
// test schema, the bench's feature schema) and for a consumer-shaped one (test/consumer),
// with and without `internals`, must type-check under the strictest flags TypeScript has,
// on TypeScript 5.9 and 7, with the runtime's declarations checked too (skipLibCheck off).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { create, fromBinary } from "@bufbuild/protobuf";
import { CodeGeneratorRequestSchema, FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { protocGenEs } from "@bufbuild/protoc-gen-es/dist/cjs/src/protoc-gen-es-plugin.js";
import { protocGenTickwire } from "../src/plugin.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(root, "..", "..");
const bin = (path: string) => join(root, "node_modules", path);

const SCHEMAS = {
  consumer: join(root, "test", "consumer"),
  orders: join(root, "test", "proto"),
  marketdata: join(repo, "proto"),
  features: join(repo, "packages", "bench", "proto"),
};

const STRICTEST = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
};

const COMPILERS = {
  "TypeScript 5.9": bin("typescript/bin/tsc"),
  "TypeScript 7": bin("typescript-7/bin/tsc"),
};

/** A CodeGeneratorRequest for a buf module, as buf hands one to a plugin (its imports given, not generated). */
function requestFor(module: string, parameter: string) {
  const built = spawnSync(bin(".bin/buf"), ["build", module, "--as-file-descriptor-set", "-o", "-#format=binpb"], {
    maxBuffer: 64 << 20,
  });
  assert.equal(built.status, 0, built.stderr?.toString());
  const set = fromBinary(FileDescriptorSetSchema, built.stdout);
  return create(CodeGeneratorRequestSchema, {
    protoFile: set.file,
    fileToGenerate: set.file.filter((file) => !file.name.startsWith("google/protobuf/")).map((file) => file.name),
    parameter,
  });
}

const PARAMETER = "target=ts,import_extension=js";

/** protoc-gen-es's `_pb.ts` and this plugin's `_tw.ts` (with `options`) for every schema, side by side under `out`. */
function generateAll(out: string, options: string): string[] {
  const written: string[] = [];
  for (const module of Object.values(SCHEMAS)) {
    for (const [plugin, parameter] of [
      [protocGenEs, PARAMETER],
      [protocGenTickwire, `${PARAMETER}${options}`],
    ] as const) {
      const response = plugin.run(requestFor(module, parameter));
      assert.equal(response.error ?? "", "", `${plugin.name} on ${module}`);
      for (const file of response.file) {
        const path = join(out, file.name);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.content);
        written.push(path);
      }
    }
  }
  return written;
}

// `TICKWIRE_SKIP_STATIC_CHECKS=1`: a type check's result does not depend on the Node running it; CI's second Node pass
// skips what its first ran on the same commit.
const skipStatic = process.env.TICKWIRE_SKIP_STATIC_CHECKS === "1";

describe("generated code under the strictest compiler flags", {
  skip: skipStatic && "TICKWIRE_SKIP_STATIC_CHECKS=1",
}, () => {
  // Inside the package, so that the generated imports resolve as in a user's project.
  const dir = mkdtempSync(join(root, "test", ".strict-flags-"));
  const files = [...generateAll(join(dir, "plain"), ""), ...generateAll(join(dir, "internals"), ",internals=true")];
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        noEmit: true,
        types: [],
        ...STRICTEST,
      },
      include: ["plain", "internals"],
    }),
  );

  test("every schema was generated, with and without internals", () => {
    for (const name of ["shop", "orders", "marketdata", "features"]) {
      for (const variant of ["plain", "internals"]) {
        assert.ok(
          files.some((file) => file.includes(`/${variant}/`) && file.endsWith(`/${name}_tw.ts`)),
          `${variant} ${name}_tw.ts`,
        );
      }
    }
  });

  for (const [compiler, tsc] of Object.entries(COMPILERS)) {
    test(`${compiler}: no errors`, () => {
      const run = spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
      assert.equal(run.status, 0, `${compiler} reports:\n${run.stdout}${run.stderr}`);
    });
  }

  after(() => rmSync(dir, { recursive: true, force: true }));
});
