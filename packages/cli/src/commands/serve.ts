// `tickwire serve`: the sandbox platform (REST API and market-data WebSocket) until Ctrl-C. The sandbox (fastify,
// pino, jose) is loaded when it runs, so other commands start without it.
import { readFileSync } from "node:fs";
import type { SandboxOptions } from "@tickwire/sandbox";
import type { Command } from "commander";
import { integer, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { untilStopped } from "./relay.js";

/** Writes a line to the run's standard output. */
export const sayTo =
  (io: Io) =>
  (line: string): void => {
    io.stdout.write(`${line}\n`);
  };

export function registerServeCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("serve")
    .description("run the sandbox platform (REST API and market-data WebSocket) until Ctrl-C")
    .option("--host <host>", "bind address (the demo user exists only on loopback)", "127.0.0.1")
    .option("--port <n>", "port; 0 picks a free one", integer("--port", 0), 0)
    .option(
      "--config <file>",
      "JSON file of sandbox options (seed, rate, users, usersFile, responseForm, heartbeatMs, ...)",
    )
    .option("--seed <n>", "simulator seed", integer("--seed", 0))
    .option("--rate <n>", "messages per second", positive("--rate"))
    .option("--capture <file>", "also write the feed to this size-delimited capture")
    .option("--seconds <n>", "stop after this long instead of waiting for Ctrl-C", positive("--seconds"))
    .action(async (opts) => {
      const config = opts.config ? readConfig(opts.config) : {};
      const options: SandboxOptions = { ...config, logger: false, host: opts.host, port: opts.port };
      if (opts.seed !== undefined) options.seed = opts.seed;
      if (opts.rate !== undefined) options.rate = opts.rate;
      if (opts.capture !== undefined) options.capture = opts.capture;
      setExit(await serve(options, opts.seconds, sayTo(io)));
    });
}

function readConfig(file: string): SandboxOptions {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CliError(`${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new CliError(`${file}: expected a JSON object of sandbox options`);
  }
  return parsed as SandboxOptions;
}

/** Runs a sandbox until Ctrl-C / SIGTERM, `seconds`, or the end of a replay that does not loop (serve and replay). */
export async function serve(
  options: SandboxOptions,
  seconds: number | undefined,
  say: (line: string) => void,
): Promise<ExitCode> {
  const { startSandbox } = await import("@tickwire/sandbox");
  const sandbox = await startSandbox(options);
  say(`sandbox listening: ${sandbox.httpUrl}  feed ${sandbox.wsUrl}`);
  if (sandbox.demoUser)
    say(`demo user: ${sandbox.demoUser.userId} / ${sandbox.demoUser.appKey} (public, loopback only)`);
  let code: ExitCode = EXIT.OK;
  const replayEnd =
    options.replay && !options.replay.loop
      ? sandbox.feed.ended.then(
          () => say(`replay finished: ${sandbox.feed.produced} messages`),
          (error: Error) => {
            say(`replay stopped: ${error.message}`);
            code = EXIT.FAILURE;
          },
        )
      : undefined;
  await untilStopped(seconds, replayEnd);
  await sandbox.close();
  say(`sandbox closed after ${sandbox.feed.produced} messages`);
  return code;
}
