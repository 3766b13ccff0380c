// pnpm reliability generated: protoc-gen's differential suites against protobuf-es (the generated code of the
// repository's test schemas, of Google's test schemas and of the well-known types, and the reusing decoder) with many
// more random messages a property than `pnpm test` gives them, which runs them on two Node versions in CI and must fit
// in its minutes. Full: 30 times the CI runs (3,000 a property for the repository's schemas, 600 for each of Google's
// messages); --quick: 3 times, the sizes `pnpm test` used before CI was cut to 9 minutes. A failure prints fast-check's
// seed and path; TICKWIRE_FUZZ_SEED=<seed> replays a campaign.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PartOptions, PartReport } from "../parts.js";

const FILES = [
  "test/differential.test.ts",
  "test/google-schemas.test.ts",
  "test/wkt-top-level.test.ts",
  "test/internals.test.ts",
];
// From src/generated/ and dist/generated/ alike.
const protocGen = fileURLToPath(new URL("../../../protoc-gen/", import.meta.url));

export async function run({ quick, log }: PartOptions): Promise<PartReport> {
  const scale = quick ? 3 : 30;
  log(`generated: ${FILES.join(", ")} in packages/protoc-gen at ${scale} times the runs of pnpm test`);
  const started = performance.now();
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-reporter=tap", ...FILES], {
      cwd: protocGen,
      env: { ...process.env, TICKWIRE_FUZZ_SCALE: String(scale) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => output.push(text));
    child.on("error", (error) => {
      log(`generated: could not start node: ${error.message}`);
      resolve(null);
    });
    child.on("close", resolve);
  });
  const tap = output.join("");
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? Number.NaN);
  const passed = count("pass");
  const failed = count("fail");
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  // Each failure's TAP block (fast-check's counterexample, seed and path) is what a report needs.
  const failures = tap.split(/\n(?=\s*(?:not )?ok \d+ - )/).filter((block) => /^\s*not ok /.test(block));
  for (const block of failures.slice(0, 5)) log(`generated: FAILED ${block.slice(0, 2000)}`);
  return {
    ok: code === 0 && failed === 0 && passed > 0,
    summary: `${passed} properties and tests passed, ${failed} failed, at ${scale}x the CI runs, in ${seconds} s`,
    scale,
    passed,
    failed,
    seconds,
  };
}
