// Entry for Node, Bun and Deno: `<runtime> dist/runtime.js <fixture-url>`. Fetches the environment from the Node
// side, runs every check, posts the results back and prints one line per check.
import { checks, runChecks } from "./suite.js";

interface RuntimeGlobals {
  Deno?: { args: string[]; exit(code: number): never };
  process?: { argv: string[]; exitCode?: number };
}

const runtime = globalThis as RuntimeGlobals;
const base = runtime.Deno ? runtime.Deno.args[0] : runtime.process?.argv[2];
if (base === undefined) throw new Error("usage: <runtime> runtime.js <fixture-url>");
const label = new URL(base).searchParams.get("runtime") ?? "unknown";

const env = await (await fetch(new URL("/env.json", base))).json();
const results = await runChecks(checks, env, (result) => {
  console.log(`${result.ok ? "ok" : "not ok"} - ${result.name}${result.ok ? "" : `: ${result.error}`}`);
});
await fetch(new URL(`/results?runtime=${encodeURIComponent(label)}`, base), {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(results),
});
const failed = results.filter((r) => !r.ok).length;
console.log(`${label}: ${results.length - failed} passed, ${failed} failed`);
if (runtime.Deno) runtime.Deno.exit(failed === 0 ? 0 : 1);
else if (runtime.process) runtime.process.exitCode = failed === 0 ? 0 : 1;
