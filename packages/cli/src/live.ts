// The commands that talk to a network: demo, board, serve, record and replay. Each loads what it needs (the sandbox
// with fastify, pino and jose; the client; the board; ws) when it runs, so the file commands and --help start without
// them.
import { once } from "node:events";
import { readFileSync } from "node:fs";
import type { SandboxOptions } from "@tickwire/sandbox";
import type { Command } from "commander";
import type { Io } from "./cli.js";
import { CliError, EXIT, type ExitCode, usageError } from "./exit-codes.js";
import { integer, positive } from "./parse.js";

const env = (name: string) => process.env[name] || undefined;

export function registerLiveCommands(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  const say = (line: string) => io.stdout.write(`${line}\n`);

  program
    .command("demo")
    .description(
      "the end-to-end demo: an embedded sandbox on a free loopback port, login, positions, prices, then the live feed decoded onto a board for a few seconds",
    )
    .option("--seconds <n>", "how long to watch the feed", positive("--seconds"), 4)
    .option("--url <url>", "a real platform's base URL instead of the embedded sandbox (env TICKWIRE_URL)")
    .option("--user <id>", "user id for --url (env TICKWIRE_USER)")
    .option("--app-key <key>", "app key for --url (env TICKWIRE_APP_KEY); prefer the environment, a flag shows in ps")
    .option(
      "--instruments <ids>",
      "comma-separated instrument ids to price and watch (default: the sandbox's, or the positions')",
    )
    .option("--seed <n>", "sandbox seed", integer("--seed", 0), 1)
    .option("--rate <n>", "sandbox messages per second", positive("--rate"), 2000)
    .option(
      "--web",
      "show the live feed on the board in a browser (as `tickwire board`) instead of the terminal",
      false,
    )
    .action(async (opts, command: Command) => {
      if (opts.web) {
        const { boardCommand } = await import("./commands/board.js");
        // --seconds bounds the board only when given: a browser board runs until Ctrl-C.
        const seconds = command.getOptionValueSource("seconds") === "cli" ? opts.seconds : undefined;
        setExit(await boardCommand(io, { ...boardOptions(opts), seconds, host: "127.0.0.1", port: 0 }));
        return;
      }
      const { demoCommand } = await import("./commands/demo.js");
      setExit(
        await demoCommand(io, {
          seconds: opts.seconds,
          url: opts.url ?? env("TICKWIRE_URL"),
          user: opts.user ?? env("TICKWIRE_USER"),
          appKey: opts.appKey ?? env("TICKWIRE_APP_KEY"),
          instruments: opts.instruments ? parseIds(opts.instruments) : undefined,
          seed: opts.seed,
          rate: opts.rate,
        }),
      );
    });

  program
    .command("board")
    .description(
      "the live board in a browser: a loopback page (prices, change since open, volume, sparklines, depth ladder) decoding the feed in a Web Worker; the app key stays in this process",
    )
    .option("--url <url>", "a real platform's base URL instead of an embedded sandbox (env TICKWIRE_URL)")
    .option("--user <id>", "user id for --url (env TICKWIRE_USER)")
    .option("--app-key <key>", "app key for --url (env TICKWIRE_APP_KEY); prefer the environment, a flag shows in ps")
    .option("--instruments <ids>", "comma-separated instrument ids (ids below 2^53; required with --url)")
    .option("--seed <n>", "sandbox seed", integer("--seed", 0), 1)
    .option("--rate <n>", "sandbox messages per second", positive("--rate"), 2000)
    .option("--host <host>", "address the page is served on", "127.0.0.1")
    .option("--port <n>", "port; 0 picks a free one", integer("--port", 0), 0)
    .option("--seconds <n>", "stop after this long instead of waiting for Ctrl-C", positive("--seconds"))
    .action(async (opts) => {
      const { boardCommand } = await import("./commands/board.js");
      setExit(
        await boardCommand(io, { ...boardOptions(opts), seconds: opts.seconds, host: opts.host, port: opts.port }),
      );
    });

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
      setExit(await serve(options, opts.seconds, say));
    });

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
      const options: SandboxOptions = {
        logger: false,
        host: opts.host,
        port: opts.port,
        replay: { file, pace: opts.fast ? "fast" : "original", speed: opts.speed, loop: opts.loop },
      };
      setExit(await serve(options, undefined, say));
    });

  program
    .command("record")
    .description("capture a live feed to a size-delimited file (decodable by decode, stats, replay)")
    .requiredOption("--url <ws-url>", "the feed's WebSocket URL with its token: ws://host/md-streaming/ws?key=TOKEN")
    .requiredOption("--out <file>", "capture file to write")
    .requiredOption("--instruments <ids>", "comma-separated instrument ids to subscribe to")
    .option("--seconds <n>", "stop after this long", positive("--seconds"), 10)
    .option("--count <n>", "stop after this many messages", integer("--count", 1))
    .action(async (opts) => {
      const { recordCommand } = await import("./commands/record.js");
      setExit(
        await recordCommand(io, {
          url: opts.url,
          out: opts.out,
          instruments: parseIds(opts.instruments),
          seconds: opts.seconds,
          count: opts.count,
        }),
      );
    });
}

function boardOptions(opts: Record<string, unknown>) {
  return {
    url: (opts.url as string | undefined) ?? env("TICKWIRE_URL"),
    user: (opts.user as string | undefined) ?? env("TICKWIRE_USER"),
    appKey: (opts.appKey as string | undefined) ?? env("TICKWIRE_APP_KEY"),
    instruments: typeof opts.instruments === "string" ? parseIds(opts.instruments) : undefined,
    seed: opts.seed as number,
    rate: opts.rate as number,
  };
}

function parseIds(list: string): bigint[] {
  return list.split(",").map((text) => {
    const trimmed = text.trim();
    if (!/^\d+$/.test(trimmed)) throw usageError(`instrument id '${trimmed}' is not an unsigned integer`);
    return BigInt(trimmed);
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

async function serve(
  options: SandboxOptions,
  seconds: number | undefined,
  say: (line: string) => void,
): Promise<ExitCode> {
  const { startSandbox } = await import("@tickwire/sandbox");
  const sandbox = await startSandbox(options);
  say(`sandbox listening: ${sandbox.httpUrl}  feed ${sandbox.wsUrl}`);
  if (sandbox.demoUser)
    say(`demo user: ${sandbox.demoUser.userId} / ${sandbox.demoUser.appKey} (public, loopback only)`);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const waits: Promise<unknown>[] = [once(stop.signal, "abort")];
  if (seconds !== undefined) waits.push(new Promise((resolve) => setTimeout(resolve, seconds * 1000).unref()));
  let code: ExitCode = EXIT.OK;
  if (options.replay && !options.replay.loop) {
    waits.push(
      sandbox.feed.ended.then(
        () => say(`replay finished: ${sandbox.feed.produced} messages`),
        (error: Error) => {
          say(`replay stopped: ${error.message}`);
          code = EXIT.FAILURE;
        },
      ),
    );
  }
  await Promise.race(waits);
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  await sandbox.close();
  say(`sandbox closed after ${sandbox.feed.produced} messages`);
  return code;
}
