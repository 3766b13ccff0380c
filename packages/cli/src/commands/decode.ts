// `tickwire decode`: frames to canonical proto3 JSON, one object a line.
import { toJson } from "@bufbuild/protobuf";
import { type DecodedMessage, type DecodeError, FrameDecoder, type Int64Mode } from "@tickwire/codec";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import { type Command, Option } from "commander";
import { integer } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type Framing, frameProblem, framingOption } from "../frames.js";
import { type InputSource, lines, type Output, openInput, openOutput, reportTo, withProgress } from "../io.js";
import type { ProgressStream } from "../progress.js";

export interface DecodeCommandOptions {
  framing: Framing;
  format: "ndjson" | "pretty";
  int64: Int64Mode;
  keepGoing: boolean;
  limit?: number;
}

type Event = { message: DecodedMessage<Int64Mode> } | { error: DecodeError; line: number | undefined };

/**
 * Writes each good frame as `toJson(MarketDataMessageBaseSchema, message)`: 64-bit values as decimal strings,
 * enum names, zero values left out. The JSON is the same in every --int64 mode; the mode is the codec's, so
 * `number` fails any frame holding a 64-bit value of 2^53 or more (INT64_RANGE) instead of rounding it.
 */
export async function decodeCommand(
  input: InputSource,
  output: Output,
  report: (line: string) => void,
  options: DecodeCommandOptions,
  progressTo: ProgressStream,
): Promise<ExitCode> {
  const events: Event[] = [];
  // base64 framing: the input line of the frame being decoded (a DecodeError's offset is in the decoded bytes).
  let currentLine: number | undefined;
  const decoder = new FrameDecoder<Int64Mode>({
    framing: options.framing === "base64" ? "base64" : options.framing === "message" ? "message" : "delimited",
    int64: options.int64,
    onError: (error) => events.push({ error, line: currentLine }),
  });
  const visit = (message: DecodedMessage<Int64Mode>) => events.push({ message });
  let written = 0;
  let errors = 0;
  let frames = 0;
  const indent = options.format === "pretty" ? 2 : undefined;

  // Returns false when decoding must stop: the first error without --keep-going, or --limit reached.
  const drain = async (): Promise<boolean> => {
    for (const event of events.splice(0)) {
      frames++;
      if ("error" in event) {
        errors++;
        report(frameProblem(input.name, event.error, event.line));
        if (!options.keepGoing) return false;
        continue;
      }
      const json = toJson(MarketDataMessageBaseSchema, event.message as MarketDataMessageBase);
      await output.write(`${JSON.stringify(json, null, indent)}\n`);
      written++;
      if (options.limit !== undefined && written >= options.limit) return false;
    }
    return true;
  };

  const chunks = withProgress(input, "decode", () => frames, progressTo);
  let go = options.limit !== 0;
  if (go && options.framing === "base64") {
    currentLine = 0;
    for await (const { line } of lines(chunks)) {
      currentLine++;
      if (line.trim() === "") continue;
      decoder.pushEach(line, visit);
      go = await drain();
      if (!go) break;
    }
  } else if (go && options.framing === "message") {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    decoder.pushEach(Buffer.concat(parts), visit);
    go = await drain();
  } else if (go) {
    for await (const chunk of chunks) {
      decoder.pushEach(chunk, visit);
      go = await drain();
      if (!go) break;
    }
  }
  if (go) {
    decoder.end();
    await drain();
  }
  await output.close();
  if (errors === 0) return EXIT.OK;
  if (options.keepGoing) {
    report(`${input.name}: ${written} frame(s) written, ${errors} bad frame(s) skipped`);
    return EXIT.PARTIAL;
  }
  return EXIT.FAILURE;
}

export function registerDecodeCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
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
        setExit(
          await decodeCommand(
            openInput(file, io.stdin ?? process.stdin),
            openOutput(undefined, io.stdout),
            reportTo(io),
            opts,
            io.stderr,
          ),
        );
      },
    );
}
