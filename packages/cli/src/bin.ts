#!/usr/bin/env node
import { run } from "./cli.js";
import { EXIT } from "./exit-codes.js";

// Commands that clean up on Ctrl-C (serve, replay) add their own listener; otherwise stop at once.
process.on("SIGINT", () => {
  if (process.listenerCount("SIGINT") === 1) process.exit(EXIT.INTERRUPTED);
});
// A closed pipe (`tickwire decode big.bin | head`) is a normal way to stop reading, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(EXIT.OK);
  process.stderr.write(`tickwire: standard output: ${error.message}\n`);
  process.exit(EXIT.FAILURE);
});
// With stderr gone there is nowhere to report to; the exit code still says how the command ended.
process.stderr.on("error", () => {});

process.exitCode = await run(process.argv.slice(2));
