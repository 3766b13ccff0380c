// The consumer job: every public package packed (`pnpm pack`), installed with npm into a project outside the
// workspace, and checked there as a service would use it. A failure names the package, the README example (file and
// line) or the command that failed. Nothing is kept between runs: a fresh temporary directory each time, and turbo
// does not cache this task (package.json of this package: turbo.json).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { packagesDir, packPackages, publicPackages, repoRoot, workspaceRange } from "@tickwire/testkit/workspace";
import { type Example, extractExamples } from "../src/examples.js";
import { cleanEnv, describeFailure, run } from "../src/run.js";

const packages = publicPackages();
/** Every entry point with declarations (`types` in its `exports`), e.g. `@tickwire/proto/subtypes`. */
const declaredEntryPoints = packages.flatMap((p) =>
  Object.entries(p.manifest.exports as Record<string, unknown>)
    .filter(([, target]) => typeof target === "object" && target !== null && "types" in target)
    .map(([subpath]) => (subpath === "." ? p.name : `${p.name}/${subpath.slice(2)}`)),
);
/** The compilers a consumer may have: the workspace's TypeScript 5.9 and TypeScript 7 (as protoc-gen tests them). */
const COMPILERS = { "TypeScript 5.9": "typescript", "TypeScript 7": "typescript-7" } as const;
const examples: Example[] = [
  ...packages.flatMap((p) =>
    extractExamples(readFileSync(join(packagesDir, p.dir, "README.md"), "utf8"), `packages/${p.dir}/README.md`, p.dir),
  ),
  // The root README's per-package sections show other examples than the packages' own READMEs.
  ...extractExamples(readFileSync(join(repoRoot, "README.md"), "utf8"), "README.md", "root", /^### @tickwire\//),
];

/**
 * `TICKWIRE_SKIP_STATIC_CHECKS=1`: the checks whose result does not depend on the Node running them (publint, attw,
 * the type checks other than the nodenext build the examples run from) are skipped, as CI's second Node pass does
 * after the first ran them on the same commit. Installing (engines), building and running the examples still happen.
 */
const staticChecks = process.env.TICKWIRE_SKIP_STATIC_CHECKS === "1" ? { skip: "TICKWIRE_SKIP_STATIC_CHECKS=1" } : {};

const workDir = mkdtempSync(join(tmpdir(), "tickwire-consumer-"));
const tarballDir = join(workDir, "tarballs");
const project = join(workDir, "project");
const env = cleanEnv();
const bin = (name: string) => join(packagesDir, "consumer-check", "node_modules", ".bin", name);
const tarballs = new Map<string, string>();

after(() => {
  if (process.env.TICKWIRE_CONSUMER_KEEP) console.log(`consumer project kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
});

before(
  async () => {
    mkdirSync(tarballDir);
    mkdirSync(join(project, "examples"), { recursive: true });
    for (const [name, tarball] of packPackages(packages, tarballDir, env)) tarballs.set(name, tarball);

    writeFileSync(
      join(project, "package.json"),
      `${JSON.stringify({ name: "consumer", private: true, type: "module" })}\n`,
    );
    const extras = ["typescript", "typescript-7", "@types/node", "@bufbuild/protobuf", "ws", "@types/ws"].map(
      (name) => `${name}@${workspaceRange(name)}`,
    );
    // npm waits 5 minutes on a stalled registry fetch by default: give up on one after 30 s and retry it, and take
    // what the npm cache already holds. On CI's Node 24 pass npm asks the registry for a @tickwire package (which it
    // does not have; the tarballs are local) and every attempt fails with SELF_SIGNED_CERT_IN_CHAIN until it is
    // killed: a first try that hangs is followed by one from the cache alone, which needs no registry. The HTTP log
    // is kept so a failure says which fetch it was.
    const npmOptions = [
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--fetch-timeout=30000",
      "--fetch-retries=4",
      "--loglevel=http",
    ];
    // --engine-strict: npm refuses any package, ours or a dependency, whose `engines` exclude the Node running it.
    const installArgs = ["install", "--engine-strict", ...npmOptions, ...tarballs.values(), ...extras];
    // A normal install takes 15-30 s here; a hung one should not cost minutes before the cache-only try.
    let install = await run("npm", installArgs, { cwd: project, env, timeoutMs: 90_000 });
    if (install.signal !== null) {
      process.stderr.write(
        describeFailure("npm install (first try; trying again from the cache)", install).slice(-4000),
      );
      // A killed install leaves packages half written that a later install takes as installed (ci69: typescript-7
      // without its lib files, ajv without its declarations): each retry starts from an empty project.
      forgetInstall(project);
      // Whatever the first try fetched, and any earlier install's packages, are in the cache: no registry needed.
      install = await run("npm", [...installArgs, "--offline"], { cwd: project, env, timeoutMs: 180_000 });
      // The cache may lack a document the first try had not reached (a CI run: "ENOTCACHED ... semver"): one more try
      // that may fetch it, the first try's files all cached by now.
      if (install.code !== 0) {
        process.stderr.write(describeFailure("npm install (from the cache; trying once more)", install).slice(-4000));
        forgetInstall(project);
        install = await run("npm", installArgs, { cwd: project, env, timeoutMs: 180_000 });
      }
    }
    assert.equal(install.code, 0, describeFailure(`npm install of the tarballs in ${project}`, install).slice(-8000));

    // Every declared entry point imported, so that tsc checks each .d.ts it reaches (skipLibCheck off), under the
    // strictest flags a consumer may set.
    mkdirSync(join(project, "declarations"));
    writeFileSync(
      join(project, "declarations", "entry-points.ts"),
      declaredEntryPoints.map((entry, i) => `import type * as entry${i} from "${entry}";\n`).join("") +
        `export type { ${declaredEntryPoints.map((_, i) => `entry${i}`).join(", ")} };\n`,
    );
    writeFileSync(
      join(project, "tsconfig.declarations.json"),
      `${JSON.stringify(
        {
          compilerOptions: {
            target: "es2022",
            lib: ["es2022"],
            types: ["node"],
            module: "nodenext",
            moduleResolution: "nodenext",
            noEmit: true,
            strict: true,
            noUncheckedIndexedAccess: true,
            exactOptionalPropertyTypes: true,
            noPropertyAccessFromIndexSignature: true,
            verbatimModuleSyntax: true,
            isolatedModules: true,
            skipLibCheck: false,
          },
          include: ["declarations"],
        },
        null,
        2,
      )}\n`,
    );

    for (const example of examples) writeFileSync(join(project, "examples", example.fileName), example.code);
    const common = { target: "es2022", lib: ["es2022"], types: ["node"], strict: true, skipLibCheck: false };
    const tsconfig = (compilerOptions: object) =>
      `${JSON.stringify({ compilerOptions: { ...common, ...compilerOptions }, include: ["examples"] }, null, 2)}\n`;
    writeFileSync(
      join(project, "tsconfig.nodenext.json"),
      tsconfig({ module: "nodenext", moduleResolution: "nodenext", rootDir: "examples", outDir: "out" }),
    );
    writeFileSync(
      join(project, "tsconfig.bundler.json"),
      tsconfig({ module: "esnext", moduleResolution: "bundler", noEmit: true }),
    );
    // node10 reads no `exports`: subpaths (`@tickwire/proto/subtypes`, which the client's declarations import) resolve
    // through `typesVersions`. ES module output, since the examples use top-level await; esModuleInterop, as the
    // CommonJS projects still on node10 have it. Every example, the relay's too (its declarations import none of
    // nats.js's, which need `exports`).
    writeFileSync(
      join(project, "tsconfig.node10.json"),
      `${JSON.stringify(
        {
          compilerOptions: {
            ...common,
            module: "esnext",
            moduleResolution: "node10",
            esModuleInterop: true,
            noEmit: true,
          },
          include: ["examples"],
        },
        null,
        2,
      )}\n`,
    );
  },
  { timeout: 480_000 },
);

test("the public packages and their README examples are found", () => {
  assert.deepEqual(
    packages.map((p) => p.name),
    [
      "@tickwire/board",
      "@tickwire/cli",
      "@tickwire/client",
      "@tickwire/codec",
      "@tickwire/proto",
      "@tickwire/protoc-gen",
      "@tickwire/relay",
      "@tickwire/rest-schemas",
      "@tickwire/runtime",
      "@tickwire/sandbox",
    ],
  );
  for (const p of packages)
    assert.ok(
      examples.some((e) => e.source.startsWith(`packages/${p.dir}/`)) || p.dir === "cli",
      `packages/${p.dir}/README.md has no ts example`,
    );
  assert.ok(examples.filter((e) => e.source.startsWith("README.md")).length >= 5, "the root README's examples");
});

describe("each tarball", { concurrency: 2, ...staticChecks }, () => {
  for (const p of packages) {
    test(`publint --strict: ${p.name}`, async () => {
      const result = await run(bin("publint"), ["run", "--strict", tarballs.get(p.name) as string], {
        cwd: project,
        env,
      });
      assert.equal(result.code, 0, describeFailure(`publint --strict on the tarball of ${p.name}`, result));
    });
    test(`attw --profile esm-only: ${p.name}`, async () => {
      const args = [tarballs.get(p.name) as string, "--profile", "esm-only", "--format", "table-flipped", "--no-color"];
      // attw checks that TypeScript resolves each entry point; the .proto and .yaml ones are files for other tools.
      const files = p.exports.filter((subpath) => /\.(?!(?:js|json)$)\w+$/.test(subpath));
      if (files.length > 0) args.push("--exclude-entrypoints", ...files);
      const result = await run(bin("attw"), args, { cwd: project, env });
      assert.equal(result.code, 0, describeFailure(`attw --profile esm-only on the tarball of ${p.name}`, result));
    });
  }
});

/** tsc's errors, each followed by the README line it points at. */
function locate(output: string): string {
  return output.replace(/examples\/([\w-]+\.ts)\((\d+),(\d+)\)/g, (whole, file: string, line: string) => {
    const example = examples.find((e) => e.fileName === file);
    if (!example) return whole;
    const [readme, start] = example.source.split(":") as [string, string];
    return `${whole} [${readme}:${Number(start) + Number(line)}]`;
  });
}

// The nodenext build emits the files "the README examples run" runs: it is never skipped. Each module setting is
// checked by one compiler: nodenext and bundler by TypeScript 7 (a fifth of 5.9's CPU: 5 CPU-s a check there), node10
// by 5.9 (7 has no node10). So 5.9 reads every example too, and the declarations are checked by both, below.
for (const [config, what, compiler, options] of [
  ["tsconfig.nodenext.json", "module nodenext", "TypeScript 7", {}],
  ["tsconfig.bundler.json", "module esnext, moduleResolution bundler", "TypeScript 7", staticChecks],
  ["tsconfig.node10.json", "module esnext, moduleResolution node10", "TypeScript 5.9", staticChecks],
] as const) {
  test(
    `the README examples type-check under ${what} (${compiler}), against the installed tarballs`,
    options,
    async () => {
      const tsc = tscOf(COMPILERS[compiler]);
      const result = await run(process.execPath, [tsc, "-p", config, "--pretty", "false"], { cwd: project, env });
      assert.equal(result.code, 0, locate(describeFailure(`${compiler}: tsc -p ${config} (${what})`, result)));
    },
  );
}

/** Removes what an npm install wrote in `dir` (its packages and lock file), so the next one starts clean. */
function forgetInstall(dir: string): void {
  rmSync(join(dir, "node_modules"), { recursive: true, force: true });
  rmSync(join(dir, "package-lock.json"), { force: true });
}

/** The installed compiler's tsc, by package (both TypeScripts ship a `tsc` bin: node_modules/.bin holds one). */
const tscOf = (compiler: string) => join(project, "node_modules", compiler, "bin", "tsc");

test("every declared entry point is found", () => {
  for (const entry of ["@tickwire/proto/subtypes", "@tickwire/sandbox/simulator", "@tickwire/runtime/internal"])
    assert.ok(declaredEntryPoints.includes(entry), entry);
  assert.ok(declaredEntryPoints.length >= packages.length);
});

for (const [compiler, name] of Object.entries(COMPILERS)) {
  test(
    `${compiler}: every public entry point's declarations type-check under the strictest flags`,
    staticChecks,
    async () => {
      const result = await run(
        process.execPath,
        [tscOf(name), "-p", "tsconfig.declarations.json", "--pretty", "false"],
        {
          cwd: project,
          env,
        },
      );
      assert.equal(result.code, 0, describeFailure(`${compiler}: tsc -p tsconfig.declarations.json`, result));
    },
  );
}

describe("the README examples run", { concurrency: 3 }, () => {
  for (const example of examples) {
    if (example.compileOnly !== undefined) continue;
    test(`${example.source} runs and exits 0`, async () => {
      const file = join(project, "out", example.fileName.replace(/\.ts$/, ".js"));
      const result = await run(process.execPath, [file], { cwd: project, env, timeoutMs: 60_000 });
      assert.equal(result.code, 0, describeFailure(`${example.source} (compiled to ${file})`, result));
    });
  }
});

describe("the tickwire command, through npx", () => {
  const npx = (command: string) =>
    run("bash", ["-o", "pipefail", "-c", command], { cwd: project, env, timeoutMs: 60_000 });

  test("tickwire --help", async () => {
    const result = await npx("npx --no -- tickwire --help");
    assert.equal(result.code, 0, describeFailure("npx tickwire --help", result));
    assert.match(result.stdout, /Usage: tickwire/);
  });

  test("tickwire --version prints the package's version", async () => {
    const result = await npx("npx --no -- tickwire --version");
    assert.equal(result.code, 0, describeFailure("npx tickwire --version", result));
    const installed = JSON.parse(
      readFileSync(join(project, "node_modules", "@tickwire", "cli", "package.json"), "utf8"),
    );
    const workspace = packages.find((p) => p.name === "@tickwire/cli");
    assert.equal(installed.version, workspace?.version);
    assert.equal(result.stdout.trim(), installed.version, "npx tickwire --version");
  });

  test("tickwire gen --count 10 | tickwire decode: ten JSON lines", async () => {
    const result = await npx("npx --no -- tickwire gen --count 10 | npx --no -- tickwire decode");
    assert.equal(result.code, 0, describeFailure("npx tickwire gen --count 10 | npx tickwire decode", result));
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 10, result.stdout);
    for (const line of lines) {
      const message = JSON.parse(line);
      assert.equal(typeof message, "object", line);
      assert.ok(Object.keys(message).length > 0, line);
    }
  });
});

// A project with its own schema, as the codec README's "Your own schema in three steps" sets it up: the plugin's
// output for the order-entry test schema (protoc-gen's committed test/gen, which its tests prove is what buf
// generates) beside protoc-gen-es's, and the README's example, with nothing installed at run time but
// @tickwire/runtime and @bufbuild/protobuf (TypeScript and @types/node to compile it).
describe("a project with its own schema: @tickwire/runtime and @bufbuild/protobuf only", () => {
  const own = join(workDir, "own-schema");
  const generated = join(packagesDir, "protoc-gen", "test", "gen", "tickwire", "orders", "v1");

  test("installs, type-checks and runs the README's three-steps example on the plugin's output", async () => {
    mkdirSync(join(own, "src", "gen", "tickwire", "orders", "v1"), { recursive: true });
    writeFileSync(join(own, "package.json"), `${JSON.stringify({ name: "own", private: true, type: "module" })}\n`);
    for (const file of ["orders_pb.ts", "orders_tw.ts"]) {
      writeFileSync(join(own, "src", "gen", "tickwire", "orders", "v1", file), readFileSync(join(generated, file)));
    }
    const readme = readFileSync(join(packagesDir, "codec", "README.md"), "utf8");
    const start = readme.indexOf("## Your own schema in three steps");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const example = /```ts\n([\s\S]*?)\n```/.exec(section)?.[1];
    assert.ok(example, "the codec README's three-steps section has a ts example");
    writeFileSync(join(own, "src", "example.ts"), `${example}\nexport {};\n`);
    writeFileSync(
      join(own, "tsconfig.json"),
      `${JSON.stringify({
        compilerOptions: {
          target: "es2022",
          lib: ["es2022"],
          types: ["node"],
          strict: true,
          skipLibCheck: false,
          module: "nodenext",
          moduleResolution: "nodenext",
          rootDir: "src",
          outDir: "out",
        },
        include: ["src"],
      })}\n`,
    );
    const install = await run(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        tarballs.get("@tickwire/runtime") as string,
        `@bufbuild/protobuf@${workspaceRange("@bufbuild/protobuf")}`,
        // TypeScript 7, under its own name as in the workspace: protoc-gen's strict-flags test compiles the plugin's
        // output on 5.9 and 7 alike, and 7 takes a fifth of 5.9's CPU here.
        `typescript-7@${workspaceRange("typescript-7")}`,
        `@types/node@${workspaceRange("@types/node")}`,
      ],
      { cwd: own, env, timeoutMs: 180_000 },
    );
    assert.equal(install.code, 0, describeFailure(`npm install in ${own}`, install).slice(-8000));
    const installed = readdirSync(join(own, "node_modules", "@tickwire"));
    assert.deepEqual(installed, ["runtime"], "no other tickwire package comes with the runtime");
    const manifest = JSON.parse(
      readFileSync(join(own, "node_modules", "@tickwire", "runtime", "package.json"), "utf8"),
    );
    assert.equal(manifest.dependencies, undefined, "the runtime has no dependencies");
    const tsc = await run(
      process.execPath,
      [join(own, "node_modules", "typescript-7", "bin", "tsc"), "-p", "tsconfig.json", "--pretty", "false"],
      { cwd: own, env },
    );
    assert.equal(tsc.code, 0, describeFailure("tsc in the own-schema project", tsc));
    const result = await run(process.execPath, [join(own, "out", "example.js")], { cwd: own, env, timeoutMs: 60_000 });
    assert.equal(result.code, 0, describeFailure("the three-steps example, compiled", result));
  });
});
