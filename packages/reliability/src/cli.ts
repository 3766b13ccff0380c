// pnpm reliability [part...] [--quick] [--out DIR]: runs the hardening campaigns one
// after another and writes each part's figures to DIR/<part>.json (default: packages/reliability/results/).
// Each part lives in src/<part>/index.ts and exports `run` (test/parts.test.ts checks that every
// listed part is there); one that cannot be loaded counts as a failed part.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PARTS, type PartModule, type PartOptions } from "./parts.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: "boolean", default: false },
    out: { type: "string", default: fileURLToPath(new URL("../results", import.meta.url)) },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(`usage: pnpm reliability [${PARTS.map((p) => p.name).join("|")}...] [--quick] [--out DIR]

${PARTS.map((p) => `  ${p.name.padEnd(8)} ${p.description}`).join("\n")}

--quick runs every part at a size that fits in CI (about a minute in all).`);
  process.exit(0);
}

const unknown = positionals.filter((name) => !PARTS.some((p) => p.name === name));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(", ")}; known: ${PARTS.map((p) => p.name).join(", ")}`);
  process.exit(2);
}

const selected = positionals.length === 0 ? PARTS : PARTS.filter((p) => positionals.includes(p.name));
const options: PartOptions = {
  quick: values.quick,
  log: (line) => console.error(`[${new Date().toISOString()}] ${line}`),
};
mkdirSync(values.out, { recursive: true });
let failed = 0;
for (const part of selected) {
  let module: PartModule;
  try {
    module = (await import(`./${part.name}/index.js`)) as PartModule;
  } catch (error) {
    console.error(`${part.name}: cannot be loaded: ${(error as Error).message}`);
    failed++;
    continue;
  }
  options.log(`${part.name}: ${part.description}`);
  const started = performance.now();
  const report = await module.run(options);
  const seconds = (performance.now() - started) / 1000;
  const file = join(values.out, `${part.name}${values.quick ? "-quick" : ""}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ part: part.name, quick: values.quick, node: process.version, seconds, ...report }, null, 2)}\n`,
  );
  console.log(`${part.name}: ${report.ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s: ${report.summary} (${file})`);
  if (!report.ok) failed++;
}
process.exit(failed > 0 ? 1 : 0);
