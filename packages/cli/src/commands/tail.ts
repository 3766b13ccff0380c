// `tickwire tail`: prints relayed market data from NATS, one line a message. @tickwire/relay is loaded inside the
// action, so commands that do not tail load none of it.
import type { Command } from "commander";
import { integer, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { EXIT, type ExitCode, usageError } from "../exit-codes.js";
import { natsOption, natsServers } from "../platform-options.js";
import { parseIdList, untilStopped } from "./relay.js";

const SUBTYPE_PRICE: Record<string, (value: Record<string, unknown>) => unknown> = {
  TickDataMessage: (v) => v.LTP,
  TouchLineDataMessage: (v) => v.LTP,
  MarketDepthMessage: (v) => v.LTP,
  TickData: (v) => v.LTP,
  IndexDataMessage: (v) => (v.IndexData as Record<string, unknown> | undefined)?.Last,
};

function bigintsAsStrings(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

export function registerTailCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("tail")
    .description("print relayed market data from NATS: the last value of each subject, then live")
    .addOption(natsOption())
    .option("--instruments <ids>", "comma-separated instrument ids")
    .option("--subject <filter>", "a subject filter instead, e.g. 'tickwire.md.NSECM.>'")
    .option("--subtypes <names>", "comma-separated subtypes, e.g. TickData,TouchLineDataMessage")
    .option("--start <when>", "last (default): last values then live; new: live only; or an ISO time", "last")
    .option("--no-interest", "do not ask the relay to carry the instruments")
    .option("--json", "one JSON object a line (64-bit values as strings)", false)
    .option("--count <n>", "stop after this many messages", integer("--count", 1))
    .option("--seconds <n>", "stop after this long", positive("--seconds"))
    .action(async (opts, command: Command) => {
      if (!opts.instruments && !opts.subject) throw usageError("give --instruments or --subject");
      let start: "last" | "new" | Date = "last";
      if (opts.start === "new" || opts.start === "last") start = opts.start;
      else {
        start = new Date(opts.start);
        if (!Number.isFinite(start.getTime())) throw usageError(`--start '${opts.start}' is not last, new or a time`);
      }
      const { subscribeRelay } = await import("@tickwire/relay");
      const feed = await subscribeRelay({
        servers: natsServers(command),
        instruments: opts.instruments ? parseIdList(opts.instruments) : undefined,
        subjects: opts.subject ? [opts.subject] : undefined,
        subtypes: opts.subtypes ? opts.subtypes.split(",").map((s: string) => s.trim()) : undefined,
        start,
        requestInterest: opts.interest,
      });
      let printed = 0;
      const done = new AbortController();
      feed.on("message", (message, info) => {
        if (done.signal.aborted) return;
        const subtype = message.subtype.case ?? "none";
        if (opts.json) {
          io.stdout.write(
            `${JSON.stringify({ subject: info.subject, receivedAt: info.receivedAt, message }, bigintsAsStrings)}\n`,
          );
        } else {
          const price = SUBTYPE_PRICE[subtype]?.(message.subtype.value as Record<string, unknown>);
          io.stdout.write(`${info.subject} id=${message.ID}${price === undefined ? "" : ` ltp=${price}`}\n`);
        }
        if (opts.count !== undefined && ++printed >= opts.count) done.abort();
      });
      feed.on("error", (error) => io.stderr.write(`tail: ${describeFeedError(error)}\n`));
      await Promise.race([
        untilStopped(opts.seconds),
        new Promise((resolve) => done.signal.addEventListener("abort", resolve)),
      ]);
      await feed.close();
      setExit(EXIT.OK);
    });
}

/** The message, the code, and the underlying error's message (the relay keeps it as `cause`, out of the message). */
function describeFeedError(error: Error): string {
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${typeof code === "string" ? ` [${code}]` : ""}${cause}`;
}
