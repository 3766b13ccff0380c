// Builds the page into dist/web at build time: the app and the worker bundled (the codec inside the worker), the
// HTML and CSS copied. Nothing is fetched from anywhere at run time.
import { copyFile, mkdir } from "node:fs/promises";
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
await copyFile(source("index.html"), `${out}index.html`);
await copyFile(source("board.css"), `${out}board.css`);
