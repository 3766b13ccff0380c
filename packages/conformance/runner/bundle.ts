// The suite bundled once per kind of runtime, so Bun, Deno and the browser run exactly what Node runs.
import { fileURLToPath } from "node:url";
import { type BuildOptions, build } from "esbuild";

export const distDir = fileURLToPath(new URL("../dist/", import.meta.url));

export interface Bundles {
  /** ESM for Node, Bun and Deno (platform-neutral: a Node built-in pulled into library code fails the build). */
  runtime: string;
  /** ESM for the page. */
  browser: string;
}

export async function bundleSuite(): Promise<Bundles> {
  const common: BuildOptions = {
    bundle: true,
    format: "esm",
    target: "es2022",
    logLevel: "silent",
    // The client imports `ws` only on Node itself, at run time; everywhere else the runtime's WebSocket is used.
    external: ["ws"],
  };
  const runtime = `${distDir}runtime.js`;
  const browser = `${distDir}browser.js`;
  await Promise.all([
    build({
      ...common,
      entryPoints: [fileURLToPath(new URL("../src/entry-runtime.ts", import.meta.url))],
      platform: "neutral",
      mainFields: ["module", "main"],
      outfile: runtime,
    }),
    build({
      ...common,
      entryPoints: [fileURLToPath(new URL("../src/entry-browser.ts", import.meta.url))],
      platform: "browser",
      outfile: browser,
    }),
  ]);
  return { runtime, browser };
}
