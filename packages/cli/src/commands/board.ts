// `tickwire board` (and `tickwire demo --web`): the live board in a browser. A loopback server logs in, holds the
// session and forwards the feed's frames; the page decodes them in a Web Worker. With no --url an embedded
// sandbox is the platform.
import { once } from "node:events";
import type { Command } from "commander";
import { integer, parseInstrumentIds, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { CliError, EXIT, type ExitCode, usageError } from "../exit-codes.js";
import { type PlatformCredentials, platformCredentials, withPlatformOptions } from "../platform-options.js";

/** What `board` and `demo` share: the platform (or the embedded sandbox's seed and rate) and the instruments. */
export interface FeedSourceOptions extends PlatformCredentials {
  instruments?: bigint[];
  seed: number;
  rate: number;
}

export interface BoardCommandOptions extends FeedSourceOptions {
  host: string;
  port: number;
  /** Host names the page may be loaded under besides loopback ones. */
  allowHosts?: string[];
  /** Stop after this long instead of waiting for Ctrl-C. */
  seconds?: number;
}

const VIEW_ID_LIMIT = 2n ** 53n;

export async function boardCommand(io: Io, options: BoardCommandOptions): Promise<ExitCode> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  // Loaded here, not at start-up: the other commands need neither a server nor the board's page.
  const { startBoard } = await import("@tickwire/board");
  let closeSandbox: (() => Promise<void>) | undefined;
  let credentials: { baseUrl: string; userId: string; appKey: string };
  let instruments = options.instruments;
  let details: { id: bigint; segment: string; tickSize: number }[] | undefined;
  if (options.url !== undefined) {
    if (!options.user || !options.appKey) {
      throw usageError("--url needs --user and --app-key (or TICKWIRE_USER and TICKWIRE_APP_KEY)");
    }
    if (instruments === undefined) throw usageError("with --url the board needs --instruments");
    credentials = { baseUrl: options.url, userId: options.user, appKey: options.appKey };
  } else {
    const { startSandbox } = await import("@tickwire/sandbox");
    const sandbox = await startSandbox({
      logger: false,
      seed: options.seed,
      rate: options.rate,
      startTime: Date.now(),
    });
    closeSandbox = () => sandbox.close();
    const demoUser = sandbox.demoUser;
    if (demoUser === undefined) throw new CliError("the embedded sandbox has no demo user");
    credentials = { baseUrl: sandbox.httpUrl, userId: demoUser.userId, appKey: demoUser.appKey };
    instruments ??= sandbox.instruments.map((instrument) => instrument.id).filter((id) => id < VIEW_ID_LIMIT);
    // The sandbox knows what the REST API does not say: each instrument's segment and price step.
    details = sandbox.instruments.map((i) => ({ id: i.id, segment: i.segment, tickSize: i.tickUnits / 10_000 }));
    say(`sandbox: ${sandbox.httpUrl} (embedded, seed ${options.seed}, ${options.rate} messages/s)`);
  }
  try {
    const board = await startBoard({
      ...credentials,
      instrumentIds: instruments,
      ...(details === undefined ? {} : { instrumentDetails: details }),
      host: options.host,
      port: options.port,
      ...(options.allowHosts === undefined ? {} : { allowedHosts: options.allowHosts }),
    });
    say(`board: ${board.url}  (${board.instruments.length} instruments; Ctrl-C to stop)`);
    for (const { reason } of board.refused) say(`not shown: ${reason}`);
    for (const id of board.unknown) say(`unknown to the platform: ${id} (listed as unknown on the page)`);
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    const waits: Promise<unknown>[] = [once(stop.signal, "abort")];
    if (options.seconds !== undefined) {
      waits.push(new Promise((resolve) => setTimeout(resolve, (options.seconds ?? 0) * 1000).unref()));
    }
    await Promise.race(waits);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    const stats = board.stats();
    await board.close();
    say(`board closed: ${stats.framesSent} frames sent to pages, ${stats.framesDropped} dropped`);
    return EXIT.OK;
  } finally {
    await closeSandbox?.();
  }
}

/** The {@link FeedSourceOptions} given to `board` or `demo`. */
export function boardOptions(command: Command): FeedSourceOptions {
  const opts = command.opts();
  return {
    ...platformCredentials(command),
    instruments: typeof opts.instruments === "string" ? parseInstrumentIds(opts.instruments) : undefined,
    seed: opts.seed as number,
    rate: opts.rate as number,
  };
}

export function registerBoardCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  withPlatformOptions(
    program
      .command("board")
      .description(
        "the live board in a browser: a loopback page (a market watch with change against the previous close, the depth ladder, the feed's state and a perf panel) decoding the feed in a Web Worker; the app key stays in this process",
      ),
    "a real platform's base URL instead of an embedded sandbox",
  )
    .option("--instruments <ids>", "comma-separated instrument ids (ids below 2^53; required with --url)")
    .option("--seed <n>", "sandbox seed", integer("--seed", 0), 1)
    .option("--rate <n>", "sandbox messages per second", positive("--rate"), 2000)
    .option("--host <host>", "address the page is served on", "127.0.0.1")
    .option("--port <n>", "port; 0 picks a free one", integer("--port", 0), 0)
    .option(
      "--allow-host <names>",
      "comma-separated host names the page may be loaded under besides loopback ones (the page refuses others)",
    )
    .option("--seconds <n>", "stop after this long instead of waiting for Ctrl-C", positive("--seconds"))
    .action(async (opts, command: Command) => {
      setExit(
        await boardCommand(io, {
          ...boardOptions(command),
          seconds: opts.seconds,
          host: opts.host,
          port: opts.port,
          ...(typeof opts.allowHost === "string"
            ? { allowHosts: opts.allowHost.split(",").map((name: string) => name.trim()) }
            : {}),
        }),
      );
    });
}
