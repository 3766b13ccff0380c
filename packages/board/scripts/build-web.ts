// Builds the page into dist/web at build time: the app and the worker bundled (the codec inside the worker), the
// HTML and CSS copied. Nothing is fetched from anywhere at run time.
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const source = (path: string) => fileURLToPath(new URL(`../src/web/${path}`, import.meta.url));
const out = fileURLToPath(new URL("../dist/web/", import.meta.url));

await mkdir(out, { recursive: true });
await build({
  entryPoints: { app: source("main.ts"), worker: source("worker.ts") },
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  outdir: out,
  logLevel: "warning",
});
// The maps keep the text of the board's own sources only: the codec's and proto's sources are in their packages (each
// ships its src/, at the relative path the map names), and carrying them again made worker.js.map 352 KB.
for (const map of ["app.js.map", "worker.js.map"]) {
  const parsed = JSON.parse(await readFile(`${out}${map}`, "utf8")) as {
    sources: string[];
    sourcesContent?: unknown[];
  };
  parsed.sourcesContent = parsed.sources.map((path, i) =>
    path.startsWith("../../src/") ? parsed.sourcesContent?.[i] : null,
  );
  await writeFile(`${out}${map}`, JSON.stringify(parsed));
}
await copyFile(source("index.html"), `${out}index.html`);
await copyFile(source("board.css"), `${out}board.css`);
