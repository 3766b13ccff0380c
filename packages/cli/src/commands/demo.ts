// `tickwire demo`: the whole path in one command. An embedded sandbox (or a real platform with --url), a client
// login, positions and prices over REST, then the live feed decoded by the codec onto a board, and a summary. The
// client and the sandbox (fastify, pino, jose) are loaded when the demo runs, so other commands start without them.
import type { TickwireClient } from "@tickwire/client";
import type { MarketDataMessageBase } from "@tickwire/proto";
import type { Sandbox } from "@tickwire/sandbox";
import type { Command } from "commander";
import { integer, parseInstrumentIds, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { CliError, EXIT, type ExitCode, usageError } from "../exit-codes.js";
import { platformCredentials, withPlatformOptions } from "../platform-options.js";
import { Board } from "../terminal-board.js";
import { boardCommand, boardOptions, type FeedSourceOptions } from "./board.js";

/** How long the demo waits for the live feed to open before its seconds start. */
const FEED_OPEN_TIMEOUT_MS = 30_000;

export interface DemoOptions extends FeedSourceOptions {
  seconds: number;
}

export async function demoCommand(io: Io, options: DemoOptions): Promise<ExitCode> {
  const say = (line = "") => io.stdout.write(`${line}\n`);
  let sandbox: Sandbox | undefined;
  let client: TickwireClient | undefined;
  try {
    let baseUrl: string;
    let userId: string;
    let appKey: string;
    const names = new Map<bigint, string>();
    let watch = options.instruments;
    if (options.url !== undefined) {
      if (!options.user || !options.appKey) {
        throw usageError("--url needs --user and --app-key (or TICKWIRE_USER and TICKWIRE_APP_KEY)");
      }
      ({ url: baseUrl, user: userId, appKey } = options as Required<DemoOptions>);
      say(`platform: ${baseUrl}`);
    } else {
      const { startSandbox } = await import("@tickwire/sandbox");
      sandbox = await startSandbox({ logger: false, seed: options.seed, rate: options.rate, startTime: Date.now() });
      const demoUser = sandbox.demoUser;
      if (demoUser === undefined) throw new CliError("the embedded sandbox has no demo user");
      ({ userId, appKey } = demoUser);
      baseUrl = sandbox.httpUrl;
      // The same name trades on several segments (RELIANCE on NSECM and BSECM): the board shows both.
      for (const instrument of sandbox.instruments)
        names.set(instrument.id, `${instrument.name} ${instrument.segment}`);
      watch ??= sandbox.instruments.map((instrument) => instrument.id);
      say(`sandbox: ${baseUrl} (embedded, seed ${options.seed}, ${options.rate} messages/s), user ${userId}`);
    }
    const { createClient } = await import("@tickwire/client");
    client = createClient({ baseUrl, userId, appKey, timeoutMs: 10_000 });

    const { positions } = await client.positions();
    say("\npositions");
    say(
      `${"client".padEnd(8)} ${"instrument".padEnd(22)} ${"net".padStart(7)} ${"avg".padStart(11)} ${"realized".padStart(11)} ${"unrealized".padStart(11)}`,
    );
    const held: bigint[] = [];
    for (const [clientCode, records] of Object.entries(positions)) {
      for (const p of records) {
        const r = p as unknown as Record<string, unknown>;
        held.push(p.instrument_id);
        const name = String(r.instrument_name ?? names.get(p.instrument_id) ?? p.instrument_id);
        say(
          `${clientCode.padEnd(8)} ${name.slice(0, 22).padEnd(22)} ${String(r.net_position ?? "-").padStart(7)} ${money(r.avg_net)} ${money(r.realized)} ${money(r.unrealized)}`,
        );
      }
    }
    watch ??= held;
    if (watch.length === 0) throw usageError("no instruments to watch: pass --instruments");

    const priced = watch.slice(0, 6);
    const { prices, missing } = await client.ltp(priced);
    say("\nlast traded prices");
    for (const id of priced) {
      const entry = prices.get(id);
      const name = entry?.instrumentName ?? names.get(id) ?? String(id);
      say(
        `${String(id).padEnd(18)} ${name.slice(0, 22).padEnd(22)} ${entry ? entry.ltp.toFixed(2).padStart(11) : "(no price)"}`,
      );
    }
    if (missing.length > 0) say(`no price for ${missing.join(", ")}`);

    const board = new Board(names);
    const feed = client.marketData({ instrumentIds: watch });
    feed.on("message", (message) => board.apply(message as MarketDataMessageBase));
    const live = (io.stdout as { isTTY?: boolean }).isTTY === true;
    say(
      `\nlive feed, ${watch.length} instruments, ${options.seconds} s${live ? "" : " (board printed at the end: stdout is not a terminal)"}\n`,
    );
    let drawnLines = 0;
    const draw = () => {
      const text = board.render();
      if (drawnLines > 0) io.stdout.write(`\x1b[${drawnLines}A\x1b[J`);
      io.stdout.write(text);
      drawnLines = text.split("\n").length - 1;
    };
    // The seconds count from the feed's opening: on a busy machine connecting can take longer than the run itself
    // (a CI run starved at the lowest priority took over 2 s, and `demo --seconds 2` then showed no data at all).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ready = feed.ready().then(() => true);
    // Closed after the timeout won (the client closes below), it rejects with no one waiting: not a crash.
    ready.catch(() => {});
    const opened = await Promise.race([
      ready,
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), FEED_OPEN_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!opened)
      throw new CliError(`the market-data feed did not open within ${FEED_OPEN_TIMEOUT_MS / 1000} s`, EXIT.FAILURE);
    const redraw = live ? setInterval(draw, 250) : undefined;
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    clearInterval(redraw);
    const stats = feed.stats();
    await client.close();
    client = undefined;
    if (live) draw();
    else io.stdout.write(board.render());

    say("\nsummary");
    say(
      `  messages   ${stats.messagesTotal} in ${options.seconds} s (${(stats.messagesTotal / options.seconds).toFixed(0)}/s), ${stats.bytes} bytes`,
    );
    say(
      `  subtypes   ${Object.entries(stats.messages)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(", ")}`,
    );
    say(
      `  instruments with data ${board.rows.size}; decode errors ${stats.decodeErrors}; drops ${stats.drops}; reconnects ${stats.reconnects}`,
    );
    if (stats.messagesTotal === 0) {
      say("no market data arrived");
      return EXIT.FAILURE;
    }
    return EXIT.OK;
  } finally {
    await client?.close();
    await sandbox?.close();
  }
}

const money = (value: unknown) => (typeof value === "number" ? value.toFixed(2) : String(value ?? "-")).padStart(11);

export function registerDemoCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  withPlatformOptions(
    program
      .command("demo")
      .description(
        "the end-to-end demo: an embedded sandbox on a free loopback port, login, positions, prices, then the live feed decoded onto a board for a few seconds",
      )
      .option("--seconds <n>", "how long to watch the feed", positive("--seconds"), 4),
    "a real platform's base URL instead of the embedded sandbox",
  )
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
        // --seconds bounds the board only when given: a browser board runs until Ctrl-C.
        const seconds = command.getOptionValueSource("seconds") === "cli" ? opts.seconds : undefined;
        setExit(await boardCommand(io, { ...boardOptions(command), seconds, host: "127.0.0.1", port: 0 }));
        return;
      }
      setExit(
        await demoCommand(io, {
          seconds: opts.seconds,
          ...platformCredentials(command),
          instruments: opts.instruments ? parseInstrumentIds(opts.instruments) : undefined,
          seed: opts.seed,
          rate: opts.rate,
        }),
      );
    });
}
