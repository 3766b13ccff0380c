// The `tickwire` command line: commander parses, each command returns an exit code, and every failure becomes one
// line on stderr plus a documented exit code (see EXIT), never a stack trace.

import { readFileSync } from "node:fs";
import type { Int64Mode } from "@tickwire/codec";
import { Command, CommanderError, Option } from "commander";
import { integer, positive } from "./argument-parsers.js";
import { registerBoardCommand } from "./commands/board.js";
import { decodeCommand } from "./commands/decode.js";
import { registerDemoCommand } from "./commands/demo.js";
import { genCommand, parseKinds } from "./commands/gen.js";
import { inspectCommand } from "./commands/inspect.js";
import { registerRecordCommand } from "./commands/record.js";
import { registerRelayCommand } from "./commands/relay.js";
import { registerReplayCommand } from "./commands/replay.js";
import { registerServeCommand } from "./commands/serve.js";
import { collectStats, formatStats } from "./commands/stats.js";
import { registerTailCommand } from "./commands/tail.js";
import { CliError, EXIT, type ExitCode } from "./exit-codes.js";
import { FRAMINGS, type Framing } from "./frames.js";
import { openInput, openOutput } from "./io.js";

const EXIT_CODES_HELP = `
Exit codes:
  0    success
  1    a decode, input or runtime error (the message names the frame index and byte offset)
  2    usage error: unknown command or option, invalid argument
  3    --keep-going finished with bad frames reported on stderr and skipped
  130  interrupted (Ctrl-C)`;

const framingOption = () =>
  new Option(
    "--framing <framing>",
    "delimited: varint length + message (files, captures); base64: one frame a line; message: the whole input is one message",
  )
    .choices(FRAMINGS)
    .default("delimited");

/** Where a run reads and writes: every command's output, messages and progress bar go to these streams. */
export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** What `-` (the default input of decode, inspect and stats) reads; `process.stdin` when left out. */
  stdin?: NodeJS.ReadableStream;
}

export function buildProgram(io: Io, setExit: (code: ExitCode) => void): Command {
  const report = (line: string) => io.stderr.write(`${line}\n`);
  const input = (file: string) => openInput(file, io.stdin ?? process.stdin);
  const program = new Command("tickwire")
    .description(
      "Market-data tools: decode, inspect, generate and summarise captures; run, record and replay feeds; the demo.",
    )
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", EXIT_CODES_HELP)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();

  program
    .command("decode")
    .description(
      "decode frames to canonical proto3 JSON (protobuf-es toJson: 64-bit values as strings, enum names, zero values omitted), one object a line",
    )
    .argument("[file]", "input file, or - for stdin", "-")
    .addOption(framingOption())
    .addOption(
      new Option("--format <format>", "ndjson: one object a line; pretty: indented")
        .choices(["ndjson", "pretty"])
        .default("ndjson"),
    )
    .addOption(
      new Option(
        "--int64 <mode>",
        "the codec's 64-bit mode; JSON is the same in every mode, but number fails frames holding a value of 2^53 or more (INT64_RANGE) rather than round it",
      )
        .choices(["bigint", "string", "number"])
        .default("bigint"),
    )
    .option("--keep-going", "report bad frames on stderr, write every good frame, exit 3", false)
    .option("--limit <n>", "stop after n frames written", integer("--limit", 0))
    .addHelpText("after", "\nExample:\n  tickwire gen --count 100 --seed 7 | tickwire decode --limit 3")
    .action(
      async (
        file: string,
        opts: { framing: Framing; format: "ndjson" | "pretty"; int64: Int64Mode; keepGoing: boolean; limit?: number },
      ) => {
        setExit(await decodeCommand(input(file), openOutput(undefined, io.stdout), report, opts, io.stderr));
      },
    );

  program
    .command("inspect")
    .description(
      "the raw wire view of each frame: field numbers, wire types, lengths and values; fields the schema does not know are marked UNKNOWN",
    )
    .argument("[file]", "input file, or - for stdin", "-")
    .addOption(framingOption())
    .option("--limit <n>", "stop after n frames", integer("--limit", 0))
    .action(async (file: string, opts: { framing: Framing; limit?: number }) => {
      const bad = await inspectCommand(input(file), openOutput(undefined, io.stdout), report, opts, io.stderr);
      setExit(bad > 0 ? EXIT.FAILURE : EXIT.OK);
    });

  program
    .command("gen")
    .description("write a synthetic, deterministic capture from the sandbox's seeded market simulator")
    .requiredOption("--count <n>", "number of messages", integer("--count", 0))
    .option("--seed <n>", "simulator seed", integer("--seed", 0), 1)
    .option("--kinds <list>", "only these subtypes, comma-separated (e.g. TickData,MarketDepthMessage)", parseKinds)
    .option("--rate <n>", "simulated messages per second (spaces the timestamps)", positive("--rate"), 1000)
    .addOption(
      new Option("--framing <framing>", "delimited (varint length + message) or base64 (one frame a line)")
        .choices(["delimited", "base64"])
        .default("delimited"),
    )
    .option("--out <file>", "output file (default: stdout)")
    .action(
      async (opts: {
        count: number;
        seed: number;
        kinds?: ReturnType<typeof parseKinds>;
        rate: number;
        framing: "delimited" | "base64";
        out?: string;
      }) => {
        const written = await genCommand(openOutput(opts.out, io.stdout), opts);
        if (opts.out !== undefined) report(`wrote ${written} messages to ${opts.out}`);
        setExit(EXIT.OK);
      },
    );

  program
    .command("stats")
    .description("what a capture holds: counts by subtype, instruments, time range, bytes, frame sizes")
    .argument("[file]", "input file, or - for stdin", "-")
    .addOption(framingOption())
    .option("--json", "print the statistics as JSON", false)
    .action(async (file: string, opts: { framing: Framing; json: boolean }) => {
      const stats = await collectStats(input(file), opts.framing, report, io.stderr);
      io.stdout.write(opts.json ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats));
      setExit(stats.badFrames > 0 ? EXIT.FAILURE : EXIT.OK);
    });

  // The commands that talk to a network load what they need (sandbox, client, board, ws) only when they run.
  for (const register of [
    registerDemoCommand,
    registerBoardCommand,
    registerServeCommand,
    registerReplayCommand,
    registerRecordCommand,
  ]) {
    register(program, io, setExit);
  }
  registerRelayCommand(program, io, setExit);
  registerTailCommand(program, io, setExit);
  for (const command of program.commands) {
    command.exitOverride().configureOutput(program.configureOutput()).showHelpAfterError("(run with --help for usage)");
  }
  return program;
}

/** The version in this package's package.json (beside dist/ and src/ alike), read when asked for. */
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}

/** Runs the command line and resolves with the exit code; never throws. */
export async function run(
  argv: readonly string[],
  io: Io = { stdout: process.stdout, stderr: process.stderr },
): Promise<ExitCode> {
  let code: ExitCode = EXIT.OK;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through exitOverride with exit code 0.
      return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    if (error instanceof CliError) {
      io.stderr.write(`tickwire: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`tickwire: ${(error as Error)?.message ?? String(error)}\n`);
    return EXIT.FAILURE;
  }
}
