// `tickwire replay`: a capture played through a sandbox (clients connect as to `serve`), stopping at its end.
import type { Command } from "commander";
import { integer, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import type { ExitCode } from "../exit-codes.js";
import { sayTo, serve } from "./serve.js";

export function registerReplayCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("replay")
    .description("play a capture through a sandbox (clients connect as to `serve`), then stop at its end")
    .argument("<file>", "a size-delimited capture (from gen, record or serve --capture)")
    .option("--speed <x>", "2 plays twice as fast as the original pace", positive("--speed"), 1)
    .option("--fast", "as fast as possible instead of the original pace", false)
    .option("--loop", "start again at the end (until Ctrl-C)", false)
    .option("--host <host>", "bind address", "127.0.0.1")
    .option("--port <n>", "port; 0 picks a free one", integer("--port", 0), 0)
    .action(async (file: string, opts) => {
      setExit(
        await serve(
          {
            logger: false,
            host: opts.host,
            port: opts.port,
            replay: { file, pace: opts.fast ? "fast" : "original", speed: opts.speed, loop: opts.loop },
          },
          undefined,
          sayTo(io),
        ),
      );
    });
}
