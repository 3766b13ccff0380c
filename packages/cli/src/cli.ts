// The `tickwire` command line: commander parses, each command returns an exit code, and every failure becomes one
// line on stderr plus a documented exit code (see EXIT), never a stack trace.

import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { registerBoardCommand } from "./commands/board.js";
import { registerDecodeCommand } from "./commands/decode.js";
import { registerDemoCommand } from "./commands/demo.js";
import { registerGenCommand } from "./commands/gen.js";
import { registerInspectCommand } from "./commands/inspect.js";
import { registerRecordCommand } from "./commands/record.js";
import { registerRelayCommand } from "./commands/relay.js";
import { registerReplayCommand } from "./commands/replay.js";
import { registerServeCommand } from "./commands/serve.js";
import { registerStatsCommand } from "./commands/stats.js";
import { registerTailCommand } from "./commands/tail.js";
import { CliError, EXIT, type ExitCode } from "./exit-codes.js";

const EXIT_CODES_HELP = `
Exit codes:
  0    success
  1    a decode, input or runtime error (the message names the frame index and byte offset)
  2    usage error: unknown command or option, invalid argument
  3    --keep-going finished with bad frames reported on stderr and skipped
  130  interrupted (Ctrl-C)`;

/** Where a run reads and writes: every command's output, messages and progress bar go to these streams. */
export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** What `-` (the default input of decode, inspect and stats) reads; `process.stdin` when left out. */
  stdin?: NodeJS.ReadableStream;
}

type Register = (program: Command, io: Io, setExit: (code: ExitCode) => void) => void;

const COMMANDS: readonly Register[] = [
  registerDecodeCommand,
  registerInspectCommand,
  registerGenCommand,
  registerStatsCommand,
  registerDemoCommand,
  registerBoardCommand,
  registerServeCommand,
  registerReplayCommand,
  registerRecordCommand,
  registerRelayCommand,
  registerTailCommand,
];

export function buildProgram(io: Io, setExit: (code: ExitCode) => void): Command {
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

  // Every command is registered the same way, by its file under commands/, in the order --help lists them. The
  // commands that talk to a network load what they need (sandbox, client, board, ws) only when they run.
  for (const register of COMMANDS) register(program, io, setExit);
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
