// `tickwire stats`: what a capture holds: counts by subtype, instruments, time range, bytes and frame sizes.
import { decodeMessage } from "@tickwire/codec";
import { type MarketDataMessageBase, messageIds, messageTime } from "@tickwire/proto";
import type { Command } from "commander";
import type { Io } from "../cli.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { describe, type Framing, frameProblem, framingOption, rawFrames } from "../frames.js";
import { type InputSource, openInput, reportTo, withProgress } from "../io.js";
import type { ProgressStream } from "../progress.js";

export interface CaptureStats {
  frames: number;
  badFrames: number;
  bytes: number;
  bySubtype: Record<string, number>;
  instruments: number;
  topInstruments: { id: string; messages: number }[];
  firstTime: string | undefined;
  lastTime: string | undefined;
  frameSize: { min: number; median: number; p99: number; max: number; mean: number } | undefined;
}

export async function collectStats(
  input: InputSource,
  framing: Framing,
  report: (line: string) => void,
  progressTo: ProgressStream,
): Promise<CaptureStats> {
  const bySubtype: Record<string, number> = {};
  const perInstrument = new Map<bigint, number>();
  const sizes: number[] = [];
  let bad = 0;
  let bytes = 0;
  let first: number | undefined;
  let last: number | undefined;
  for await (const event of rawFrames(
    withProgress(input, "stats", () => sizes.length + bad, progressTo),
    framing,
  )) {
    if ("error" in event) {
      bad++;
      report(frameProblem(input.name, event.error, event.line));
      continue;
    }
    const { frame } = event;
    let message: MarketDataMessageBase;
    try {
      message = decodeMessage(frame.bytes) as MarketDataMessageBase;
    } catch (error) {
      bad++;
      report(`${input.name}: frame ${frame.index} at byte offset ${frame.offset}: ${describe(error)}`);
      continue;
    }
    sizes.push(frame.bytes.length);
    bytes += frame.bytes.length;
    const kind = message.subtype.case ?? "(none)";
    bySubtype[kind] = (bySubtype[kind] ?? 0) + 1;
    for (const id of messageIds(message)) perInstrument.set(id, (perInstrument.get(id) ?? 0) + 1);
    const time = messageTime(message);
    if (time !== undefined && time > 0) {
      first = first === undefined ? time : Math.min(first, time);
      last = last === undefined ? time : Math.max(last, time);
    }
  }
  sizes.sort((a, b) => a - b);
  const at = (q: number) => sizes[Math.min(sizes.length - 1, Math.floor(q * sizes.length))];
  return {
    frames: sizes.length,
    badFrames: bad,
    bytes,
    bySubtype,
    instruments: perInstrument.size,
    topInstruments: [...perInstrument]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
      .map(([id, messages]) => ({ id: String(id), messages })),
    firstTime: first === undefined ? undefined : new Date(first).toISOString(),
    lastTime: last === undefined ? undefined : new Date(last).toISOString(),
    frameSize:
      sizes.length === 0
        ? undefined
        : {
            min: sizes[0],
            median: at(0.5),
            p99: at(0.99),
            max: sizes[sizes.length - 1],
            mean: Math.round(bytes / sizes.length),
          },
  };
}

export function formatStats(stats: CaptureStats): string {
  const out = [
    `frames       ${stats.frames}${stats.badFrames > 0 ? ` (+${stats.badFrames} bad)` : ""}`,
    `bytes        ${stats.bytes} (message bytes, without length prefixes)`,
    `instruments  ${stats.instruments}`,
    `time range   ${stats.firstTime ?? "-"} .. ${stats.lastTime ?? "-"}`,
  ];
  if (stats.frameSize) {
    const s = stats.frameSize;
    out.push(`frame size   min ${s.min}  median ${s.median}  p99 ${s.p99}  max ${s.max}  mean ${s.mean}`);
  }
  out.push("by subtype");
  for (const [kind, count] of Object.entries(stats.bySubtype).sort((a, b) => b[1] - a[1])) {
    out.push(`  ${kind.padEnd(26)} ${String(count).padStart(9)}`);
  }
  if (stats.topInstruments.length > 0) {
    out.push("busiest instruments");
    for (const { id, messages } of stats.topInstruments) out.push(`  ${id.padEnd(26)} ${String(messages).padStart(9)}`);
  }
  return `${out.join("\n")}\n`;
}

export function registerStatsCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("stats")
    .description("what a capture holds: counts by subtype, instruments, time range, bytes, frame sizes")
    .argument("[file]", "input file, or - for stdin", "-")
    .addOption(framingOption())
    .option("--json", "print the statistics as JSON", false)
    .action(async (file: string, opts: { framing: Framing; json: boolean }) => {
      const stats = await collectStats(
        openInput(file, io.stdin ?? process.stdin),
        opts.framing,
        reportTo(io),
        io.stderr,
      );
      io.stdout.write(opts.json ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats));
      setExit(stats.badFrames > 0 ? EXIT.FAILURE : EXIT.OK);
    });
}
